/**
 * What the Ahill-Mach sheets show and the moves their button adds, imported when a sheet renders or the button is
 * clicked (sheets.ts): the entry module, loaded by every world whatever it plays, then holds only the sheet classes.
 */
export { itemSheetData, opposantSheetData, personnageSheetData } from "./sheet-context.ts";
export { missingMoves, moveItemData } from "./compendium.ts";
