/**
 * What the SYSTEMJ sheets show, imported when a sheet renders (sheets.ts): the entry module, loaded by every world
 * whatever it plays, then holds only the sheet classes.
 */
export { itemCardContext, systemjActorContext } from "./sheet-context.ts";
