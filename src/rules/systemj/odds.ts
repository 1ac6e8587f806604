// Exact odds of a test: the D100 has 100 equally likely faces, mapped through resolveTest.
import { die, map, odds, probability, type Distribution } from "../shared/distribution";
import type { Modifier } from "./difficulty";
import { isSuccess, OUTCOMES, resolveTest, type Outcome } from "./test";

/** One D100 read 00…99. */
export const D100: Distribution = map(die(100), (face) => face - 1);

export function testDistribution({
  score,
  modifier = 0,
}: {
  score: number;
  modifier?: Modifier;
}): Distribution<Outcome> {
  resolveTest({ roll: 0, score, modifier }); // validates once, before the 100 faces
  return map(D100, (roll) => resolveTest({ roll, score, modifier }).outcome);
}

/** Probability of each of the six outcomes, in OUTCOMES order; they sum to 1. */
export function testOdds({ score, modifier = 0 }: { score: number; modifier?: Modifier }): Record<Outcome, number> {
  return odds(testDistribution({ score, modifier }), OUTCOMES);
}

/** Probability that the test succeeds, whatever the degree. */
export function successChance({ score, modifier = 0 }: { score: number; modifier?: Modifier }): number {
  return probability(testDistribution({ score, modifier }), isSuccess);
}
