/**
 * Chat on the double as Foundry documents it (test/double/chat.ts, chat-log.ts, dice.ts cite each rule):
 * - who sees a message and its content, per user: public, private (whisper), blind and self messages, a roll or not
 *   (fvtt-types `ChatMessage#visible`, `#isContentVisible`, `Schema.blind`; foundryvtt.com/article/dice; GMs do not read
 *   players' whispers: foundryvtt/foundryvtt#9888; draw-steel#1698 for the content rule);
 * - each client's chat log renders (`renderChatMessageHTML`) only what its user may see (fvtt-types hook
 *   `renderChatMessageHTML`: "fires for each ChatMessage which is rendered for addition to the ChatLog");
 * - rolls stored as JSON (`Roll#toJSON`) and rebuilt on every client from `CONFIG.Dice.rolls` (`Roll.fromData`,
 *   `ChatMessage#prepareDerivedData`: "dropping any that throw").
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, chooseDice, resetFoundryDouble, RollDouble, settle, type DoubleState } from "../../double/index.ts";
import {
  DoubleChatMessage,
  addUser,
  asClient,
  chatLogOf,
  installClients,
  loadChatLog,
  reloadMessage,
} from "../../double/shared-core.ts";
import { postCard } from "../../../src/foundry/chat/post.ts";
import { createCardState } from "../../../src/foundry/chat/card-state.ts";

let state: DoubleState;
const CLIENTS = ["gm", "player1", "player2"];

beforeEach(() => {
  state = installClients(resetFoundryDouble({ lang: "en" }), { latency: 1, chatLog: true });
  addUser("player2");
});

const roll = async () => {
  chooseDice(13);
  return (await new RollDouble("1d20").evaluate()) as unknown;
};

/** For each client: [visible, isContentVisible]. */
function views(message: DoubleChatMessage): Record<string, [boolean, boolean]> {
  return Object.fromEntries(
    CLIENTS.map((id) => [id, asClient(id, () => [message.visible, message.isContentVisible] as [boolean, boolean])]),
  );
}

async function say(author: string, data: Record<string, unknown>): Promise<DoubleChatMessage> {
  return asClient(author, () => DoubleChatMessage.create({ content: "<p>x</p>", ...data }));
}

describe("who sees a message (ChatMessage#visible) and its content (#isContentVisible)", () => {
  it("public: everyone, message and content", async () => {
    const m = await say("player1", {});
    expect(views(m)).toEqual({ gm: [true, true], player1: [true, true], player2: [true, true] });
  });

  it("a whisper between players: its author and recipient only, not the GM (foundryvtt#9888)", async () => {
    const m = await say("player1", { whisper: ["player2"] });
    expect(views(m)).toEqual({ gm: [false, false], player1: [true, true], player2: [true, true] });
  });

  it("a private roll (whispered to the GM): everyone sees a roll was made, only the roller and the GM its result", async () => {
    const m = await say("player1", { whisper: ["gm"], rolls: [await roll()] });
    expect(m.isRoll).toBe(true);
    expect(views(m)).toEqual({ gm: [true, true], player1: [true, true], player2: [true, false] });
  });

  it("a blind roll: the roller sees that they rolled, never the result; the GM sees it", async () => {
    const m = await say("player1", { whisper: ["gm"], blind: true, rolls: [await roll()] });
    expect(views(m)).toEqual({ gm: [true, true], player1: [true, false], player2: [true, false] });
  });

  it("a self roll: the roller alone reads it; the others, GM included, see a roll was made", async () => {
    const m = await say("player1", { whisper: ["player1"], rolls: [await roll()] });
    expect(views(m)).toEqual({ gm: [true, false], player1: [true, true], player2: [true, false] });
  });

  it("a GM's private message (no roll) whispered to the GMs: not seen at all by the players", async () => {
    const m = await say("gm", { whisper: ["gm"] });
    expect(views(m)).toEqual({ gm: [true, true], player1: [false, false], player2: [false, false] });
  });

  it("a blind card the GM's client posts for a player stays the GMs': the player sees the roll, not its result", async () => {
    const card = createCardState({ ruleset: "trinites", kind: "test", rollerId: "player1", title: { key: "T" } });
    const rolls = [(await roll()) as never];
    const posted = (await asGM(() => postCard(card, { rollMode: "blindroll", rolls }))) as unknown as DoubleChatMessage;
    expect([posted.whisper, posted.blind]).toEqual([["gm"], true]);
    expect(views(posted).player1).toEqual([true, false]);
  });
});

describe("each client's chat log renders only what its user may see", () => {
  it("renderChatMessageHTML runs on the clients that see the message, on creation and on each change", async () => {
    const rendered: string[] = [];
    Hooks.on("renderChatMessageHTML", (message: unknown) => {
      rendered.push(`${game.user?.id}:${(message as DoubleChatMessage).id}`);
    });
    const whisper = await say("player1", { whisper: ["player2"] });
    await settle();
    expect(rendered.sort()).toEqual([`player1:${whisper.id}`, `player2:${whisper.id}`]);
    expect(CLIENTS.map((id) => chatLogOf(id).has(whisper.id))).toEqual([false, true, true]);
    rendered.length = 0;
    await asClient("player1", () => whisper.update({ content: "<p>y</p>" }));
    await settle();
    expect(rendered.sort()).toEqual([`player1:${whisper.id}`, `player2:${whisper.id}`]);
  });

  it("a blind roll is logged for its roller without its content; a client loading the world renders what it sees", async () => {
    const blind = await say("player1", { whisper: ["gm"], blind: true, rolls: [await roll()], content: "<p>13</p>" });
    const secret = await say("gm", { whisper: ["gm"], content: "<p>notes</p>" });
    await settle();
    expect(chatLogOf("player1").get(blind.id)?.querySelector(".message-content")?.innerHTML).toBe("");
    expect(chatLogOf("gm").get(blind.id)?.querySelector(".message-content")?.innerHTML).toBe("<p>13</p>");
    const log = loadChatLog("player2");
    await settle();
    expect([...log.keys()]).toEqual([blind.id]);
    expect(chatLogOf("gm").has(secret.id)).toBe(true);
  });

  it("a message no longer visible after an update leaves the log; a deleted one too", async () => {
    const m = await say("gm", {});
    await settle();
    expect(chatLogOf("player1").has(m.id)).toBe(true);
    await asGM(() => m.update({ whisper: ["gm"] }));
    await settle();
    expect(chatLogOf("player1").has(m.id)).toBe(false);
    await asGM(() => m.delete());
    expect(chatLogOf("gm").has(m.id)).toBe(false);
  });
});

describe("rolls are stored as JSON and rebuilt on each client from CONFIG.Dice.rolls", () => {
  class RegisteredRoll extends RollDouble {
    /** Kept outside `toJSON`: Foundry does not carry it to any client. */
    note = "";
    get target(): unknown {
      return this.options.target;
    }
  }
  class UnregisteredRoll extends RollDouble {}

  it("stores Roll#toJSON as a string and rebuilds the registered class, with its options, total and terms", async () => {
    state.CONFIG.Dice.rolls.push(RegisteredRoll);
    chooseDice(4);
    const r = new RegisteredRoll("1d20", {}, { target: 12 });
    r.note = "client state";
    await r.evaluate();
    const m = await say("player1", { rolls: [r] });
    const stored = m.toObject().rolls as string[];
    expect(typeof stored[0]).toBe("string");
    expect(JSON.parse(stored[0]!)).toMatchObject({
      class: "RegisteredRoll",
      formula: "1d20",
      total: 4,
      evaluated: true,
    });
    const [rebuilt] = m.rolls as RegisteredRoll[];
    expect(rebuilt).toBeInstanceOf(RegisteredRoll);
    expect(rebuilt).not.toBe(r);
    expect([rebuilt!.total, rebuilt!.target, rebuilt!.note]).toEqual([4, 12, ""]);
    // A reload (another client loading the world) rebuilds the same.
    expect((reloadMessage(m).rolls[0] as RegisteredRoll).target).toBe(12);
  });

  it("drops a Roll whose class is not registered: the message is no roll to anyone", async () => {
    const m = await say("player1", {
      whisper: ["gm"],
      rolls: [await (chooseDice(2), new UnregisteredRoll("1d6")).evaluate()],
    });
    expect(m.toObject().rolls).toHaveLength(1);
    expect(m.rolls).toEqual([]);
    expect(m.isRoll).toBe(false);
    // No roll: a whisper, seen by its author and recipient only.
    expect(views(m).player2).toEqual([false, false]);
  });

  it("Roll.fromData of an unknown class throws; the base class is Foundry's `Roll`", async () => {
    expect(() => RollDouble.fromData({ class: "Nope", formula: "1" })).toThrow(/Unable to recreate/);
    expect(RollDouble.fromData(((await roll()) as RollDouble).toJSON())).toBeInstanceOf(RollDouble);
    expect(((await roll()) as RollDouble).toJSON().class).toBe("Roll");
  });
});

describe("a message's author (ChatMessage#author)", () => {
  it("is the User who wrote it, stored as the user's id (a DocumentAuthorField)", async () => {
    const m = await say("player1", {});
    expect(m.author).toBe(state.game.users.get("player1"));
    expect(m.author?.isGM).toBe(false);
    expect(m.toObject().author).toBe("player1");
    expect(reloadMessage(m).author?.id).toBe("player1");
    // A user deleted since: no author.
    state.game.users.delete("player1");
    expect(m.author).toBeNull();
  });
});

describe("a message's speaker (ChatMessage.Schema.speaker, a SchemaField)", () => {
  it("a partial update merges into the speaker on every client, as a schema field's update does", async () => {
    const m = await say("player1", { speaker: { scene: "s1", actor: "a1", token: "t1", alias: "Dana" } });
    await asClient("player1", () => m.update({ speaker: { alias: "Dana la Rousse" } }));
    await settle();
    for (const id of CLIENTS) {
      const seen = asClient(id, () => (game.messages?.get(m.id!) as DoubleChatMessage | undefined)?.speaker);
      expect(seen).toEqual({ scene: "s1", actor: "a1", token: "t1", alias: "Dana la Rousse" });
    }
    expect(reloadMessage(m).speaker).toEqual({ scene: "s1", actor: "a1", token: "t1", alias: "Dana la Rousse" });
  });
});
