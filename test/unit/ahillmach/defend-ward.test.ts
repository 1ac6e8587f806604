/**
 * Défendre's held "halve" and "redirect" change the hits that follow (issue 16.3), played as the players on the
 * double, the GM's client applying damage through the shared path: once per card and target, with undo, from the
 * rules core and what the GM's client reads and wrote, not from the Défendre card's counts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { postCard } from "../../../src/foundry/chat/post.ts";
import { buildDamageCard } from "../../../src/foundry/ahillmach/damage-card.ts";
import type { OpposantModel } from "../../../src/foundry/ahillmach/models.ts";
import { chooseDice } from "../../double/dice.ts";
import { defendBran as defends, hp, lastMessage, pick, rollMove, stored, wardWorld } from "./ward-world.ts";
import { rewriteCard } from "../../cards.ts";

let state: DoubleState;
let hero: DoubleActor;
let ally: DoubleActor;
let brute: DoubleActor;

const last = () => lastMessage(state);
const defendBran = () => defends(hero, ally);

/** The GM posts the damage of the garde's attack (a GM-written damage card). */
async function gmDamage(amount: number) {
  const card = buildDamageCard({
    roller: { userId: "gm", actorUuid: brute.uuid, actorName: "Garde", img: null },
    formula: "1d8",
    faces: [amount],
    amount,
    source: "Épieu",
  });
  return (await asClient("gm", () => postCard(card))) as unknown as DoubleChatMessage;
}

/** The GM applies a damage card to `target` with the shared button. */
async function gmApply(damage: DoubleChatMessage, target: DoubleActor) {
  targetsOf("gm").clear();
  targetsOf("gm").add({ actor: target });
  return asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
}

beforeEach(async () => {
  ({ state, hero, ally } = await wardWorld());
  brute = await asGM(() =>
    DoubleActor.create(
      {
        _id: "garde00000000000",
        name: "Garde",
        type: "opposant",
        system: { tier: "fortune", protection: 1, hp: { value: 6 } },
      },
      { keepId: true },
    ),
  );
});

describe("Défendre: halve and redirect change the hits (Ahill-Mach 3)", () => {
  it("a held redirect draws the hit on Bran onto Ysolde, once; a held halve halves the next one; undo frees it", async () => {
    const defend = await defendBran();
    expect((await pick(defend, "rediriger")).status).toBe("applied");
    expect((await pick(defend, "moitie")).status).toBe("applied");

    // First hit on Bran (7): drawn onto Ysolde (no protection), Bran untouched.
    const first = await gmDamage(7);
    expect((await gmApply(first, ally)).status).toBe("applied");
    expect([hp(ally), hp(hero)]).toEqual([17, 10]);
    expect(stored(first).applied.map((e) => [e.targetUuid, e.summary.key])).toEqual([
      [ally.uuid, "QUINTETTE.AhillMach.Damage.Redirected"],
      [hero.uuid, "QUINTETTE.AhillMach.Damage.Bruises"],
    ]);
    // Applied once: the same card again hits neither.
    expect((await gmApply(first, ally)).status).toBe("already");
    expect([hp(ally), hp(hero)]).toEqual([17, 10]);

    // Second hit on Bran (7): the redirect is spent, the halve is left: 3.
    const second = await gmDamage(7);
    expect((await gmApply(second, ally)).status).toBe("applied");
    expect(hp(ally)).toBe(14);
    expect(stored(second).applied.map((e) => e.summary.key)).toEqual([
      "QUINTETTE.AhillMach.Damage.Bruises",
      "QUINTETTE.AhillMach.Damage.Halved",
    ]);

    // Third hit: nothing held any more, full damage.
    const third = await gmDamage(7);
    expect((await gmApply(third, ally)).status).toBe("applied");
    expect(hp(ally)).toBe(7);

    // Undo of the halved hit gives Bran his 3 points back and the halve back to Ysolde: the next hit is halved.
    const halved = stored(second).applied[0]!;
    expect(
      (await asClient("gm", () => requestCardAction(second.id, "quintette.undo", { key: halved.id }))).status,
    ).toBe("applied");
    expect(hp(ally)).toBe(10);
    const fourth = await gmDamage(4);
    expect((await gmApply(fourth, ally)).status).toBe("applied");
    expect(hp(ally)).toBe(8);
  });

  it("a halve also covers the defender; the redirect never moves a hit on the defender", async () => {
    const defend = await defendBran();
    await pick(defend, "rediriger");
    await pick(defend, "moitie");
    const hit = await gmDamage(9);
    expect((await gmApply(hit, hero)).status).toBe("applied");
    expect([hp(hero), hp(ally)]).toEqual([13, 17]);
  });

  it("the player's own apply-to-targets goes through the ward too", async () => {
    const defend = await defendBran();
    await pick(defend, "moitie");
    // Bran's player attacks… Ysolde's charge is Bran, so aim at Ysolde herself: halved on her.
    targetsOf("player2").add({ actor: hero });
    const attack = await rollMove(ally, "player2", "taille", [8, 9]);
    chooseDice(8);
    await asClient("player2", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const damage = last();
    expect(stored(damage).data.amount).toBe(8);
    expect((await asClient("player2", () => requestCardAction(damage.id, "ahillmach.applyToTargets"))).status).toBe(
      "applied",
    );
    expect(hp(hero)).toBe(13);
  });

  it("ignores what the player writes on the Défendre card: picks beyond the band, another defender", async () => {
    const defend = await defendBran();
    await pick(defend, "moitie");
    const card = stored(defend);
    const options = (card.data.options as { id: string; times: number; chosen: boolean }[]).map((o) =>
      o.id === "moitie" ? { ...o, times: 9 } : o,
    );
    // Nine halves on a total success (three options at most): the card is not a ward.
    await asClient("player1", () => rewriteCard(defend, { ...card, data: { ...card.data, options, chosenCount: 9 } }));
    const hit = await gmDamage(8);
    await gmApply(hit, ally);
    expect(hp(ally)).toBe(9);
    // A Défendre card naming Bran as the defender (not the player's actor) redirects nothing onto him.
    const again = await defendBran();
    await pick(again, "rediriger");
    const forged = stored(again);
    await asClient("player1", () =>
      rewriteCard(again, {
        ...forged,
        actorUuid: ally.uuid,
        data: { ...forged.data, protects: { uuid: brute.uuid, name: "Garde" } },
      }),
    );
    const blow = await gmDamage(6);
    await gmApply(blow, brute);
    expect([hp(ally), (brute.system as unknown as OpposantModel).hp.value]).toEqual([9, 1]);
  });
});
