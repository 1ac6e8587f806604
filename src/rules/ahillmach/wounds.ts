/**
 * Damage, and what hit points mean for a character: above 6 only breath and bruises; each of the points 6 … 1 lost
 * ticks a state and calls for a fainting test; 0 HP, or a wound with no state left to tick, is death.
 */
import { type Distribution, die, map } from "../shared/distribution";
import { CHARACTERISTIC_IDS, type CharacteristicId, isCharacteristicId } from "./characteristics";
import { resolveMove, type MoveResult } from "./resolution";
import { assertInteger, assertIntegerIn } from "./validate";

/** Hit points above this are breath and bruises; from it down each lost point is a wound. */
export const WOUND_THRESHOLD = 6;

/** Damage actually taken: the damage roll less protection, never below 0. */
export function damageTaken({ damage, protection = 0 }: { damage: number; protection?: number }): number {
  assertInteger(damage, "damage");
  assertIntegerIn(protection, 0, Number.MAX_SAFE_INTEGER, "protection");
  return Math.max(0, damage - protection);
}

/** Exact distribution of the damage taken from one die plus a modifier, against protection. */
export function damageOdds({
  sides,
  modifier = 0,
  protection = 0,
}: {
  sides: number;
  modifier?: number;
  protection?: number;
}): Distribution {
  assertIntegerIn(sides, 1, 100, "damage die");
  assertInteger(modifier, "damage modifier");
  return map(die(sides), (face) => damageTaken({ damage: face + modifier, protection }));
}

export interface HpLoss {
  /** Hit points after the loss (never below 0). */
  readonly hp: number;
  /** Points lost above 6: recovered by a good rest. */
  readonly bruises: number;
  /** Points lost from 6 down: one state to tick for each. */
  readonly wounds: number;
  /** States the player must tick now (a wound beyond the untouched characteristics is death instead). */
  readonly statesToTick: number;
  readonly dead: boolean;
  /** Whether a fainting test follows (the character was wounded and lives). */
  readonly faintingTest: boolean;
}

/** Applies a loss of hit points to a character who already has the `ticked` states. */
export function loseHp({
  hp,
  loss,
  ticked = [],
}: {
  hp: number;
  loss: number;
  ticked?: readonly CharacteristicId[];
}): HpLoss {
  assertIntegerIn(hp, 0, Number.MAX_SAFE_INTEGER, "hp");
  assertIntegerIn(loss, 0, Number.MAX_SAFE_INTEGER, "loss");
  assertTicked(ticked);
  const after = Math.max(0, hp - loss);
  // The point numbered k (1-based) is lost when hp goes from ≥ k to < k.
  const bruises = Math.max(0, hp - Math.max(after, WOUND_THRESHOLD));
  const wounds = Math.max(0, Math.min(hp, WOUND_THRESHOLD) - after);
  const available = CHARACTERISTIC_IDS.length - ticked.length;
  const dead = hp > 0 && (after === 0 || wounds > available);
  return {
    hp: after,
    bruises,
    wounds,
    statesToTick: dead ? Math.min(wounds, available) : wounds,
    dead: dead || hp === 0,
    faintingTest: !dead && hp > 0 && wounds > 0,
  };
}

function assertTicked(ticked: readonly CharacteristicId[]): void {
  const seen = new Set<string>();
  for (const id of ticked) {
    if (!isCharacteristicId(id)) throw new RangeError(`unknown characteristic ${String(id)}`);
    if (seen.has(id)) throw new RangeError(`state on ${id} ticked twice`);
    seen.add(id);
  }
}

/** Ticks the states the player chose, in order; the last one is the characteristic of the fainting test. */
export function tickStates(
  ticked: readonly CharacteristicId[],
  chosen: readonly CharacteristicId[],
  count: number,
): { ticked: CharacteristicId[]; lastTicked: CharacteristicId | null } {
  assertTicked(ticked);
  assertIntegerIn(count, 0, CHARACTERISTIC_IDS.length, "states to tick");
  if (chosen.length !== count) throw new RangeError(`tick exactly ${count} state(s), got ${chosen.length}`);
  const next = [...ticked, ...chosen];
  assertTicked(next);
  return { ticked: next, lastTicked: chosen.length > 0 ? chosen[chosen.length - 1]! : null };
}

/** Characteristics that may still take a state. */
export function untickedCharacteristics(ticked: readonly CharacteristicId[]): CharacteristicId[] {
  assertTicked(ticked);
  return CHARACTERISTIC_IDS.filter((id) => !ticked.includes(id));
}

export interface FaintingRoll {
  readonly dice: readonly number[];
  readonly advantage?: number;
  /** The last ticked characteristic, its state already applied. */
  readonly characteristic: number;
}

/** The fainting test: a roll on the last ticked characteristic; a failure (critical or not) knocks out. */
export function faintingTest({ dice, advantage = 0, characteristic }: FaintingRoll): MoveResult & { fainted: boolean } {
  const r = resolveMove({ dice, advantage, bonus: characteristic });
  return { ...r, fainted: r.value < 0 };
}

export interface RecoveryRoll {
  readonly dice: readonly number[];
  readonly advantage?: number;
  /** Base value of the last ticked characteristic. */
  readonly characteristic: number;
  /** Number of states ticked when stabilised. */
  readonly states: number;
}

/** Once stabilised: a roll on the last ticked characteristic less the number of states; a failure leaves a sequel. */
export function recoveryTest({
  dice,
  advantage = 0,
  characteristic,
  states,
}: RecoveryRoll): MoveResult & { sequel: boolean } {
  assertIntegerIn(states, 0, CHARACTERISTIC_IDS.length, "states");
  const r = resolveMove({ dice, advantage, bonus: characteristic - states });
  return { ...r, sequel: r.value < 0 };
}

/** After a good rest (about 8 hours): a character not wounded (HP 6 or more) is back to full HP; wounds stay. */
export function afterRest({ hp, maxHp }: { hp: number; maxHp: number }): number {
  assertIntegerIn(maxHp, 1, Number.MAX_SAFE_INTEGER, "max hp");
  assertIntegerIn(hp, 0, maxHp, "hp");
  return hp >= WOUND_THRESHOLD ? maxHp : hp;
}

/**
 * Hit points when the maximum changes (class, Constitution, level; an opponent's tier, size or CON): a creature at
 * full health stays at full health, so a new character starts at its class's HP; a wounded one keeps its points,
 * capped by the new maximum.
 */
export function hpAfterMaxChange({ value, oldMax, newMax }: { value: number; oldMax: number; newMax: number }): number {
  assertIntegerIn(value, 0, Number.MAX_SAFE_INTEGER, "hp");
  assertIntegerIn(oldMax, 1, Number.MAX_SAFE_INTEGER, "old max hp");
  assertIntegerIn(newMax, 1, Number.MAX_SAFE_INTEGER, "new max hp");
  return value >= oldMax ? newMax : Math.min(value, newMax);
}
