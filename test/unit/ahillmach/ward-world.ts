/**
 * The Défendre world shared by the ward tests (issue 16.3 and its attacks): Ahill-Mach models, cards and the shared
 * damage path registered on the double with player clients; Ysolde (player1) defends Bran (player2).
 */
import { descriptor as ahillmachDescriptor } from "../../../src/foundry/ahillmach/ruleset.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { expect } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { addUser, asClient, installClients, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
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
import { damageApplier } from "../../../src/foundry/ahillmach/damage.ts";
import { performRoll, personnageSource } from "../../../src/foundry/ahillmach/rolling.ts";
import { chooseDice, facesLeft } from "../../double/dice.ts";
import { cardOf } from "../../cards.ts";

export const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
export const hp = (a: DoubleActor) => (a.system as unknown as PersonnageModel).hp.value;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

/** The newest chat message of the world. */
export const lastMessage = (state: DoubleState) => [...state.game.messages.values()].at(-1) as DoubleChatMessage;

/** The player of `who` rolls a move of theirs. */
export async function rollMove(who: DoubleActor, user: string, item: string, faces: number[]) {
  chooseDice(...faces);
  const src = personnageSource(asActor(who), "move", { item: who.items.get(item) as unknown as Item.Implementation });
  const message = await asClient(user, () =>
    performRoll(asActor(who), src, { values: { characteristic: "con" } as never, rollMode: "publicroll" }),
  );
  expect(facesLeft()).toBe(0);
  return message as unknown as DoubleChatMessage;
}

/** Ysolde's player picks a consequence on her Défendre card. */
export const pick = (message: DoubleChatMessage, key: string) =>
  asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key }));

/** A personnage of 17 HP with Défendre, an attack move and an axe, owned by `owner`. */
export const wardCharacter = (id: string, name: string, owner: string) =>
  asGM(() =>
    DoubleActor.create(
      {
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
      },
      { keepId: true },
    ),
  );

/** A fresh double with the Ahill-Mach cards and damage path, players 2 and 3 added; Ysolde and Bran created. */
export async function wardWorld(): Promise<{ state: DoubleState; hero: DoubleActor; ally: DoubleActor }> {
  const state = installClients(resetFoundryDouble({ lang: "fr" }));
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
  // The registry knows the rule set: sheets' roll buttons reach its `api` through it (src/foundry/api/rolls.ts).
  clearRulesets();
  registerRuleset(ahillmachDescriptor);
  addUser("player2");
  addUser("player3");
  const hero = await wardCharacter("ysolde0000000000", "Ysolde", "player1");
  const ally = await wardCharacter("bran000000000000", "Bran", "player2");
  return { state, hero, ally };
}

/** Ysolde defends Bran: 8 + 9 + CON 1 = 18, a total success, three options held. */
export async function defendBran(hero: DoubleActor, ally: DoubleActor) {
  targetsOf("player1").add({ actor: ally });
  const defend = await rollMove(hero, "player1", "defendre", [8, 9]);
  targetsOf("player1").clear();
  expect(stored(defend).data).toMatchObject({ band: "totale", picks: 3, protects: { uuid: ally.uuid, name: "Bran" } });
  return defend;
}
