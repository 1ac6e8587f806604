import type { Bench } from "tinybench";
import { oeilnoir } from "../src/rules";

// 1,000 deterministic héros (a small LCG, so every run measures the same work).
const heroes = (() => {
  let seed = 42;
  const next = (min: number, max: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return min + (seed % (max - min + 1));
  };
  return Array.from({ length: 1000 }, () => ({
    CO: next(8, 16),
    IN: next(8, 16),
    AG: next(8, 16),
    FO: next(8, 16),
    DE: next(8, 16),
    CN: next(8, 16),
    points: next(0, 14),
    enc: next(0, 6),
    d6: next(1, 6),
    wounds: next(0, 2),
  }));
})();

export function register(bench: Bench): void {
  bench.add("oeilnoir: hitChance for every AT and PRD 0…25 (676 pairs)", () => {
    for (let at = 0; at <= 25; at++) for (let prd = 0; prd <= 25; prd++) oeilnoir.hitChance({ at, prd });
  });
  bench.add(
    "oeilnoir: exchangeOdds (400 faces) for AT 12 vs PRD 10",
    () => void oeilnoir.exchangeOdds({ at: 12, prd: 10 }),
  );
  bench.add("oeilnoir: derived values of 1,000 héros (base, AT/PRD, initiative, thresholds, status)", () => {
    for (const h of heroes) {
      const base = oeilnoir.baseValues(h);
      const splits = oeilnoir.legalSplits(h.points);
      const toAttack = splits[Math.floor(splits.length / 2)] ?? 0;
      oeilnoir.combatValues({
        atBase: base.at,
        prdBase: base.prd,
        points: h.points,
        toAttack,
        enc: h.enc,
        allowance: 2,
        wounds: h.wounds,
      });
      oeilnoir.initiative({ iniBase: base.ini, enc: h.enc, wounds: h.wounds, dice: [h.d6] });
      oeilnoir.woundThresholds({ cn: h.CN });
      oeilnoir.lifeStatus({ ev: h.CN, cn: h.CN, tenace: false });
    }
  });
}
