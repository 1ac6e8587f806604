/**
 * The Trinités test card, pure: the state posted with a roll, the pick between the Deva and Archonte dice, the
 * confrontation with reactions and the damage it carries. No Foundry global here: the card actions, the gallery
 * fixtures and the tests build the same states. Every rule is the rules core's.
 */
import { trinites as T } from "../../rules/index.ts";
import { cardDie, createCardState, withDone } from "../chat/card-state.ts";
import { contentCache, deepFreeze } from "../memo.ts";
import type { CardButton, CardDamage, CardDie, CardOutcome, CardState, JsonObject, Label } from "../chat/types.ts";
import { SKILL_KEY } from "./derived.ts";
import { buttonsFor, influenceOpen, reachOf } from "./card-buttons.ts";
import {
  BODY,
  DAMAGE,
  K,
  readData,
  RULESET,
  TURN_END,
  type OppositionEntry,
  type ResolvedView,
  type Spirit,
  type TestData,
  type TestSetup,
} from "./card-data.ts";

export * from "./card-data.ts";
export { damageFor, influenceOpen, reachOf } from "./card-buttons.ts";

/** Verified card contents kept: more than the cards of a busy combat's turns. */
const VERIFIED_CARDS = 1000;
function testInput(setup: TestSetup) {
  return {
    score: setup.score,
    difficulty: setup.difficulty,
    freeActions: setup.freeActions,
    modifier: setup.modifier,
    previousFailures: setup.previousFailures,
  };
}

function view(r: T.TestResult): ResolvedView {
  return {
    natural: r.natural,
    final: r.final,
    success: r.success,
    fumble: r.fumble,
    automaticFailure: r.automaticFailure,
    margin: r.margin,
  };
}
/** TestData is plain JSON by construction; the round trip also drops `undefined`s Foundry would store oddly. */
function toJson(data: TestData): JsonObject {
  return JSON.parse(JSON.stringify(data)) as JsonObject;
}

function withData(card: CardState, data: TestData): CardState {
  return { ...card, data: toJson(data) };
}

function dieOf(spirit: Spirit | "human", chain: number[], result: ResolvedView, kept: boolean | null): CardDie {
  const tone = spirit === "deva" ? "light" : spirit === "archonte" ? "dark" : "neutral";
  const key = spirit === "human" ? K("DieFinal") : K(spirit === "deva" ? "DevaFinal" : "ArchonteFinal");
  return cardDie(12, chain, { tone, kept, label: { key, value: result.final } });
}

function outcomeOf(result: ResolvedView | null, debt: Spirit | null): CardOutcome {
  if (!result) return { label: { key: K("Pending") }, tone: "neutral", detail: { key: K("PendingHint") } };
  const detail = { key: K("FinalDetail"), value: result.final, detail: result.natural };
  if (result.fumble) return { label: { key: K("Fumble") }, tone: "fumble", detail };
  if (result.automaticFailure) return { label: { key: K("AutomaticFailure") }, tone: "failure", detail };
  if (!result.success) return { label: { key: K("Failure") }, tone: "failure", detail };
  return {
    label: { key: debt ? K(debt === "deva" ? "SuccessDebtDeva" : "SuccessDebtArchonte") : K("Success") },
    tone: "success",
    detail,
  };
}

/** The damage the card carries once resolved: a hit, or half damage from a missed area weapon. */
export function damageOf(setup: TestSetup, result: ResolvedView | null): CardDamage | null {
  const w = setup.weapon;
  if (!w || !result || setup.opposes) return null;
  if (!result.success && !w.area) return null;
  const areaMiss = !result.success && w.area;
  const preview = T.attackDamage({ weaponDamage: w.damage, steps: w.steps, areaMiss }).raw;
  return {
    amount: preview,
    weaponDamage: w.damage,
    swordKind: w.swordKind,
    steps: [...w.steps],
    precise: w.precise,
    nonLethal: w.nonLethal,
    areaMiss,
  };
}

/** Re-derives everything shown from `data` (dice looks, outcome, buttons, damage, ranking). */
export function refresh(card: CardState): CardState {
  return refreshCard(card, true);
}

/** `turnEnd: false` leaves the end-of-turn view out: the verification's rebuild (which that view itself reads). */
function refreshCard(card: CardState, turnEnd: boolean): CardState {
  const data = readData(card);
  const dice: CardDie[] = data.setup.trinite
    ? [
        dieOf("deva", data.chains.deva, data.results.deva, data.pick ? data.pick === "deva" : null),
        dieOf("archonte", data.chains.archonte, data.results.archonte!, data.pick ? data.pick === "archonte" : null),
      ]
    : [dieOf("human", data.chains.deva, data.results.deva, true)];
  const damage = damageOf(data.setup, data.result);
  const ranking = rankingOf(data);
  const next: CardState = {
    ...card,
    dice,
    outcome: outcomeOf(data.result, data.debt),
    damage,
    data: toJson({
      ...data,
      ranking,
      turnEnd: turnEnd ? turnEndView(card) : null,
      influenceView: influenceViewOf(data),
      reactable: reactionSkillOf(data.setup) !== null,
      influenceChoose: influenceOpen(data),
    }),
  };
  return { ...next, buttons: buttonsFor(next, readData(next)) };
}

function influenceViewOf(data: TestData): TestData["influenceView"] {
  const inf = data.influence;
  if (!inf || !data.setup.action) return null;
  const names = (uuids: string[]) =>
    data.setup.targets
      .filter((t) => uuids.includes(t.uuid))
      .map((t) => t.name)
      .join(", ");
  return { key: K(`Influence.${data.setup.action}.${inf.use}`), given: names(inf.given), refused: names(inf.refused) };
}

function turnEndView(card: CardState): TestData["turnEnd"] {
  const data = readData(card);
  if (!data.setup.turn || !data.result) return null;
  const shifts = turnEndShifts(card);
  if (!shifts.self && !shifts.targets.length) return null;
  const delta = shifts.targets[0]?.delta ?? 0;
  return {
    self: shifts.self,
    targets: shifts.targets.length,
    delta,
    selfLabel: signed(shifts.self),
    deltaLabel: signed(delta),
  };
}

/** The card once the machine applied its end-of-turn changes (idempotence token included). */
export function markTurnEnd(card: CardState): CardState {
  const data = readData(card);
  return withDone(refresh(withData(card, { ...data, turnEndApplied: true })), TURN_END);
}

function rankingOf(data: TestData): TestData["ranking"] {
  if (!data.result || data.opposition.length < 2) return [];
  const sides = [
    { name: data.setup.actorName, final: data.result.final, success: data.result.success },
    ...data.opposition.map((o) => ({ name: o.name, final: o.final, success: o.success })),
  ];
  return T.rankConfrontation(sides).map((group, i) => ({
    rank: i + 1,
    names: group.map((index) => sides[index]!.name),
    final: sides[group[0]!]!.final,
  }));
}

/** The card posted with a roll. A human's single die is resolved at once; a Trinité's pick is pending. */
export function buildTestCard(setup: TestSetup, chains: { deva: number[]; archonte: number[] }): CardState {
  return buildCard(setup, chains, true);
}

function buildCard(setup: TestSetup, chains: { deva: number[]; archonte: number[] }, turnEnd: boolean): CardState {
  const input = testInput(setup);
  const deva = view(T.resolveTest({ ...input, dice: chains.deva }));
  const archonte = setup.trinite ? view(T.resolveTest({ ...input, dice: chains.archonte })) : null;
  const suggested = setup.trinite
    ? T.suggestPick({ ...input, deva: chains.deva, archonte: chains.archonte, adamKarma: setup.adamKarma })
    : "deva";
  const data: TestData = {
    setup,
    chains,
    results: { deva, archonte },
    suggested,
    pick: setup.trinite ? null : "deva",
    result: setup.trinite ? null : deva,
    debt: null,
    opposition: [],
    ranking: [],
  };
  const title = setup.initiative
    ? { key: K("InitiativeTitle") }
    : setup.skill
      ? { key: K("TestTitle"), name: "", detail: setup.speciality, value: "" }
      : { key: K("FreeTest") };
  const card = createCardState({
    ruleset: RULESET,
    kind: setup.opposes ? "reaction" : setup.initiative ? "initiative" : setup.weapon ? "attack" : "test",
    rollerId: setup.rollerId,
    actorUuid: setup.actorUuid,
    actorName: setup.actorName,
    img: setup.img,
    title: setup.skill ? { key: SKILL_KEY(setup.skill) } : title,
    subtitle: { key: K("Subtitle"), value: signed(setup.score), detail: signed(setup.difficulty + setup.modifier) },
    body: BODY,
    data: toJson(data),
  });
  return refreshCard(card, turnEnd);
}

export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

export interface PickOutcome {
  card: CardState;
  debt: Spirit | null;
}

/**
 * The pick: the kept die, its outcome and the debt it costs (rules core's `pickDie`). Throws on a card that is not
 * a pending Trinité test (callers check `canPick` first).
 */
export function applyPick(card: CardState, pick: Spirit): PickOutcome {
  return pickCard(card, pick, true);
}

function pickCard(card: CardState, pick: Spirit, turnEnd: boolean): PickOutcome {
  const data = readData(card);
  const { setup, chains } = data;
  const picked = T.pickDie({
    ...testInput(setup),
    deva: chains.deva,
    archonte: chains.archonte,
    adamKarma: setup.adamKarma,
    pick,
  });
  const next: TestData = { ...data, pick, result: view(picked), debt: picked.debt };
  return { card: refreshCard(withData(card, next), turnEnd), debt: picked.debt };
}

export function canPick(card: CardState): boolean {
  if (card.ruleset !== RULESET) return false;
  const data = readData(card);
  return Boolean(data?.setup?.trinite) && data.pick === null;
}

/** The card once the roller picked the option: who got it, who already had one waiting. */
export function withInfluence(card: CardState, influence: NonNullable<TestData["influence"]>): CardState {
  return refresh(withData(card, { ...readData(card), influence }));
}

/** The targets an Encourager/Intimider reaches: an intimidated foe whose reaction was not beaten resists. */
export function reachedTargets(data: TestData): { uuid: string; name: string }[] {
  return data.setup.targets.filter((target) => {
    if (data.setup.action !== "intimider") return true;
    const answer = data.opposition.find((o) => o.key === target.uuid);
    return !answer || answer.winner === "a";
  });
}

/** Records (or replaces) an opponent's reaction and who wins the direct confrontation (the opponent prevents). */
export function applyOpposition(
  card: CardState,
  entry: Omit<OppositionEntry, "winner">,
): { card: CardState; entry: OppositionEntry } | null {
  const data = readData(card);
  if (!data.result) return null;
  const winner = T.confront(
    { final: data.result.final, success: data.result.success },
    { final: entry.final, success: entry.success },
    { preventer: "b" },
  );
  const full: OppositionEntry = { ...entry, winner };
  const opposition = [...data.opposition.filter((o) => o.key !== entry.key), full];
  return { card: refresh(withData(card, { ...data, opposition })), entry: full };
}

/** Whether this card's damage reaches a target: not when the target reacted and was not beaten. */
export function damageReaches(card: CardState, targetUuid: string): boolean {
  const data = readData(card);
  if (!data.setup.targets.some((t) => t.uuid === targetUuid)) {
    const o = data.opposition.find((e) => e.key === targetUuid);
    return !o || o.winner === "a" || Boolean(card.damage?.areaMiss);
  }
  return reachOf(data, targetUuid) !== "none";
}

/** The resolved side a reaction card gives to the card it answers, or null while its pick is pending. */
export function reactionSide(card: CardState): { final: number; success: boolean } | null {
  const data = readData(card);
  return data.result ? { final: data.result.final, success: data.result.success } : null;
}

/**
 * The reaction skill an opponent answers this card with: the one the named combat action's data gives (rules core's
 * `reactionSkill`), Esquive for a test that names none; null when the action allows no reaction (Encourager).
 */
export function reactionSkillFor(card: CardState): T.SkillId | null {
  return reactionSkillOf(readData(card).setup);
}

function reactionSkillOf(setup: TestSetup): T.SkillId | null {
  const action = setup.combatAction ?? setup.action ?? null;
  return action ? T.reactionSkill(action, setup.skill) : "esquive";
}

/**
 * The card's data with its outcome computed again by the rules core from the dice (the roller's own, accepted) and
 * the pick, never read from what the card says it was; the end-of-turn shift bounded by the rule (±3), targets
 * unique. What the GM's client acts on (issue 12). Null when the card cannot be resolved so.
 */
export function verifiedData(card: CardState): TestData | null {
  // Cached by content: any change to the data (a new revision, or an author's rewrite) is verified afresh.
  let key: string;
  try {
    key = JSON.stringify(card.data) ?? "";
  } catch {
    return null;
  }
  // Verified from a private copy: the frozen result shares nothing with the caller's card.
  return verifications.get(key, () => verify(key));
}

const verifications = contentCache<TestData | null>(VERIFIED_CARDS);

/** How many times a card's data was verified (not served from the cache): the bench and the tests read it. */
export function verificationCount(): number {
  return verifications.computed;
}

function verify(json: string): TestData | null {
  try {
    // The shape is the card model's (card-model.ts): every stored card is read through it (`readCard`).
    const data = JSON.parse(json) as TestData;
    const { setup, chains, pick } = data;
    // Rebuilt as at roll time (a card that cannot be rebuilt is refused), without the end-of-turn view that reads this.
    const built = buildCard(setup, chains, false);
    const result = setup.trinite
      ? pick
        ? readData(pickCard(built, pick, false).card).result
        : null
      : readData(built).result;
    const bound = (v: unknown, min: number, max: number) =>
      typeof v === "number" && Number.isInteger(v) ? Math.min(max, Math.max(min, v)) : 0;
    const selfShift = {
      always: bound(setup.selfShift?.always, -T.TURN_END_INITIATIVE, 0),
      onSuccess: bound(setup.selfShift?.onSuccess, 0, T.TURN_END_INITIATIVE),
    };
    const seen = new Set<string>();
    const targets = setup.targets.filter((t) => !seen.has(t.uuid) && !!seen.add(t.uuid));
    return deepFreeze({ ...data, result, setup: { ...setup, selfShift, targets } });
  } catch {
    return null;
  }
}

/** Initiative changes a resolved card asks for at the end of its turn: the roller's, and each target's. */
export function turnEndShifts(card: CardState): { self: number; targets: { uuid: string; delta: number }[] } {
  const data = verifiedData(card);
  if (!data) return { self: 0, targets: [] };
  const { setup, result } = data;
  if (!result || setup.opposes || setup.initiative) return { self: 0, targets: [] };
  const shift = setup.selfShift ?? { always: 0, onSuccess: 0 };
  const self = shift.always + (result.success ? shift.onSuccess : 0);
  const targets: { uuid: string; delta: number }[] = [];
  // The roller gave the next action or reaction instead: the initiative does not move.
  const otherUse = data.influence && data.influence.use !== "initiative";
  if (result.success && setup.action && !otherUse) {
    const delta = setup.action === "encourager" ? T.TURN_END_INITIATIVE : -T.TURN_END_INITIATIVE;
    for (const target of setup.targets) {
      // An intimidated foe who answered and was not beaten keeps its initiative.
      const answer = data.opposition.find((o) => o.key === target.uuid);
      if (setup.action === "intimider" && answer && answer.winner !== "a") continue;
      targets.push({ uuid: target.uuid, delta });
    }
  }
  return { self, targets };
}

/**
 * The card context one viewer adds: `reactFor[uuid]` is true for the targets this viewer answers for (their owner, or
 * a GM) that have not reacted yet, so each client renders only its own "react" buttons, and none once that character
 * reacted (each reacts once to an action); `reactionPending[uuid]` marks a target whose reaction awaits its pick.
 * `answers` are the reactions posted against the card, by target (confrontation.ts `answersTo`; resolved or not).
 */
export function reactViewerContext(
  state: CardState,
  viewer: { isGM: boolean; owns?: (uuid: string) => boolean },
  answers: ReadonlyMap<string, { side: unknown }> = new Map(),
): { reactFor: Record<string, boolean>; reactionPending: Record<string, boolean> } {
  const targets = (state.data.setup as { targets?: { uuid: string }[] } | undefined)?.targets ?? [];
  const reactFor: Record<string, boolean> = {};
  const reactionPending: Record<string, boolean> = {};
  for (const t of targets) {
    const answer = answers.get(t.uuid);
    reactFor[t.uuid] = !answer && (viewer.isGM || (viewer.owns?.(t.uuid) ?? false));
    reactionPending[t.uuid] = !!answer && !answer.side;
  }
  return { reactFor, reactionPending };
}

/** Why a damage button waits for this viewer: its target's declared reaction still awaits its pick (display only). */
export function damageLock(button: CardButton, pending: ReadonlySet<string>): Label | null {
  return button.action === DAMAGE && pending.has(String(button.args.key ?? "")) ? { key: K("ReactionPending") } : null;
}
