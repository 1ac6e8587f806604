/**
 * SYSTEMJ adapters: the exact odds the roll dialog shows for every score and table entry, and the derived values the
 * sheet shows (combat scores, weapon attacks, hand of cards) for 1,000 personnages.
 */
import type { Bench } from "tinybench";
import { oddsLines, dialogModifier, difficultyOptions } from "../src/foundry/systemj/tests";
import { systemjActorContext, type ActorData, type CardItem } from "../src/foundry/systemj/sheet-context";

function personnage(i: number): { data: ActorData; items: CardItem[] } {
  const v = (k: number) => (i * 37 + k * 11) % 101;
  return {
    data: {
      attributes: { FOR: v(1), RES: v(2), AGI: v(3), RAP: v(4), INT: v(5), PER: v(6), CHA: v(7) },
      skills: { detection: v(8), dissimulation: v(9) },
      specials: [{ name: "Équitation", score: v(10) }],
      hitPoints: { value: 10, max: 10 },
      armourPoints: { value: 2, max: 2 },
      role: "PJ",
    },
    items: [
      {
        id: "a",
        name: "Épée",
        type: "sj-arme",
        img: "",
        system: { equipped: true, att: 0, def: 5, damage: "1d8", family: "corpsACorps" },
      },
      {
        id: "b",
        name: "Arc",
        type: "sj-arme",
        img: "",
        system: { equipped: false, att: 5, def: 0, damage: "1d6", family: "trait", range: 60 },
      },
      { id: "c", name: "Cuir", type: "sj-armure", img: "", system: { equipped: true, armourPoints: 2 } },
      { id: "d", name: "Crochetage", type: "sj-competence", img: "", system: { score: 40 } },
    ],
  };
}

const people = Array.from({ length: 1000 }, (_, i) => personnage(i));
const tableIds = difficultyOptions().map((o) => o.value);

export function register(bench: Bench): void {
  bench.add("systemj foundry: dialog odds, every score 0–100 × every table entry", () => {
    for (let score = 0; score <= 100; score++)
      for (const difficulty of tableIds) oddsLines(score, dialogModifier({ difficulty, free: 0 }));
  });
  bench.add("systemj foundry: sheet derived values of 1,000 personnages", () => {
    for (const p of people) systemjActorContext(p.data, "personnage", p.items, ["Équitation"], 2);
  });
}
