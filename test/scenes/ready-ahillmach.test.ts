/**
 * Ahill-Mach from the ready actors (issue 37): Brunhild and Corvin against a highway brigand and a soldier of the
 * guard, one round. No initiative is rolled: the tracker orders by DEX and the characters' side holds the initiative.
 * On their turns the characters roll a move from their sheets at a target, a total success: the player picks the
 * option, rolls the weapon's damage and applies it to the opponent's token; on theirs the opponents' damage falls on
 * a character, whose player takes it on their own token.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { targetsOf } from "../double/shared-core.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import { buttonsByUser, clickCard, clickSheet, GM, lastMessage, tracker, turnOrder } from "./table.ts";
import { playRound, readyTable, type ReadyTable } from "./ready-table.ts";

const hp = (actor: unknown) => (actor as { system: { hp: { value: number } } }).system.hp.value;

let t: ReadyTable;
const FOE_OF: Record<string, string> = {
  "Brunhild Main-de-Fer": "Brigand de grand chemin",
  "Corvin l'Agile": "Soldat de la garde",
  "Brigand de grand chemin": "Brunhild Main-de-Fer",
  "Soldat de la garde": "Corvin l'Agile",
};
/** The move each character rolls: Brunhild hacks (FOR), Corvin shoots a volley (DEX). */
const MOVE: Record<string, { roll: string; option: string; damage: number[] }> = {
  // The axe's D8 and the option's D6.
  "Brunhild Main-de-Fer": { roll: "move:amP1Item00000001", option: "plus1d6", damage: [3, 2] },
  // The crossbow's D6.
  "Corvin l'Agile": { roll: "move:amP3Item00000002", option: "", damage: [4] },
};

beforeAll(async () => {
  t = await readyTable(
    "ahillmach",
    ["Brunhild Main-de-Fer", "Corvin l'Agile"],
    ["Brigand de grand chemin", "Soldat de la garde"],
  );
});

describe.sequential("Ahill-Mach: a first round with the ready actors", { timeout: 120_000 }, () => {
  it("the GM opens the conflict: order by DEX, the characters hold the initiative", async () => {
    await tracker(t.combat, "rollAll");
    await tracker(t.combat, "startCombat");
    expect(turnOrder(t.combat)).toMatchObject({ round: 1, current: "Corvin l'Agile" });
  });

  it("one round: the characters' moves hit the opponents' tokens; the opponents' blows land on the characters", async () => {
    const log: Record<string, unknown> = {};
    const acted = await playRound(t, async (name) => {
      const user = t.players[name]!;
      const target = FOE_OF[name]!;
      targetsOf(user).clear();
      targetsOf(user).add(t.tokens[target]!);
      if (user === GM) {
        chooseDice(2);
        await clickSheet(t.sheets[name]!, "amDamage");
        const damage = lastMessage();
        expect(cardOf(damage), name).toMatchObject({ kind: "damage" });
        // The character's player takes the blow on their own token.
        const player = t.players[target]!;
        targetsOf(player).clear();
        targetsOf(player).add(t.tokens[target]!);
        await clickCard(player, damage, "quintette.applyDamage");
        targetsOf(player).clear();
      } else {
        chooseDice(9, 8);
        await clickSheet(t.sheets[name]!, "roll", { roll: MOVE[name]!.roll });
        const move = lastMessage();
        expect(cardOf(move), `${name}: ${JSON.stringify(await buttonsByUser(move))}`).toMatchObject({
          rollerId: user,
          data: { band: "totale" },
        });
        if (MOVE[name]!.option) await clickCard(user, move, "ahillmach.pick", { key: MOVE[name]!.option });
        chooseDice(...MOVE[name]!.damage);
        await clickCard(user, move, "ahillmach.rollDamage");
        const damage = lastMessage();
        log[name] = cardOf(damage).damage;
        await clickCard(user, damage, "ahillmach.applyToTargets");
      }
      targetsOf(user).clear();
      expect(facesLeft(), name).toBe(0);
    });
    expect([...acted].sort(), JSON.stringify(log)).toEqual([
      "Brigand de grand chemin",
      "Brunhild Main-de-Fer",
      "Corvin l'Agile",
      "Soldat de la garde",
    ]);
    expect(turnOrder(t.combat).round).toBe(2);
    expect(log).toEqual({ "Brunhild Main-de-Fer": { amount: 5 }, "Corvin l'Agile": { amount: 4 } });
    // 5 less the brigand's protection 1, 4 less the soldier's 2; the brigand's 2 stopped by Brunhild's mail (2), the
    // soldier's 2 on Corvin. The opponents of the sidebar are untouched.
    expect(Object.fromEntries(Object.entries(t.tokens).map(([name, token]) => [name, hp(token.actor)]))).toEqual({
      "Brunhild Main-de-Fer": 17,
      "Corvin l'Agile": 11,
      "Brigand de grand chemin": 2,
      "Soldat de la garde": 6,
    });
    expect([hp(t.actors["Brigand de grand chemin"]), hp(t.actors["Soldat de la garde"])]).toEqual([6, 8]);
  });
});
