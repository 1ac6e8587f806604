import type { Bench } from "tinybench";
import { explodingDie, keepHighest, sumDice } from "../src/rules/shared/distribution";

export function register(bench: Bench): void {
  bench.add("distribution: 1d12 exploding to 1e-12", () => void explodingDie(12));
  bench.add("distribution: 4d10 keep highest 2", () => void keepHighest(4, 10, 2));
  bench.add("distribution: 3d20 sum", () => void sumDice(3, 20));
}
