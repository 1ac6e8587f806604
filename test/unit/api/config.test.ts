/**
 * `CONFIG.QUINTETTE` as a module sees and changes it: filled at init with the world's rule set's conditions, effect
 * keys, card actions, dice colour sets and options, and read by the system at each use, so a module that adds a
 * condition, removes an effect key or a card action, adds a colour set or turns the journal links off changes what
 * the system does.
 */
import { describe, expect, it } from "vitest";
import { DoubleActor, doubleState, resetFoundryDouble } from "../../double/index.ts";
import { asClient, installClients } from "../../double/clients.ts";
import { settle } from "../../double/shared-core.ts";
import { installMacrosDouble } from "../../double/macros.ts";
import { cardOf } from "../../cards.ts";
import { chooseDice } from "../../scenes/dice.ts";
import { createFromSidebar, lastMessage, openTable } from "../../scenes/table.ts";
import { conditionsOf, derivedStatuses } from "../../../src/foundry/conditions/index.ts";
import { onDiceSoNiceReady, type DiceSoNiceColorset } from "../../../src/foundry/dice/index.ts";
import { isModifiable, MODIFIABLE_KEYS } from "../../../src/foundry/effects/keys.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";

const api = (): QuintetteApi => (game.system as unknown as { api: QuintetteApi }).api;
const config = () => CONFIG.QUINTETTE!;

/** A world started as Foundry starts it, with a module whose `init` listener runs after the system's. */
async function bootWithModule(module: () => void): Promise<void> {
  const state = resetFoundryDouble({ lang: "en" });
  installClients(state);
  installMacrosDouble();
  // The entry registered its `init` listener when first imported, on an earlier double: again here.
  const { initQuintette } = await import("../../../src/index.ts");
  Hooks.once("init", initQuintette);
  Hooks.once("init", module);
  Hooks.callAll("init");
  Hooks.callAll("setup");
}

describe("CONFIG.QUINTETTE", { timeout: 60_000 }, () => {
  it("holds the world's rule set's data; a card action a module removes is refused by the GM's client", async () => {
    await openTable("trinites");
    expect(config().ruleset).toBe("trinites");
    expect(config().conditions.map((c) => c.id)).toEqual(conditionsOf("trinites").map((c) => c.id));
    expect(config().effectKeys).toEqual({ trinite: MODIFIABLE_KEYS.trinite, humain: MODIFIABLE_KEYS.humain });
    expect(config().cardActions).toEqual(expect.arrayContaining(["trinites.pick", "quintette.undo"]));
    expect(config().cardActions.filter((a) => !/^(trinites|quintette)\./.test(a))).toEqual([]);
    expect(config().options).toEqual({ enrichers: true, firstRun: true });

    const ysolde = await createFromSidebar("player1", { name: "Ysolde", type: "trinite" });
    chooseDice(12, 4, 3);
    await asClient("player1", () =>
      api().roll(ysolde as unknown as Actor.Implementation, "skill:rapidite", { skipDialog: true }),
    );
    await settle();
    const card = lastMessage();
    const pick = () => asClient("player1", () => api().cards.act(card.id, "trinites.pick", { spirit: "deva" }));
    config().cardActions = config().cardActions.filter((a) => a !== "trinites.pick");
    expect(api().cards.actions()).not.toContain("trinites.pick");
    expect(await pick()).toMatchObject({ status: "invalid", reason: "QUINTETTE.Card.UnknownAction" });
    await settle();
    expect(cardOf(card).done).toEqual([]);
    config().cardActions.push("trinites.pick");
    expect((await pick()).status).toBe("applied");
  });

  it("follows a module's condition, effect keys, colour set and options", async () => {
    const colorset: DiceSoNiceColorset = {
      name: "mymod-gold",
      description: "MYMOD.Gold",
      category: "My module",
      foreground: "#000000",
      background: "#ffd700",
      outline: "#000000",
      edge: "#ffd700",
      texture: "none",
      material: "metal",
    };
    await bootWithModule(() => {
      config().conditions.push({
        id: "mymod-blessed",
        name: "MYMOD.Blessed",
        img: "icons/svg/angel.svg",
        derive: (actor) => actor.name === "Aelis",
      });
      config().effectKeys.trinite = config().effectKeys.trinite!.filter((k) => k !== "system.signes.*");
      config().effectKeys.humain!.push("system.karma.*");
      config().diceColorsets.push(colorset);
    });
    // The token HUD's list, built at setup, and the derived conditions, read at each preparation.
    expect((CONFIG.statusEffects as { id: string }[]).map((s) => s.id)).toContain("mymod-blessed");
    const aelis = new DoubleActor({ name: "Aelis", type: "trinite" }) as unknown as Actor.Implementation;
    const other = new DoubleActor({ name: "Bors", type: "trinite" }) as unknown as Actor.Implementation;
    expect(derivedStatuses(aelis)).toContain("mymod-blessed");
    expect(derivedStatuses(other)).not.toContain("mymod-blessed");
    // What an active effect may change, read when it applies.
    expect(isModifiable("trinite", "system.signes.feu")).toBe(false);
    expect(isModifiable("trinite", "system.competences.rapidite.base")).toBe(true);
    expect(isModifiable("humain", "system.karma.lumiere")).toBe(true);
    config().effectKeys.trinite!.push("system.signes.*");
    expect(isModifiable("trinite", "system.signes.feu")).toBe(true);
    // Dice So Nice gets the module's set too.
    const added: string[] = [];
    onDiceSoNiceReady({ addSystem: () => undefined, addColorset: (c) => void added.push(c.name) });
    expect(added).toEqual(expect.arrayContaining(["quintette-deva", "mymod-gold"]));
    // Journal links: on, then off.
    const text = "<p>[[/trinites skill:rapidite]]</p>";
    const enrich = () => foundry.applications.ux.TextEditor.implementation.enrichHTML(text);
    expect(await enrich()).toContain("quintette-roll-link");
    config().options.enrichers = false;
    expect(await enrich()).toBe(text);
    expect(doubleState().notifications).toEqual([]);
  });
});
