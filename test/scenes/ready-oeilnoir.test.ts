/**
 * L'Œil Noir from the ready actors (issue 37): Jandara and Dana against Alrik and an ork raider, one round. Each
 * player rolls their héroïne's initiative in the tracker, the GM the opponents'; on her turn each héroïne attacks an
 * opponent from her sheet, the GM's parry fails and the hit is applied to the opponent's token; on theirs the
 * opponents attack and the héroïnes dodge.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import { clickCard, clickSheet, GM, lastMessage, rollInitiativeAs, tracker, turnOrder } from "./table.ts";
import { playRound, readyTable, type ReadyTable } from "./ready-table.ts";

const duelOf = (m: DoubleChatMessage) => (cardOf(m).data as { duel: Record<string, unknown> }).duel;
const ev = (actor: unknown) => (actor as { system: { ev: { value: number } } }).system.ev.value;

let t: ReadyTable;
/** Who each combatant attacks, and their first weapon's roll. */
const FOE_OF: Record<string, string> = {
  Jandara: "Pillard ork",
  Dana: "Alrik, mercenaire",
  "Alrik, mercenaire": "Jandara",
  "Pillard ork": "Dana",
};

beforeAll(async () => {
  t = await readyTable("oeilnoir", ["Jandara", "Dana"], ["Alrik, mercenaire", "Pillard ork"]);
});

describe.sequential("L'Œil Noir: a first round with the ready actors", { timeout: 120_000 }, () => {
  it("each player rolls their héroïne's initiative, the GM the opponents'", async () => {
    const id = (name: string) => t.combat.combatants.contents.find((c) => c.name === name)!.id;
    chooseDice(4);
    await rollInitiativeAs("player1", t.combat, id("Jandara"));
    chooseDice(3);
    await rollInitiativeAs("player2", t.combat, id("Dana"));
    chooseDice(2, 5);
    await tracker(t.combat, "rollNPC");
    expect(t.combat.combatants.contents.every((c) => typeof c.initiative === "number")).toBe(true);
    await tracker(t.combat, "startCombat");
    expect(facesLeft()).toBe(0);
  });

  it("one round: the héroïnes hit, the GM applies the hits to the tokens; the opponents' attacks are dodged", async () => {
    const acted = await playRound(t, async (name) => {
      const user = t.players[name]!;
      const target = t.tokens[FOE_OF[name]!]!;
      targetsOf(user).clear();
      targetsOf(user).add(target);
      const sheet = t.sheets[name]!;
      chooseDice(3);
      if (user === GM) {
        await clickSheet(sheet, "roll", { roll: "attack" });
        const duel = lastMessage();
        expect(duelOf(duel), name).toMatchObject({ stage: "awaitParry", attack: { d20: 3, success: true } });
        // The héroïne's player dodges.
        chooseDice(2);
        await clickCard(t.players[FOE_OF[name]!]!, duel, "oeilnoir.dodge");
        expect(duelOf(duel), name).toMatchObject({ stage: "parried", parry: { dodge: true, success: true } });
      } else {
        const weapon = t.actors[name]!.items.contents[0]!;
        await clickSheet(sheet, "roll", { roll: `attack:${weapon.id}` });
        const duel = lastMessage();
        expect(duel.author?.id).toBe(user);
        expect(duelOf(duel), name).toMatchObject({ stage: "awaitParry", attack: { d20: 3, success: true } });
        chooseDice(19);
        await clickCard(GM, duel, "oeilnoir.parry");
        chooseDice(4);
        await clickCard(user, duel, "oeilnoir.damage");
        expect(duelOf(duel), name).toMatchObject({ stage: "damaged", damage: { pi: 7 } });
        await clickCard(GM, duel, "oeilnoir.applyHit");
        expect(duelOf(duel), name).toMatchObject({ stage: "applied" });
      }
      targetsOf(user).clear();
      expect(facesLeft(), name).toBe(0);
    });
    expect([...acted].sort()).toEqual(["Alrik, mercenaire", "Dana", "Jandara", "Pillard ork"]);
    expect(turnOrder(t.combat).round).toBe(2);
    // Épée and sabre 1D6+3 with a 4: 7 PI, less PR 2 on the raider, PR 3 on Alrik; their sidebar actors untouched.
    expect(ev(t.tokens["Pillard ork"]!.actor)).toBe(23);
    expect(ev(t.tokens["Alrik, mercenaire"]!.actor)).toBe(26);
    expect([ev(t.actors["Pillard ork"]), ev(t.actors["Alrik, mercenaire"])]).toEqual([28, 30]);
    expect([ev(t.actors.Jandara), ev(t.actors.Dana)]).toEqual([33, 30]);
  });
});
