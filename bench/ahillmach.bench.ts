import type { Bench } from "tinybench";
import { ahillmach } from "../src/rules";

const ADVANTAGES = [-2, -1, 0, 1, 2];
const BONUSES = Array.from({ length: 14 }, (_, i) => i - 8); // −8 … +5; above +5 the cap makes them equal

/** A fixed pseudo-random sequence so every run benches the same 1,000 personnages. */
function personnages(count: number): ahillmach.Personnage[] {
  let seed = 12345;
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  return Array.from({ length: count }, () => {
    const array = ahillmach.CREATION_ARRAYS[next(2)]!;
    const values = [...array].sort(() => next(3) - 1);
    const level = 1 + next(10);
    return {
      classId: ahillmach.CLASS_IDS[next(ahillmach.CLASS_IDS.length)]!,
      characteristics: {
        for: values[0]!,
        dex: values[1]!,
        con: values[2]!,
        int: values[3]!,
        mys: values[4]!,
        aur: values[5]!,
      },
      level,
      xp: ahillmach.xpToReachLevel(level) + next(10),
      ticked: ahillmach.CHARACTERISTIC_IDS.filter(() => next(4) === 0),
      penchants: [{ name: "Curieux" }],
      metiers: [{ name: "Forgeron", mastery: 1 }],
    };
  });
}

export function register(bench: Bench): void {
  bench.add("ahillmach: bandOdds, every advantage × bonus −8…+5 (70 tables, cold)", () => {
    ahillmach.clearOddsCache();
    for (const advantage of ADVANTAGES) for (const bonus of BONUSES) void ahillmach.bandOdds({ advantage, bonus });
  });
  bench.add("ahillmach: bandOdds, every advantage × bonus −8…+5 (70 tables, warm)", () => {
    for (const advantage of ADVANTAGES) for (const bonus of BONUSES) void ahillmach.bandOdds({ advantage, bonus });
  });
  const sheet = personnages(1000);
  bench.add("ahillmach: derived values of 1,000 personnages", () => {
    for (const p of sheet) void ahillmach.derivedValues(p);
  });
  bench.add("ahillmach: resolveMove, 1,000 rolls at Fort Avantage", () => {
    for (let i = 0; i < 1000; i++) {
      void ahillmach.resolveMove({
        dice: [1 + (i % 10), 1 + ((i * 3) % 10), 1 + ((i * 7) % 10), 10],
        advantage: 2,
        bonus: 3,
      });
    }
  });
}
