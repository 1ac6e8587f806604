/**
 * SYSTEMJ from the ready actors (issue 37): Aldric and Maëlle against a cut-throat (PNJ) and a grey wolf (créature),
 * one round. Each player rolls their initiative (a Rapidité test) in the tracker, the GM the opponents'; each
 * attacks with the first weapon card in hand, Aldric his sword and Maëlle her bow: the GM's defences fail and each hit comes off the
 * token's hit points; the cut-throat's blow lands on Aldric's brigandine, the wolf's bite is dodged.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
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

const exchangeOf = (m: DoubleChatMessage) => (cardOf(m).data as { exchange: Record<string, unknown> }).exchange;
const points = (actor: unknown) => {
  const s = (actor as { system: { hitPoints: { value: number }; armourPoints: { value: number } } }).system;
  return [s.hitPoints.value, s.armourPoints.value];
};

let t: ReadyTable;
const FOE_OF: Record<string, string> = {
  "Aldric Ferrand": "Coupe-jarret",
  "Maëlle Sorbier": "Loup gris",
  "Coupe-jarret": "Aldric Ferrand",
  "Loup gris": "Maëlle Sorbier",
};

beforeAll(async () => {
  t = await readyTable("systemj", ["Aldric Ferrand", "Maëlle Sorbier"], ["Coupe-jarret", "Loup gris"]);
});

describe.sequential("SYSTEMJ: a first round with the ready actors", { timeout: 120_000 }, () => {
  it("each player rolls their initiative, the GM the opponents'", async () => {
    const id = (name: string) => t.combat.combatants.contents.find((c) => c.name === name)!.id;
    chooseDice(20);
    await rollInitiativeAs("player1", t.combat, id("Aldric Ferrand"));
    chooseDice(30);
    await rollInitiativeAs("player2", t.combat, id("Maëlle Sorbier"));
    chooseDice(40, 50);
    await tracker(t.combat, "rollNPC");
    expect(t.combat.combatants.contents.map((c) => c.initiative)).toEqual([20, 30, 40, 50]);
    await tracker(t.combat, "startCombat");
    expect(facesLeft()).toBe(0);
  });

  it("one round: the characters' hits come off the opponents' tokens; a blow on the brigandine, a bite dodged", async () => {
    const acted = await playRound(t, async (name) => {
      const user = t.players[name]!;
      const defender = FOE_OF[name]!;
      targetsOf(user).clear();
      targetsOf(user).add(t.tokens[defender]!);
      chooseDice(10);
      // "Attack the target" on the first weapon card in hand: the sword, the bow, the cudgel, the fangs.
      await clickSheet(t.sheets[name]!, "attack", { roll: "attack" });
      targetsOf(user).clear();
      const fight = lastMessage();
      expect(fight.author?.id, name).toBe(user);
      // A player's shot that lands waits for the GM's word on sight (issue 33): the GM says the target sees it.
      if ((exchangeOf(fight) as { phase?: string } | null)?.phase === "sight") {
        expect(user, name).not.toBe(GM);
        await clickCard(GM, fight, "systemj.sight", { aware: true });
      }
      expect(exchangeOf(fight), `${name}: ${JSON.stringify(await buttonsByUser(fight))}`).toMatchObject({
        phase: "defence",
        tests: [{ roll: 10, success: true, role: "attack" }],
      });
      if (name === "Loup gris") {
        chooseDice(5);
        await clickCard(t.players[defender]!, fight, "systemj.defend", { kind: "dodge" });
        expect(exchangeOf(fight), name).not.toMatchObject({ phase: "hit" });
      } else {
        const defence = user === GM ? "systemj.noDefence" : "systemj.defend";
        if (user === GM) await clickCard(t.players[defender]!, fight, defence);
        else {
          chooseDice(95);
          await clickCard(GM, fight, defence, { kind: "dodge" });
        }
        expect(exchangeOf(fight), name).toMatchObject({ phase: "hit" });
        chooseDice(3);
        await clickCard(user, fight, "systemj.damage");
        await clickCard(user, fight, "systemj.applyDamage");
      }
      expect(facesLeft(), name).toBe(0);
    });
    expect([...acted].sort()).toEqual(["Aldric Ferrand", "Coupe-jarret", "Loup gris", "Maëlle Sorbier"]);
    expect(turnOrder(t.combat).round).toBe(2);
    // Sword 1D8+1 with a 3: 4 off the cut-throat's 8 HP; bow 1D6 with a 3: 3 off the wolf's 8 HP; the cudgel's 3 on
    // Aldric's 4 armour points. The sidebar's opponents are untouched.
    expect(points(t.tokens["Coupe-jarret"]!.actor)).toEqual([4, 0]);
    expect(points(t.tokens["Loup gris"]!.actor)).toEqual([5, 0]);
    expect(points(t.actors["Coupe-jarret"])).toEqual([8, 0]);
    expect(points(t.actors["Aldric Ferrand"])).toEqual([14, 1]);
    expect(points(t.actors["Maëlle Sorbier"])).toEqual([11, 0]);
  });
});
