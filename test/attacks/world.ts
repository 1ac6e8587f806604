/**
 * A small world for the attack suite: a GM and a player connected (each a client of the double), the shared relay,
 * cards and damage, a player-owned hero and a GM-owned villain, and a GM-only card action. Attacks are performed
 * from the player's client with what any player can run in their browser console: writes Foundry's server accepts
 * from them (their own messages and User, actors they own) and calls to the system's code.
 */
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { asClient, installClients, settle, targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
import {
  createCardState,
  postCard,
  registerCardAction,
  registerChatHooks,
  type CardAction,
} from "../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { APPLY_DAMAGE, registerDamage, registerDamageApplier, UNDO } from "../../src/foundry/damage/index.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { cardOf } from "../cards.ts";

export interface World {
  state: DoubleState;
  hero: DoubleActor;
  villain: DoubleActor;
}

export const GM_ONLY = "attack.gmOnly";

/** A GM-only action (like Jetons' record or SYSTEMJ's reveal): it sets the villain's hit points to 0. */
function gmOnly(world: () => World): CardAction {
  return {
    name: GM_ONLY,
    audience: "gm",
    execute: ({ card }) => ({
      status: "applied",
      card,
      writes: [{ uuid: world().villain.uuid, changes: { "system.hp.value": 0 } }],
    }),
  };
}

export const hp = (a: DoubleActor) => (a.system as { hp: { value: number } }).hp.value;
export const stored = (m: DoubleChatMessage) => structuredClone(cardOf(m) as CardState);

export async function makeWorld(): Promise<World> {
  const state = installClients(resetFoundryDouble({ lang: "en" }));
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerDamageApplier("test", {
    apply(actor, damage) {
      const before = (actor.system as unknown as { hp: { value: number } }).hp.value;
      const after = Math.max(0, before - damage.amount);
      return {
        update: { "system.hp.value": after },
        summary: { key: "QUINTETTE.Damage.Summary", value: before - after },
      };
    },
  });
  const hero = await asGM(() =>
    DoubleActor.create(
      {
        name: "Aelis",
        type: "test",
        ownership: { default: 0, player1: 3 },
        system: { hp: { value: 10, max: 10 } },
      },
      { keepId: true },
    ),
  );
  const villain = await asGM(() =>
    DoubleActor.create({ name: "Morn", type: "test", system: { hp: { value: 10, max: 10 } } }, { keepId: true }),
  );
  const world: World = { state, hero, villain };
  registerCardAction(gmOnly(() => world));
  return world;
}

/** A damage card posted by `userId` (the roller is its author). */
export async function postDamageCard(userId = "player1", amount = 4): Promise<DoubleChatMessage> {
  const card = createCardState({
    ruleset: "test",
    kind: "attack",
    rollerId: userId,
    title: { key: "QUINTETTE.Card.Test", name: "Épée" },
    damage: { amount },
    buttons: [
      {
        action: APPLY_DAMAGE,
        label: { key: "QUINTETTE.Damage.Apply", value: amount },
        icon: "fa-solid fa-heart-crack",
        args: {},
        audience: "anyone",
      },
      { action: GM_ONLY, label: { key: "QUINTETTE.Card.Test" }, icon: "fa-solid fa-gavel", args: {}, audience: "gm" },
    ],
  });
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

/** `userId` targets exactly these actors' tokens. */
export function target(userId: string, ...actors: DoubleActor[]): void {
  const targets = targetsOf(userId);
  targets.clear();
  for (const actor of actors) targets.add({ actor });
}

export const applyDamage = (userId: string, message: DoubleChatMessage) =>
  asClient(userId, () => requestCardAction(message.id, APPLY_DAMAGE, {}));
export const undo = (userId: string, message: DoubleChatMessage, key: string) =>
  asClient(userId, () => requestCardAction(message.id, UNDO, { key }));

/**
 * Lets the GM's client finish what a hook started (relay answers are written from `updateUser`): the double's
 * server settles every write in flight and every listener it started (a fixed pause was too short on a busy machine).
 */
export { settle };
