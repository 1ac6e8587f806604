/**
 * The actions a fighter spent this round (rules core `economy.ts`), kept on its combatant in the running combat:
 * `flags.quintette.oeilnoirActions = { round, turn, defences, second, plan, long, activity }`. A record of another
 * round counts as nothing spent (the previous round's unfinished long activity carries on), so a new round needs no
 * write. The owner's client writes its own plan, turn actions and activities (a combatant's owner may write its
 * flags, as its initiative); the GM's client writes defences with the parry and the actions of a card's check.
 */
import {
  ACTIVITY_ACTIONS,
  NO_ACTIONS,
  ROUND_PLANS,
  actionsLeft,
  anySpent,
  canDeclare,
  declarePlan,
  nextRound,
  planOf,
  secondActionPhase,
  spendAction,
  spendActivity,
  type Activity,
  type ActionsLeft,
  type ActivityStep,
  type RoundActions,
  type RoundPlan,
  type SpentAction,
} from "../../rules/oeilnoir/index.ts";
import type { DocumentWrite } from "../chat/actions.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { isPlainRecord } from "../trust/validate.ts";

export const ACTIONS_FLAG = "oeilnoirActions";
const PATH = `flags.${SYSTEM_ID}.${ACTIONS_FLAG}`;

type CombatantLike = Combatant.Implementation | Combatant.Stored;

const small = (v: unknown): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 2 ? v : null;

function roundOf(combatant: CombatantLike): number {
  return combatant.parent?.round ?? 0;
}

const isPlan = (v: unknown): v is RoundPlan => typeof v === "string" && (ROUND_PLANS as readonly string[]).includes(v);
const isActivity = (v: unknown): v is Activity => typeof v === "string" && Object.hasOwn(ACTIVITY_ACTIONS, v);

/** The record as written, read as untrusted data (the owner writes it): anything malformed is nothing spent. */
function parse(raw: Record<string, unknown>): RoundActions | null {
  const turn = small(raw.turn);
  const defences = small(raw.defences);
  const long = raw.long === undefined ? 0 : small(raw.long);
  if (turn === null || defences === null || long === null) return null;
  const second = raw.second === true;
  const plan = second ? "twoActions" : isPlan(raw.plan) ? raw.plan : "normal";
  const a = raw.activity;
  const done = isPlainRecord(a) ? small(a.done) : null;
  const activity = isPlainRecord(a) && isActivity(a.kind) && done ? { kind: a.kind, done } : null;
  return { turn, defences, second, plan, long, activity };
}

/**
 * What this combatant spent in its combat's current round: nothing when the record is another round's, save the
 * long activity the round before left unfinished.
 */
export function spentOf(combatant: CombatantLike | null | undefined): RoundActions {
  if (!combatant) return NO_ACTIONS;
  const raw: unknown = combatant.getFlag(SYSTEM_ID as never, ACTIONS_FLAG as never);
  if (!isPlainRecord(raw)) return NO_ACTIONS;
  const round = roundOf(combatant);
  const parsed = parse(raw);
  if (raw.round === round) return parsed ?? NO_ACTIONS;
  return raw.round === round - 1 ? nextRound(parsed) : NO_ACTIONS;
}

/** Whether this combatant took (traded for) a second turn action at INI − 8 this round: its second row. */
export function tookSecond(combatant: CombatantLike | null | undefined): boolean {
  return spentOf(combatant).second;
}

/** What is left to this combatant this round (everything when it is not fighting). */
export function leftOf(combatant: CombatantLike | null | undefined): ActionsLeft {
  return actionsLeft(combatant?.initiative ?? null, spentOf(combatant));
}

/**
 * The record as written: every field, since an update merges into the stored object (a field left out would keep
 * the last round's value).
 */
function record(combatant: CombatantLike, spent: RoundActions): Record<string, unknown> {
  return {
    [PATH]: {
      round: roundOf(combatant),
      turn: spent.turn,
      defences: spent.defences,
      second: spent.second,
      plan: planOf(spent),
      long: spent.long ?? 0,
      activity: spent.activity ? { ...spent.activity } : null,
    },
  };
}

/** The write that spends one action, null when nothing is to be written (no combat), "refused" when none is left. */
export function spendWrite(
  combatant: CombatantLike | null | undefined,
  action: SpentAction,
): DocumentWrite | null | "refused" {
  if (!combatant?.uuid) return null;
  const next = spendAction(combatant.initiative ?? null, spentOf(combatant), action);
  if (!next) return "refused";
  return { uuid: combatant.uuid, changes: record(combatant, next) };
}

/** The write of a declared plan; "refused" when it may not be declared now (`canDeclare`: the GM may change it). */
export function declareWrite(
  combatant: CombatantLike | null | undefined,
  plan: RoundPlan,
  gm: boolean,
): DocumentWrite | null | "refused" {
  if (!combatant?.uuid) return null;
  const next = declarePlan(combatant.initiative ?? null, spentOf(combatant), plan, gm);
  if (!next) return "refused";
  return { uuid: combatant.uuid, changes: record(combatant, next) };
}

/**
 * The write that spends an activity's actions (getting up, picking up, Orientation), with the step it makes;
 * "refused" when too few actions remain; null when the fighter is outside the running combat (nothing counted,
 * the activity happens at once).
 */
export function activityWrite(
  combatant: CombatantLike | null | undefined,
  kind: Activity,
): { write: DocumentWrite; step: ActivityStep } | null | "refused" {
  if (!combatant?.uuid) return null;
  const step = spendActivity(combatant.initiative ?? null, spentOf(combatant), kind);
  if (!step) return "refused";
  const changes = record(combatant, step.spent);
  return { write: { uuid: combatant.uuid, changes }, step };
}

/** Spends one action on the owner's own client (its turn action, its trade). False when the rules refuse it. */
export async function spendOwn(combatant: CombatantLike | null | undefined, action: SpentAction): Promise<boolean> {
  const write = spendWrite(combatant, action);
  if (write === "refused") return false;
  if (write && combatant?.isOwner) await combatant.update(write.changes as never);
  return true;
}

/**
 * Whether the round is under way for a player's declaration (RULES.md: the plan is declared at the round's start): a
 * started combat past its first turn, or where a fighter already spent something this round. Only the GM declares
 * then.
 */
export function roundUnderway(combatant: CombatantLike | null | undefined): boolean {
  const combat = combatant?.parent;
  if (!combat?.started) return false;
  return (combat.turn ?? 0) > 0 || combat.combatants.contents.some((c) => anySpent(spentOf(c)));
}

export interface RoundView {
  /** An action left on its turn, a defence left. */
  attack: boolean;
  defence: boolean;
  /** The declared plan, and the plans at this initiative, `available` when the viewer may declare it now. */
  plan: RoundPlan;
  plans: { value: RoundPlan; selected: boolean; available: boolean }[];
  /** The plan is fixed for this viewer (something spent, not the GM). */
  locked: boolean;
  /** Actions left for a long activity, and the one under way (its actions done of its cost). */
  long: number;
  activity: { kind: Activity; done: number; cost: number } | null;
  /** It may trade its defence for a second action at `secondPhase`. */
  trade: boolean;
  /** The phase of the second action it took (null: none taken). */
  second: number | null;
  secondPhase: number;
}

/** The combat tab's line for this round; null when the fighter has no initiative in the running combat. */
export function roundView(combatant: CombatantLike | null | undefined, gm = false): RoundView | null {
  const ini = combatant?.initiative;
  if (!combatant || ini === null || ini === undefined) return null;
  const spent = spentOf(combatant);
  const left = leftOf(combatant);
  const phase = secondActionPhase(ini);
  const plan = planOf(spent);
  const a = spent.activity;
  const underway = roundUnderway(combatant);
  return {
    attack: left.turn,
    defence: left.defence,
    plan,
    plans: ROUND_PLANS.filter((p) => p === plan || canDeclare(ini, NO_ACTIONS, p, true)).map((value) => ({
      value,
      selected: value === plan,
      available: value !== plan && canDeclare(ini, spent, value, gm) && (gm || !underway),
    })),
    locked: !gm && (anySpent(spent) || underway),
    long: left.long,
    activity: a ? { kind: a.kind, done: a.done, cost: ACTIVITY_ACTIONS[a.kind] } : null,
    trade: left.trade,
    second: tookSecond(combatant) ? phase : null,
    secondPhase: phase,
  };
}
