/** Input checks and the game's rounding, shared by every file of the rule set. */

/** The game's rounding: to the nearest integer, halves upwards (51/5 = 10.2 → 10, 6.5 → 7). */
export function roundHalfUp(x: number): number {
  return Math.floor(x + 0.5);
}

export function assertInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

export function assertRange(name: string, value: number, min: number, max: number): void {
  assertInteger(name, value);
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
}

/** Qualities (CO, IN, AG, FO, DE, CN …): a human hero sits around 8–18; we accept 1…30. */
export function assertQuality(name: string, value: number): void {
  assertRange(name, value, 1, 30);
}

export function assertFace(name: string, value: number, sides: number): void {
  assertInteger(name, value);
  if (value < 1 || value > sides) throw new RangeError(`${name} must be a d${sides} face (1…${sides}), got ${value}`);
}

export function assertNonNegative(name: string, value: number): void {
  assertInteger(name, value);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${value}`);
}
