/**
 * A rules move's name in the interface language (issue 33). A character's seven moves are items named in the
 * language of its creation; the item's `system.moveId` is the move's stable key, so the sheet shows the name of that
 * key in the reader's language (cards and the roll dialog title already read the key). An item renamed by its player
 * keeps the name they typed. The migration to schema version 3 gives the key to rules moves kept as free moves, found
 * by their French or English name.
 */
import { ahillmach } from "../../rules/index.ts";

const fold = (name: string) => name.normalize("NFC").trim().toLocaleLowerCase("fr");

/** The rules move whose French or English name `name` is (case and outer spaces aside), or null. */
export function moveIdByName(name: unknown): ahillmach.MoveId | null {
  if (typeof name !== "string" || name.length > 200) return null;
  const wanted = fold(name);
  const move = ahillmach.MOVES.find((m) => fold(m.name.fr) === wanted || fold(m.name.en) === wanted);
  return move ? move.id : null;
}

/**
 * The lang key naming a move item on the sheet: its rules move's name while the item still bears one of that move's
 * names (in either language), else null (a free move, or one its player renamed: shown as typed).
 */
export function moveNameKey(moveId: string, name: string): string | null {
  if (!(ahillmach.MOVE_IDS as readonly string[]).includes(moveId)) return null;
  return moveIdByName(name) === moveId ? `QUINTETTE.AhillMach.Moves.${moveId}.Name` : null;
}
