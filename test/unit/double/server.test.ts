/**
 * The simulated server (test/double/server.ts, writes.ts, permissions.ts cite each rule), one behaviour per test:
 * creation rights per role, `_preCreate` with the whole creation data, schema cleaning on the server, the diff (an
 * update that changes nothing is not broadcast), ids, the broadcast to every connected client with the writer's id,
 * unawaited, after the latency, and connection changes.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  asGM,
  DoubleActor,
  DoubleItem,
  fields,
  resetFoundryDouble,
  settle,
  setPermission,
  TypeDataModel,
  USER_ROLES,
  type DoubleState,
} from "../../double/index.ts";
import {
  DoubleChatMessage,
  DoubleCombat,
  addUser,
  asClient,
  installClients,
  setGMsConnected,
  setLatency,
  setUserConnected,
} from "../../double/shared-core.ts";

let state: DoubleState;

/** `_preCreate` records what Foundry passes it: the whole creation data (fvtt-types `TypeDataModel#_preCreate`). */
const preCreateSeen: unknown[] = [];
class Hero extends TypeDataModel {
  static override defineSchema() {
    return { vie: new fields.NumberField({ integer: true, min: 0, max: 10, initial: 5 }) };
  }
  override async _preCreate(data: unknown): Promise<void> {
    preCreateSeen.push(structuredClone(data));
  }
}

beforeEach(() => {
  state = installClients(resetFoundryDouble());
  state.CONFIG.Actor.dataModels.hero = Hero;
  addUser("player2");
  preCreateSeen.length = 0;
});

/** Every (client, writer) pair a hook reached. */
function listen(hook: string): Array<[string, unknown]> {
  const seen: Array<[string, unknown]> = [];
  state.hooks.on(hook, (...args: unknown[]) => void seen.push([game.user?.id ?? "?", args[args.length - 1]]));
  return seen;
}

describe("creation rights per role (fvtt-types BaseActor/BaseItem.canUserCreate, CONST.USER_PERMISSIONS defaults)", () => {
  it("ACTOR_CREATE and ITEM_CREATE are an Assistant's by default; the GM may grant them to players", async () => {
    await expect(asClient("player1", () => DoubleActor.create({ name: "A", type: "hero" }))).rejects.toThrow(
      /player1 lacks permission to create Actor/,
    );
    await expect(asClient("player1", () => DoubleItem.create({ name: "I", type: "t" }))).rejects.toThrow(
      /lacks permission to create Item/,
    );
    addUser("agm", USER_ROLES.ASSISTANT);
    await expect(asClient("agm", () => DoubleActor.create({ name: "A", type: "hero" }))).resolves.toBeTruthy();
    setPermission("ACTOR_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
    await expect(asClient("player1", () => DoubleActor.create({ name: "B", type: "hero" }))).resolves.toBeTruthy();
  });

  it("a Combat is an Assistant's or a GM's to create; a player's is refused", async () => {
    await expect(asClient("player1", () => DoubleCombat.create({}))).rejects.toThrow(/lacks permission/);
    await expect(asGM(() => DoubleCombat.create({}))).resolves.toBeTruthy();
  });
});

describe("the write path", () => {
  it("_preCreate receives the whole creation data: type, name, items and prototype token (TypeDataModel#_preCreate)", async () => {
    await asGM(() =>
      DoubleActor.create({
        name: "Ysolde",
        type: "hero",
        items: [{ name: "Épée", type: "t" }],
        prototypeToken: { actorLink: true },
      }),
    );
    expect(preCreateSeen).toEqual([
      { name: "Ysolde", type: "hero", items: [{ name: "Épée", type: "t" }], prototypeToken: { actorLink: true } },
    ]);
  });

  it("the server cleans by the schema: integers rounded, ranges clamped, unknown keys dropped (SchemaField#_cleanType)", async () => {
    const hero = await asGM(() => DoubleActor.create({ name: "H", type: "hero", system: { vie: 12, bogus: 1 } }));
    expect(hero.toObject().system).toEqual({ vie: 10 });
    await asGM(() => hero.update({ "system.vie": 3.6, bogus: true }));
    expect(hero.toObject().system).toEqual({ vie: 4 });
    expect(hero.toObject()).not.toHaveProperty("bogus");
  });

  it("gives new ids unless keepId (DatabaseCreateOperation.keepId)", async () => {
    const kept = await asGM(() =>
      DoubleActor.create({ _id: "keep000000000000", name: "K", type: "hero" }, { keepId: true }),
    );
    const fresh = await asGM(() => DoubleActor.create({ _id: "keep000000000001", name: "F", type: "hero" }));
    expect(kept.id).toBe("keep000000000000");
    expect(fresh.id).not.toBe("keep000000000001");
    expect(fresh.id).toMatch(/^[A-Za-z0-9]{16}$/);
  });

  it("an update that changes nothing is not broadcast and resolves undefined (DatabaseUpdateOperation.diff)", async () => {
    const hero = await asGM(() => DoubleActor.create({ name: "H", type: "hero", system: { vie: 5 } }));
    const seen = listen("updateActor");
    await expect(asGM(() => hero.update({ "system.vie": 5, name: "H" }))).resolves.toBeUndefined();
    await settle();
    expect(seen).toEqual([]);
    expect(hero.updates).toHaveLength(0);
  });

  it("a change reaches every connected client with the writer's id, and only what differs", async () => {
    const hero = await asGM(() => DoubleActor.create({ name: "H", type: "hero", ownership: { player1: 3 } }));
    setUserConnected("player2", false);
    await settle();
    const changes: unknown[] = [];
    Hooks.on("updateActor", (_doc: unknown, changed: unknown) => void changes.push(changed));
    const seen = listen("updateActor");
    await asClient("player1", () => hero.update({ name: "H", "system.vie": 2 }));
    await settle();
    expect(seen).toEqual([
      ["gm", "player1"],
      ["player1", "player1"],
    ]);
    expect(changes[0]).toEqual({ system: { vie: 2 }, _id: hero.id });
  });

  it("hooks are not awaited: a write resolves before a slow listener ends, and settle() waits for it", async () => {
    const hero = await asGM(() => DoubleActor.create({ name: "H", type: "hero" }));
    let done = false;
    Hooks.on("updateActor", async () => {
      await new Promise((resolve) => setTimeout(resolve, 15));
      done = true;
    });
    await asGM(() => hero.update({ name: "I" }));
    expect(done).toBe(false);
    await settle();
    expect(done).toBe(true);
  });
});

describe("latency", () => {
  it("until the broadcast arrives every client reads the old value; writes arrive in the order they were sent", async () => {
    const hero = await asGM(() => DoubleActor.create({ name: "H", type: "hero", ownership: { player1: 3 } }));
    setLatency(10);
    const order: number[] = [];
    state.hooks.on("updateActor", (doc: unknown) => {
      if (game.user?.id === "gm") order.push(((doc as DoubleActor).system as unknown as { vie: number }).vie);
    });
    const first = asClient("player1", () => hero.update({ "system.vie": 1 }));
    const second = asGM(() => hero.update({ "system.vie": 2 }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((hero.system as unknown as { vie: number }).vie).toBe(5);
    await Promise.all([first, second]);
    await settle();
    expect(order).toEqual([1, 2]);
    expect((hero.system as unknown as { vie: number }).vie).toBe(2);
  });

  it("a message created by one client is in the others' collections only after the round trip", async () => {
    setLatency(10);
    const pending = asClient("player1", () => DoubleChatMessage.create({ content: "hi" }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(state.game.messages.size).toBe(0);
    await pending;
    expect(state.game.messages.size).toBe(1);
  });
});

describe("connections (fvtt-types Hooks.userConnected: 'fires whenever some other User joins or leaves')", () => {
  it("a GM leaving or joining runs userConnected on every other connected client, not its own", async () => {
    const seen: Array<[string, unknown, unknown]> = [];
    state.hooks.on("userConnected", (user: unknown, connected: unknown) => {
      seen.push([game.user?.id ?? "?", (user as { id: string }).id, connected]);
    });
    setGMsConnected(false);
    await settle();
    expect(state.game.users.activeGM).toBeNull();
    expect(seen.sort()).toEqual([
      ["player1", "gm", false],
      ["player2", "gm", false],
    ]);
    seen.length = 0;
    setGMsConnected(true);
    await settle();
    expect(seen.sort()).toEqual([
      ["player1", "gm", true],
      ["player2", "gm", true],
    ]);
  });
});
