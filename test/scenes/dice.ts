/**
 * The table's dice are the double's (test/double/dice.ts): every Roll a client evaluates, whatever its class, takes its
 * faces in order from the one tray the scene fills with `chooseDice`; a roll with no face left fails loudly.
 */
export { chooseDice, emptyTray, facesLeft, rolledFormulas } from "../double/dice.ts";
