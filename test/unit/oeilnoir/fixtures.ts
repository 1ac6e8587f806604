/** Alrik, the héros the Œil Noir adapter tests share. */
import { DoubleActor } from "../../double/index.ts";

export function alrik(extra: { system?: Record<string, unknown>; items?: Record<string, unknown>[] } = {}) {
  return new DoubleActor({
    _id: "alrik",
    name: "Alrik",
    type: "heros",
    // Alrik is player1's character: the sheet tests edit him on that player's client.
    ownership: { default: 0, player1: 3 },
    system: {
      qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
      ev: { value: 30, max: 30 },
      skills: { epees: { points: 10, toAttack: 6 } },
      ...extra.system,
    },
    items: extra.items ?? [
      {
        _id: "epee",
        name: "Épée",
        type: "on-arme-melee",
        system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 } },
      },
      { _id: "maille", name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } },
    ],
  });
}
