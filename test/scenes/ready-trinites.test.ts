/**
 * Trinités from the ready actors (issue 37): Maël and Inès against a dockside thug and a mercenary, one round. Each
 * player rolls their Trinité's initiative in the tracker and keeps a die, the GM rolls the humains'; on their turns
 * the Trinités attack the thug from their sheets and keep the Deva, and the GM applies each hit to the thug's token;
 * on theirs the humains strike back: the thug's blow is taken by Maël's player on his own token, the mercenary's
 * shot misses on a natural 1.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { targetsOf } from "../double/shared-core.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  buttonsByUser,
  clickCard,
  clickSheet,
  GM,
  lastMessage,
  rollInitiativeAs,
  tracker,
  turnOrder,
} from "./table.ts";
import { playRound, readyTable, type ReadyTable } from "./ready-table.ts";

const vie = (actor: unknown) => (actor as { system: { vie: { value: number } } }).system.vie.value;

let t: ReadyTable;
const FOE_OF: Record<string, string> = {
  "Maël Kerbrat": "Voyou des quais",
  "Inès Halloran": "Voyou des quais",
  "Voyou des quais": "Maël Kerbrat",
  "Mercenaire de l'Ordre": "Inès Halloran",
};
/** Each fighter's first weapon, and the dice its test shows (a Trinité's Deva then Archonte; a humain's one die). */
const ATTACK: Record<string, { roll: string; dice: number[] }> = {
  "Maël Kerbrat": { roll: "weapon:trP1Item00000001", dice: [8, 3] },
  "Inès Halloran": { roll: "weapon:trP2Item00000001", dice: [9, 1] },
  "Voyou des quais": { roll: "weapon:trH1Item00000001", dice: [10] },
  "Mercenaire de l'Ordre": { roll: "weapon:trH2Item00000001", dice: [1] },
};

beforeAll(async () => {
  t = await readyTable("trinites", ["Maël Kerbrat", "Inès Halloran"], ["Voyou des quais", "Mercenaire de l'Ordre"]);
});

describe.sequential("Trinités: a first round with the ready actors", { timeout: 120_000 }, () => {
  it("each player rolls and keeps their Trinité's initiative, the GM rolls the humains'", async () => {
    const id = (name: string) => t.combat.combatants.contents.find((c) => c.name === name)!.id;
    for (const [user, name, dice] of [
      ["player1", "Maël Kerbrat", [9, 2]],
      ["player2", "Inès Halloran", [3, 7]],
    ] as const) {
      chooseDice(...dice);
      await rollInitiativeAs(user, t.combat, id(name));
      await clickCard(user, lastMessage(), "trinites.pick", { spirit: "deva" });
    }
    chooseDice(5, 4);
    await tracker(t.combat, "rollNPC");
    expect(t.combat.combatants.contents.every((c) => typeof c.initiative === "number")).toBe(true);
    await tracker(t.combat, "startCombat");
    expect(facesLeft()).toBe(0);
  });

  it("one round: the Trinités' hits come off the thug's token, the thug's blow off Maël; the mercenary misses", async () => {
    const acted = await playRound(t, async (name) => {
      const user = t.players[name]!;
      const target = FOE_OF[name]!;
      targetsOf(user).clear();
      targetsOf(user).add(t.tokens[target]!);
      chooseDice(...ATTACK[name]!.dice);
      await clickSheet(t.sheets[name]!, "roll", { roll: ATTACK[name]!.roll });
      targetsOf(user).clear();
      const test = lastMessage();
      expect(test.author?.id, name).toBe(user);
      if (user !== GM) await clickCard(user, test, "trinites.pick", { spirit: "deva" });
      const shown = JSON.stringify(await buttonsByUser(test));
      if (name === "Mercenaire de l'Ordre") {
        // A natural 1 fails whatever the score (final 9 here): no damage to apply.
        expect(cardOf(test), shown).toMatchObject({
          outcome: { tone: "fumble" },
          data: { result: { success: false } },
        });
        expect(JSON.parse(shown)).toEqual({ gm: [], player1: [], player2: [] });
      } else {
        expect(cardOf(test), shown).toMatchObject({ outcome: { tone: "success" } });
        // Whoever answers for the target applies the hit to it: the GM for the thug, Maël's player for Maël.
        const applier = t.players[target]!;
        targetsOf(applier).clear();
        targetsOf(applier).add(t.tokens[target]!);
        await clickCard(applier, test, "trinites.damage", { key: t.tokens[target]!.actor!.uuid });
        targetsOf(applier).clear();
      }
      expect(facesLeft(), name).toBe(0);
    });
    expect([...acted].sort()).toEqual(["Inès Halloran", "Maël Kerbrat", "Mercenaire de l'Ordre", "Voyou des quais"]);
    expect(turnOrder(t.combat).round).toBe(2);
    // The lame-sœur's 4 and the pistol's 3 on the unarmoured thug (12 HP); the cudgel's 2 less Maël's coat (1). The
    // thug of the sidebar is untouched.
    expect(Object.fromEntries(Object.entries(t.tokens).map(([name, token]) => [name, vie(token.actor)]))).toEqual({
      "Maël Kerbrat": 23,
      "Inès Halloran": 24,
      "Voyou des quais": 5,
      "Mercenaire de l'Ordre": 12,
    });
    expect(vie(t.actors["Voyou des quais"])).toBe(12);
  });
});
