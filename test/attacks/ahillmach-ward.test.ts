/**
 * Défendre's redirect when one application hits both the protected one and the defender (issue 12, a known limit):
 * the card gets one undo entry per write, and each entry reverses exactly its own write. Played as the players on
 * the double: a third player's attack hits Bran (protected by Ysolde) and Ysolde; the GM undoes (a hit the GM's
 * client wrote from another player's attack is not Ysolde's player's to undo, nor the attacker's: docs/security.md).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../double/index.ts";
import { asClient, targetsOf } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { chooseDice } from "../double/dice.ts";
import {
  defendBran as defends,
  hp,
  lastMessage,
  pick,
  rollMove,
  stored,
  wardCharacter,
  wardWorld,
} from "../unit/ahillmach/ward-world.ts";

let state: DoubleState;
let hero: DoubleActor;
let ally: DoubleActor;
let orin: DoubleActor;

const last = () => lastMessage(state);
const defendBran = () => defends(hero, ally);

beforeEach(async () => {
  ({ state, hero, ally } = await wardWorld());
  orin = await wardCharacter("orin000000000000", "Orin", "player3");
});

describe("attack: one application on the protected one and the defender, undone entry by entry", () => {
  it("each undo entry reverses its own write: Ysolde's own hit and the hit drawn from Bran come back one by one", async () => {
    const defend = await defendBran();
    expect((await pick(defend, "rediriger")).status).toBe("applied");
    // Orin's player attacks Bran and Ysolde at once; the GM's client rolls the damage (8) and posts its card.
    targetsOf("player3").add({ actor: ally });
    targetsOf("player3").add({ actor: hero });
    const attack = await rollMove(orin, "player3", "taille", [8, 9]);
    targetsOf("player3").clear();
    chooseDice(8);
    await asClient("player3", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const damage = last();
    expect((await asClient("player3", () => requestCardAction(damage.id, "ahillmach.applyToTargets"))).status).toBe(
      "applied",
    );
    // Bran's hit is drawn onto Ysolde: she takes both.
    expect([hp(ally), hp(hero)]).toEqual([17, 1]);
    const onHero = stored(damage).applied.filter((e) => e.targetUuid === hero.uuid && e.undo);
    expect(onHero).toHaveLength(2);
    expect(new Set(onHero.map((e) => e.effect)).size).toBe(2);
    const own = onHero.find((e) => !e.id.includes(">"))!;
    const drawn = onHero.find((e) => e.id.includes(">"))!;
    // Neither Ysolde's player nor the attacker's may undo it.
    for (const player of ["player1", "player3"]) {
      expect(
        (await asClient(player, () => requestCardAction(damage.id, "quintette.undo", { key: own.id }))).status,
      ).toBe("denied");
    }
    // The GM undoes Ysolde's own hit: 8 back, and the redirect stays spent (its record is untouched).
    expect((await asClient("gm", () => requestCardAction(damage.id, "quintette.undo", { key: own.id }))).status).toBe(
      "applied",
    );
    expect(hp(hero)).toBe(9);
    // …then the hit drawn from Bran: 8 more back.
    expect((await asClient("gm", () => requestCardAction(damage.id, "quintette.undo", { key: drawn.id }))).status).toBe(
      "applied",
    );
    expect([hp(ally), hp(hero)]).toEqual([17, 17]);
  });
});

describe("one click on the protected one and the defender spends a consequence per hit", () => {
  /** Orin's player hits the given actors with one damage card of 8, applied in one click. */
  async function hitAtOnce(...who: DoubleActor[]) {
    for (const a of who) targetsOf("player3").add({ actor: a });
    const attack = await rollMove(orin, "player3", "taille", [8, 9]);
    targetsOf("player3").clear();
    chooseDice(8);
    await asClient("player3", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const damage = last();
    expect((await asClient("player3", () => requestCardAction(damage.id, "ahillmach.applyToTargets"))).status).toBe(
      "applied",
    );
  }

  it("a held redirect and a held halve: Bran's hit is drawn onto Ysolde, her own is halved, and both stay spent", async () => {
    const defend = await defendBran();
    expect((await pick(defend, "rediriger")).status).toBe("applied");
    expect((await pick(defend, "moitie")).status).toBe("applied");
    await hitAtOnce(ally, hero);
    // 8 drawn from Bran, then her own 8 halved to 4.
    expect([hp(ally), hp(hero)]).toEqual([17, 5]);
    // Nothing is left: the next hit on Bran lands on Bran, whole.
    await hitAtOnce(ally);
    expect([hp(ally), hp(hero)]).toEqual([9, 5]);
  });

  it("a single held halve is spent by the first hit of the click, not by both", async () => {
    const defend = await defendBran();
    expect((await pick(defend, "moitie")).status).toBe("applied");
    await hitAtOnce(ally, hero);
    // Bran's hit halved to 4; Ysolde's own 8 lands whole.
    expect([hp(ally), hp(hero)]).toEqual([13, 9]);
  });
});
