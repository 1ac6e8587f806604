import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import {
  asClient,
  buttonsIn,
  click,
  controlledTokens,
  installClients,
  messageElement,
  setGMsConnected,
  targetsOf,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { createCardState, postCard, registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import {
  APPLY_DAMAGE,
  previousValues,
  registerDamage,
  registerDamageApplier,
  UNDO,
} from "../../../src/foundry/damage/index.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { cardOf } from "../../cards.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let hero: DoubleActor;
let villain: DoubleActor;

const hp = (a: DoubleActor) => (a.system as { hp: { value: number } }).hp.value;
const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const target = (userId: string, ...actors: DoubleActor[]) => {
  for (const actor of actors) targetsOf(userId).add({ actor });
};

async function post(ruleset = "test"): Promise<DoubleChatMessage> {
  const card = createCardState({
    ruleset,
    kind: "attack",
    rollerId: "player1",
    title: { key: "QUINTETTE.Card.Test", name: "Épée" },
    damage: { amount: 4 },
    buttons: [
      {
        action: APPLY_DAMAGE,
        label: { key: "QUINTETTE.Damage.Apply", value: 4 },
        icon: "fa-solid fa-heart-crack",
        args: {},
        audience: "anyone",
      },
    ],
  });
  return (await asClient("player1", () => postCard(card))) as unknown as DoubleChatMessage; // the double's message
}

const apply = (userId: string, message: DoubleChatMessage) =>
  asClient(userId, () => requestCardAction(message.id, APPLY_DAMAGE, {}));
const undo = (userId: string, message: DoubleChatMessage, entry: string) =>
  asClient(userId, () => requestCardAction(message.id, UNDO, { key: entry }));

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "en" }));
  useSystemTemplates("en");
  registerRelay();
  registerChatHooks();
  registerDamage();
  // The rule set's damage rule: hit points down to 0, through its (here trivial) rules core.
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
  const system = { hp: { value: 10, max: 10 } };
  hero = await asGM(() =>
    DoubleActor.create(
      { name: "Aelis", type: "test", ownership: { default: 0, player1: 3 }, system },
      { keepId: true },
    ),
  );
  villain = await asGM(() => DoubleActor.create({ name: "Morn", type: "test", system }, { keepId: true }));
});

describe("damage from a card", () => {
  it("applies to the player's targeted token through the GM and logs what it did with its undo", async () => {
    const message = await post();
    target("player1", hero);
    const result = await apply("player1", message);
    expect(result.status).toBe("applied");
    expect(hp(hero)).toBe(6);
    expect(hero.updates.at(-1)?.userId).toBe("gm");
    const [entry] = stored(message).applied;
    expect(entry).toMatchObject({ targetUuid: hero.uuid, targetName: "Aelis", undone: false, userId: "player1" });
    expect(entry?.undo).toEqual({ "system.hp.value": 10 });
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(message as never, html as never));
    expect(content.innerHTML).toContain("Aelis loses 4 hit points");
    expect(buttonsIn(content.innerHTML).map((b) => b.action)).toEqual([APPLY_DAMAGE, UNDO]);
  });

  it("is idempotent: a second click, or a second client, does not hit the same target again", async () => {
    const message = await post();
    target("player1", hero);
    target("gm", hero);
    await apply("player1", message);
    expect((await apply("player1", message)).status).toBe("already");
    const both = await Promise.all([apply("player1", message), apply("gm", message)]);
    expect(both.map((r) => r.status)).toEqual(["already", "already"]);
    expect(hp(hero)).toBe(6);
    expect(stored(message).applied).toHaveLength(1);
  });

  it("applies once when two clients click at the same moment", async () => {
    const message = await post();
    target("player1", hero);
    target("gm", hero);
    const results = await Promise.all([apply("player1", message), apply("gm", message)]);
    expect(results.map((r) => r.status).sort()).toEqual(["already", "applied"]);
    expect(hp(hero)).toBe(6);
  });

  it("only the target's owner or a GM applies damage, and never to part of the targets", async () => {
    const message = await post();
    target("player1", hero, villain);
    const result = await apply("player1", message);
    expect(result.status).toBe("denied");
    expect([hp(hero), hp(villain)]).toEqual([10, 10]);
    expect(stored(message).applied).toEqual([]);
    target("gm", hero, villain);
    expect((await apply("gm", message)).status).toBe("applied");
    expect([hp(hero), hp(villain)]).toEqual([6, 6]);
  });

  it("undoes once, only for the target's owner or a GM, and the target may be hit again after", async () => {
    const message = await post();
    target("gm", hero, villain);
    await apply("gm", message);
    const villainEntry = stored(message).applied.find((e) => e.targetName === "Morn");
    if (!villainEntry) throw new Error("no entry");
    expect((await undo("player1", message, villainEntry.id)).status).toBe("denied");
    expect(hp(villain)).toBe(6);
    expect((await undo("gm", message, villainEntry.id)).status).toBe("applied");
    expect([hp(hero), hp(villain)]).toEqual([6, 10]);
    expect((await undo("gm", message, villainEntry.id)).status).toBe("already");
    expect(hp(villain)).toBe(10);
    expect((await apply("gm", message)).status).toBe("applied");
    expect([hp(hero), hp(villain)]).toEqual([6, 6]);
  });

  it("undoes from the card's own Undo button", async () => {
    const message = await post();
    target("player1", hero);
    await apply("player1", message);
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(message as never, html as never));
    const undoButton = buttonsIn(content.innerHTML).find((b) => b.action === UNDO);
    if (!undoButton) throw new Error("no undo button");
    await asClient("player1", () => click(content, undoButton));
    expect(hp(hero)).toBe(10);
    expect(stored(message).applied[0]?.undone).toBe(true);
  });

  it("with no GM: a notification and no damage", async () => {
    const message = await post();
    target("player1", hero);
    setGMsConnected(false);
    expect((await apply("player1", message)).status).toBe("noGM");
    expect(hp(hero)).toBe(10);
    expect(state.notifications.map((n) => n.type)).toEqual(["warn"]);
  });

  it("uses controlled tokens when nothing is targeted, and asks for a target when there is neither", async () => {
    const message = await post();
    expect((await apply("player1", message)).status).toBe("invalid");
    expect(state.notifications[0]?.message).toBe(state.game.i18n.localize("QUINTETTE.Damage.NoTarget"));
    expect(relayRequests()).toHaveLength(0);
    controlledTokens().push({ actor: hero });
    expect((await apply("player1", message)).status).toBe("applied");
    expect(hp(hero)).toBe(6);
  });

  it("refuses when the card's rule set has no damage rule", async () => {
    const message = await post("other");
    target("gm", hero);
    expect((await apply("gm", message)).status).toBe("invalid");
    expect(hp(hero)).toBe(10);
  });

  it("derives the undo from the previous value of every path the update touches", () => {
    const actor = { system: { hp: { value: 7 }, pain: false } };
    const read = (path: string) => foundry.utils.getProperty(actor, path);
    expect(previousValues(read, { "system.hp.value": 3, system: { pain: true, wounds: 1 } })).toEqual({
      "system.hp.value": 7,
      "system.pain": false,
      "system.wounds": null,
    });
  });
});
