/**
 * What the L'Œil Noir sheets show and their round buttons spend, imported when a sheet renders or a button is
 * clicked (sheets.ts): the entry module, loaded by every world whatever it plays, then holds only the sheet classes.
 */
export { adversaireView, herosView } from "./view.ts";
export { itemContext } from "./item-view.ts";
export { declareWrite, roundView, spendOwn } from "./round-actions.ts";
export { turnRefusal } from "./actors.ts";
