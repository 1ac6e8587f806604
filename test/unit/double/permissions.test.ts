/** The double refuses what Foundry's server refuses (test/double/permissions.ts cites each rule). */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import { DoubleChatMessage, DoubleCombat, asClient, installClients } from "../../double/shared-core.ts";

let state: DoubleState;
let own: DoubleActor;
let other: DoubleActor;
beforeEach(async () => {
  state = installClients(resetFoundryDouble());
  own = await asGM(() =>
    DoubleActor.create({ name: "Own", type: "t", ownership: { default: 0, player1: 3 } }, { keepId: true }),
  );
  other = await asGM(() => DoubleActor.create({ name: "Other", type: "t" }, { keepId: true }));
});

const users = () => state.game.users;

describe("who may write what", () => {
  it("Actor and Item: OWNER only", async () => {
    await expect(asClient("player1", () => own.update({ name: "x" }))).resolves.toBeTruthy();
    await expect(asClient("player1", () => other.update({ name: "x" }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("player1", () => other.createEmbeddedDocuments("Item", [{ name: "i" }]))).rejects.toThrow(
      /lacks permission/,
    );
    const [item] = await asGM(() => other.createEmbeddedDocuments("Item", [{ name: "i", type: "t" }]));
    await expect(asClient("player1", () => item!.update({ name: "y" }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("gm", () => other.update({ name: "x" }))).resolves.toBeTruthy();
  });

  it("ChatMessage: its author or a GM; a player cannot create one as someone else", async () => {
    const message = await asClient("player1", () => DoubleChatMessage.create({ content: "a" }));
    expect(message.author?.id).toBe("player1");
    await expect(asClient("player1", () => message.update({ content: "b" }))).resolves.toBeTruthy();
    await expect(asClient("player1", () => message.update({ author: "gm" }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("gm", () => message.update({ content: "c" }))).resolves.toBeTruthy();
    const gmMessage = await asClient("gm", () => DoubleChatMessage.create({ content: "a" }));
    await expect(asClient("player1", () => gmMessage.update({ content: "b" }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("player1", () => DoubleChatMessage.create({ author: "gm" }))).rejects.toThrow(
      /lacks permission/,
    );
  });

  it("Combatant: a non-GM owner changes only initiative, flags and defeated", async () => {
    const combat = await asGM(() => DoubleCombat.create({ _id: "c" }, { keepId: true }));
    const [mine] = await asGM(() =>
      combat.createEmbeddedDocuments("Combatant", [{ _id: "m", actorId: own.id }], { keepId: true }),
    );
    await expect(asClient("player1", () => mine!.update({ initiative: 3 }))).resolves.toBeTruthy();
    await expect(asClient("player1", () => mine!.update({ hidden: true }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("player1", () => mine!.update({ "system.phase": 2 }))).rejects.toThrow(/lacks permission/);
  });

  it("User: a player updates only their own, never its role; a GM updates any", async () => {
    const player = users().get("player1")!;
    const gm = users().get("gm")!;
    await expect(asClient("player1", () => player.update({ "flags.quintette.x": 1 }))).resolves.toBeTruthy();
    await expect(asClient("player1", () => player.update({ role: 4 }))).rejects.toThrow(/lacks permission/);
    await expect(asClient("player1", () => gm.update({ "flags.quintette.x": 1 }))).rejects.toThrow(/lacks permission/);
    expect(player.isGM).toBe(false);
    await expect(asClient("gm", () => player.update({ "flags.quintette.y": 2 }))).resolves.toBeTruthy();
    expect(player.getFlag("quintette", "y")).toBe(2);
  });

  it("User updates fire updateUser on every connected client with the writer's id", async () => {
    const seen: Array<{ client: string; writer: unknown }> = [];
    state.hooks.on("updateUser", (...args: unknown[]) => {
      seen.push({ client: state.game.user.id, writer: args[3] });
    });
    await asClient("player1", () => users().get("player1")!.update({ "flags.quintette.x": 1 }));
    expect(seen).toEqual([
      { client: "gm", writer: "player1" },
      { client: "player1", writer: "player1" },
    ]);
  });

  it("world settings: a GM only", async () => {
    state.game.settings.register("quintette", "w", { scope: "world", default: 1 });
    state.game.settings.register("quintette", "c", { scope: "client", default: 1 });
    await expect(asClient("player1", () => state.game.settings.set("quintette", "w", 2))).rejects.toThrow(
      /lacks permission/,
    );
    await expect(asClient("player1", () => state.game.settings.set("quintette", "c", 2))).resolves.toBe(2);
    await expect(asClient("gm", () => state.game.settings.set("quintette", "w", 2))).resolves.toBe(2);
  });
});
