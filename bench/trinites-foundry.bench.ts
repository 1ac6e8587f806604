/**
 * Trinités adapters: the exact odds the roll dialog shows (one die and two dice, every score −20…+20 and every
 * difficulty of the table), the derived values the sheet shows for 1,000 Trinités, and the tracker part's places
 * with the end-of-turn changes of a busy turn.
 */
import type { Bench } from "tinybench";
import { deriveActor, type TrinitesActorSource } from "../src/foundry/trinites/derived";
import { testOdds, type RollerView } from "../src/foundry/trinites/dialog";
import { buildTestCard, verifiedData } from "../src/foundry/trinites/card";
import type { CardState } from "../src/foundry/chat/types";
import { placesContext, turnEndDeltas } from "../src/foundry/trinites/seats";
import { trinites as T } from "../src/rules/index";

function trinite(i: number): TrinitesActorSource {
  const signes = Object.fromEntries(T.SIGN_IDS.map((s, k) => [s, (i + k) % 4]));
  const competences = Object.fromEntries(T.SKILL_IDS.map((s, k) => [s, { base: (i * 7 + k) % 8, specialites: [] }]));
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
  // A copy whose Mêlée score the loop below sets (derived skill views are shared and frozen).
  const shared = deriveActor(trinite(1), "trinite");
  const melee = { ...shared.skills.melee! };
  const derived = { ...shared, skills: { ...shared.skills, melee } };
  bench.add("trinites-foundry: dialog odds, scores −20…+20 × 6 difficulties × 1 and 2 dice", () => {
    for (const trinite of [false, true]) {
      const roller: RollerView = { name: "x", uuid: null, img: null, trinite, adamKarma: "aucun", derived };
      for (let score = -20; score <= 20; score++) {
        melee.score = score;
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
  // The tracker part: 40 dice in their places, and what 200 cards of the acting turn ask for at its end.
  const seats = Array.from({ length: 40 }, (_, i) => ({
    id: `c${i}`,
    name: `Combattant ${i}`,
    img: "",
    owner: false,
    initiative: (i % 12) + 1,
    phase: (["retrait", "garde", "feu"] as const)[i % 3]!,
    acting: i === 0,
    acted: false,
    actorUuid: `Actor.a${i}`,
  }));
  const cards = Array.from({ length: 200 }, (_, i) =>
    buildTestCard(
      {
        rollerId: "u",
        actorUuid: "Actor.a0",
        actorName: "A",
        img: null,
        trinite: false,
        adamKarma: "aucun",
        skill: "commandement",
        speciality: "",
        score: 6,
        difficulty: 0,
        freeActions: 1,
        previousFailures: 0,
        modifier: 0,
        breakdown: [],
        prime: null,
        penalties: [],
        weapon: null,
        targets: [{ uuid: `Actor.a${(i % 39) + 1}`, name: "B" }],
        opposes: null,
        initiative: null,
        action: i % 2 ? "encourager" : "intimider",
        selfShift: { always: 0, onSuccess: 3 },
        turn: { combatId: "f", round: 1, combatantId: "c0" },
      },
      { deva: [(i % 11) + 1], archonte: [] },
    ),
  );
  // A card is verified once per revision: a render that reads the same cards again finds them verified.
  bench.add("trinites-foundry: tracker places of 40 dice with end-of-turn changes of 200 cards", () => {
    placesContext(seats, true, 1, turnEndDeltas(seats, cards));
  });
  // The worst render: every card changed since the last one (each run gives them new contents, nothing cached).
  let revision = 0;
  const changed = (card: CardState): CardState => ({ ...card, data: { ...card.data, benchRevision: revision } });
  bench.add("trinites-foundry: the same, every card a new revision (200 verifications)", () => {
    revision++;
    placesContext(seats, true, 1, turnEndDeltas(seats, cards.map(changed)));
  });
  bench.add("trinites-foundry: one card's verification (a new revision, not cached)", () => {
    revision++;
    verifiedData(changed(cards[1]!));
  });
}
