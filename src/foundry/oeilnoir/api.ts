/**
 * L'Œil Noir rolls and sheet actions as plain calls (its runtime). Roll keys: `attack:<weapon id>` (the attack with
 * the exact odds of the exchange, against the targeted token or a defender named in the dialog), `check:<quality>` or
 * `check:volonte` (a D20 check), `orientation`. Actions: `onRescue` (the save of a dying actor, on the newest card
 * where it lies dying), `onCanRescue` (whether such a card exists).
 */
import type { RulesetApi } from "../api/types.ts";
import { requestCardAction } from "../chat/actions.ts";
import type { RollDialogConfig } from "../dialog/inputs.ts";
import type { RollRequest } from "../dialog/request.ts";
import { rescueCardFor } from "./rescue-actions.ts";
import {
  attackRefusal,
  attackerFor,
  defenderFor,
  fighterTraits,
  isProne,
  oeilNoirActor,
  targetConfinedClass,
  wrongHandTraining,
} from "./actors.ts";
import { orientationRefusal, orientationSetupOf, performOrientation } from "./combat.ts";
import { orientationDialogConfig } from "./dialog-config.ts";
import { ACTIONS } from "./duel.ts";
import { attackDialogConfig, checkOdds, performAttack, performCheck, type AttackSetup } from "./launch.ts";
import { moduleOn } from "./settings.ts";

/** The first token the user targets, as the attack's defender (L'Œil Noir actors only). */
function targetedActor(): Actor.Implementation | null {
  const user = game.user;
  if (!user) return null;
  for (const token of user.targets) {
    const actor = token.actor;
    if (actor && oeilNoirActor(actor)) return actor;
  }
  return null;
}

/** Without a targeted token: the other Œil Noir fighters of the running combat, to name as defender. */
function otherFighters(actor: Actor.Implementation): { uuid: string; name: string }[] {
  const list: { uuid: string; name: string }[] = [];
  for (const c of game.combat?.combatants ?? []) {
    const a = c.actor;
    if (a && a.uuid !== actor.uuid && oeilNoirActor(a) && !list.some((x) => x.uuid === a.uuid))
      list.push({ uuid: a.uuid ?? "", name: c.name ?? a.name ?? "" });
  }
  return list;
}

/** The defender named in the dialog (none: the GM names one on the card). */
function chosenDefender(values: Record<string, unknown>): Actor.Implementation | null {
  const uuid = values.defender;
  if (typeof uuid !== "string" || !uuid) return null;
  // Only an Œil Noir actor (checked through its data model) can defend.
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as Actor.Implementation | null;
  return doc && oeilNoirActor(doc) ? doc : null;
}

/** The roll request of a key for a héros or an adversaire; null: nothing to roll. */
export function requestFor(actor: Actor.Implementation, key: string): RollRequest | null {
  const [kind, arg] = key.split(":");
  if (kind === "attack") {
    const refusal = attackRefusal(actor, arg ?? null);
    const choice = refusal ? null : attackerFor(actor, arg ?? null);
    if (!choice) {
      const reason = refusal ?? "QUINTETTE.OeilNoir.Notify.NoWeapon";
      ui.notifications?.warn(game.i18n?.localize(reason) ?? "");
      return null;
    }
    const target = targetedActor();
    const setup: AttackSetup = {
      kinds: choice.kinds,
      targetConfined: target ? targetConfinedClass(target) : null,
      selfConfined: choice.weapon ? choice.weapon.confined : targetConfinedClass(actor),
      at: choice.value,
      // The same parry the card will use (low-EV penalty included); a shot cannot be parried.
      prd: target && !choice.attacker.ranged ? defenderFor(target).prd : null,
      targetName: target?.name ?? null,
      situational: moduleOn("oeilnoirSituational"),
      ranged: choice.attacker.ranged,
      penalty: oeilNoirActor(actor)?.derived.lowEv.quality ?? 0,
      prone: isProne(actor),
      targetProne: isProne(target),
      range: choice.weapon?.range ?? null,
      ammo: choice.weapon?.ammo ?? null,
      ...(target ? {} : { defenders: otherFighters(actor) }),
      wrongHand: wrongHandTraining(actor),
      selfTraits: fighterTraits(actor),
      targetTraits: fighterTraits(target),
    };
    return {
      dialog: attackDialogConfig(setup, choice.attacker.weaponName),
      roll: ({ values, rollMode }) =>
        performAttack(actor, { weaponId: arg ?? null, target: target ?? chosenDefender(values), values, rollMode }),
    };
  }
  if (kind === "check") {
    const data = oeilNoirActor(actor);
    if (!data || data.kind !== "heros" || !arg) return null;
    const qualities: Record<string, number> = { ...data.system.qualities };
    const value = arg === "volonte" ? data.system.volonte : qualities[arg];
    if (value === undefined) return null;
    const label = arg === "volonte" ? "QUINTETTE.OeilNoir.Volonte" : `QUINTETTE.OeilNoir.Quality.${arg}`;
    // Low-EV penalties (optional module): quality checks, and thrice that for Volonté, a skill.
    const penalty = arg === "volonte" ? data.derived.lowEv.skill : data.derived.lowEv.quality;
    const dialog: RollDialogConfig = {
      title: "QUINTETTE.OeilNoir.Dialog.CheckTitle",
      subtitle: game.i18n?.localize(label) ?? label,
      inputs: [
        {
          kind: "counter",
          name: "modifier",
          label: "QUINTETTE.OeilNoir.Dialog.Modifier",
          min: -10,
          max: 20,
          initial: penalty,
        },
      ],
      odds: (values) => checkOdds(value, values),
      cssClass: "oeilnoir",
    };
    return {
      dialog,
      roll: ({ values, rollMode }) =>
        performCheck(actor, { label, value, modifier: Number(values.modifier ?? 0), rollMode }),
    };
  }
  if (kind === "orientation") {
    const setup = orientationSetupOf(actor);
    const refusal = orientationRefusal(actor);
    if (refusal || !setup) {
      ui.notifications?.warn(game.i18n?.localize(refusal ?? "QUINTETTE.OeilNoir.Notify.NotInCombat") ?? "");
      return null;
    }
    return {
      dialog: orientationDialogConfig(setup),
      roll: ({ values, rollMode }) => performOrientation(actor, { values, rollMode }),
    };
  }
  return null;
}

/** The save (Médecine) of a dying actor: the same action as on the newest card where it lies dying. */
export async function rescue(actor: Actor.Implementation): Promise<void> {
  const found = rescueCardFor(actor.uuid ?? "");
  if (!found) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.NoRescueCard") ?? "");
    return;
  }
  await requestCardAction(found.messageId, ACTIONS.rescue, { attempt: found.attempt });
}

const WEAPON_TYPES = new Set(["on-arme-melee", "on-arme-distance"]);

export const api: RulesetApi = {
  request: (actor, key) => requestFor(actor, key),
  itemKey: (item) => (WEAPON_TYPES.has(item.type) && item.id ? `attack:${item.id}` : null),
  actions: {
    onRescue: (actor) => rescue(actor),
    /** Whether a card offers the save of this actor (the sheet shows its button then). */
    onCanRescue: async (actor) => !!rescueCardFor(actor.uuid ?? ""),
  },
};
