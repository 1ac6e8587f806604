/**
 * What the Ahill-Mach sheets' form submission needs synchronously (sheets.ts): kept apart from the sheet views, which
 * are imported when a sheet renders.
 */
import { ahillmach } from "../../rules/index.ts";

type CharacteristicId = ahillmach.CharacteristicId;

/**
 * The fainting test reads the last state ticked: when a form submission ticks states, the last newly ticked one
 * becomes `lastTicked`; when it unticks the recorded one, the record falls back to another ticked state (or none).
 * Returns null when `lastTicked` need not change.
 */
export function lastTickedAfter(
  stored: Record<CharacteristicId, boolean>,
  storedLast: string,
  submitted: Partial<Record<CharacteristicId, unknown>>,
): string | null {
  const next = { ...stored };
  const newly: CharacteristicId[] = [];
  for (const id of ahillmach.CHARACTERISTIC_IDS) {
    if (!(id in submitted)) continue;
    const on = submitted[id] === true;
    if (on && !stored[id]) newly.push(id);
    next[id] = on;
  }
  if (newly.length) return newly.at(-1)!;
  if (storedLast && ahillmach.isCharacteristicId(storedLast) && !next[storedLast]) {
    return ahillmach.CHARACTERISTIC_IDS.filter((id) => next[id]).at(-1) ?? "";
  }
  return null;
}
