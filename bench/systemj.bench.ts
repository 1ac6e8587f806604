import type { Bench } from "tinybench";
import { combatScores, DIFFICULTIES, meleeForceExchangeOdds, testOdds } from "../src/rules/systemj";

// Deterministic attribute sets (a small LCG) so every run measures the same work.
function personnages(count: number): { FOR: number; RES: number; AGI: number; RAP: number; CHA: number }[] {
  let seed = 12345;
  const next = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % 101;
  };
  return Array.from({ length: count }, () => ({ FOR: next(), RES: next(), AGI: next(), RAP: next(), CHA: next() }));
}

const thousand = personnages(1000);
const modifiers = [0, ...DIFFICULTIES.map((d) => d.modifier)];

export function register(bench: Bench): void {
  bench.add("systemj: testOdds, score 74", () => void testOdds({ score: 74, modifier: 0 }));
  bench.add("systemj: testOdds, every score 0…100 × every table modifier (909)", () => {
    for (let score = 0; score <= 100; score++) for (const modifier of modifiers) testOdds({ score, modifier });
  });
  bench.add("systemj: combat scores of 1,000 personnages", () => {
    for (const p of thousand) combatScores(p, { att: 5, def: 3, shieldDef: 4 });
  });
  bench.add("systemj: melee exchange odds (attack, parry, counter)", () => {
    meleeForceExchangeOdds({ attack: { score: 48 }, defence: { score: 47 }, counter: { score: 52 } });
  });
}
