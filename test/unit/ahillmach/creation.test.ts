/**
 * Creation defaults on Foundry's creation path: a player creates a personnage from the sidebar (creation data with a
 * name and a type only); the model's `_preCreate` receives that whole data, as Foundry passes it.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, type DoubleActor } from "../../double/index.ts";
import { asClient, installClients } from "../../double/shared-core.ts";
import { initQuintette } from "../../../src/index.ts";
import { ahillmach } from "../../../src/rules/index.ts";

type Creatable = { create(data: object): Promise<DoubleActor> };
const actorClass = () => CONFIG.Actor.documentClass as unknown as Creatable;

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "fr" }));
  initQuintette();
});

describe("an Ahill-Mach character created from the sidebar", () => {
  it("by a player: gets the seven moves, full health, the HP bar and a linked token", async () => {
    const hero = await asClient("player1", () => actorClass().create({ name: "Kael", type: "personnage" }));
    const moves = hero.items.filter((i) => i.type === "am-action");
    expect(moves.map((m) => (m.system as unknown as { moveId: string }).moveId)).toEqual([...ahillmach.MOVE_IDS]);
    const system = hero.system as unknown as { hp: { value: number; max: number } };
    expect(system.hp.value).toBe(system.hp.max);
    expect(hero.toObject().prototypeToken).toMatchObject({ actorLink: true, bar1: { attribute: "hp" } });
  });

  it("an opposant gets no moves and an unlinked token", async () => {
    const brute = await asClient("player1", () => actorClass().create({ name: "Brute", type: "opposant" }));
    expect(brute.items.size).toBe(0);
    expect(brute.toObject().prototypeToken).not.toMatchObject({ actorLink: true });
  });
});
