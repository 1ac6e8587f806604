import type { Bench } from "tinybench";
import { trinites } from "../src/rules";

const { DIFFICULTIES, SIGN_IDS, SKILL_IDS } = trinites;

/** 1,000 deterministic Trinités (no randomness: a simple congruential sequence). */
function characters(): {
  bases: Record<string, number>;
  signs: Record<string, number>;
  deva: number;
  archonte: number;
  damage: number;
}[] {
  let seed = 12345;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: 1000 }, () => ({
    bases: Object.fromEntries(SKILL_IDS.map((id) => [id, next(8)])),
    signs: Object.fromEntries(SIGN_IDS.map((id) => [id, next(4)])),
    deva: next(13),
    archonte: next(13),
    damage: next(25),
  }));
}

export function register(bench: Bench): void {
  bench.add("trinites: successChance, one call (1 die)", () => void trinites.successChance({ score: 5, dice: 1 }));
  bench.add("trinites: successChance, one call (2 dice)", () => void trinites.successChance({ score: 5, dice: 2 }));
  bench.add("trinites: successChance, scores −20…20 × 6 difficulties × 1 and 2 dice", () => {
    for (let score = -20; score <= 20; score++) {
      for (const d of DIFFICULTIES) {
        trinites.successChance({ score, difficulty: d.value, dice: 1 });
        trinites.successChance({ score, difficulty: d.value, dice: 2 });
      }
    }
  });
  const pcs = characters();
  bench.add("trinites: derived values of 1,000 Trinités", () => {
    for (const pc of pcs) {
      trinites.skillScores(pc.bases, pc.signs);
      const scores = { deva: pc.deva, archonte: pc.archonte };
      trinites.adamKarma(pc.deva, pc.archonte);
      trinites.karmaMaxima(scores);
      trinites.maxHitPoints(trinites.BOXES_PER_LINE.trinite);
      trinites.lifeState(pc.damage, trinites.BOXES_PER_LINE.trinite);
    }
  });
}
