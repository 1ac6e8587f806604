/**
 * The duel on a chat card, pure: attack → parry (or not) → damage → wounds, and the fumble lines. Each step takes
 * the dice already rolled and returns a new state; `duelCard` turns a state into the stored card. Every rule comes
 * from the rules core; this file only sequences the steps, so tests and the gallery drive it without Foundry.
 */
import {
  ATTACK_FUMBLE_TABLE,
  PARRY_FUMBLE_TABLE,
  breakageCheck,
  check,
  criticalParryValue,
  fumbleLine,
  parry,
  resolveHit,
  woundThresholdModifier,
  woundThresholds,
  type FumbleLine,
  type WoundAttackKind,
} from "../../rules/oeilnoir/index.ts";
import { cardDie, createCardState } from "../chat/card-state.ts";
import type { CardButton, CardDie, CardState, Label, OutcomeTone } from "../chat/types.ts";

export const RULESET = "oeilnoir";
export const DUEL_BODY = "systems/quintette/templates/oeilnoir/chat/duel.hbs";
const L = "QUINTETTE.OeilNoir.Card.";

export const ACTIONS = {
  parry: "oeilnoir.parry",
  noParry: "oeilnoir.noParry",
  damage: "oeilnoir.damage",
  applyHit: "oeilnoir.applyHit",
  volonte: "oeilnoir.volonte",
} as const;

export type D20Test = {
  d20: number;
  value: number;
  success: boolean;
  critical: boolean;
  fumble: boolean;
};

export type DuelAttacker = {
  uuid: string | null;
  name: string;
  /** Owned weapon item used (its breakage factor may change), or null for an adversaire's fixed attack. */
  weaponUuid: string | null;
  weaponName: string;
  breakage: number | null;
  piDice: number;
  piBonus: number;
  woundKind: WoundAttackKind;
  ranged: boolean;
};

export type DuelDefender = {
  uuid: string | null;
  name: string;
  /** Parry value with the situational modifiers already counted; null: cannot parry (ranged, surprised). */
  prd: number | null;
};

export type FumbleData = {
  table: "attack" | "parry";
  who: "attacker" | "defender";
  d20: number;
  key: string | null;
  iniChange: number;
  /** Extra dice of the line's effect (breakage 2D6 + 1D4, self damage). */
  detail: string | null;
};

export type DamageData = {
  faces: number[];
  pi: number;
  critical: boolean;
};

export type HitData = {
  pr: number;
  damage: number;
  wounds: number;
  seriousWound: number;
  totalWounds: number;
  thresholds: number[];
  evBefore: number;
  evAfter: number;
  status: string;
  volonteTarget: number | null;
};

export type DuelStage = "awaitParry" | "missed" | "parried" | "hit" | "damaged" | "applied";

export type DuelData = {
  v: 1;
  attacker: DuelAttacker;
  defender: DuelDefender | null;
  attack: D20Test;
  parry: (D20Test & { againstCritical: boolean }) | null;
  declined: boolean;
  breakage: { dice: number[]; factor: number; broken: boolean } | null;
  fumble: FumbleData | null;
  damage: DamageData | null;
  hit: HitData | null;
  volonte: D20Test | null;
  stage: DuelStage;
};

/** Narrow type guard for stored duel data. */
export function isDuel(value: unknown): value is DuelData {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<DuelData>;
  return v.v === 1 && !!v.attacker && !!v.attack && typeof v.stage === "string";
}

/** The attack roll: D20 under the attack value. A landed attack waits for the parry when the defender can parry. */
export function startAttack(input: {
  attacker: DuelAttacker;
  defender: DuelDefender | null;
  d20: number;
  value: number;
}): DuelData {
  const attack = { d20: input.d20, value: input.value, ...check({ d20: input.d20, value: input.value }) };
  const canParry = !!input.defender && input.defender.prd !== null && !input.attacker.ranged;
  const stage: DuelStage = !attack.success ? "missed" : canParry ? "awaitParry" : "hit";
  return {
    v: 1,
    attacker: input.attacker,
    defender: input.defender,
    attack,
    parry: null,
    declined: false,
    breakage: null,
    fumble: null,
    damage: null,
    hit: null,
    volonte: null,
    stage,
  };
}

/** The fumble line for a natural 20 (attack or parry table), going down when a line cannot apply. */
export function fumbleFor(table: "attack" | "parry", d20: number, hasWeapon: boolean): FumbleLine | null {
  const lines = table === "attack" ? ATTACK_FUMBLE_TABLE : PARRY_FUMBLE_TABLE;
  // Without a weapon of its own (an adversaire's natural weapons), the weapon lines cannot apply.
  return fumbleLine(lines, d20, (line) => hasWeapon || !(line.weaponDestroyed || line.breakage || line.weaponFlies));
}

export function withFumble(duel: DuelData, who: "attacker" | "defender", d20: number, hasWeapon: boolean): DuelData {
  const table = who === "attacker" ? "attack" : "parry";
  const line = fumbleFor(table, d20, hasWeapon);
  return {
    ...duel,
    fumble: { table, who, d20, key: line?.key ?? null, iniChange: line?.iniChange ?? 0, detail: null },
  };
}

/**
 * The parry roll. A critical attack is parried under half the PRD; a natural 1 against a normal attack forces a
 * breakage check on the attacking weapon (`breakageDice`, two D6, when that weapon has a factor).
 */
export function resolveParry(duel: DuelData, d20: number, breakageDice?: [number, number]): DuelData {
  if (duel.stage !== "awaitParry" || !duel.defender || duel.defender.prd === null) return duel;
  const againstCritical = duel.attack.critical;
  const p = parry({ d20, prd: duel.defender.prd, againstCritical });
  let breakage: DuelData["breakage"] = null;
  if (p.attackerBreakageCheck && breakageDice && duel.attacker.breakage !== null) {
    const b = breakageCheck({ dice: breakageDice, factor: duel.attacker.breakage, increase: 1 });
    breakage = { dice: [...breakageDice], factor: b.factor, broken: b.broken };
  }
  return {
    ...duel,
    parry: { d20, value: p.value, success: p.success, critical: p.critical, fumble: p.fumble, againstCritical },
    breakage,
    stage: p.success ? "parried" : "hit",
  };
}

/** The defender lets the blow through. */
export function declineParry(duel: DuelData): DuelData {
  if (duel.stage !== "awaitParry") return duel;
  return { ...duel, declined: true, stage: "hit" };
}

/** Roll formula of the blow's PI (weapon dice + fixed PI + strength bonus). */
export function damageFormula(attacker: DuelAttacker): string {
  const { piDice: d, piBonus: b } = attacker;
  if (d === 0) return String(Math.max(0, b));
  return b === 0 ? `${d}d6` : `${d}d6 ${b > 0 ? "+" : "-"} ${Math.abs(b)}`;
}

/** The PI roll of a landed blow; a critical attack's doubling is applied with the armour (resolveHit). */
export function rollDamage(duel: DuelData, faces: readonly number[]): DuelData {
  if (duel.stage !== "hit") return duel;
  const pi = Math.max(0, faces.reduce((a, b) => a + b, 0) + duel.attacker.piBonus);
  return { ...duel, damage: { faces: [...faces], pi, critical: duel.attack.critical }, stage: "damaged" };
}

export interface VictimValues {
  pr: number;
  cn: number;
  /** En Fer, Os de Verre (the attack kind is added here). */
  thresholdModifier: number;
  ev: number;
  volonte: number;
}

/** What the blow does to the victim: PI (doubled on a critical) − PR, wounds over the thresholds, new EV. */
export function hitOn(
  blow: { attacker: { woundKind: WoundAttackKind }; damage: DamageData | null },
  victim: VictimValues,
): HitData | null {
  if (!blow.damage) return null;
  const modifier = victim.thresholdModifier + woundThresholdModifier({ attacks: [blow.attacker.woundKind] });
  const r = resolveHit({ pi: blow.damage.pi, pr: victim.pr, cn: victim.cn, modifier, critical: blow.damage.critical });
  return {
    pr: victim.pr,
    damage: r.damage,
    wounds: r.wounds,
    seriousWound: r.seriousWound,
    totalWounds: r.totalWounds,
    thresholds: woundThresholds({ cn: victim.cn, modifier }),
    evBefore: victim.ev,
    evAfter: victim.ev - r.damage,
    status: "",
    volonteTarget: r.seriousWound ? victim.volonte - r.volonteModifier : null,
  };
}

/** The Volonté check against a critical's serious wound: success takes that wound back. */
export function resolveVolonte(duel: DuelData, d20: number): DuelData {
  if (!duel.hit || duel.hit.volonteTarget === null || duel.volonte) return duel;
  const t = { d20, value: duel.hit.volonteTarget, ...check({ d20, value: duel.hit.volonteTarget }) };
  return { ...duel, volonte: t };
}

// ---------------------------------------------------------------- card

function d20Die(t: D20Test, label: string, kept = true): CardDie {
  return cardDie(20, t.d20, {
    label: { key: label },
    kept,
    tone: t.critical ? "light" : t.fumble ? "dark" : "neutral",
  });
}

function outcomeOf(duel: DuelData): { label: Label; tone: OutcomeTone; detail: Label | null } {
  const target = duel.defender?.name ?? "";
  switch (duel.stage) {
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
      return duel.parry?.critical
        ? { label: { key: `${L}MasterParry`, target }, tone: "failure", detail: { key: `${L}FreeAction` } }
        : { label: { key: `${L}Parried`, target }, tone: "failure", detail: null };
    case "hit":
      return {
        label: { key: duel.attack.critical ? `${L}CriticalHit` : `${L}Hit`, target },
        tone: duel.attack.critical ? "critical" : "success",
        detail: duel.parry?.fumble
          ? { key: `${L}ParryFumble` }
          : duel.declined
            ? { key: `${L}Declined`, target }
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
        detail: duel.hit?.status ? { key: `QUINTETTE.OeilNoir.Status.${duel.hit.status}` } : null,
      };
  }
}

function buttonsOf(duel: DuelData): CardButton[] {
  const target = duel.defender?.name ?? "";
  switch (duel.stage) {
    case "awaitParry":
      return [
        {
          action: ACTIONS.parry,
          label: { key: `${L}ParryButton`, target },
          icon: "fa-solid fa-shield-halved",
          args: {},
          audience: "anyone",
        },
        {
          action: ACTIONS.noParry,
          label: { key: `${L}NoParryButton` },
          icon: "fa-solid fa-person-falling",
          args: {},
          audience: "anyone",
        },
      ];
    case "hit":
      return [
        {
          action: ACTIONS.damage,
          label: { key: `${L}DamageButton`, detail: damageFormula(duel.attacker) },
          icon: "fa-solid fa-burst",
          args: {},
          audience: "roller",
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
    case "applied":
      return duel.hit?.volonteTarget !== null && duel.hit?.volonteTarget !== undefined && !duel.volonte
        ? [
            {
              action: ACTIONS.volonte,
              label: { key: `${L}VolonteButton`, value: duel.hit.volonteTarget },
              icon: "fa-solid fa-brain",
              args: {},
              audience: "anyone",
            },
          ]
        : [];
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
  return dice;
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
    title: { key: duel.attacker.ranged ? `${L}RangedTitle` : `${L}AttackTitle`, name: duel.attacker.weaponName },
    ...(previous ? { applied: previous.applied, done: previous.done, revision: previous.revision } : {}),
  });
  return {
    ...state,
    actorUuid: base.actorUuid,
    actorName: base.actorName,
    img: base.img,
    subtitle: duel.defender
      ? { key: `${L}Against`, target: duel.defender.name, value: duel.attack.value }
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

/** Reads the duel back from a stored card. */
export function duelOf(card: CardState): DuelData | null {
  const raw = card.data.duel;
  return isDuel(raw) ? raw : null;
}

// ---------------------------------------------------------------- simple checks

export type CheckData = {
  v: 1;
  label: string;
  test: D20Test;
};

/** A plain D20 test under a value (a quality, Volonté, the Orientation's Intuition). */
export function checkCard(input: { label: string; d20: number; value: number }, base: CardBase): CardState {
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
    outcome: test.critical
      ? { label: { key: `${L}CheckCritical` }, tone: "critical", detail: null }
      : test.fumble
        ? { label: { key: `${L}CheckFumble` }, tone: "fumble", detail: null }
        : test.success
          ? { label: { key: `${L}CheckSuccess` }, tone: "success", detail: null }
          : { label: { key: `${L}CheckFailure` }, tone: "failure", detail: null },
    data: { check: { v: 1, label: input.label, test } },
  };
}
