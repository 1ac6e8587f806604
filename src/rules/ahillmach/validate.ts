/** Input guards shared by the Ahill-Mach rules core: impossible values throw a RangeError naming the culprit. */

export function assertInteger(value: number, name: string): void {
  if (!Number.isInteger(value)) throw new RangeError(`${name} must be an integer, got ${value}`);
}

export function assertIntegerIn(value: number, min: number, max: number, name: string): void {
  assertInteger(value, name);
  if (value < min || value > max) throw new RangeError(`${name} must be between ${min} and ${max}, got ${value}`);
}

/** A face of a ten-sided die. */
export function assertD10(face: number): void {
  assertIntegerIn(face, 1, 10, "d10 face");
}
