/**
 * What the Trinités batches share (trinites.ts, trinites-cards.ts): the rule set's dice and pick, each combatant's
 * seat, the combat's turn, a card's picks as shown; and the tracker's steps: its ±3 (the GM's) and hourglass (the
 * acting combatant's owner) clicked in the combat tracker, the waiting prompt answered.
 */
import { waitFor } from "./hands.ts";
import { cardData, expectSoon, shownActions, type QuenchBatchContext, type Run } from "./kit.ts";

export const RULESET = "trinites";
export const D12 = 12;
export const PICK = "trinites.pick";

export interface Seat {
  phase: string;
  marker: boolean;
  score: number | null;
}

/** Each combatant's initiative and seat (score, phase, marker), by name. */
export function seats(run: Run): Record<string, [number | null, number | null, string, boolean]> {
  const combat = run.sandbox.combat;
  return Object.fromEntries(
    (combat?.combatants.contents ?? []).map((c) => {
      const seat = c.system as unknown as Seat;
      return [c.name, [c.initiative, seat.score, seat.phase, seat.marker]];
    }),
  );
}

export const turn = (run: Run) => {
  const combat = run.sandbox.combat;
  return { round: combat?.round ?? 0, current: combat?.combatant?.name ?? null };
};

export const done = (message: ChatMessage.Implementation) => (cardData(message).done as string[] | undefined) ?? [];

/** The card's picks shown to this user, once the card is in their log. */
export async function picksShown(run: Run, message: ChatMessage.Implementation): Promise<string[]> {
  await waitFor("the card's buttons", async () => (await shownActions(run, message)).includes(PICK));
  return shownActions(run, message);
}

export const WAIT = "data-trinites-wait";
export const SHIFT = "data-trinites-shift";

/** The tracker's controls carrying `attribute` in each combatant's row, as this user is shown them, by name. */
export async function rowControls(run: Run, attribute: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const c of run.sandbox.combat?.combatants.contents ?? [])
    out[c.name ?? ""] = (await run.hands.trackerControls(c, attribute)).map((a) => a[attribute] ?? "");
  return out;
}

/**
 * Round 3, Ysolde acting (5 en garde), Aymeric 4 and the Brute 3 in the fire: the GM is shown ±3 in every row and
 * the hourglass in Ysolde's alone; +3 then −3 on the Brute move its die and back; Ysolde waits 2 points, picked in
 * the waiting prompt: her die goes back in the fire at 3 and the turn passes to Aymeric.
 */
export async function trackerAsGM(context: QuenchBatchContext, run: Run): Promise<void> {
  const { expect } = context;
  const combat = run.sandbox.combat!;
  const combatant = (name: string) => combat.combatants.contents.find((c) => c.name === name)!;
  expect(await rowControls(run, SHIFT)).to.deep.equal({
    Ysolde: ["3", "-3"],
    Aymeric: ["3", "-3"],
    Brute: ["3", "-3"],
  });
  expect(await rowControls(run, WAIT)).to.deep.equal({ Ysolde: [""], Aymeric: [], Brute: [] });
  await run.hands.clickTracker(combatant("Brute"), { [SHIFT]: "3" });
  await expectSoon(context, "the Brute's die +3", () => seats(run).Brute, [6, 6, "feu", false]);
  await run.hands.clickTracker(combatant("Brute"), { [SHIFT]: "-3" });
  await expectSoon(context, "the Brute's die −3", () => seats(run).Brute, [3, 3, "feu", false]);
  await run.hands.answeringPrompt({ by: "2" }, async () => {
    await run.hands.clickTracker(combatant("Ysolde"), { [WAIT]: "" });
    await waitFor("Ysolde's wait", () => seats(run).Ysolde?.[0] === 3);
  });
  await expectSoon(context, "the turn passed on", () => turn(run), { round: 3, current: "Aymeric" });
  await expectSoon(context, "the seats after the wait", () => seats(run), {
    Ysolde: [3, 3, "feu", false],
    Aymeric: [4, 4, "garde", true],
    Brute: [3, 3, "feu", false],
  });
  expect(await rowControls(run, WAIT)).to.deep.equal({ Ysolde: [], Aymeric: [""], Brute: [] });
}
