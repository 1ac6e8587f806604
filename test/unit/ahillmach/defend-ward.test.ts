/**
 * Défendre's held "halve" and "redirect" change the hits that follow (issue 16.3), played as the players on the
 * double, the GM's client applying damage through the shared path: once per card and target, with undo, from the
 * rules core and what the GM's client reads and wrote, not from the Défendre card's counts.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { addUser, asClient, installClients, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { postCard } from "../../../src/foundry/chat/post.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { registerDamage, registerDamageApplier } from "../../../src/foundry/damage/index.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import {
  ActionModel,
  EquipementModel,
  MetierModel,
  OpposantModel,
  PersonnageModel,
} from "../../../src/foundry/ahillmach/models.ts";
import { CARD_ACTIONS } from "../../../src/foundry/ahillmach/actions.ts";
import { buildDamageCard } from "../../../src/foundry/ahillmach/card.ts";
import { damageApplier } from "../../../src/foundry/ahillmach/damage.ts";
import { performRoll, personnageSource } from "../../../src/foundry/ahillmach/rolling.ts";
import { resetAhillMachRollClass } from "../../../src/foundry/ahillmach/roll.ts";
import { installFakeRoll, pendingFaces, queueFaces } from "./fake-roll.ts";

let state: DoubleState;
let hero: DoubleActor;
let ally: DoubleActor;
let brute: DoubleActor;

const stored = (m: DoubleChatMessage) => m.getFlag("quintette", "card") as CardState;
const messages = () => [...state.game.messages.values()] as DoubleChatMessage[];
const last = () => messages().at(-1)!;
const hp = (a: DoubleActor) => (a.system as unknown as PersonnageModel).hp.value;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

/** The player of `who` rolls a move of theirs. */
async function rollMove(who: DoubleActor, user: string, item: string, faces: number[]) {
  queueFaces(...faces);
  const src = personnageSource(asActor(who), "move", { item: who.items.get(item) as unknown as Item.Implementation });
  const message = await asClient(user, () =>
    performRoll(asActor(who), src, { values: { characteristic: "con" } as never, rollMode: "publicroll" }),
  );
  expect(pendingFaces()).toBe(0);
  return message as unknown as DoubleChatMessage;
}

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

const pick = (message: DoubleChatMessage, key: string) =>
  asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key }));

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  installFakeRoll();
  resetAhillMachRollClass();
  Object.assign(CONFIG.Actor.dataModels, { personnage: PersonnageModel, opposant: OpposantModel });
  Object.assign(CONFIG.Item.dataModels, {
    "am-action": ActionModel,
    "am-equipement": EquipementModel,
    "am-metier": MetierModel,
  });
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerDamageApplier("ahillmach", damageApplier);
  registerCardAction(...CARD_ACTIONS);
  addUser("player2");
  const character = (id: string, name: string, owner: string) =>
    DoubleActor.create({
      _id: id,
      name,
      type: "personnage",
      ownership: { default: 0, [owner]: 3 },
      system: {
        characteristics: { for: 2, dex: 1, con: 1, int: 1, mys: 2, aur: -1 },
        creation: "libre",
        hp: { value: 17 },
      },
      items: [
        { _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } },
        { _id: "taille", name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } },
        { _id: "hache", name: "Hache", type: "am-equipement", system: { kind: "arme", damageDie: "8" } },
      ],
    });
  hero = await character("ysolde0000000000", "Ysolde", "player1");
  ally = await character("bran000000000000", "Bran", "player2");
  brute = await DoubleActor.create({
    _id: "garde00000000000",
    name: "Garde",
    type: "opposant",
    system: { tier: "fortune", protection: 1, hp: { value: 6 } },
  });
});

/** Ysolde defends Bran: 8 + 9 + CON 1 = 18, a total success, three options held. */
async function defendBran() {
  targetsOf("player1").add({ actor: ally });
  const defend = await rollMove(hero, "player1", "defendre", [8, 9]);
  targetsOf("player1").clear();
  expect(stored(defend).data).toMatchObject({ band: "totale", picks: 3, protects: { uuid: ally.uuid, name: "Bran" } });
  return defend;
}

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
    queueFaces(8);
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
    await asClient("player1", () =>
      defend.setFlag("quintette", "card", { ...card, data: { ...card.data, options, chosenCount: 9 } }),
    );
    const hit = await gmDamage(8);
    await gmApply(hit, ally);
    expect(hp(ally)).toBe(9);
    // A Défendre card naming Bran as the defender (not the player's actor) redirects nothing onto him.
    const again = await defendBran();
    await pick(again, "rediriger");
    const forged = stored(again);
    await asClient("player1", () =>
      again.setFlag("quintette", "card", {
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
