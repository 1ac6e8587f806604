import type { Bench } from "tinybench";
import { deriveHeros, type HerosSource, type PlainItem } from "../src/foundry/oeilnoir/derive";
import { herosView } from "../src/foundry/oeilnoir/view";
import { attackOdds } from "../src/foundry/oeilnoir/dialog-config";

// 1,000 deterministic héros with a sword, a mail shirt and two abilities: what prepareDerivedData and the sheet do.
const heroes = (() => {
  let seed = 7;
  const next = (min: number, max: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return min + (seed % (max - min + 1));
  };
  const skill = () => ({ points: 0, toAttack: 0 });
  return Array.from({ length: 1000 }, (): { source: HerosSource; items: PlainItem[] } => {
    const points = next(0, 14);
    return {
      source: {
        qualities: {
          CO: next(8, 16),
          IN: next(8, 16),
          AG: next(8, 16),
          FO: next(8, 16),
          DE: next(8, 16),
          CN: next(8, 16),
        },
        ev: { value: next(1, 35), max: 35 },
        endurance: { value: 30, max: 30 },
        ae: { value: 0, max: 0 },
        wounds: next(0, 2),
        vitesse: 8,
        volonte: 10,
        artDeLaGuerre: 0,
        skills: {
          dagues: skill(),
          epees: { points, toAttack: Math.floor(points / 2) },
          sabres: skill(),
          hachesEtMasses: skill(),
          batons: skill(),
          fouets: skill(),
          armesDeJoute: skill(),
        },
        ranged: { arcs: { points: 3 }, arbaletes: { points: 0 }, armesDeJet: { points: 0 } },
      },
      items: [
        {
          id: "w",
          name: "Épée",
          type: "on-arme-melee",
          system: {
            skill: "epees",
            pi: { dice: 1, bonus: 3 },
            piFo: { threshold: 11, step: 4 },
            ini: 0,
            at: 0,
            prd: 0,
            breakage: 1,
            equipped: true,
            broken: false,
          },
        },
        {
          id: "a",
          name: "Mailles",
          type: "on-armure",
          system: { pr: 4, enc: next(0, 6), equipped: true, habitual: true },
        },
        { id: "r", name: "Réflexe", type: "on-capacite", system: { key: "reflexeDeCombat", level: 1 } },
        { id: "h", name: "Habitude", type: "on-capacite", system: { key: "habitudeDeLaProtection", level: 2 } },
      ],
    };
  });
})();

export function register(bench: Bench): void {
  bench.add("oeilnoir foundry: derived values and sheet view of 1,000 héros", () => {
    for (const h of heroes) herosView(h.source, deriveHeros(h.source, h.items), h.items);
  });
  bench.add("oeilnoir foundry: attack dialog odds (hitChance + exchange) for 1,000 AT/PRD pairs", () => {
    for (let i = 0; i < 1000; i++)
      attackOdds(
        { at: 4 + (i % 16), prd: 3 + ((i * 7) % 15), targetName: "x", situational: false, ranged: false },
        { modifier: i % 5 },
      );
  });
}
