/**
 * The duel on a chat card, pure: attack → parry (or not) → damage → wounds, and the fumble lines. Each step takes
 * the dice already rolled and returns a new state (`duel-card.ts` turns it into the stored card). Every rule comes
 * from the rules core; this file only sequences the steps, so tests and the gallery drive it without Foundry.
 */
import {
  ATTACK_FUMBLE_TABLE,
  PARRY_FUMBLE_TABLE,
  breakageCheck,
  check,
  dyingRounds,
  fumbleLine,
  lowEvPenalties,
  parry,
  resolveHit,
  woundThresholdModifier,
  woundThresholds,
  type FumbleLine,
  type WoundAttackKind,
} from "../../rules/oeilnoir/index.ts";
import type {
  DamageData,
  DuelAttacker,
  DuelData,
  DuelDefender,
  DuelStage,
  FreeAttackData,
  FumbleCheck,
  FumbleCheckKind,
  FumblerValues,
  HitData,
  RescueAttempt,
  VictimValues,
} from "./duel-data.ts";

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
  // Both Volonté checks come after the blow: the low-EV skill penalty is the one its EV then gives (as the sheet's).
  const evAfter = victim.ev - r.damage;
  const penalty = victim.lowEv
    ? lowEvPenalties({ ev: evAfter, evBase: Math.max(1, victim.lowEv.evBase), frenzy: victim.lowEv.frenzy }).skill
    : 0;
  const volonte = victim.volonte - penalty;
  return {
    pr: victim.pr,
    damage: r.damage,
    endurance: r.endurance,
    wounds: r.wounds,
    seriousWound: r.seriousWound,
    totalWounds: r.totalWounds,
    thresholds: woundThresholds({ cn: victim.cn, modifier }),
    evBefore: victim.ev,
    evAfter,
    status: "",
    volonteTarget: r.seriousWound ? volonte - r.volonteModifier : null,
    volonte,
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
    !duel.closed &&
    duel.stage === "applied" &&
    duel.hit?.status === "horsCombat" &&
    duel.hit.volonte !== undefined &&
    !duel.standing
  );
}

/** The Volonté check against being out of the fight, rolled once. */
export function resolveStanding(duel: DuelData, d20: number): DuelData {
  if (!canStand(duel) || duel.hit?.volonte === undefined) return duel;
  const value = duel.hit.volonte;
  return { ...duel, standing: { d20, value, ...check({ d20, value }) } };
}

/** The last rescue attempt, if any. */
export function lastRescue(duel: DuelData): RescueAttempt | null {
  return duel.rescue?.at(-1) ?? null;
}

/** The attempt that saved the victim, if any. */
export function stabilizedBy(duel: DuelData): RescueAttempt | null {
  return duel.rescue?.find((a) => a.test.success) ?? null;
}

/** Whether the card offers to save the victim: dying after the blow, not saved yet, not dead from a failed care. */
export function canRescue(duel: DuelData): boolean {
  if (duel.closed) return false;
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
