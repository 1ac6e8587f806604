/**
 * The card's "applied" lines as the GM's records say: a line of a recorded effect that the card lacks (a failure
 * after the effect and before the card's write, or lines its author cleared) is put back, and a line whose effect the
 * record says is undone shows as undone. The card stays a display copy; the records are the truth.
 */
import { recordsOfMessage } from "../trust/records.ts";
import type { CardState } from "./types.ts";

/** `card` with the lines of its message's records; the same object when nothing changes. */
export function withRecordedLines(card: CardState, messageId: string): CardState {
  let applied = card.applied;
  for (const record of recordsOfMessage(messageId)) {
    const app = record.applied;
    if (!app) continue;
    for (const line of app.lines) {
      const at = applied.findIndex((e) => e.id === line.id);
      const entry = at < 0 ? undefined : applied[at];
      if (!entry) {
        applied = [...applied, { ...line, effect: record.key, undone: line.undo !== null ? app.undone : line.undone }];
      } else if (entry.undo !== null && (entry.undone !== app.undone || entry.effect !== record.key)) {
        applied = applied.map((e, i) => (i === at ? { ...e, undone: app.undone, effect: record.key } : e));
      }
    }
  }
  return applied === card.applied ? card : { ...card, applied };
}
