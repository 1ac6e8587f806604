// Damage of an undefended hit: armour points absorb it first, the rest comes off hit points.
import { assertInteger } from "./validate";

export interface DamageInput {
  damage: number;
  armourPoints: number;
  hitPoints: number;
}

export interface DamageResult {
  armourPoints: number;
  hitPoints: number;
  armourLost: number;
  hitPointsLost: number;
  /** Damage beyond the remaining hit points (hit points stop at 0). */
  overflow: number;
}

export function applyDamage({ damage, armourPoints, hitPoints }: DamageInput): DamageResult {
  for (const [name, v] of [
    ["damage", damage],
    ["armourPoints", armourPoints],
    ["hitPoints", hitPoints],
  ] as const) {
    assertInteger(v, name);
    if (v < 0) throw new RangeError(`${name} must not be negative, got ${v}`);
  }
  const armourLost = Math.min(damage, armourPoints);
  const rest = damage - armourLost;
  const hitPointsLost = Math.min(rest, hitPoints);
  return {
    armourPoints: armourPoints - armourLost,
    hitPoints: hitPoints - hitPointsLost,
    armourLost,
    hitPointsLost,
    overflow: rest - hitPointsLost,
  };
}
