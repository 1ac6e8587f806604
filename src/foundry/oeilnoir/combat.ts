/**
 * Combat in L'Œil Noir: initiative formula from the rules core (INI base + weapon − Enc + abilities + 1D6/2D6), the
 * order with the INI-base tie-break (equal on both: simultaneous), the phase list with each fighter's second action
 * at INI − 8, and the Orientation action that restores initiative.
 */
import { shownCombatants } from "../combat/visibility.ts";
import { check, secondActionPhase } from "../../rules/oeilnoir/index.ts";
import type { RollValues } from "../dialog/inputs.ts";
import {
  orientationRestored,
  orientationTarget,
  orientationUsesVigilance,
  type OrientationSetup,
} from "./dialog-config.ts";
import { compareCombatants, isSecondTurn, phaseRows, turnsWithSecondActions, type PhaseEntry } from "./order.ts";

export {
  compareCombatants,
  isSecondTurn,
  phaseRows,
  turnsWithSecondActions,
  type PhaseEntry,
  type PhaseRow,
} from "./order.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import { oeilNoirActor, combatantOf, isProne } from "./actors.ts";
import { activityRefusal, phaseRefusal } from "./refusals.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { checkCard } from "./duel.ts";
import { rollDice } from "./roll.ts";
import { activityWrite, tookSecond } from "./round-actions.ts";
import { boundName } from "../trust/bound.ts";

export const TRACKER_PART = "systems/quintette/templates/oeilnoir/combat/phases.hbs";

/** INI base (after wounds) of a combatant's actor: the tie-break. */
export function iniBaseOf(actor: Actor.Implementation | null | undefined): number {
  const data = oeilNoirActor(actor);
  return data ? data.derived.current.ini : 0;
}

export function initiativeFormulaOf(actor: Actor.Implementation | null | undefined): string | null {
  return oeilNoirActor(actor)?.derived.initiative.formula ?? null;
}

function entryOf(
  c: Combatant.Implementation | Combatant.Stored,
  activeId: string | null,
  secondActive: boolean,
): PhaseEntry {
  return {
    id: c.id ?? "",
    name: boundName(c),
    img: c.img ?? null,
    ini: c.initiative ?? null,
    base: iniBaseOf(c.actor),
    active: c.id === activeId,
    secondActive: secondActive && c.id === activeId,
    tookSecond: tookSecond(c),
  };
}

export const oeilNoirCombat: CombatBehaviour = {
  initiativeFormula: (combatant) => initiativeFormulaOf(combatant.actor) ?? "1d6",
  compare: (a, b) =>
    compareCombatants(
      { id: a.id, initiative: a.initiative, base: iniBaseOf(a.actor) },
      { id: b.id, initiative: b.initiative, base: iniBaseOf(b.actor) },
    ),
  // The second action at INI − 8 is a turn of its own: the same combatant comes back in `combat.turns`.
  // Only a second action actually taken this round (its combatant's record) adds a row.
  turns: (sorted) => turnsWithSecondActions(sorted, (c) => iniBaseOf(c.actor), tookSecond),
  tracker: {
    parts: { oeilnoir: { template: TRACKER_PART } },
    partContext: (_partId, combat) => {
      const activeId = combat?.combatant?.id ?? null;
      const shown = combat ? shownCombatants(combat.combatants.contents, game.user?.isGM ?? false) : [];
      const secondActive = combat?.turn != null && isSecondTurn(combat.turns, combat.turn);
      const entries = shown.map((c) => entryOf(c, activeId, secondActive));
      return { oeilnoir: { rows: phaseRows(entries), round: combat?.round ?? 0 } };
    },
    // Foundry's row of a second action: named as such, at INI − 8.
    turnContext: (combat, combatant, turn, index) => {
      if (!isSecondTurn(combat.turns, index) || combatant.initiative === null) return {};
      const css = "css" in turn && typeof turn.css === "string" ? turn.css : "";
      return {
        initiative: secondActionPhase(combatant.initiative),
        name: game.i18n?.format("QUINTETTE.OeilNoir.Tracker.SecondTurn", { name: boundName(combatant) }) ?? "",
        css: `${css} on-second-action`.trim(),
        oeilnoirSecond: true,
      };
    },
  },
};

/** Why this fighter may not orient itself now (a notification key), or null: on the ground, or not fighting. */
export function orientationRefusal(actor: Actor.Implementation): string | null {
  if (isProne(actor)) return "QUINTETTE.OeilNoir.Notify.Prone";
  return orientationSetupOf(actor) ? null : "QUINTETTE.OeilNoir.Notify.NotInCombat";
}

/**
 * The Orientation dialog's setup for this fighter in the running combat, or null when it is not fighting. An
 * adversaire orients itself with its own Intuition, without Art de la Guerre.
 */
export function orientationSetupOf(actor: Actor.Implementation): OrientationSetup | null {
  const data = oeilNoirActor(actor);
  const combatant = combatantOf(actor);
  if (!data || !combatant || combatant.initiative === null) return null;
  if (data.kind === "adversaire")
    return {
      intuition: data.derived.current.in,
      artDeLaGuerre: 0,
      vigilance: data.derived.abilities.vigilance,
      danseurDeLames: data.derived.abilities.danseurDeLames,
      current: combatant.initiative,
      iniWithoutDie: data.derived.initiative.fixed,
      penalty: data.derived.lowEv.quality,
    };
  return {
    intuition: data.system.qualities.IN,
    artDeLaGuerre: data.system.artDeLaGuerre,
    vigilance: data.derived.abilities.vigilance,
    danseurDeLames: data.derived.abilities.danseurDeLames,
    current: combatant.initiative,
    // The fixed part already carries the wound losses (INI base −2 each): nothing more to subtract.
    iniWithoutDie: data.derived.initiative.fixed,
    penalty: data.derived.lowEv.quality,
  };
}

/**
 * Orientation: an Intuition check (easier per 2 points of Art de la Guerre, harder by the dialog's modifier; none
 * with Vigilance), then the initiative as if the dice showed 6, minus the wound losses; never lower than now. The
 * check's card says what the initiative became.
 */
export async function performOrientation(
  actor: Actor.Implementation,
  input: { values?: RollValues; rollMode?: string } = {},
): Promise<number | null> {
  const setup = orientationSetupOf(actor);
  const combatant = combatantOf(actor);
  const refusal = orientationRefusal(actor);
  if (refusal || !setup || !combatant || combatant.initiative === null) {
    ui.notifications?.warn(game.i18n?.localize(refusal ?? "QUINTETTE.OeilNoir.Notify.NotInCombat") ?? "");
    return null;
  }
  const values = input.values ?? {};
  const restored = orientationRestored(setup);
  const vigilance = orientationUsesVigilance(setup, values);
  // Its actions (RULES.md): two undisturbed ones (a long-activity round), one with Vigilance; on its own phase.
  const kind = vigilance ? "vigilance" : "orientation";
  const spend = phaseRefusal(combatant, false) ?? activityWrite(combatant, kind);
  if (spend === "refused" || typeof spend === "string" || !spend) {
    const key = typeof spend === "string" && spend !== "refused" ? spend : activityRefusal(kind);
    ui.notifications?.warn(game.i18n?.localize(key) ?? "");
    return null;
  }
  const flags = spend.write.changes;
  if (!spend.step.complete) {
    // Below 0 INI: one action this round, the next one in the next round's long activity.
    await combatant.update(flags);
    ui.notifications?.info(
      game.i18n?.format("QUINTETTE.OeilNoir.Notify.ActivityUnderway", {
        done: String(spend.step.done),
        cost: String(spend.step.cost),
      }) ?? "",
    );
    return null;
  }
  const base = { rollerId: game.user?.id ?? "", actorUuid: actor.uuid, actorName: boundName(actor), img: actor.img };
  if (vigilance) {
    await combatant.update({ ...flags, ...(restored !== combatant.initiative ? { initiative: restored } : {}) });
    ui.notifications?.info(
      game.i18n?.format("QUINTETTE.OeilNoir.Card.OrientationDone", { value: String(restored) }) ?? "",
    );
    return restored;
  }
  const value = orientationTarget(setup, values);
  const d20 = await rollDice("1d20", value);
  const face = d20.faces[0] ?? 20;
  const success = check({ d20: face, value }).success;
  const after = success ? restored : combatant.initiative;
  const card = checkCard(
    {
      label: "QUINTETTE.OeilNoir.Sheet.Orientation",
      d20: face,
      value,
      detail: success
        ? { key: "QUINTETTE.OeilNoir.Card.OrientationDone", value: after }
        : { key: "QUINTETTE.OeilNoir.Card.OrientationFailed", value: after },
    },
    { ...base, img: base.img ?? null },
  );
  await combatant.update({ ...flags, ...(after !== combatant.initiative ? { initiative: after } : {}) });
  await postCard(card, {
    rolls: [d20.roll],
    speaker: speakerFor(actor),
    ...(input.rollMode ? { rollMode: input.rollMode as ChatMessage.PassableRollMode } : {}),
  });
  return after;
}
