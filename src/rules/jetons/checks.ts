// Input guards shared by the jetons rules core: impossible values throw a RangeError naming the input.

/** Throws unless `value` is an integer ≥ 0 (tokens, bids, bases, counts). */
export function assertTokens(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a whole number of tokens ≥ 0, got ${String(value)}`);
  }
}

/** Throws unless `value` is an integer ≥ 1 (world settings P and J). */
export function assertPositive(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number ≥ 1, got ${String(value)}`);
  }
}
