/** The d12 chain of one Trinités die: a 12 explodes, the chain ends on the first face below 12. */

export const DIE_SIDES = 12;

/** Checks a chain of d12 faces (`[12, 12, 3]`) and returns its natural result (27). */
export function naturalOf(dice: readonly number[]): number {
  if (!Array.isArray(dice) || dice.length === 0) throw new RangeError("a test needs at least one die face");
  let total = 0;
  dice.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > DIE_SIDES) {
      throw new RangeError(`a d12 face must be an integer from 1 to 12, got ${face}`);
    }
    const last = i === dice.length - 1;
    if (!last && face !== DIE_SIDES) throw new RangeError(`only a 12 explodes: face ${face} cannot be followed`);
    if (last && face === DIE_SIDES) throw new RangeError("the chain ends on a 12: that die must be rolled again");
    total += face;
  });
  return total;
}

/** A natural 1 can only come from a first face of 1, since any exploded chain is worth 13 or more. */
export function isFumble(dice: readonly number[]): boolean {
  return dice[0] === 1;
}
