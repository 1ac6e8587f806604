/**
 * Défendre's redirect when one application hits both the protected one and the defender (issue 12, a known limit):
 * the card gets one undo entry per write, and each entry reverses exactly its own write. Played as the players on
 * the double: a third player's attack hits Bran (protected by Ysolde) and Ysolde; Ysolde's player undoes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { addUser, asClient, installClients, targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerDamage, registerDamageApplier } from "../../src/foundry/damage/index.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import {
  ActionModel,
  EquipementModel,
  MetierModel,
  OpposantModel,
  PersonnageModel,
} from "../../src/foundry/ahillmach/models.ts";
import { CARD_ACTIONS } from "../../src/foundry/ahillmach/actions.ts";
import { damageApplier } from "../../src/foundry/ahillmach/damage.ts";
import { performRoll, personnageSource } from "../../src/foundry/ahillmach/rolling.ts";
import { resetAhillMachRollClass } from "../../src/foundry/ahillmach/roll.ts";
import { installFakeRoll, pendingFaces, queueFaces } from "../unit/ahillmach/fake-roll.ts";

let state: DoubleState;
let hero: DoubleActor;
let ally: DoubleActor;
let orin: DoubleActor;

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
  addUser("player3");
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
  orin = await character("orin000000000000", "Orin", "player3");
});

/** Ysolde defends Bran: 8 + 9 + CON 1 = 18, a total success, three options held. */
async function defendBran() {
  targetsOf("player1").add({ actor: ally });
  const defend = await rollMove(hero, "player1", "defendre", [8, 9]);
  targetsOf("player1").clear();
  expect(stored(defend).data).toMatchObject({ band: "totale", picks: 3, protects: { uuid: ally.uuid, name: "Bran" } });
  return defend;
}

describe("attack: one application on the protected one and the defender, undone entry by entry", () => {
  it("each undo entry reverses its own write: Ysolde's own hit and the hit drawn from Bran come back one by one", async () => {
    const defend = await defendBran();
    expect((await pick(defend, "rediriger")).status).toBe("applied");
    // Orin's player attacks Bran and Ysolde at once; the GM's client rolls the damage (8) and posts its card.
    targetsOf("player3").add({ actor: ally });
    targetsOf("player3").add({ actor: hero });
    const attack = await rollMove(orin, "player3", "taille", [8, 9]);
    targetsOf("player3").clear();
    queueFaces(8);
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
    // Ysolde's player undoes her own hit: 8 back, and the redirect stays spent (its record is untouched).
    expect(
      (await asClient("player1", () => requestCardAction(damage.id, "quintette.undo", { key: own.id }))).status,
    ).toBe("applied");
    expect(hp(hero)).toBe(9);
    // …then the hit drawn from Bran: 8 more back.
    expect(
      (await asClient("player1", () => requestCardAction(damage.id, "quintette.undo", { key: drawn.id }))).status,
    ).toBe("applied");
    expect([hp(ally), hp(hero)]).toEqual([17, 17]);
  });
});

describe("one click on the protected one and the defender spends a consequence per hit", () => {
  /** Orin's player hits the given actors with one damage card of 8, applied in one click. */
  async function hitAtOnce(...who: DoubleActor[]) {
    for (const a of who) targetsOf("player3").add({ actor: a });
    const attack = await rollMove(orin, "player3", "taille", [8, 9]);
    targetsOf("player3").clear();
    queueFaces(8);
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
