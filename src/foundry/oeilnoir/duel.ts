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
  dyingRounds,
  fumbleLine,
  parry,
  resolveHit,
  woundThresholdModifier,
  woundThresholds,
  type AttackKind,
  type FumbleLine,
  type WoundAttackKind,
} from "../../rules/oeilnoir/index.ts";
import { cardDie, createCardState } from "../chat/card-state.ts";
import { UNARMED_ID } from "./derive.ts";
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
  fumbleCheck: "oeilnoir.fumbleCheck",
  freeAttack: "oeilnoir.freeAttack",
  stand: "oeilnoir.stand",
  rescue: "oeilnoir.rescue",
  dodge: "oeilnoir.dodge",
  chooseDefender: "oeilnoir.chooseDefender",
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
  /** The declared attack kind (absent on older cards: a plain blow). */
  kind?: AttackKind;
  /** PI(End): the blow's PI − PR come off Endurance, half of them off EV. */
  endurance?: boolean;
  /** Bare-handed: nothing to drop or break on a fumble. */
  unarmed?: boolean;
  /** An adversaire's weapon is a real one (false: claws, teeth); absent for a héros (its weapon item tells). */
  armed?: boolean;
};

export type DuelDefender = {
  uuid: string | null;
  name: string;
  /** Parry value with the situational modifiers already counted; null: cannot parry (ranged, surprised). */
  prd: number | null;
  /**
   * The attack dialog's situational modifiers on the defender (penalties): on its parry, and on a dodge (null: it
   * cannot dodge, lying). Absent on older cards and without the module.
   */
  situation?: { prd: number; dodge: number | null };
  /** The weapons it may parry with (a héros' usable melee weapons and bare hands); absent: its main one. */
  weapons?: { id: string; name: string }[];
  /** It may dodge instead (false when lying on the ground). */
  canDodge?: boolean;
  /** No defence left this round (actions per round): the blow lands without a defence roll. */
  exhausted?: boolean;
};

/** The check a fumble line asks of the fumbler: Contrôle du Corps (rolled under AG), AG or DE, harder by Enc. */
export type FumbleCheckKind = "controleDuCorps" | "AG" | "DE";
export type FumbleCheck = {
  kind: FumbleCheckKind;
  /** The quality rolled under (current AG or DE) and the Enc that makes it harder (0 when the line has none). */
  quality: number;
  enc: number;
  value: number;
  result: D20Test | null;
};

/** The free attack a fumble line gives the opponent, and the message it was opened in. */
export type FreeAttackData = {
  /** The opponent who strikes, and the fumbler who takes it. */
  attackerUuid: string | null;
  attackerName: string;
  /** The attacker's weapon on the card (parry fumble: the weapon that was parried); null: its main one. */
  weaponUuid: string | null;
  defenderUuid: string | null;
  defenderName: string;
  /** Added to the fumbler's parry (harder); ignored when unparryable. */
  parryPenalty: number;
  unparryable: boolean;
  /** Added to the attack value (negative: easier, the source's "−2 on the die"). */
  attackModifier: number;
  messageId: string | null;
};

export type FumbleData = {
  table: "attack" | "parry";
  who: "attacker" | "defender";
  d20: number;
  key: string | null;
  iniChange: number;
  /** Extra dice of the line's effect (breakage 2D6 + 1D4, self damage). */
  detail: string | null;
  /** Absent on cards stored before these steps existed. */
  check?: FumbleCheck | null;
  /** The fumbler's weapon item the line hit (dropped, broken…); null: none or an adversaire's. */
  weaponUuid?: string | null;
  freeAttack?: FreeAttackData | null;
};

/** What the fumbler's checks are rolled under. */
export interface FumblerValues {
  ag: number;
  de: number;
  enc: number;
}

export type DamageData = {
  faces: number[];
  pi: number;
  critical: boolean;
};

export type HitData = {
  pr: number;
  /** Damage off EV (for PI(End), half the endurance damage). */
  damage: number;
  /** Damage off Endurance (PI(End) blows; absent on older cards). */
  endurance?: number;
  wounds: number;
  seriousWound: number;
  totalWounds: number;
  thresholds: number[];
  evBefore: number;
  evAfter: number;
  status: string;
  volonteTarget: number | null;
  /** The victim's Volonté, for the check that keeps a fighter at 1…5 EV in the fight (absent on older cards). */
  volonte?: number;
  /** A dying victim's time left: 1D6 × CN rounds (× 1.5 with Tenace). */
  dying?: { d6: number; rounds: number } | null;
};

/** `awaitDefender`: a blow landed with no defender named; the GM names one on the card before any parry. */
export type DuelStage = "awaitDefender" | "awaitParry" | "missed" | "parried" | "hit" | "damaged" | "applied";

export type DuelData = {
  v: 1;
  attacker: DuelAttacker;
  defender: DuelDefender | null;
  attack: D20Test;
  /** The defence roll; `dodge` when the defender dodged instead of parrying (absent on older cards). */
  parry: (D20Test & { againstCritical: boolean; dodge?: boolean; weaponName?: string }) | null;
  declined: boolean;
  breakage: { dice: number[]; factor: number; broken: boolean } | null;
  fumble: FumbleData | null;
  damage: DamageData | null;
  hit: HitData | null;
  volonte: D20Test | null;
  stage: DuelStage;
  /** The Volonté check of a victim left at 1…5 EV to stay in the fight. */
  standing?: D20Test | null;
  /** A free attack opened from a fumble line (its parry penalty, unparryable, easier attack). */
  free?: { parryPenalty: number; unparryable: boolean; attackModifier: number } | null;
  /** Attempts to save a dying victim (Médecine / Blessures), in order; absent on older cards. */
  rescue?: RescueAttempt[] | null;
  /** The attack dialog's situation on the defender while none is named yet (`awaitDefender`, situational module). */
  situation?: { prd: number; dodge: number | null } | null;
};

/**
 * One attempt to save the dying victim: a D20 under the healer's Médecine / Blessures value, harder by twice the
 * points below 0 (and the dialog's modifier). Passed: stabilised, the care lasting `rounds`; failed: 1D6 damage.
 */
export type RescueAttempt = {
  healerName: string;
  /** The healer's check value and the dialog's modifier (positive = harder), as chosen. */
  skill: number;
  modifier: number;
  /** The victim's EV when the check was made (0 or less). */
  ev: number;
  test: D20Test;
  /** Success: how far under the value the D20 came, and the rounds the care takes. */
  pointsLeft: number | null;
  rounds: number | null;
  /** Failure: the 1D6 taken, the EV and the life status after it. */
  damage: { d6: number; evAfter: number; status: string } | null;
};

/** Narrow type guard for stored duel data. */
function isObject(value: unknown): boolean {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

export function isDuel(value: unknown): value is DuelData {
  if (!value || typeof value !== "object") return false;
  const v = value as Partial<DuelData>;
  // Rescue attempts are read by every sheet of a dying character: each must hold its test.
  const rescue: unknown = v.rescue ?? [];
  const attempts =
    Array.isArray(rescue) &&
    rescue.every((a: unknown) => !!a && typeof a === "object" && isObject((a as { test?: unknown }).test));
  return v.v === 1 && !!v.attacker && !!v.attack && typeof v.stage === "string" && attempts;
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
  // A melee blow with nobody named never skips the parry: it waits for the GM to name the defender.
  const stage: DuelStage = !attack.success
    ? "missed"
    : canParry
      ? "awaitParry"
      : !input.defender && !input.attacker.ranged
        ? "awaitDefender"
        : "hit";
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
export function fumbleFor(
  table: "attack" | "parry",
  d20: number,
  hasWeapon: boolean,
  canBreak = true,
): FumbleLine | null {
  const lines = table === "attack" ? ATTACK_FUMBLE_TABLE : PARRY_FUMBLE_TABLE;
  // Without a weapon of its own (an adversaire's natural weapons), the weapon lines cannot apply; a weapon without a
  // breakage factor (bows, crossbows) cannot take the breakage check of "weapon damaged".
  return fumbleLine(
    lines,
    d20,
    (line) =>
      (hasWeapon || !(line.weaponDestroyed || line.breakage || line.weaponFlies || line.key === "armeGlisse")) &&
      (canBreak || !line.breakage),
  );
}

function fumbleCheckOf(line: FumbleLine, values: FumblerValues | undefined): FumbleCheck | null {
  if (!line.check || !values) return null;
  const kind: FumbleCheckKind =
    line.check.quality === "Contrôle du Corps" ? "controleDuCorps" : line.check.quality === "DE" ? "DE" : "AG";
  // The sheet has no talents: Contrôle du Corps is rolled under the agility it rests on (docs/rules/oeilnoir.md).
  const quality = kind === "DE" ? values.de : values.ag;
  const enc = line.check.plusEnc ? Math.max(0, values.enc) : 0;
  return { kind, quality, enc, value: quality - enc, result: null };
}

function freeAttackOf(duel: DuelData, who: "attacker" | "defender", line: FumbleLine): FreeAttackData | null {
  if (!line.opponentAttack || !duel.defender) return null;
  const fumbler = who === "attacker" ? { uuid: duel.attacker.uuid, name: duel.attacker.name } : duel.defender;
  const opponent = who === "attacker" ? duel.defender : { uuid: duel.attacker.uuid, name: duel.attacker.name };
  if (!opponent.uuid || !fumbler.uuid) return null;
  return {
    attackerUuid: opponent.uuid,
    attackerName: opponent.name,
    weaponUuid: who === "defender" ? duel.attacker.weaponUuid : null,
    defenderUuid: fumbler.uuid,
    defenderName: fumbler.name,
    parryPenalty: line.opponentAttack.parryPenalty,
    unparryable: line.opponentAttack.unparryable,
    attackModifier: line.opponentAttack.attackModifier,
    messageId: null,
  };
}

/**
 * The fumble line of a natural 20, with what it asks next: the fumbler's check (when `fumbler` values are known)
 * and the opponent's free attack (when both fighters are on the card).
 */
export function withFumble(
  duel: DuelData,
  who: "attacker" | "defender",
  d20: number,
  hasWeapon: boolean,
  fumbler?: FumblerValues,
): DuelData {
  const table = who === "attacker" ? "attack" : "parry";
  // A parrying weapon is a melee weapon; an attacker's has a breakage factor unless it shoots.
  const line = fumbleFor(table, d20, hasWeapon, who === "defender" || duel.attacker.breakage !== null);
  return {
    ...duel,
    fumble: {
      table,
      who,
      d20,
      key: line?.key ?? null,
      iniChange: line?.iniChange ?? 0,
      detail: null,
      check: line ? fumbleCheckOf(line, fumbler) : null,
      freeAttack: line ? freeAttackOf(duel, who, line) : null,
    },
  };
}

/** The fumbler's check, rolled once; the result stays on the card. */
export function resolveFumbleCheck(duel: DuelData, d20: number): DuelData {
  const f = duel.fumble;
  if (!f?.check || f.check.result) return duel;
  const result = { d20, value: f.check.value, ...check({ d20, value: f.check.value }) };
  return { ...duel, fumble: { ...f, check: { ...f.check, result } } };
}

/** Records the message of the opened free attack (the button goes away). */
export function linkFreeAttack(duel: DuelData, messageId: string): DuelData {
  const f = duel.fumble;
  if (!f?.freeAttack || f.freeAttack.messageId) return duel;
  return { ...duel, fumble: { ...f, freeAttack: { ...f.freeAttack, messageId } } };
}

/**
 * The free attack itself, a duel of its own: the attack value eased or not by the line, the fumbler's parry made
 * harder by the line's penalty, or no parry at all.
 */
export function startFreeAttack(input: {
  attacker: DuelAttacker;
  /** The attacker's value before the line's modifier. */
  value: number;
  defender: DuelDefender;
  free: FreeAttackData;
  d20: number;
}): DuelData {
  const { free } = input;
  const prd = free.unparryable || input.defender.prd === null ? null : input.defender.prd - free.parryPenalty;
  const duel = startAttack({
    attacker: input.attacker,
    defender: { ...input.defender, prd },
    d20: input.d20,
    value: input.value - free.attackModifier,
  });
  return {
    ...duel,
    free: { parryPenalty: free.parryPenalty, unparryable: free.unparryable, attackModifier: free.attackModifier },
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

/**
 * The GM names the defender of a landed blow: it then parries (or dodges) as if it had been targeted, under the
 * situation the attack dialog declared (lying, light, water…).
 */
export function withDefender(duel: DuelData, defender: DuelDefender): DuelData {
  if (duel.stage !== "awaitDefender") return duel;
  const s = duel.situation;
  const named = s && defender.prd !== null ? { ...defender, prd: defender.prd - s.prd, situation: s } : defender;
  return { ...duel, defender: named, stage: named.prd === null ? "hit" : "awaitParry" };
}

/**
 * The defence roll against `value` (a parry with the chosen weapon, or a dodge): a critical attack halves it; a
 * natural 1 parry against a normal attack tests the attacking weapon (never a dodge: no weapon meets it).
 */
export function resolveDefence(
  duel: DuelData,
  input: { d20: number; value: number; dodge: boolean; weaponName?: string; breakageDice?: [number, number] },
): DuelData {
  if (duel.stage !== "awaitParry" || !duel.defender) return duel;
  const againstCritical = duel.attack.critical;
  const p = parry({ d20: input.d20, prd: input.value, againstCritical });
  let breakage: DuelData["breakage"] = null;
  if (!input.dodge && p.attackerBreakageCheck && input.breakageDice && duel.attacker.breakage !== null) {
    const b = breakageCheck({ dice: input.breakageDice, factor: duel.attacker.breakage, increase: 1 });
    breakage = { dice: [...input.breakageDice], factor: b.factor, broken: b.broken };
  }
  return {
    ...duel,
    parry: {
      d20: input.d20,
      value: p.value,
      success: p.success,
      critical: p.critical,
      fumble: p.fumble,
      againstCritical,
      ...(input.dodge ? { dodge: true } : {}),
      ...(input.weaponName ? { weaponName: input.weaponName } : {}),
    },
    breakage,
    stage: p.success ? "parried" : "hit",
  };
}

/** The defender has no defence left this round: the blow lands without a defence roll (RULES.md). */
export function withoutDefence(duel: DuelData): DuelData {
  if (duel.stage !== "awaitParry" || !duel.defender) return duel;
  return { ...duel, defender: { ...duel.defender, prd: null, canDodge: false, exhausted: true }, stage: "hit" };
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
  blow: { attacker: { woundKind: WoundAttackKind; endurance?: boolean }; damage: DamageData | null },
  victim: VictimValues,
): HitData | null {
  if (!blow.damage) return null;
  const modifier = victim.thresholdModifier + woundThresholdModifier({ attacks: [blow.attacker.woundKind] });
  const r = resolveHit({
    pi: blow.damage.pi,
    pr: victim.pr,
    cn: victim.cn,
    modifier,
    critical: blow.damage.critical,
    endurance: blow.attacker.endurance ?? false,
  });
  return {
    pr: victim.pr,
    damage: r.damage,
    endurance: r.endurance,
    wounds: r.wounds,
    seriousWound: r.seriousWound,
    totalWounds: r.totalWounds,
    thresholds: woundThresholds({ cn: victim.cn, modifier }),
    evBefore: victim.ev,
    evAfter: victim.ev - r.damage,
    status: "",
    volonteTarget: r.seriousWound ? victim.volonte - r.volonteModifier : null,
    volonte: victim.volonte,
    dying: null,
  };
}

/** The Volonté check against a critical's serious wound: success takes that wound back. */
export function resolveVolonte(duel: DuelData, d20: number): DuelData {
  if (!duel.hit || duel.hit.volonteTarget === null || duel.volonte) return duel;
  const t = { d20, value: duel.hit.volonteTarget, ...check({ d20, value: duel.hit.volonteTarget }) };
  return { ...duel, volonte: t };
}

/** The victim is dying: the 1D6 of its time left, in rounds (rules core). */
export function withDying(duel: DuelData, d6: number, cn: number, tenace: boolean): DuelData {
  if (!duel.hit || duel.hit.status !== "mourant" || duel.hit.dying) return duel;
  return { ...duel, hit: { ...duel.hit, dying: { d6, rounds: dyingRounds({ d6, cn, tenace }) } } };
}

/** Whether the card offers the Volonté check to stay in the fight (out of the fight at 1…5 EV, not rolled yet). */
export function canStand(duel: DuelData): boolean {
  return (
    duel.stage === "applied" && duel.hit?.status === "horsCombat" && duel.hit.volonte !== undefined && !duel.standing
  );
}

/** The Volonté check against being out of the fight, rolled once. */
export function resolveStanding(duel: DuelData, d20: number): DuelData {
  if (!canStand(duel) || duel.hit?.volonte === undefined) return duel;
  const value = duel.hit.volonte;
  return { ...duel, standing: { d20, value, ...check({ d20, value }) } };
}

function lastRescue(duel: DuelData): RescueAttempt | null {
  return duel.rescue?.at(-1) ?? null;
}

/** The attempt that saved the victim, if any. */
export function stabilizedBy(duel: DuelData): RescueAttempt | null {
  return duel.rescue?.find((a) => a.test.success) ?? null;
}

/** Whether the card offers to save the victim: dying after the blow, not saved yet, not dead from a failed care. */
export function canRescue(duel: DuelData): boolean {
  if (duel.stage !== "applied" || duel.hit?.status !== "mourant" || !duel.defender?.uuid) return false;
  if (stabilizedBy(duel)) return false;
  const last = lastRescue(duel);
  return !last?.damage || last.damage.status === "mourant";
}

/** Records an attempt (once per attempt number: a repeated request changes nothing). */
export function withRescue(duel: DuelData, attempt: RescueAttempt): DuelData {
  if (!canRescue(duel)) return duel;
  return { ...duel, rescue: [...(duel.rescue ?? []), attempt] };
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
      label: { key: `${L}FreeAttackButton`, name: f.freeAttack.attackerName },
      icon: "fa-solid fa-hand-fist",
      args: {},
      audience: "anyone",
      exclusive: true,
      owner: f.freeAttack.attackerUuid,
    });
  return buttons;
}

function buttonsOf(duel: DuelData): CardButton[] {
  return [...stageButtons(duel), ...fumbleButtons(duel)];
}

/** Whether the duel still offers a step (a parry, damage, a check, a rescue…); finished otherwise. */
export function duelOpen(duel: DuelData): boolean {
  return buttonsOf(duel).length > 0;
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
