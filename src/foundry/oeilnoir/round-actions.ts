/**
 * The actions a fighter spent this round (rules core `economy.ts`), kept on its combatant in the running combat:
 * `flags.quintette.oeilnoirActions = { round, turn, defences, second }`. A record of another round counts as
 * nothing spent, so a new round needs no write. The owner's client writes its own turn actions and trade (a
 * combatant's owner may write its flags, as its initiative); the GM's client writes defences with the parry.
 */
import {
  NO_ACTIONS,
  actionsLeft,
  secondActionPhase,
  spendAction,
  type ActionsLeft,
  type RoundActions,
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

/** What this combatant spent in its combat's current round (nothing when the record is another round's). */
export function spentOf(combatant: CombatantLike | null | undefined): RoundActions {
  if (!combatant) return NO_ACTIONS;
  const raw: unknown = combatant.getFlag(SYSTEM_ID as never, ACTIONS_FLAG as never);
  if (!isPlainRecord(raw) || raw.round !== roundOf(combatant)) return NO_ACTIONS;
  const turn = small(raw.turn);
  const defences = small(raw.defences);
  if (turn === null || defences === null) return NO_ACTIONS;
  return { turn, defences, second: raw.second === true };
}

/** Whether this combatant took (traded for) a second turn action at INI − 8 this round: its second row. */
export function tookSecond(combatant: CombatantLike | null | undefined): boolean {
  return spentOf(combatant).second;
}

/** What is left to this combatant this round (everything when it is not fighting). */
export function leftOf(combatant: CombatantLike | null | undefined): ActionsLeft {
  return actionsLeft(combatant?.initiative ?? null, spentOf(combatant));
}

/** The write that spends one action, null when nothing is to be written (no combat), "refused" when none is left. */
export function spendWrite(
  combatant: CombatantLike | null | undefined,
  action: SpentAction,
): DocumentWrite | null | "refused" {
  if (!combatant?.uuid) return null;
  const next = spendAction(combatant.initiative ?? null, spentOf(combatant), action);
  if (!next) return "refused";
  return { uuid: combatant.uuid, changes: { [PATH]: { round: roundOf(combatant), ...next } } };
}

/** Spends one action on the owner's own client (its turn action, its trade). False when the rules refuse it. */
export async function spendOwn(combatant: CombatantLike | null | undefined, action: SpentAction): Promise<boolean> {
  const write = spendWrite(combatant, action);
  if (write === "refused") return false;
  if (write && combatant?.isOwner) await combatant.update(write.changes as never);
  return true;
}

export interface RoundView {
  /** An action left on its turn, a defence left. */
  attack: boolean;
  defence: boolean;
  /** It may trade its defence for a second action at `secondPhase`. */
  trade: boolean;
  /** The phase of the second action it took (null: none taken). */
  second: number | null;
  secondPhase: number;
}

/** The combat tab's line for this round; null when the fighter has no initiative in the running combat. */
export function roundView(combatant: CombatantLike | null | undefined): RoundView | null {
  const ini = combatant?.initiative;
  if (!combatant || ini === null || ini === undefined) return null;
  const left = leftOf(combatant);
  const phase = secondActionPhase(ini);
  return {
    attack: left.turn,
    defence: left.defence,
    trade: left.trade,
    second: tookSecond(combatant) ? phase : null,
    secondPhase: phase,
  };
}
