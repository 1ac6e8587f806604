/**
 * The Défendre world shared by the ward tests (issue 16.3 and its attacks): the Ahill-Mach world
 * (test/worlds/ahillmach.ts) with player3 and, instead of its cast, Ysolde (player1) who defends Bran (player2).
 */
import { expect } from "vitest";
import { asGM, DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { PersonnageModel } from "../../../src/foundry/ahillmach/models.ts";
import { ahillmachWorld, rollAs, stored } from "../../worlds/ahillmach.ts";

export { stored };
export const hp = (a: DoubleActor) => (a.system as unknown as PersonnageModel).hp.value;

/** The newest chat message of the world. */
export const lastMessage = (state: DoubleState) => [...state.game.messages.values()].at(-1) as DoubleChatMessage;

/** The player of `who` rolls a move of theirs. */
export const rollMove = (who: DoubleActor, user: string, item: string, faces: number[]) =>
  rollAs(user, who, { characteristic: "con" }, faces, { item });

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
  const { state } = await ahillmachWorld({ cast: false, players: ["player2", "player3"] });
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
