import type { Bench } from "tinybench";
import { ahillmach } from "../src/rules/index.ts";
import { derivePersonnage, type ItemLike, type PersonnageSource } from "../src/foundry/ahillmach/derive";

/** 1,000 repeatable personnages (class, level, XP, characteristics, states, gear), as a large world holds. */
function personnages(count: number): { source: PersonnageSource; items: ItemLike[] }[] {
  let seed = 11;
  const next = () => (seed = (seed * 48271) % 2147483647);
  return Array.from({ length: count }, () => {
    const values = [...(ahillmach.CREATION_ARRAYS[next() % 2] ?? [])].sort(() => (next() % 3) - 1);
    const [f = 0, d = 0, c = 0, i = 0, m = 0, a = 0] = values;
    const states = { for: false, dex: false, con: false, int: false, mys: false, aur: false };
    if (next() % 4 === 0) states.dex = true;
    return {
      source: {
        classId: ahillmach.CLASS_IDS[next() % ahillmach.CLASS_IDS.length] ?? "guerrier",
        level: (next() % 10) + 1,
        xp: next() % 200,
        creation: "libre",
        characteristics: { for: f, dex: d, con: c, int: i, mys: m, aur: a },
        hp: { value: next() % 12 },
        states,
        lastTicked: states.dex ? "dex" : "",
        penchant1: "Curieux",
        penchant2: "",
        scene: { active: false, mystique: 0, uses: 0, boosted: [], penchantIndex: null, penchant: 0 },
      },
      items: [
        {
          id: "w",
          name: "Épée",
          type: "am-equipement",
          system: { kind: "arme", damageDie: "8", bonus: 1, equipped: true },
        },
        { id: "m", name: "Soldat", type: "am-metier", system: { mastery: (next() % 3) + 1 } },
      ],
    };
  });
}

export function register(bench: Bench): void {
  bench.add("ahillmach foundry: dialog odds for every advantage (−2…+2) and bonus (−4…+6), cold cache", () => {
    ahillmach.clearOddsCache();
    for (const advantage of ahillmach.ADVANTAGE_LEVELS) {
      for (let bonus = -4; bonus <= 6; bonus++) void ahillmach.bandOdds({ advantage, bonus });
    }
  });
  const world = personnages(1000);
  bench.add("ahillmach foundry: data-model derivation of 1,000 personnages", () => {
    for (const p of world) void derivePersonnage(p.source, p.items);
  });
}
