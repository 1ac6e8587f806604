/**
 * docs/api.md's example module, registered as a module would (its script evaluated once the system has started):
 * in every rule set a roll (Jetons: a question) it holds is cancelled on the player's client and one it lets through
 * is changed (whispered to the GM) and reported after; at whole tables a card step held on the player's client is
 * never sent, a step let through is reported on the GM's client that wrote it, a pre hook's forged argument is still
 * refused by the GM, and damage and undo are cancelled and reported the same way.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DoubleActor, doubleState, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { asClient, installClients, targetsOf } from "../../double/clients.ts";
import { settle } from "../../double/shared-core.ts";
import { installMacrosDouble } from "../../double/macros.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice } from "../../scenes/dice.ts";
import { createFromSidebar, dropOnScene, lastMessage, openTable } from "../../scenes/table.ts";
import { api as ahillmachApi } from "../../../src/foundry/ahillmach/api.ts";
import { api as jetonsApi } from "../../../src/foundry/jetons/api.ts";
import { api as oeilnoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { api as systemjApi } from "../../../src/foundry/systemj/api.ts";
import { api as trinitesApi } from "../../../src/foundry/trinites/api.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";
import type { RulesetApi } from "../../../src/foundry/api/types.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
type Example = { hold: Set<string>; log: string[] };
const example = (): Example => (globalThis as unknown as { exampleModule: Example }).exampleModule;

/** The example module of docs/api.md's "Hooks" section, evaluated as a module's script. */
function loadExampleModule(): void {
  const doc = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
  const section = doc.split("## Hooks")[1]?.split("\n## ")[0] ?? "";
  const script = section.match(/```js\n([\s\S]*?)```/)?.[1];
  if (!script) throw new Error("docs/api.md has no example module");
  new Function(script)();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the example module, rolls and actions of every rule set", () => {
  it("cancels what it holds on the rolling client, changes the options of the rest and is told after", async () => {
    const state = resetFoundryDouble({ lang: "fr" });
    installClients(state);
    installMacrosDouble();
    const { initQuintette, readyQuintette } = await import("../../../src/index.ts");
    initQuintette();
    loadExampleModule();
    const done: string[] = [];
    for (const rulesetApi of [ahillmachApi, systemjApi, trinitesApi, oeilnoirApi] as RulesetApi[]) {
      const original = rulesetApi.request.bind(rulesetApi);
      vi.spyOn(rulesetApi, "request").mockImplementation((actor, key, options): RollRequest | null => {
        const real = original(actor, key, options);
        return real && { dialog: real.dialog, roll: async (r) => void done.push(`${actor.name} ${key} ${r.rollMode}`) };
      });
    }
    vi.spyOn(jetonsApi.actions!, "jeAsk").mockImplementation(async (actor) => void done.push(`${actor.name} jeAsk`));
    setDoubleUser("player1");
    await readyQuintette();
    expect(example().log).toEqual(["ready @player1"]);

    const owner = { default: 0, player1: 3 };
    const MOVE = "mmmmmmmmmmmmmmm1";
    const cases: [DoubleActor, string][] = [
      [new DoubleActor({ name: "Aelis", type: "trinite", ownership: owner }), "skill:rapidite"],
      [
        new DoubleActor({
          name: "Ysolde",
          type: "personnage",
          ownership: owner,
          items: [{ _id: MOVE, name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } }],
        }),
        `move:${MOVE}`,
      ],
      [new DoubleActor({ name: "Alrik", type: "heros", ownership: owner }), "check:CO"],
      [new DoubleActor({ name: "Mage", type: "sj-personnage", ownership: owner }), "attribute.FOR"],
    ];
    for (const [actor, key] of cases) {
      const a = actor as unknown as Actor.Implementation;
      example().hold.add(key);
      expect(await asClient("player1", () => api().roll(a, key, { skipDialog: true })), key).toBeNull();
      example().hold.delete(key);
      expect(await asClient("player1", () => api().roll(a, key, { skipDialog: true })), key).not.toBeNull();
    }
    const jeanne = new DoubleActor({ name: "Jeanne", type: "archetype", ownership: owner });
    example().hold.add("jeAsk");
    await asClient("player1", () => api().act(jeanne as unknown as Actor.Implementation, "jeAsk"));
    example().hold.delete("jeAsk");
    await asClient("player1", () => api().act(jeanne as unknown as Actor.Implementation, "jeAsk"));

    // Each held roll never reached its rule set; each other one was whispered to the GM, as the module asked.
    expect(done).toEqual([
      "Aelis skill:rapidite gmroll",
      `Ysolde move:${MOVE} gmroll`,
      "Alrik check:CO gmroll",
      "Mage attribute.FOR gmroll",
      "Jeanne jeAsk",
    ]);
    expect(example().log.slice(1)).toEqual([
      "roll Aelis skill:rapidite gmroll @player1",
      `roll Ysolde move:${MOVE} gmroll @player1`,
      "roll Alrik check:CO gmroll @player1",
      "roll Mage attribute.FOR gmroll @player1",
      "act Jeanne jeAsk @player1",
    ]);
    // `quintette.ready` fired once; the pre hooks through Hooks.call (cancellable), the post ones through callAll.
    const calls = doubleState().hooks.calls.filter((c) => c.hook.startsWith("quintette."));
    expect(calls.filter((c) => c.hook === "quintette.ready")).toHaveLength(1);
    expect(new Set(calls.filter((c) => c.hook.startsWith("quintette.pre")).map((c) => c.kind))).toEqual(
      new Set(["call"]),
    );
    expect(new Set(calls.filter((c) => !c.hook.startsWith("quintette.pre")).map((c) => c.kind))).toEqual(
      new Set(["callAll"]),
    );
  });
});

describe("the example module at a table", { timeout: 60_000 }, () => {
  it("a held card step is never sent; one let through is reported on the GM's client; a forged argument is refused", async () => {
    await openTable("trinites");
    loadExampleModule();
    const ysolde = await createFromSidebar("player1", { name: "Ysolde", type: "trinite" });
    chooseDice(12, 4, 3);
    await asClient("player1", () =>
      api().roll(ysolde as unknown as Actor.Implementation, "skill:rapidite", { skipDialog: true }),
    );
    await settle();
    const card = lastMessage();
    const pick = (spirit: string) => asClient("player1", () => api().cards.act(card.id, "trinites.pick", { spirit }));

    example().hold.add("trinites.pick");
    expect(await pick("deva")).toEqual({ status: "cancelled" });
    await settle();
    expect(cardOf(card).done).toEqual([]);
    example().hold.delete("trinites.pick");

    // A listener on the player's client rewrites the request: the GM's client refuses what the card does not offer.
    const forge = Hooks.on("quintette.preCardAction", (_m, _a, args) => void (args.spirit = "adam"));
    expect((await pick("deva")).status).toBe("invalid");
    Hooks.off("quintette.preCardAction", forge);
    await settle();
    expect(cardOf(card).done).toEqual([]);

    expect((await pick("deva")).status).toBe("applied");
    await settle();
    expect(cardOf(card).done).toEqual(["trinites.pick"]);
    expect(example().log.filter((l) => l.startsWith("step"))).toEqual(["step trinites.pick for player1 @gm"]);
  });

  it("damage and its undo: cancelled on the clicking client when held, reported on the GM's after", async () => {
    const table = await openTable("ahillmach");
    loadExampleModule();
    const kael = await createFromSidebar("player1", { name: "Kael", type: "personnage" });
    const brute = await createFromSidebar("gm", { name: "Brute", type: "opposant" });
    await dropOnScene(table, kael);
    const bruteToken = await dropOnScene(table, brute);
    const move = kael.items.find((i) => i.name === "Tailler en pièces")!;
    targetsOf("player1").add(bruteToken);
    chooseDice(9, 8);
    const used = await asClient("player1", () =>
      api().useItem(move as unknown as Item.Implementation, { skipDialog: true }),
    );
    await settle();
    chooseDice(3);
    const rolled = await asClient("player1", () => api().cards.act(used!.message!.id!, "ahillmach.rollDamage"));
    await settle();
    const damage = rolled.id!;
    const target = bruteToken.actor!;
    const hp = () => (target.system as unknown as { hp: { value: number; max: number } }).hp;
    const full = hp().max;

    targetsOf("gm").add(bruteToken);
    example().hold.add("damage");
    expect(await asClient("gm", () => api().cards.act(damage, "quintette.applyDamage"))).toEqual({
      status: "cancelled",
    });
    await settle();
    expect(hp().value).toBe(full);
    example().hold.delete("damage");
    expect((await asClient("gm", () => api().cards.act(damage, "quintette.applyDamage"))).status).toBe("applied");
    await settle();
    expect(hp().value).toBe(full - 3);

    const line = cardOf(lastMessageWithId(damage)).applied[0]!.id;
    example().hold.add("undo");
    expect(await asClient("gm", () => api().cards.act(damage, "quintette.undo", { key: line }))).toEqual({
      status: "cancelled",
    });
    await settle();
    expect(hp().value).toBe(full - 3);
    example().hold.delete("undo");
    expect((await asClient("gm", () => api().cards.act(damage, "quintette.undo", { key: line }))).status).toBe(
      "applied",
    );
    await settle();
    expect(hp().value).toBe(full);
    expect(example().log.filter((l) => /^(step quintette|damage|undo)/.test(l))).toEqual([
      "step quintette.applyDamage for gm @gm",
      `damage ${target.name} @gm`,
      "step quintette.undo for gm @gm",
      "undo @gm",
    ]);
  });
});

function lastMessageWithId(id: string) {
  return doubleState().game.messages.get(id) as unknown as ReturnType<typeof lastMessage>;
}
