/**
 * The double's fidelity rules of issue 13 that have no other home: who runs the code when a test says nothing (a
 * player, never the GM), where Foundry's own workflows run, the document schema's top-level keys, and the places
 * where the double cannot know and fails loudly instead of answering something.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  settle,
  asGM,
  chooseDice,
  DataModelValidationError,
  DialogV2,
  DoubleActor,
  DoubleItem,
  doubleState,
  RollDouble,
  resetFoundryDouble,
  type DoubleState,
} from "../../double/index.ts";
import {
  DoubleChatMessage,
  DoubleCombat,
  asClient,
  installClients,
  reloadMessage,
  setGMsConnected,
} from "../../double/shared-core.ts";

let state: DoubleState;
beforeEach(() => {
  state = resetFoundryDouble();
});

describe("the client running the code", () => {
  it("is a player's unless the test says otherwise; asGM and asClient hold across awaits", async () => {
    expect(game.user?.id).toBe("player1");
    expect(game.user?.isGM).toBe(false);
    const seen = await asGM(async () => {
      await Promise.resolve();
      return game.user?.id;
    });
    expect(seen).toBe("gm");
    expect(await asClient("gm", async () => game.user?.isGM)).toBe(true);
    expect(game.user?.id).toBe("player1");
  });

  it("refuses, by default, a write only the GM may make", async () => {
    installClients(state);
    const npc = await asGM(() => DoubleActor.create({ name: "Orc", type: "t" }));
    await expect(npc.update({ name: "x" })).rejects.toThrow(/player1 lacks permission/);
    await expect(asGM(() => npc.update({ name: "Grand orc" }))).resolves.toBeTruthy();
    expect(npc.updates.map((u) => u.userId)).toEqual(["gm"]);
  });

  it("answers a query on the queried user's client (User#query)", async () => {
    Object.assign(CONFIG.queries, { whoAmI: () => game.user?.id });
    const gm = state.game.users.get("gm")!;
    expect(await gm.query("whoAmI", {})).toBe("gm");
  });

  it("runs the combat's round and turn workflows on the active GM's client only", async () => {
    const who: string[] = [];
    class Watched extends DoubleCombat {
      override async _onStartRound(): Promise<void> {
        who.push(`round:${game.user?.id}`);
      }
      override async _onStartTurn(): Promise<void> {
        who.push(`turn:${game.user?.id}`);
      }
    }
    const combat = new Watched({ _id: "c" });
    await asGM(() => combat.createEmbeddedDocuments("Combatant", [{ _id: "a", name: "A" }], { keepId: true }));
    await combat.startCombat(); // advanced from a player's client
    expect(who).toEqual(["round:gm", "turn:gm"]);
    setGMsConnected(false);
    await combat.nextRound();
    await settle();
    expect(who).toHaveLength(2);
  });
});

describe("hooks", () => {
  it("callAll runs every listener in registration order and does not await an async one", async () => {
    // The double's own Hooks (any hook name): what the system's typed calls reach.
    const hooks = doubleState().hooks;
    const seen: string[] = [];
    hooks.on("renderThing", async () => {
      seen.push("async start");
      await Promise.resolve();
      seen.push("async end");
    });
    hooks.on("renderThing", () => {
      seen.push("second");
      return false;
    });
    hooks.on("renderThing", () => void seen.push("third"));
    expect(hooks.callAll("renderThing")).toBe(true);
    expect(seen).toEqual(["async start", "second", "third"]);
    await Promise.resolve();
    expect(seen.at(-1)).toBe("async end");
    // Hooks.call: "Call hook listeners in the order in which they were registered"; a false return stops the rest.
    seen.length = 0;
    expect(hooks.call("renderThing")).toBe(false);
    expect(seen).toEqual(["async start", "second"]);
  });
});

describe("top-level document keys (the document's SchemaField)", () => {
  it("drops keys the schema does not declare on creation and update, keeps declared ones", async () => {
    const actor = await asGM(() =>
      DoubleActor.create({ name: "A", type: "t", sort: 5, bogus: 1, folder: "f" }, { keepId: true }),
    );
    expect(actor.toObject()).toMatchObject({ sort: 5, folder: "f" });
    expect(actor.toObject()).not.toHaveProperty("bogus");
    await asGM(() => actor.update({ hacked: true, "nested.key": 2, sort: 7 }));
    const source = actor.toObject();
    expect(source).not.toHaveProperty("hacked");
    expect(source).not.toHaveProperty("nested");
    expect(source.sort).toBe(7);
    const item = new DoubleItem({ name: "i", type: "t", prototypeToken: {} });
    expect(item.toObject()).not.toHaveProperty("prototypeToken");
    const message = await DoubleChatMessage.create({ content: "a", unknown: 1, flavor: "f" });
    expect(message.toObject()).toMatchObject({ flavor: "f" });
    expect(message.toObject()).not.toHaveProperty("unknown");
  });

  it("a message's own fields follow an update and a reload", async () => {
    const message = await DoubleChatMessage.create({ content: "a" });
    await message.update({ content: "b" });
    expect(message.content).toBe("b");
    expect(reloadMessage(message).content).toBe("b");
  });

  it("casts a combatant's initiative like a NumberField, refuses a non-number and keeps the old value", async () => {
    const combat = new DoubleCombat({ _id: "c" });
    await asGM(async () => {
      await asGM(() =>
        combat.createEmbeddedDocuments("Combatant", [{ _id: "a", name: "A", initiative: 3 }], { keepId: true }),
      );
      await combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", initiative: "7" }]);
      expect(combat.combatants.get("a")?.initiative).toBe(7);
      await expect(combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", initiative: "soon" }])).rejects.toThrow(
        DataModelValidationError,
      );
    });
    expect(combat.combatants.get("a")?.initiative).toBe(7);
  });
});

describe("where the double cannot know, it fails loudly", () => {
  it("unsetFlag is an update: recorded, and refused to a player who does not own the document", async () => {
    installClients(state);
    const npc = await asGM(() => DoubleActor.create({ name: "Orc", type: "t", flags: { q: { a: 1, b: 2 } } }));
    await expect(npc.unsetFlag("q", "a")).rejects.toThrow(/lacks permission/);
    await asGM(() => npc.unsetFlag("q", "a"));
    expect(npc.flags).toEqual({ q: { b: 2 } });
    expect(npc.updates).toHaveLength(1);
  });

  it("refuses writes to embedded documents that do not exist instead of skipping them", async () => {
    const actor = await asGM(() =>
      DoubleActor.create({ name: "A", type: "t", ownership: { default: 0, player1: 3 } }, { keepId: true }),
    );
    await expect(actor.updateEmbeddedDocuments("Item", [{ _id: "nope", name: "x" }])).rejects.toThrow(/No Item/);
    await expect(actor.deleteEmbeddedDocuments("Item", ["nope"])).rejects.toThrow(/No Item/);
    const combat = new DoubleCombat({ _id: "c" });
    await expect(
      asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "nope", initiative: 1 }])),
    ).rejects.toThrow(/No Combatant/);
    await expect(asGM(() => combat.rollInitiative(["nope"]))).rejects.toThrow(/No Combatant/);
  });

  it("does not invent dice: a Roll without chosen faces and an initiative formula without a result throw", async () => {
    await expect(new RollDouble("1d20").evaluate()).rejects.toThrow(/no face left for 1d20/);
    chooseDice(4, 5);
    expect((await new RollDouble("2d20").evaluate()).total).toBe(9);
    const combat = new DoubleCombat({ _id: "c" });
    await asGM(() => combat.createEmbeddedDocuments("Combatant", [{ _id: "a", name: "A" }], { keepId: true }));
    // The formula is CONFIG's, else the manifest's (`game.system.initiative`); dice need a chosen result.
    Object.assign(state.CONFIG.Combat, { initiative: { formula: "1d20", decimals: 0 } });
    await expect(asGM(() => combat.rollInitiative(["a"]))).rejects.toThrow(/no face left for 1d20/);
    chooseDice(12);
    await asGM(() => combat.rollInitiative(["a"]));
    expect(combat.combatants.get("a")?.initiative).toBe(12);
  });

  it("reads the manifest's initiative formula without CONFIG's, and throws with neither (no invented 1d20)", async () => {
    // fvtt-types `Combatant#_getInitiativeFormula` and the `System` schema's `initiative`: the manifest's "0" here.
    const combat = new DoubleCombat({ _id: "c" });
    await asGM(() => combat.createEmbeddedDocuments("Combatant", [{ _id: "a", name: "A" }], { keepId: true }));
    expect(state.game.system.initiative).toBe("0");
    expect(combat.combatants.get("a")?.getInitiativeRoll().formula).toBe("0");
    await asGM(() => combat.rollInitiative(["a"]));
    expect(combat.combatants.get("a")?.initiative).toBe(0);
    Object.assign(state.game.system, { initiative: null });
    expect(() => combat.combatants.get("a")?.getInitiativeRoll()).toThrow(/No initiative formula/);
  });

  it("does not answer a dialog for the user: the test chooses, null being a dismissed dialog", async () => {
    await expect(DialogV2.confirm({})).rejects.toThrow(/did not choose/);
    await expect(DialogV2.wait({})).rejects.toThrow(/did not choose/);
    DialogV2.nextAnswer = null;
    await expect(DialogV2.prompt({})).resolves.toBeNull();
    DialogV2.nextAnswer = false;
    await expect(DialogV2.confirm({})).resolves.toBe(false);
  });

  it("resolves only the uuids it models, and names no class it does not have", async () => {
    const message = await DoubleChatMessage.create({ content: "a" });
    expect(await fromUuid(`ChatMessage.${message.id}`)).toBe(message);
    // Scenes and their tokens are modelled (scenes.ts); what they embed besides tokens is not.
    expect(fromUuidSync("Scene.abc.Token.def")).toBeNull();
    expect(() => fromUuidSync("Scene.abc.Tile.def")).toThrow(/does not resolve embedded Tile/);
    expect(() => fromUuidSync("JournalEntry.abc")).toThrow(/does not resolve JournalEntry/);
    const actor = await asGM(() => DoubleActor.create({ _id: "a1", name: "A", type: "t" }, { keepId: true }));
    expect(fromUuidSync(`Actor.${actor.id}`)).toBe(actor);
    expect(() => fromUuidSync("Actor.a1.ActiveEffect.e1")).toThrow(/embedded ActiveEffect/);
    expect(getDocumentClass("Actor")).toBe(DoubleActor);
    expect(() => getDocumentClass("JournalEntry")).toThrow(/no JournalEntry document class/);
  });
});
