/**
 * The defender's dialog on the clicking client (parry, dodge): its own modifier and a GM's adjustment, added to the
 * request. The value shown is the card's display copy; the GM's client recomputes it from the documents.
 */
import type { CardActionArgs } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import type { RollDialogConfig, RollDialogResult } from "../dialog/inputs.ts";
import { combatantOf, dodgeFor, oeilNoirActor, parryWith } from "./actors.ts";
import { spentOf } from "./round-actions.ts";
import { planOf } from "../../rules/oeilnoir/index.ts";
import { defenceDialogConfig } from "./defence-dialog.ts";
import { duelOf } from "./duel.ts";

/** The defender's declared round, for the dialog's word on what this defence spends (none outside a combat). */
function planOfDefender(defender: Actor.Implementation): { plan?: "normal" | "twoDefences" } {
  const combatant = combatantOf(defender);
  if (!combatant || combatant.initiative === null) return {};
  const plan = planOf(spentOf(combatant));
  return plan === "normal" || plan === "twoDefences" ? { plan } : {};
}

type DefencePrompt = (config: RollDialogConfig) => Promise<RollDialogResult | null>;
let defencePrompt: DefencePrompt = (config) => RollDialog.prompt(config);

/** Replaces the defence dialog (tests answer it; null restores the real one). */
export function setDefencePrompt(next: DefencePrompt | null): void {
  defencePrompt = next ?? ((config) => RollDialog.prompt(config));
}

const num = (v: unknown): number => (typeof v === "number" && Number.isFinite(v) ? Math.trunc(v) : 0);

/** Opens the defender's dialog for this card's parry (or dodge); null when cancelled or the card is gone. */
export async function collectDefence(
  args: CardActionArgs,
  messageId: string,
  dodge: boolean,
): Promise<CardActionArgs | null> {
  const message = game.messages?.get(messageId);
  const card = message ? readCard(message) : null;
  const duel = card ? duelOf(card) : null;
  const uuid = duel?.defender?.uuid;
  const defender = uuid
    ? (fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as Actor.Implementation | null)
    : null;
  if (!duel?.defender || !defender) return args;
  const situation = dodge ? (duel.defender.situation?.dodge ?? 0) : (duel.defender.situation?.prd ?? 0);
  const lowEv = dodge ? 0 : (oeilNoirActor(defender)?.derived.lowEv.quality ?? 0);
  const own = dodge
    ? dodgeFor(defender)
    : (parryWith(defender, typeof args.weapon === "string" ? args.weapon : null)?.prd ?? null);
  const value = (own ?? 0) - situation - (duel.free?.parryPenalty ?? 0) - lowEv;
  const gm = game.user?.isGM ?? false;
  const result = await defencePrompt(
    defenceDialogConfig({
      defenderName: duel.defender.name,
      value,
      critical: duel.attack.critical,
      dodge,
      gm,
      ...planOfDefender(defender),
    }),
  );
  if (!result) return null;
  return { ...args, modifier: num(result.values.modifier), ...(gm ? { adjust: num(result.values.adjust) } : {}) };
}
