/**
 * SYSTEMJ's hidden Action/Movement choice, played in the combat tracker as a person does (its phase part's buttons,
 * `run.hands.clickTracker`), and its reveal (docs/rules/systemj.md, "Action phase" and the hidden choice's trust
 * notes): the Combat document says who has chosen, never what, until the GM reveals; a choice may change until then;
 * a reveal while someone has not chosen is forced, and that combatant neither acts nor moves; the reveal card lists
 * every combatant in tracker order. Read from the Combat document and the card as stored.
 */
import { waitFor } from "./hands.ts";
import { cardData, type QuenchBatchContext, type Run } from "./kit.ts";

export type RoundChoice = "action" | "mouvement";

interface StoredPhase {
  round: number;
  status: string;
  chosen: Record<string, boolean>;
  choices: Record<string, RoundChoice | null>;
  commitments?: Record<string, string>;
}

export function combatantOf(combat: Combat.Implementation, name: string): Combatant.Implementation {
  const found = combat.combatants.contents.find((c) => c.name === name);
  if (!found) throw new Error(`No combatant ${name}`);
  return found;
}

/** The action phase as the Combat document stores it (every client reads it). */
function phaseOf(combat: Combat.Implementation): StoredPhase | null {
  const flags = (combat.toObject() as { flags?: { quintette?: { systemjPhase?: StoredPhase } } }).flags;
  return flags?.quintette?.systemjPhase ?? null;
}

/** A record by combatant id read by combatant name. */
function byName<T>(combat: Combat.Implementation, record: Record<string, T> | undefined) {
  return Object.fromEntries(combat.combatants.contents.map((c) => [c.name ?? "", record?.[c.id ?? ""] ?? null]));
}

/** What the Combat document tells everyone: the round, its status, who has chosen (by name). */
export function publicOf(combat: Combat.Implementation) {
  const phase = phaseOf(combat);
  return { round: phase?.round ?? null, status: phase?.status ?? null, chosen: byName(combat, phase?.chosen) };
}

const commitmentOf = (combat: Combat.Implementation, id: string) => phaseOf(combat)?.commitments?.[id] ?? "";

/** The choice buttons shown pressed in the combatant's row of this user's tracker. */
async function pressed(run: Run, combatant: Combatant.Implementation): Promise<string[]> {
  const controls = await run.hands.trackerControls(combatant, "data-choice");
  return controls.filter((c) => c["aria-pressed"] === "true").map((c) => c["data-choice"] ?? "");
}

/** The tracker's reveal buttons this user sees, each as its `data-force`. */
export async function revealShown(run: Run): Promise<string[]> {
  const controls = await run.hands.trackerControls(null, "data-sj-phase");
  return controls.map((c) => (c["data-sj-phase"] === "reveal" ? (c["data-force"] ?? "") : "?"));
}

/**
 * `user` (the current one) clicks each of `picks` in turn in the combatant's row (a change of mind: the last one
 * stands), each waited for on the Combat document (a new commitment), checked hidden there and shown pressed in this
 * user's own tracker.
 */
export async function choose(
  context: QuenchBatchContext,
  run: Run,
  combatant: Combatant.Implementation,
  picks: readonly RoundChoice[],
): Promise<void> {
  const combat = combatant.combat as Combat.Implementation | null;
  if (!combat) throw new Error(`${combatant.name} is in no combat`);
  const id = combatant.id ?? "";
  for (const pick of picks) {
    const before = commitmentOf(combat, id);
    await run.hands.clickTracker(combatant, { "data-sj-phase": "choose", "data-choice": pick });
    await waitFor(`${combatant.name}'s ${pick} committed`, () => commitmentOf(combat, id) !== before);
    context.expect(commitmentOf(combat, id)).to.match(/^[0-9a-f]{64}$/);
    context.expect(phaseOf(combat)?.choices[id] ?? null, "the document never says what").to.equal(null);
    // The clicking client remembers its choice once the GM took it: its own tracker shows it pressed.
    await waitFor(`${combatant.name}'s ${pick} pressed`, async () => (await pressed(run, combatant))[0] === pick);
    context.expect(await pressed(run, combatant), `${combatant.name}'s own tracker`).to.deep.equal([pick]);
  }
}

/**
 * The GM plays a round's hidden choice: `picks` by combatant name (each one's clicks, in order), the others left
 * unchosen, checked on the document; then the reveal (below).
 */
export async function playHiddenChoice(
  context: QuenchBatchContext,
  run: Run,
  combat: Combat.Implementation,
  picks: Record<string, readonly RoundChoice[]>,
) {
  const { expect } = context;
  const names = combat.combatants.contents.map((c) => c.name ?? "");
  expect(publicOf(combat)).to.deep.include({ round: combat.round, status: "choosing" });
  expect(await revealShown(run)).to.deep.equal(["true"]);
  for (const [name, clicks] of Object.entries(picks)) await choose(context, run, combatantOf(combat, name), clicks);
  expect(publicOf(combat).chosen).to.deep.equal(Object.fromEntries(names.map((n) => [n, !!picks[n]?.length])));
  return reveal(context, run, combat);
}

/**
 * The GM clicks the tracker's reveal (forced when someone has not chosen, as the document says) and waits for its
 * card, which the run adopts (it speaks for no actor of the run). Resolves with the revealed choices by name, the
 * card's lines and its counts.
 */
export async function reveal(context: QuenchBatchContext, run: Run, combat: Combat.Implementation) {
  const { expect } = context;
  const round = Math.max(1, combat.round);
  const force = String(Object.values(publicOf(combat).chosen).some((chosen) => !chosen));
  expect(await revealShown(run)).to.deep.equal([force]);
  const messages = () => game.messages?.contents ?? [];
  const seen = new Set(messages().map((m) => m.id ?? ""));
  await run.hands.clickTracker(null, { "data-sj-phase": "reveal", "data-force": force });
  const isReveal = (m: ChatMessage.Implementation) => !seen.has(m.id ?? "") && cardData(m).kind === "reveal";
  await waitFor("the reveal card", () => messages().some(isReveal));
  const card = messages().find(isReveal);
  if (!card) throw new Error("No reveal card");
  await run.sandbox.adopt(card);
  await waitFor("the revealed phase", () => phaseOf(combat)?.status === "revealed");
  const stored = cardData(card) as {
    subtitle?: { value?: unknown; target?: unknown; detail?: unknown };
    data?: { round?: number; lines?: { name: string; choice: RoundChoice | null }[] };
  };
  expect(stored.data?.round).to.equal(round);
  return {
    shown: byName(combat, phaseOf(combat)?.choices),
    lines: (stored.data?.lines ?? []).map((l) => [l.name, l.choice]),
    counts: { value: stored.subtitle?.value, target: stored.subtitle?.target, detail: stored.subtitle?.detail },
  };
}
