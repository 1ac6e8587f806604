/**
 * Roll requests of the SYSTEMJ sheet: a test of an attribute, skill, special skill, combat score or skill card, and
 * an attack on the targeted token. Each opens the shared roll dialog (bonus/penalty table, free modifier, exact
 * odds), rolls a SystemJRoll and posts its card.
 */
import { postCard, speakerFor } from "../chat/post.ts";
import type { RollRequest } from "../dialog/request.ts";
import type { RollDialogConfig } from "../dialog/inputs.ts";
import { systemj } from "../../rules/index.ts";
import { exchangeCard, testCard, type CardActor } from "./cards.ts";
import { startExchange } from "./exchange.ts";
import {
  attackScore,
  attributesOf,
  counterWeapon,
  defenceGear,
  holdsImprovised,
  fighter,
  modeOfWeapon,
  skillScore,
  systemOf,
  weaponData,
  weaponsOf,
  type WeaponCard,
} from "./fighters.ts";
import { rollTest } from "./roll.ts";
import { OVERRIDE_INPUT, refusalText, roundRefusalOf } from "./binding.ts";
import { worldSpecials } from "./settings.ts";
import { dialogModifier, oddsLines, testDialogConfig, testDialogInputs, type TestDialogValues } from "./tests.ts";
import { boundName } from "../trust/bound.ts";

type SystemJActor = Actor.Implementation;

export function cardActor(actor: SystemJActor): CardActor {
  return { uuid: actor.uuid, name: boundName(actor), img: actor.img ?? null };
}

/** A plain test: dialog, roll, test card. */
export function testRequest(
  actor: SystemJActor,
  label: string,
  score: number,
  kind = "test",
): RollRequest<TestDialogValues> {
  const subtitle = `${actor.name ?? ""} — ${game.i18n?.localize(label) ?? label} (${score})`;
  return {
    dialog: testDialogConfig(score, subtitle),
    async roll({ values, rollMode }) {
      const { roll, test } = await rollTest(score, dialogModifier(values), label);
      // The card is what a caller (`quintette.roll`) finds the next step on.
      return postCard(testCard(game.user?.id ?? "", cardActor(actor), test, kind), {
        rolls: [roll],
        rollMode: rollMode as ChatMessage.PassableRollMode,
        speaker: speakerFor(actor),
      });
    },
  };
}

/** The score and label a sheet roll key names (`attribute.FOR`, `skill.nage`, `special.Équitation`, `score.dodge`). */
export function scoreForKey(actor: SystemJActor, key: string): { label: string; score: number } | null {
  const model = systemOf(actor);
  if (!model) return null;
  const [kind = "", ...rest] = key.split(".");
  const id = rest.join(".");
  switch (kind) {
    case "attribute":
      return systemj.ATTRIBUTE_IDS.includes(id as systemj.AttributeId)
        ? { label: `QUINTETTE.SystemJ.Attribute.${id}`, score: attributesOf(model)[id as systemj.AttributeId] }
        : null;
    case "skill":
      return systemj.GENERIC_SKILL_IDS.includes(id as systemj.GenericSkillId)
        ? { label: `QUINTETTE.SystemJ.Skill.${id}`, score: skillScore(model, id as systemj.GenericSkillId) }
        : null;
    case "special": {
      const entry = model.specials.find((s) => s.name === id);
      if (entry) return { label: entry.name, score: entry.score };
      // A skill of the world's list the actor has no score for yet: tested at 0.
      return worldSpecials().includes(id) ? { label: id, score: 0 } : null;
    }
    case "score": {
      const scores = model.combat as unknown as Record<string, number>;
      const value = scores[id];
      if (typeof value !== "number") return null;
      const gear = defenceGear(weaponsOf(actor.items), holdsImprovised(actor.items));
      const bonus =
        id === "parry" ? (gear.parryWith?.system.def ?? 0) : id === "block" ? (gear.blockWith?.system.def ?? 0) : 0;
      return { label: `QUINTETTE.SystemJ.Score.${id}`, score: value + bonus };
    }
    default:
      return null;
  }
}

interface AttackValues extends TestDialogValues {
  targetAware: boolean;
}

/** The first targeted token's actor, when it is a SYSTEMJ actor. */
function targetedActor(): { actor: SystemJActor; token: Token.Implementation | null } | null {
  for (const token of game.user?.targets ?? []) {
    const actor = token.actor;
    if (actor && systemOf(actor)) return { actor, token };
  }
  return null;
}

/** Distance in grid units between the attacker's token and the target's, when both are on the canvas. */
function distanceTo(attacker: SystemJActor, target: Token.Implementation | null): number | null {
  if (!target || !canvas?.grid) return null;
  const from = attacker.getActiveTokens()[0];
  if (!from) return null;
  // fvtt-types 14.x gives BaseGrid#measurePath `never` parameters (each grid class re-declares it); every grid class
  // measures 2D waypoints, so read it through one of them.
  const grid = canvas.grid as foundry.grid.GridlessGrid;
  return grid.measurePath([from.center, target.center], {}).distance;
}

/** How an attack from the sheet is made: with the weapon (or bare hands), by stealth, or by throwing an object. */
export type AttackKind = "weapon" | "stealth" | "throw";

/**
 * An attack with a weapon card (null: bare hands) on the targeted token; null with a warning when none. Throwing an
 * object that is not a weapon is a ranged attack at its own score, dealing bare hands' damage (`objectThrow`).
 */
export function attackRequest(
  actor: SystemJActor,
  weapon: WeaponCard | null,
  kind: AttackKind = "weapon",
): RollRequest<AttackValues> | null {
  const model = systemOf(actor);
  const target = targetedActor();
  if (!model || !target) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.SystemJ.Error.NoTarget") ?? "");
    return null;
  }
  // The revealed round binds (issues 25, 33): a player's attack is refused when the fighter did not show Action or
  // already took the round's action; the GM's
  // dialog asks to override it.
  const refused = roundRefusalOf(actor, "action");
  if (refused && !game.user?.isGM) {
    ui.notifications?.warn(refusalText(actor.name ?? "", refused, "action"));
    return null;
  }
  const stealth = kind === "stealth";
  const thrown = kind === "throw" ? systemj.objectThrow(attributesOf(model)) : null;
  if (thrown) weapon = null;
  const mode: systemj.AttackMode = stealth ? "meleeStealth" : thrown ? thrown.mode : modeOfWeapon(weapon);
  // Stealth opens with the attacker's Dissimulation; the others with the attack itself.
  const score = stealth
    ? skillScore(model, "dissimulation")
    : thrown
      ? thrown.score
      : attackScore(attributesOf(model), weapon, mode);
  const label = stealth
    ? "QUINTETTE.SystemJ.Skill.dissimulation"
    : thrown
      ? "QUINTETTE.SystemJ.Score.throwObject"
      : `QUINTETTE.SystemJ.Mode.${mode}`;
  const defenderModel = systemOf(target.actor);
  const distance = mode === "ranged" ? distanceTo(actor, target.token) : null;
  const inRange = distance === null || !weapon || weapon.system.range === 0 || distance <= weapon.system.range;
  const base = testDialogConfig(score, `${actor.name ?? ""} → ${target.actor.name ?? ""} (${score})`);
  const dialog: RollDialogConfig<AttackValues> = {
    ...base,
    title: label,
    inputs: [
      ...testDialogInputs(),
      // Whether the target sees a shot coming is the GM's call (issue 33): a player's shot asks it on the card.
      ...(mode === "ranged" && game.user?.isGM
        ? [
            {
              kind: "checkbox" as const,
              name: "targetAware",
              label: "QUINTETTE.SystemJ.Dialog.TargetAware",
              initial: true,
            },
          ]
        : []),
      ...(refused
        ? [
            {
              kind: "checkbox" as const,
              name: OVERRIDE_INPUT,
              label: "QUINTETTE.SystemJ.Round.Override",
              hint:
                refused === "spent" || refused === "crossed"
                  ? "QUINTETTE.SystemJ.Round.OverrideSpentHint"
                  : "QUINTETTE.SystemJ.Round.OverrideHint",
              initial: false,
            },
          ]
        : []),
    ],
    odds: (values) => oddsLines(score, dialogModifier(values)),
  };
  return {
    dialog,
    async roll({ values, rollMode }) {
      if (refused && values[OVERRIDE_INPUT] !== true) {
        ui.notifications?.warn(refusalText(actor.name ?? "", refused, "action"));
        return null;
      }
      const { roll, test } = await rollTest(score, dialogModifier(values), label);
      const defenderWeapons = weaponsOf(target.actor.items);
      const data = startExchange({
        mode,
        attacker: fighter(actor),
        defender: fighter(target.actor),
        weapon: thrown
          ? {
              name: game.i18n?.localize("QUINTETTE.SystemJ.Sheet.ThrownObject") ?? "",
              damage: thrown.damage,
              family: thrown.family,
            }
          : weaponData(weapon),
        counterWeapon: weaponData(counterWeapon(defenderWeapons)),
        first: test,
        gear: defenderModel ? defenceGear(defenderWeapons, holdsImprovised(target.actor.items)).gear : {},
        ranged: game.user?.isGM ? { inRange, targetAware: values.targetAware !== false } : { inRange },
      });
      return postCard(exchangeCard(game.user?.id ?? "", cardActor(actor), data), {
        rolls: [roll],
        rollMode: rollMode as ChatMessage.PassableRollMode,
        speaker: speakerFor(actor),
      });
    },
  };
}
