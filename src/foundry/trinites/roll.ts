/**
 * `TrinitesRoll`: one exploding d12 for an ordinary human, or the Trinité's two exploding d12, the light Deva die
 * and the dark Archonte die, each with its own Dice So Nice look. The roll only rolls; the card keeps the pick.
 */
import { setDieAppearance } from "../dice/index.ts";

export interface DieResultLike {
  result: number;
  active?: boolean;
  discarded?: boolean;
}

/** The chain of faces of one exploding die, as the rules core reads it (`[12, 12, 3]`). */
export function chainOf(results: readonly DieResultLike[]): number[] {
  return results.filter((r) => r.active !== false && !r.discarded).map((r) => r.result);
}

export interface TrinitesChains {
  deva: number[];
  /** Empty for an ordinary human (one die: `deva` holds its chain). */
  archonte: number[];
}

export const TWO_DICE_FORMULA = "1d12x[deva] + 1d12x[archonte]";
export const ONE_DIE_FORMULA = "1d12x";

export class TrinitesRoll extends foundry.dice.Roll {
  /** Builds the roll for a Trinité (two dice) or a human (one die), with the dice looks set. */
  static forActor(trinite: boolean): TrinitesRoll {
    return new TrinitesRoll(trinite ? TWO_DICE_FORMULA : ONE_DIE_FORMULA);
  }

  constructor(formula: string, data?: Record<string, never>, options?: foundry.dice.Roll.Options) {
    super(formula, data, options);
    const [first, second] = this.dice;
    // Looks live in the terms' options, so a roll rebuilt from a message keeps them.
    if (first && second) {
      setDieAppearance(first, "light");
      setDieAppearance(second, "dark");
    } else if (first) setDieAppearance(first, "neutral");
  }

  /** The two chains (or the single one) once evaluated. */
  get chains(): TrinitesChains {
    const [first, second] = this.dice;
    return { deva: first ? chainOf(first.results) : [], archonte: second ? chainOf(second.results) : [] };
  }
}
