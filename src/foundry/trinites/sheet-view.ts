/**
 * What the Trinités sheets show, imported when a sheet renders (sheets.ts): the entry module, loaded by every world
 * whatever it plays, then holds only the sheet classes.
 */
export { actorSheetContext } from "./sheet-context.ts";
export { itemSheetContext } from "./item-context.ts";
