import { beforeEach, describe, expect, it } from "vitest";
import { asGM, chooseDice, DoubleActor, resetFoundryDouble, RollDouble, type DoubleState } from "../../double/index.ts";
import {
  addUser,
  asClient,
  buttonsIn,
  click,
  installClients,
  messageElement,
  reloadMessage,
  setGMsConnected,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import {
  cardDie,
  createCardState,
  postCard,
  registerCardAction,
  registerChatHooks,
} from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction, type CardAction } from "../../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { userWrites } from "../../double/permissions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { cardOf } from "../../cards.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let hero: DoubleActor;

/** A Trinités-like pick: the roller (or a GM) keeps one of two dice; the actor takes one debt, once. */
const pick: CardAction = {
  name: "test.pick",
  audience: "roller",
  localWithoutGM: true,
  execute({ card, args }) {
    const index = Number(args.die);
    const debt = (hero.system as { debt: number }).debt;
    return {
      status: "applied",
      card: { ...card, dice: card.dice.map((d, i) => ({ ...d, kept: i === index })), data: { picked: index } },
      writes: [{ uuid: hero.uuid, changes: { "system.debt": debt + 1 } }],
    };
  },
};

/** Writes to two actors: only allowed when the requester owns both. */
const hurtBoth: CardAction = {
  name: "test.hurtBoth",
  audience: "anyone",
  execute: ({ card }) => ({
    status: "applied",
    card,
    writes: [
      { uuid: hero.uuid, changes: { "system.debt": 99 } },
      { uuid: "Actor.villain", changes: { "system.debt": 99 } },
    ],
  }),
};

function card(): CardState {
  return createCardState({
    ruleset: "test",
    kind: "test",
    rollerId: "player1",
    title: { key: "QUINTETTE.Card.Test", name: "Mêlée" },
    actorUuid: hero.uuid,
    actorName: hero.name,
    dice: [cardDie(12, 7, { tone: "light", kept: null }), cardDie(12, [12, 4], { tone: "dark", kept: null })],
    buttons: [0, 1].map((die) => ({
      action: "test.pick",
      label: { key: "QUINTETTE.Card.Score", value: die },
      icon: "fa-solid fa-hand-pointer",
      args: { die },
      audience: "roller" as const,
    })),
  });
}

async function post(rollMode?: "blindroll"): Promise<DoubleChatMessage> {
  // A blind roll carries its Roll: Foundry hides a roll's result from its author, not a plain message's content.
  if (rollMode) chooseDice(7);
  const rolls = rollMode ? [(await new RollDouble("1d20").evaluate()) as never] : [];
  const message = await asClient("player1", () => postCard(card(), rollMode ? { rollMode, rolls } : {}));
  return message as unknown as DoubleChatMessage; // the double's ChatMessage stands in for Foundry's
}

const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const debt = () => (hero.system as { debt: number }).debt;
const gmQueries = () => state.game.users.get("gm")?.queries ?? [];

async function render(message: DoubleChatMessage, userId: string) {
  const { html, content } = messageElement();
  const done = await asClient(userId, () => enhanceCard(message as never, html as never));
  return { done, html, content };
}

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "en" }));
  useSystemTemplates("en");
  registerRelay();
  registerChatHooks();
  registerCardAction(pick, hurtBoth);
  addUser("player2");
  hero = await asGM(() =>
    DoubleActor.create(
      {
        name: "Aelis",
        type: "test",
        ownership: { default: 0, player1: 3 },
        system: { debt: 0 },
      },
      { keepId: true },
    ),
  );
  await asGM(() =>
    DoubleActor.create({ _id: "villain", name: "Villain", type: "test", system: { debt: 0 } }, { keepId: true }),
  );
});

describe("card state and rendering", () => {
  it("stores the whole card under the system's scope and renders it into the message", async () => {
    const message = await post();
    expect(stored(message).dice.map((d) => d.value)).toEqual([7, 16]);
    expect(stored(message).rollerId).toBe("player1");
    expect(message.flags).not.toHaveProperty("world");
    expect(message.content).toContain("Test: Mêlée");
    expect(state.hooks.count("renderChatMessageHTML")).toBe(1);
  });

  it("re-renders from the stored state, the same after a reload and for each client, in each language", async () => {
    const message = await post();
    await asClient("player1", () => requestCardAction(message.id, "test.pick", { die: 1 }));
    const before = await render(message, "gm");
    const reloaded = reloadMessage(message);
    const after = await render(reloaded, "gm");
    const player = await render(reloaded, "player1");
    expect(before.done && after.done && player.done).toBe(true);
    expect(after.content.innerHTML).toBe(before.content.innerHTML);
    expect(player.content.innerHTML).toBe(before.content.innerHTML);
    expect(after.content.innerHTML).toMatch(/card-die d12 tone-light dropped/);
    expect(after.content.innerHTML).toMatch(/card-die d12 tone-dark kept/);
    expect(buttonsIn(after.content.innerHTML).every((b) => b.disabled)).toBe(true);
    useSystemTemplates("fr");
    const french = await render(reloaded, "player1");
    expect(french.content.innerHTML).toContain("Dés");
    expect(french.content.innerHTML).not.toContain("QUINTETTE.");
  });

  it("leaves a blind roll's content alone for a player and renders it for the GM", async () => {
    const message = await post("blindroll");
    const player = await render(message, "player1");
    expect(player.done).toBe(false);
    expect(player.content.innerHTML).toBe("<p>roll</p>");
    expect((await render(message, "gm")).done).toBe(true);
  });

  it("greys out roller-only buttons for another player", async () => {
    const message = await post();
    const other = await render(message, "player2");
    expect(buttonsIn(other.content.innerHTML).map((b) => b.disabled)).toEqual([true, true]);
    const roller = await render(message, "player1");
    expect(buttonsIn(roller.content.innerHTML).map((b) => b.disabled)).toEqual([false, false]);
  });
});

describe("card actions through the relay", () => {
  it("a player's click is relayed to the GM, whose client writes the card and the actor", async () => {
    const message = await post();
    const { content } = await render(message, "player1");
    const second = buttonsIn(content.innerHTML)[1];
    if (!second) throw new Error("no button");
    await asClient("player1", () => click(content, second));
    // Relayed as a write on the player's own User (server-attested identity), not as a query.
    expect(gmQueries()).toHaveLength(0);
    expect(userWrites.filter((w) => w.userId === "player1" && w.targetId === "player1").length).toBeGreaterThan(0);
    expect(stored(message).data).toEqual({ picked: 1 });
    expect(stored(message).dice.map((d) => d.kept)).toEqual([false, true]);
    expect(stored(message).done).toEqual(["test.pick"]);
    expect(debt()).toBe(1);
    expect(message.updates.at(-1)?.userId).toBe("gm");
    expect(hero.updates.at(-1)?.userId).toBe("gm");
  });

  it("a player may not write another's message directly (what the relay avoids)", async () => {
    const message = await post();
    await expect(asClient("player2", () => message.update({ content: "x" }))).rejects.toThrow(/lacks permission/);
  });

  it("is idempotent: a double click applies once", async () => {
    const message = await post();
    const results = await asClient("player1", () =>
      Promise.all([
        requestCardAction(message.id, "test.pick", { die: 0 }),
        requestCardAction(message.id, "test.pick", { die: 1 }),
      ]),
    );
    expect(results.map((r) => r.status).sort()).toEqual(["already", "applied"]);
    expect(debt()).toBe(1);
    expect(stored(message).revision).toBe(1);
    expect(state.notifications.map((n) => n.type)).toEqual(["info"]);
  });

  it("is idempotent across clients: the roller and the GM clicking at once apply once", async () => {
    const message = await post();
    const results = await Promise.all([
      asClient("player1", () => requestCardAction(message.id, "test.pick", { die: 0 })),
      asClient("gm", () => requestCardAction(message.id, "test.pick", { die: 1 })),
    ]);
    expect(results.filter((r) => r.status === "applied")).toHaveLength(1);
    expect(debt()).toBe(1);
    const later = await asClient("gm", () => requestCardAction(message.id, "test.pick", { die: 1 }));
    expect(later.status).toBe("already");
    expect(debt()).toBe(1);
  });

  it("checks rights: another player may not pick the roller's die", async () => {
    const message = await post();
    const result = await asClient("player2", () => requestCardAction(message.id, "test.pick", { die: 0 }));
    expect(result.status).toBe("denied");
    expect(stored(message).done).toEqual([]);
    expect(debt()).toBe(0);
    expect(state.notifications[0]?.type).toBe("warn");
  });

  it("never half-applies: a write to a document the requester does not own refuses the whole action", async () => {
    const message = await post();
    const result = await asClient("player1", () => requestCardAction(message.id, "test.hurtBoth"));
    expect(result.status).toBe("denied");
    expect(debt()).toBe(0);
    expect((state.game.actors.get("villain")?.system as { debt: number }).debt).toBe(0);
    expect(stored(message).revision).toBe(0);
  });

  it("with no GM: a relayed action shows a notification and changes nothing", async () => {
    const message = await post();
    setGMsConnected(false);
    const result = await asClient("player1", () => requestCardAction(message.id, "test.hurtBoth"));
    expect(result.status).toBe("noGM");
    expect(state.notifications.map((n) => n.message)).toEqual([state.game.i18n.localize("QUINTETTE.Relay.NoGM")]);
    expect(stored(message).revision).toBe(0);
    expect(gmQueries()).toHaveLength(0);
  });

  it("with no GM: the roller's own pick runs on the roller's client; another player's is refused", async () => {
    const message = await post();
    setGMsConnected(false);
    const denied = await asClient("player2", () => requestCardAction(message.id, "test.pick", { die: 0 }));
    expect(denied.status).toBe("denied");
    const applied = await asClient("player1", () => requestCardAction(message.id, "test.pick", { die: 0 }));
    expect(applied.status).toBe("applied");
    expect(message.updates.at(-1)?.userId).toBe("player1");
    expect(debt()).toBe(1);
  });

  it("refuses an unknown action and a message without a card", async () => {
    const message = await post();
    expect((await asClient("gm", () => requestCardAction(message.id, "nope"))).status).toBe("invalid");
    expect((await asClient("gm", () => requestCardAction("missing", "test.pick"))).status).toBe("invalid");
  });
});
