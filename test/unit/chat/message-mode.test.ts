import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, setDoubleUser, type DoubleState } from "../../double/index.ts";
import { compatibilityWarnings, type Generation } from "../../double/generation.ts";
import type { DoubleChatMessage } from "../../double/shared-core.ts";
import { createCardState, postCard } from "../../../src/foundry/chat/index.ts";
import {
  applyMessageMode,
  availableMessageModes,
  currentMessageMode,
  messageModeFor,
  normalizeMessageMode,
  usesMessageModes,
  visibilityOf,
} from "../../../src/foundry/chat/mode.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import type { RollDialogConfig } from "../../../src/foundry/dialog/inputs.ts";

/** Each generation's names, and its setting holding the user's choice. */
const GENERATIONS = {
  13: {
    setting: "rollMode",
    keys: { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" },
    other: { public: "public", gm: "gm", blind: "blind", self: "self" },
  },
  14: {
    setting: "messageMode",
    keys: { public: "public", gm: "gm", blind: "blind", self: "self" },
    other: { public: "publicroll", gm: "gmroll", blind: "blindroll", self: "selfroll" },
  },
} as const;

function card() {
  return createCardState({
    ruleset: "trinites",
    kind: "test",
    rollerId: "player1",
    title: { key: "QUINTETTE.Card.Test" },
  });
}

describe.each([13, 14] as Generation[])("chat modes on Foundry v%i", (generation) => {
  const g = GENERATIONS[generation as 13 | 14];
  let state: DoubleState;

  beforeEach(() => {
    state = resetFoundryDouble({ generation });
    setDoubleUser("player1");
  });

  /** The player picks a mode in the chat log's selector (a client setting). */
  const choose = (mode: string) => state.game.settings.set("core", g.setting, mode);

  it("detects the generation by feature", () => {
    expect(usesMessageModes()).toBe(generation === 14);
  });

  it("reads the user's chosen mode from the generation's setting", async () => {
    expect(currentMessageMode()).toBe(g.keys.public);
    await choose(g.keys.blind);
    expect(currentMessageMode()).toBe(g.keys.blind);
  });

  it("offers the generation's modes, labelled by Foundry's keys", () => {
    const values = availableMessageModes().map((m) => m.value);
    for (const key of Object.values(g.keys)) expect(values).toContain(key);
    for (const key of Object.values(g.other)) expect(values).not.toContain(key);
    expect(availableMessageModes().find((m) => m.value === g.keys.gm)?.label).toBe(
      generation === 14 ? "CHAT.MODES.gm" : "CHAT.RollPrivate",
    );
  });

  it("translates the other generation's names, resolves 'roll', refuses the unknown", async () => {
    expect(normalizeMessageMode(g.other.gm)).toBe(g.keys.gm);
    expect(normalizeMessageMode(g.keys.self)).toBe(g.keys.self);
    await choose(g.keys.gm);
    expect(normalizeMessageMode("roll")).toBe(g.keys.gm);
    expect(normalizeMessageMode("secret")).toBeNull();
    expect(normalizeMessageMode(3)).toBeNull();
    expect(messageModeFor("blind")).toBe(g.keys.blind);
  });

  it("a player's card follows the mode they chose in the chat log", async () => {
    await choose(g.keys.gm);
    const message = (await postCard(card())) as unknown as DoubleChatMessage;
    expect(message.whisper).toEqual(["gm"]);
    expect(message.blind).toBe(false);
    setDoubleUser("player1");
    await choose(g.keys.self);
    const own = (await postCard(card())) as unknown as DoubleChatMessage;
    expect(own.whisper).toEqual(["player1"]);
  });

  it("the mode picked in a roll dialog wins over the chat log's, in either generation's name", async () => {
    await choose(g.keys.public);
    const blind = (await postCard(card(), { rollMode: g.keys.blind })) as unknown as DoubleChatMessage;
    expect([blind.whisper, blind.blind]).toEqual([["gm"], true]);
    const translated = (await postCard(card(), { rollMode: g.other.gm })) as unknown as DoubleChatMessage;
    expect([translated.whisper, translated.blind]).toEqual([["gm"], false]);
  });

  it("a visibility the rule imposes wins over the user's choice", async () => {
    await choose(g.keys.blind);
    const shown = (await postCard(card(), { visibility: "public" })) as unknown as DoubleChatMessage;
    expect([shown.whisper, shown.blind]).toEqual([[], false]);
    await choose(g.keys.public);
    const secret = (await postCard(card(), {
      visibility: "gm",
      rollMode: g.keys.public,
    })) as unknown as DoubleChatMessage;
    expect(secret.whisper).toEqual(["gm"]);
  });

  it("a card the GM's client posts for a player keeps the player as a reader in the private and self modes", async () => {
    // The player's card (rollerId player1), posted by the GM's client in the player's mode (a relayed action).
    setDoubleUser("gm");
    const post = async (mode: string) => (await postCard(card(), { rollMode: mode })) as unknown as DoubleChatMessage;
    const gm = await post(g.keys.gm);
    expect([gm.whisper, gm.blind]).toEqual([["gm", "player1"], false]);
    // Blind: the GMs' alone; a recipient would see the roll's result (the player sees that a roll was made).
    const blind = await post(g.keys.blind);
    expect([blind.whisper, blind.blind]).toEqual([["gm"], true]);
    // Self: the roller alone (the GM sees it as its author); a follow-up reads it as a self card still.
    const self = await post(g.keys.self);
    expect([self.whisper, self.blind]).toEqual([["player1"], false]);
    expect(visibilityOf(self)).toBe("self");
    expect(visibilityOf(gm)).toBe("gm");
    expect((await post(g.keys.public)).whisper).toEqual([]);
    // The GM's own card stays the GM's own.
    const own = (await postCard(
      createCardState({ ruleset: "trinites", kind: "test", rollerId: "gm", title: { key: "QUINTETTE.Card.Test" } }),
      { rollMode: g.keys.self },
    )) as unknown as DoubleChatMessage;
    expect(own.whisper).toEqual(["gm"]);
  });

  it("an unknown mode falls back to the user's own", async () => {
    await choose(g.keys.self);
    const data: ChatMessage.CreateData = { content: "x" };
    applyMessageMode(data, "nonsense");
    expect(data.whisper).toEqual(["player1"]);
  });

  it("the roll dialog starts on the user's mode and offers the generation's list", async () => {
    await choose(g.keys.gm);
    let result: unknown = null;
    const config: RollDialogConfig = { title: "QUINTETTE.Dialog.Title", inputs: [], odds: () => [] };
    const dialog = new RollDialog(config, (r) => (result = r));
    expect(dialog.rollMode).toBe(g.keys.gm);
    await dialog.changeValue("rollMode", g.keys.self);
    dialog.confirm();
    expect(result).toEqual({ values: {}, rollMode: g.keys.self });
  });

  it("never goes through the deprecated v13 API on v14", async () => {
    await choose(g.keys.gm);
    await postCard(card());
    availableMessageModes();
    expect(compatibilityWarnings).toEqual([]);
  });
});

describe("the v14 double refuses the deprecated paths", () => {
  beforeEach(() => resetFoundryDouble({ generation: 14 }));

  it("core.rollMode and CONFIG.Dice.rollModes throw; applyRollMode warns and still works", () => {
    expect(() => game.settings?.get("core", "rollMode")).toThrow(/deprecated/);
    expect(() => Object.keys(CONFIG.Dice.rollModes)).toThrow(/deprecated/);
    const data = ChatMessage.applyRollMode({ content: "x" }, "gmroll");
    expect(data.whisper).toEqual(["gm"]);
    expect(compatibilityWarnings).toHaveLength(1);
  });
});

describe("visibilityOf", () => {
  it("reads a posted message's secrecy", () => {
    expect(visibilityOf({ blind: true, whisper: ["gm"] })).toBe("blind");
    expect(visibilityOf({ blind: false, whisper: ["gm"] })).toBe("gm");
    expect(visibilityOf({ blind: false, whisper: [] })).toBe("public");
  });
});
