/**
 * Trinités adapters: the exact odds the roll dialog shows (one die and two dice, every score −20…+20 and every
 * difficulty of the table) and the derived values the sheet shows for 1,000 Trinités.
 */
import type { Bench } from "tinybench";
import { deriveActor, type TrinitesActorSource } from "../src/foundry/trinites/derived";
import { testOdds, type RollerView } from "../src/foundry/trinites/dialog";
import { trinites as T } from "../src/rules/index";

function trinite(i: number): TrinitesActorSource {
  const signes = Object.fromEntries(T.SIGN_IDS.map((s, k) => [s, (i + k) % 4]));
  const competences = Object.fromEntries(T.SKILL_IDS.map((s, k) => [s, { base: (i * 7 + k) % 8, specialite: "" }]));
  return {
    signes,
    competences,
    vie: { value: 24 - (i % 25), max: 24, nonLetal: false },
    deva: { value: i % 7, max: i % 7 },
    archonte: { value: (i * 3) % 7, max: (i * 3) % 7 },
    adam: { value: 0, max: 0 },
    dettes: { deva: 0, archonte: i % 3 },
    credits: { deva: 0, archonte: 0 },
    xp: { total: i % 50, depense: 0 },
  };
}

export function register(bench: Bench): void {
  const sources = Array.from({ length: 1000 }, (_, i) => trinite(i));
  const derived = deriveActor(trinite(1), "trinite");
  bench.add("trinites-foundry: dialog odds, scores −20…+20 × 6 difficulties × 1 and 2 dice", () => {
    for (const trinite of [false, true]) {
      const roller: RollerView = { name: "x", uuid: null, img: null, trinite, adamKarma: "aucun", derived };
      for (let score = -20; score <= 20; score++) {
        roller.derived.skills.melee!.score = score;
        for (const d of T.DIFFICULTIES)
          testOdds(roller, { skill: "melee", difficulty: d.id, related: "optimale", freeActions: 1, modifier: 0 });
      }
    }
  });
  bench.add("trinites-foundry: one dialog odds call (two dice)", () => {
    T.successChance({ score: 7, difficulty: -3, dice: 2 });
  });
  bench.add("trinites-foundry: derived values of 1,000 Trinités", () => {
    for (const s of sources) deriveActor(s, "trinite");
  });
}
