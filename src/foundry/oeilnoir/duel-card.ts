/**
 * The duel's card, pure: title, dice, outcome and the buttons each stage offers, built from a duel state; and the
 * card of a plain D20 check.
 */
import { frenchOf } from "../templates/helpers.ts";
import { check, criticalParryValue } from "../../rules/oeilnoir/index.ts";
import { cardDie, createCardState } from "../chat/card-state.ts";
import { UNARMED_ID } from "./derive.ts";
import type { CardButton, CardDie, CardState, Label, OutcomeTone } from "../chat/types.ts";
import { ACTIONS, DUEL_BODY, RULESET, type D20Test, type DuelData } from "./duel-data.ts";
import { canRescue, canStand, damageFormula, lastRescue, stabilizedBy } from "./duel-steps.ts";

const L = "QUINTETTE.OeilNoir.Card.";

function d20Die(t: D20Test, label: string, kept = true): CardDie {
  return cardDie(20, t.d20, {
    label: { key: label },
    kept,
    tone: t.critical ? "light" : t.fumble ? "dark" : "neutral",
  });
}

function outcomeOf(duel: DuelData): { label: Label; tone: OutcomeTone; detail: Label | null } {
  const outcome = stageOutcome(duel);
  return duel.closed ? { ...outcome, detail: { key: `${L}ClosedDetail` } } : outcome;
}

function stageOutcome(duel: DuelData): { label: Label; tone: OutcomeTone; detail: Label | null } {
  const target = duel.defender?.name ?? "";
  switch (duel.stage) {
    case "awaitDefender":
      return {
        label: { key: duel.attack.critical ? `${L}CriticalAttackNoTarget` : `${L}AttackLandsNoTarget` },
        tone: duel.attack.critical ? "critical" : "success",
        detail: { key: `${L}DefenderAwaited` },
      };
    case "missed":
      return duel.attack.fumble
        ? { label: { key: `${L}AttackFumble` }, tone: "fumble", detail: null }
        : { label: { key: `${L}Missed` }, tone: "failure", detail: null };
    case "awaitParry":
      return {
        label: { key: duel.attack.critical ? `${L}CriticalAttack` : `${L}AttackLands`, target },
        tone: duel.attack.critical ? "critical" : "success",
        detail: {
          key: duel.attack.critical ? `${L}ParryHalved` : `${L}ParryAwaited`,
          target,
          value: duel.attack.critical ? criticalParryValue(duel.defender?.prd ?? 0) : (duel.defender?.prd ?? 0),
        },
      };
    case "parried":
      if (duel.parry?.dodge) return { label: { key: `${L}Dodged`, target }, tone: "failure", detail: null };
      return duel.parry?.critical
        ? { label: { key: `${L}MasterParry`, target }, tone: "failure", detail: { key: `${L}FreeAction` } }
        : { label: { key: `${L}Parried`, target }, tone: "failure", detail: null };
    case "hit":
      return {
        label: { key: duel.attack.critical ? `${L}CriticalHit` : `${L}Hit`, target },
        tone: duel.attack.critical ? "critical" : "success",
        detail: duel.parry?.fumble
          ? { key: `${L}ParryFumble` }
          : duel.free?.unparryable
            ? { key: `${L}Unparryable`, target }
            : duel.declined
              ? { key: `${L}Declined`, target }
              : duel.defender?.exhausted && !duel.attacker.ranged
                ? { key: `${L}NoDefenceLeft`, target }
                : duel.defender && duel.defender.prd === null && !duel.attacker.ranged
                  ? { key: `${L}CannotDefend`, target }
                  : null,
      };
    case "damaged":
      return {
        label: { key: `${L}DamageRolled`, value: duel.damage?.pi ?? 0 },
        tone: duel.attack.critical ? "critical" : "success",
        detail: duel.damage?.critical ? { key: `${L}Doubled`, value: 2 * (duel.damage?.pi ?? 0) } : null,
      };
    case "applied":
      return {
        label: { key: `${L}Applied`, target, value: duel.hit?.damage ?? 0, detail: duel.hit?.totalWounds ?? 0 },
        tone: (duel.hit?.totalWounds ?? 0) > 0 ? "critical" : "success",
        detail: duel.standing?.success
          ? { key: `${L}StandsFirm`, target }
          : duel.rescue?.length
            ? rescueDetail(duel, target)
            : duel.hit?.dying
              ? { key: `${L}DyingIn`, target, value: duel.hit.dying.rounds }
              : duel.hit?.status
                ? { key: `QUINTETTE.OeilNoir.Status.${duel.hit.status}` }
                : null,
      };
  }
}

/** After a rescue: saved (care done in N rounds), dead of a failed care, or failed and may be tried again. */
function rescueDetail(duel: DuelData, target: string): Label {
  const saved = stabilizedBy(duel);
  if (saved) return { key: `${L}Stabilized`, target, value: saved.rounds ?? 1, name: saved.healerName };
  const last = lastRescue(duel);
  const damage = last?.damage;
  if (damage?.status === "mort") return { key: `${L}RescueDied`, target, value: damage.d6 };
  return { key: `${L}RescueFailed`, target, value: damage?.d6 ?? 0, detail: damage?.evAfter ?? 0 };
}

/** The fumble line's next steps: the fumbler's check and the opponent's free attack, each offered once. */
function fumbleButtons(duel: DuelData): CardButton[] {
  const f = duel.fumble;
  const buttons: CardButton[] = [];
  if (f?.check && !f.check.result)
    buttons.push({
      action: ACTIONS.fumbleCheck,
      label: { key: `${L}FumbleCheckButton.${f.check.kind}`, value: f.check.value },
      icon: "fa-solid fa-person-falling-burst",
      args: {},
      audience: "anyone",
      exclusive: true,
      owner: (f.who === "attacker" ? duel.attacker.uuid : duel.defender?.uuid) ?? null,
    });
  if (f?.freeAttack && !f.freeAttack.messageId)
    buttons.push({
      action: ACTIONS.freeAttack,
      label: {
        key: `${L}FreeAttackButton`,
        name: f.freeAttack.attackerName,
        detail: frenchOf(f.freeAttack.attackerName),
      },
      icon: "fa-solid fa-hand-fist",
      args: {},
      audience: "anyone",
      exclusive: true,
      owner: f.freeAttack.attackerUuid,
    });
  return buttons;
}

/** The steps the duel still offers (none once closed). */
function stepButtons(duel: DuelData): CardButton[] {
  return duel.closed ? [] : [...stageButtons(duel), ...fumbleButtons(duel)];
}

/** The steps, and the GM's "Close" while there is any (issue 33): he ends a duel nobody will finish. */
function buttonsOf(duel: DuelData): CardButton[] {
  const steps = stepButtons(duel);
  if (!steps.length) return [];
  const close: CardButton = {
    action: ACTIONS.close,
    label: { key: `${L}CloseButton` },
    icon: "fa-solid fa-circle-xmark",
    args: {},
    audience: "gm",
    exclusive: true,
  };
  return [...steps, close];
}

/** Whether the duel still offers a step (a parry, damage, a check, a rescue…); finished otherwise. */
export function duelOpen(duel: DuelData): boolean {
  return stepButtons(duel).length > 0;
}

/** The actions of the steps the duel still offers (duel-store.ts reads which can still change the world). */
export function openSteps(duel: DuelData): string[] {
  return stepButtons(duel).map((b) => b.action);
}

/** The duel closed: no step left (the GM's "Close", or a stale duel closed to make room). */
export function closeDuel(duel: DuelData): DuelData {
  return { ...duel, closed: true };
}

function stageButtons(duel: DuelData): CardButton[] {
  const target = duel.defender?.name ?? "";
  switch (duel.stage) {
    case "awaitDefender":
      return [
        {
          action: ACTIONS.chooseDefender,
          label: { key: `${L}ChooseDefenderButton` },
          icon: "fa-solid fa-crosshairs",
          args: {},
          audience: "gm",
          exclusive: true,
        },
      ];
    case "awaitParry": {
      // Only the defender's side (and the GM) sees its answers.
      const answer = { audience: "anyone" as const, exclusive: true, owner: duel.defender?.uuid ?? null };
      const weapons = duel.defender?.weapons ?? [];
      const parries: CardButton[] = weapons.length
        ? weapons.map((w) => ({
            action: ACTIONS.parry,
            // Bare hands are named by a key, which a label's argument would show raw: a label of their own.
            label:
              w.id === UNARMED_ID ? { key: `${L}ParryUnarmedButton` } : { key: `${L}ParryWithButton`, name: w.name },
            icon: "fa-solid fa-shield-halved",
            args: { weapon: w.id },
            ...answer,
          }))
        : [
            {
              action: ACTIONS.parry,
              label: { key: `${L}ParryButton`, target },
              icon: "fa-solid fa-shield-halved",
              args: {},
              ...answer,
            },
          ];
      const dodge: CardButton[] =
        duel.defender?.canDodge === false || duel.defender?.situation?.dodge === null
          ? []
          : [
              {
                action: ACTIONS.dodge,
                label: { key: `${L}DodgeButton` },
                icon: "fa-solid fa-person-running",
                args: {},
                ...answer,
              },
            ];
      return [
        ...parries,
        ...dodge,
        {
          action: ACTIONS.noParry,
          label: { key: `${L}NoParryButton` },
          icon: "fa-solid fa-person-falling",
          args: {},
          ...answer,
        },
      ];
    }
    case "hit":
      return [
        {
          action: ACTIONS.damage,
          label: { key: `${L}DamageButton`, detail: damageFormula(duel.attacker) },
          icon: "fa-solid fa-burst",
          args: {},
          audience: "roller",
          exclusive: true,
        },
      ];
    case "damaged":
      return duel.defender?.uuid
        ? [
            {
              action: ACTIONS.applyHit,
              label: { key: `${L}ApplyButton`, target },
              icon: "fa-solid fa-heart-crack",
              args: {},
              audience: "anyone",
              exclusive: true,
              owner: duel.defender.uuid,
            },
          ]
        : [
            {
              action: "quintette.applyDamage",
              label: { key: `${L}ApplyToSelected` },
              icon: "fa-solid fa-heart-crack",
              args: {},
              audience: "anyone",
            },
          ];
    case "applied": {
      const buttons: CardButton[] = [];
      if (duel.hit?.volonteTarget !== null && duel.hit?.volonteTarget !== undefined && !duel.volonte)
        buttons.push({
          action: ACTIONS.volonte,
          label: { key: `${L}VolonteButton`, value: duel.hit.volonteTarget },
          icon: "fa-solid fa-brain",
          args: {},
          audience: "anyone",
          exclusive: true,
          owner: duel.defender?.uuid ?? null,
        });
      if (canStand(duel))
        buttons.push({
          action: ACTIONS.stand,
          label: { key: `${L}StandButton`, value: duel.hit?.volonte ?? 0 },
          icon: "fa-solid fa-person",
          args: {},
          audience: "anyone",
          exclusive: true,
          owner: duel.defender?.uuid ?? null,
        });
      if (canRescue(duel))
        buttons.push({
          action: ACTIONS.rescue,
          label: { key: duel.rescue?.length ? `${L}RescueAgainButton` : `${L}RescueButton`, target },
          icon: "fa-solid fa-kit-medical",
          // The attempt number makes each attempt its own idempotent action.
          args: { attempt: duel.rescue?.length ?? 0 },
          audience: "anyone",
        });
      return buttons;
    }
    default:
      return [];
  }
}

function diceOf(duel: DuelData): CardDie[] {
  const dice = [d20Die(duel.attack, `${L}DieAttack`)];
  if (duel.parry) dice.push(d20Die(duel.parry, `${L}DieParry`));
  if (duel.fumble) dice.push(cardDie(20, duel.fumble.d20, { label: { key: `${L}DieFumble` }, tone: "dark" }));
  if (duel.damage)
    for (const face of duel.damage.faces) dice.push(cardDie(6, face, { label: { key: `${L}DieDamage` } }));
  if (duel.breakage)
    for (const face of duel.breakage.dice) dice.push(cardDie(6, face, { label: { key: `${L}DieBreakage` } }));
  if (duel.volonte) dice.push(d20Die(duel.volonte, `${L}DieVolonte`));
  if (duel.standing) dice.push(d20Die(duel.standing, `${L}DieVolonte`));
  if (duel.hit?.dying) dice.push(cardDie(6, duel.hit.dying.d6, { label: { key: `${L}DieDying` }, tone: "dark" }));
  if (duel.fumble?.check?.result) dice.push(d20Die(duel.fumble.check.result, `${L}DieFumbleCheck`));
  for (const attempt of duel.rescue ?? []) {
    dice.push(d20Die(attempt.test, `${L}DieRescue`));
    if (attempt.damage)
      dice.push(cardDie(6, attempt.damage.d6, { label: { key: `${L}DieRescueDamage` }, tone: "dark" }));
  }
  return dice;
}

/** The card's title: the weapon's name, or a key of its own for bare hands (never a key shown as a name). */
function duelTitle(duel: DuelData): Label {
  const kind = duel.free ? "FreeAttackTitle" : duel.attacker.ranged ? "RangedTitle" : "AttackTitle";
  return duel.attacker.unarmed ? { key: `${L}${kind}Unarmed` } : { key: `${L}${kind}`, name: duel.attacker.weaponName };
}

export interface CardBase {
  rollerId: string;
  actorUuid: string | null;
  actorName: string;
  img: string | null;
}

/** The stored card of a duel state (title, dice, outcome, buttons, body data, damage for the shared applier). */
export function duelCard(duel: DuelData, base: CardBase, previous?: CardState): CardState {
  const state = createCardState({
    ruleset: RULESET,
    kind: "attack",
    rollerId: base.rollerId,
    title: duelTitle(duel),
    ...(previous ? { applied: previous.applied, done: previous.done, revision: previous.revision } : {}),
  });
  return {
    ...state,
    actorUuid: base.actorUuid,
    actorName: base.actorName,
    img: base.img,
    subtitle: duel.defender
      ? {
          key: duel.attacker.ranged ? `${L}AgainstRanged` : `${L}Against`,
          target: duel.defender.name,
          value: duel.attack.value,
        }
      : { key: `${L}Under`, value: duel.attack.value },
    dice: diceOf(duel),
    outcome: outcomeOf(duel),
    buttons: buttonsOf(duel),
    damage: duel.damage
      ? { amount: duel.damage.pi, critical: duel.damage.critical, woundKind: duel.attacker.woundKind }
      : null,
    data: { duel },
    body: DUEL_BODY,
  };
}

// ---------------------------------------------------------------- simple checks

export type CheckData = {
  v: 1;
  label: string;
  test: D20Test;
};

/** A plain D20 test under a value (a quality, Volonté, the Orientation's Intuition). */
export function checkCard(
  input: { label: string; d20: number; value: number; detail?: Label },
  base: CardBase,
): CardState {
  const test = { d20: input.d20, value: input.value, ...check({ d20: input.d20, value: input.value }) };
  const state = createCardState({
    ruleset: RULESET,
    kind: "check",
    rollerId: base.rollerId,
    title: { key: input.label },
  });
  return {
    ...state,
    actorUuid: base.actorUuid,
    actorName: base.actorName,
    img: base.img,
    subtitle: { key: `${L}Under`, value: input.value },
    dice: [d20Die(test, `${L}DieTest`)],
    outcome: {
      ...(test.critical
        ? { label: { key: `${L}CheckCritical` }, tone: "critical" as const }
        : test.fumble
          ? { label: { key: `${L}CheckFumble` }, tone: "fumble" as const }
          : test.success
            ? { label: { key: `${L}CheckSuccess` }, tone: "success" as const }
            : { label: { key: `${L}CheckFailure` }, tone: "failure" as const }),
      detail: input.detail ?? null,
    },
    data: { check: { v: 1, label: input.label, test } },
  };
}
