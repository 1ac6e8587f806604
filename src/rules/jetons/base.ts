// The two bases of a question: what helps the player, what stands against them.
import { assertTokens } from "./checks";
import { ADVANTAGE_POINT, OPPOSITION_POINT } from "./tables";

export interface TraitUse {
  points: number;
  /** The player says this trait helps. */
  ticked: boolean;
  /** The GM refused it (at most one trait per question). */
  struck?: boolean;
}

export interface PlayerBaseInput {
  traits: readonly TraitUse[];
  /** The player spends the temporary advantage on this question (and the GM accepts it). */
  advantageUsed?: boolean;
}

/** Points of the ticked traits the GM did not strike, plus 1 for the temporary advantage. */
export function playerBase(input: PlayerBaseInput): number {
  let base = 0;
  let struck = 0;
  input.traits.forEach((t, i) => {
    if (t.points !== 1 && t.points !== 2) throw new RangeError(`trait ${i} is worth 1 or 2 points, got ${t.points}`);
    if (t.struck === true) {
      if (!t.ticked) throw new RangeError(`trait ${i} is struck but the player did not tick it`);
      struck += 1;
    } else if (t.ticked) base += t.points;
  });
  if (struck > 1) throw new RangeError(`the GM may strike one trait per question, not ${struck}`);
  return base + (input.advantageUsed === true ? ADVANTAGE_POINT : 0);
}

export interface OppositionBaseInput {
  /** Conditions (temporary or permanent) in play for this action. */
  conditions: number;
  /** Negative traits that apply: the character's weakness and any other the GM finds relevant. */
  negativeTraits: number;
}

/** One point per applicable condition and per applicable negative trait. */
export function oppositionBase(input: OppositionBaseInput): number {
  assertTokens(input.conditions, "conditions");
  assertTokens(input.negativeTraits, "negativeTraits");
  return (input.conditions + input.negativeTraits) * OPPOSITION_POINT;
}
