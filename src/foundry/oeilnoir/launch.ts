/**
 * Starting rolls from a sheet: the attack (dialog with the exact odds, then the card), plain D20 checks. The dialog's
 * inputs and odds are pure (attackDialogConfig), so tests and the gallery build the same dialog.
 */
import { postCard, speakerFor } from "../chat/post.ts";
import type { RollValues } from "../dialog/inputs.ts";
import { attackKindOf, effectiveValues, type AttackSetup } from "./dialog-config.ts";

export { attackDialogConfig, attackOdds, checkOdds, effectiveValues, type AttackSetup } from "./dialog-config.ts";
import { attackFumble } from "./fumble-actions.ts";
import {
  attackRefusal,
  attackerFor,
  combatantOf,
  defenderFor,
  fighterTraits,
  oeilNoirActor,
  targetConfinedClass,
  withAttackKind,
  wrongHandTraining,
} from "./actors.ts";
import { checkCard, duelCard, startAttack, type CardBase, type DuelData } from "./duel.ts";
import { rollDice } from "./roll.ts";
import { spendOwn } from "./round-actions.ts";
import { boundName } from "../trust/bound.ts";

function cardBase(actor: Actor.Implementation): CardBase {
  return { rollerId: game.user?.id ?? "", actorUuid: actor.uuid, actorName: boundName(actor), img: actor.img ?? null };
}

/** The attack itself: D20, the card, and on a natural 20 the fumble table at once (its effects applied). */
export async function performAttack(
  actor: Actor.Implementation,
  input: { weaponId?: string | null; target?: Actor.Implementation | null; values?: RollValues; rollMode?: string },
): Promise<ChatMessage.Implementation | undefined> {
  const refusal = attackRefusal(actor, input.weaponId);
  const choice = refusal ? null : attackerFor(actor, input.weaponId);
  if (!choice) {
    const reason = refusal ?? "QUINTETTE.OeilNoir.Notify.NoWeapon";
    ui.notifications?.warn(game.i18n?.localize(reason) ?? "");
    return undefined;
  }
  const target = input.target && oeilNoirActor(input.target) ? input.target : null;
  const defender = target ? defenderFor(target) : null;
  const setup: AttackSetup = {
    at: choice.value,
    prd: defender?.prd ?? null,
    targetName: defender?.name ?? null,
    situational: false,
    ranged: choice.attacker.ranged,
    kinds: choice.kinds,
    targetConfined: target ? targetConfinedClass(target) : null,
    selfConfined: choice.weapon ? choice.weapon.confined : targetConfinedClass(actor),
    wrongHand: wrongHandTraining(actor),
    selfTraits: fighterTraits(actor),
    targetTraits: fighterTraits(target),
  };
  const values = input.values ?? {};
  const eff = effectiveValues({ ...setup, situational: "position" in values }, values);
  // The declared kind (Coup Ciblé, Coup du Plat, bare hands); the wrong hand loses the PI/FO bonus.
  let attacker = withAttackKind(choice.attacker, choice.kinds.length ? attackKindOf(setup, values) : "normal");
  if (!eff.strengthBonus) attacker = { ...attacker, piBonus: attacker.piBonus - choice.strength };
  const d20 = await rollDice("1d20", eff.at);
  // Actions per round: the attack spends the fighter's turn action (its combatant's own record).
  await spendOwn(combatantOf(actor), "turn");
  let duel: DuelData = startAttack({
    attacker,
    defender: defender
      ? {
          ...defender,
          prd: choice.attacker.ranged ? null : eff.prd,
          ...("position" in values ? { situation: { prd: eff.prdModifier, dodge: eff.dodgeModifier } } : {}),
        }
      : null,
    d20: d20.faces[0] ?? 1,
    value: eff.at,
  });
  // Nobody named yet: the situation waits on the card for the defender the GM names.
  if (!defender && duel.stage === "awaitDefender" && "position" in values)
    duel = { ...duel, situation: { prd: eff.prdModifier, dodge: eff.dodgeModifier } };
  const rolls = [d20.roll];
  // A shot spends one missile, hit or miss.
  if (choice.weapon?.ranged && choice.weapon.ammo !== null && choice.attacker.weaponUuid) {
    const item = await fromUuid<Item.Implementation>(choice.attacker.weaponUuid);
    const changes: Record<string, unknown> = { "system.ammo": Math.max(0, choice.weapon.ammo - 1) };
    if (item?.isOwner) await item.update(changes);
  }
  if (duel.attack.fumble) {
    const f = await attackFumble(actor, duel);
    duel = f.duel;
    // The roller owns the attacker: its initiative and weapon change at once.
    for (const write of f.writes) {
      const doc = await fromUuid<Actor.Implementation>(write.uuid as Parameters<typeof fromUuid>[0]);
      if (doc?.isOwner) await doc.update(write.changes);
    }
  }
  return postCard(duelCard(duel, cardBase(actor)), {
    rolls,
    speaker: speakerFor(actor),
    ...(input.rollMode ? { rollMode: input.rollMode as ChatMessage.PassableRollMode } : {}),
  });
}

/** A plain check card (quality, Volonté). */
export async function performCheck(
  actor: Actor.Implementation,
  input: { label: string; value: number; modifier?: number; rollMode?: string },
): Promise<ChatMessage.Implementation | undefined> {
  const value = input.value - (input.modifier ?? 0);
  const d20 = await rollDice("1d20", value);
  return postCard(checkCard({ label: input.label, d20: d20.faces[0] ?? 20, value }, cardBase(actor)), {
    rolls: [d20.roll],
    speaker: speakerFor(actor),
    ...(input.rollMode ? { rollMode: input.rollMode as ChatMessage.PassableRollMode } : {}),
  });
}
