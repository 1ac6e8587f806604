/**
 * Hotbar rolls on the double, as a player: a roll button dragged from a sheet onto the hotbar becomes a macro in that
 * slot; running the macro's own script rolls the same thing for the controlled token's actor (else the user's
 * character), finding a dragged item (move, card) again by type and name, and says why when nothing can roll.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DoubleActor, doubleState, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { asClient, asGM, controlledTokens, installClients } from "../../double/clients.ts";
import { installMacrosDouble, type DoubleMacro } from "../../double/macros.ts";
import type { DoubleCollection } from "../../double/documents.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import { api as ahillmachApi } from "../../../src/foundry/ahillmach/api.ts";
import { api as oeilnoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { api as systemjApi } from "../../../src/foundry/systemj/api.ts";
import { api as trinitesApi } from "../../../src/foundry/trinites/api.ts";
import type { RulesetApi } from "../../../src/foundry/api/types.ts";
import { rollDragData, rollMacro, type RollDragData } from "../../../src/foundry/macros/hotbar.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";
import { dragData, fireDrag, h, type FakeElement } from "../shared/fake-dom.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";

const PLAYER = "player1";

/** The hook as Foundry calls it (fvtt-types types its first argument as the Hotbar application). */
const callHook = (name: string, ...args: unknown[]) =>
  (Hooks as unknown as { call(name: string, ...args: unknown[]): boolean }).call(name, ...args);
let macros: DoubleCollection<DoubleMacro>;
const rolled: string[] = [];

beforeAll(async () => {
  const state = resetFoundryDouble();
  installClients(state);
  macros = installMacrosDouble();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
  // Each rule set's real roll request is built (null: nothing to roll); only the dice are left out, recorded instead.
  for (const api of [ahillmachApi, systemjApi, trinitesApi, oeilnoirApi] as RulesetApi[]) {
    const original = api.request.bind(api);
    vi.spyOn(api, "request").mockImplementation((actor, key, options): RollRequest | null => {
      const real = original(actor, key, options);
      if (!real) return null;
      return { dialog: real.dialog, roll: async () => void rolled.push(`${actor.name} ${key}`) };
    });
  }
});

beforeEach(() => {
  rolled.length = 0;
  controlledTokens().length = 0;
  macros.clear();
  setDoubleUser(PLAYER);
});
afterEach(() => setDoubleUser("gm"));

const MOVE_A = "aaaaaaaaaaaaaaa1";
const MOVE_B = "bbbbbbbbbbbbbbb2";

function personnage(name: string, moveId: string | null) {
  const items = moveId
    ? [{ _id: moveId, name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } }]
    : [];
  return new DoubleActor({ name, type: "personnage", ownership: { default: 0, [PLAYER]: 3 }, items });
}

/** A sheet's roll button as `rollDragData` reads it (no DOM here). */
function button(key: string, text: string, rowItemId?: string): HTMLElement {
  const row = rowItemId ? { dataset: { itemId: rowItemId } } : null;
  return {
    dataset: { roll: key },
    textContent: text,
    getAttribute: () => null,
    closest: () => row,
  } as unknown as HTMLElement;
}

/** Runs a macro's own script, as Foundry's script macro does, and waits for it; the player confirms the dialog. */
async function run(macro: DoubleMacro): Promise<void> {
  const prompt = vi
    .spyOn(RollDialog, "prompt")
    .mockImplementation(async () => ({ values: {}, rollMode: "publicroll" }));
  const script = macro.command.replace(/;$/, "");
  await (new Function("game", `return ${script}`) as (g: unknown) => Promise<unknown>)(game);
  expect(prompt).toHaveBeenCalledTimes(1);
  prompt.mockRestore();
}

async function drop(data: RollDragData, slot: number): Promise<DoubleMacro> {
  const handled = callHook("hotbarDrop", {}, data, slot);
  expect(handled).toBe(false);
  await vi.waitFor(() => expect(macros.size).toBeGreaterThan(0));
  return [...macros.values()].at(-1)!;
}

const player = () => game.users!.get(PLAYER) as unknown as { hotbar: Record<string, string>; character: unknown };
const warnings = () =>
  doubleState()
    .notifications.filter((n) => n.type === "warn")
    .map((n) => n.message);

describe("hotbar rolls", () => {
  it("a move dropped on the hotbar becomes a macro in that slot, once", async () => {
    const a = personnage("Ysolde", MOVE_A);
    const data = rollDragData(a as unknown as Actor.Implementation, button(`move:${MOVE_A}`, " Tailler "))!;
    expect(data).toMatchObject({ key: `move:${MOVE_A}`, label: "Tailler en pièces" });
    expect(data.item).toEqual({ id: MOVE_A, type: "am-action", name: "Tailler en pièces" });
    const macro = await asClient(PLAYER, () => drop(data, 4));
    expect(macro).toMatchObject({ name: "Tailler en pièces", type: "script" });
    expect(macro.command).toContain("quintette.rollMacro(");
    expect(player().hotbar["4"]).toBe(macro.id);
    // Foundry's own drop handling is not asked for other data.
    expect(callHook("hotbarDrop", {}, { type: "Item", uuid: "Item.x" }, 5)).toBe(true);
  });

  it("the macro rolls that move for the controlled token's actor, with its own item", async () => {
    const a = personnage("Ysolde", MOVE_A);
    const b = personnage("Brann", MOVE_B);
    const macro = await asClient(PLAYER, () =>
      drop(rollDragData(a as unknown as Actor.Implementation, button(`move:${MOVE_A}`, "Tailler"))!, 1),
    );
    controlledTokens().push({ actor: b });
    await asClient(PLAYER, () => run(macro));
    expect(rolled).toEqual([`Brann move:${MOVE_B}`]);
  });

  it("else the user's character; a clear message when neither exists or the actor lacks it", async () => {
    const a = personnage("Ysolde", MOVE_A);
    const data = rollDragData(a as unknown as Actor.Implementation, button(`move:${MOVE_A}`, "Tailler"))!;
    const before = warnings().length;
    expect(await asClient(PLAYER, () => rollMacro(data, { skipDialog: true }))).toBe(false);
    player().character = personnage("Sans-geste", null);
    expect(await asClient(PLAYER, () => rollMacro(data, { skipDialog: true }))).toBe(false);
    expect(warnings().slice(before)).toEqual([
      "Select a token or assign yourself a character to roll “Tailler en pièces”.",
      "Sans-geste cannot roll “Tailler en pièces”.",
    ]);
    player().character = a;
    expect(await asClient(PLAYER, () => rollMacro(data, { skipDialog: true }))).toBe(true);
    expect(rolled).toEqual([`Ysolde move:${MOVE_A}`]);
    // A character the player does not own (the GM assigned it) is not rolled for: the player could not roll it.
    const borrowed = new DoubleActor({
      name: "Emprunté",
      type: "personnage",
      ownership: { default: 2 },
      items: [{ _id: MOVE_B, name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } }],
    });
    player().character = borrowed;
    expect(await asClient(PLAYER, () => rollMacro(data, { skipDialog: true }))).toBe(false);
    expect(warnings().at(-1)).toBe("Emprunté cannot roll “Tailler en pièces”.");
    expect(rolled).toEqual([`Ysolde move:${MOVE_A}`]);
    player().character = null;
  });

  it("an attribute (SYSTEMJ), a card found by name in its row, and a skill (Trinités)", async () => {
    const owner = { default: 0, [PLAYER]: 3 };
    const card = (id: string) => ({ _id: id, name: "Boule de feu", type: "sj-competence", system: { score: 55 } });
    const mage = new DoubleActor({ name: "Mage", type: "sj-personnage", ownership: owner, items: [card(MOVE_A)] });
    const other = new DoubleActor({ name: "Autre", type: "sj-personnage", ownership: owner, items: [card(MOVE_B)] });
    const cardData = rollDragData(mage as unknown as Actor.Implementation, button("card", "", MOVE_A))!;
    expect(cardData).toMatchObject({ key: "card", label: "Boule de feu" });
    const attribute = rollDragData(mage as unknown as Actor.Implementation, button("attribute.FOR", "Force 50"))!;
    controlledTokens().push({ actor: other });
    await asClient(PLAYER, () => rollMacro(cardData, { skipDialog: true }));
    await asClient(PLAYER, () => rollMacro(attribute, { skipDialog: true }));
    const tr = new DoubleActor({ name: "Adam", type: "trinite", ownership: owner });
    controlledTokens()[0] = { actor: tr };
    const skill = rollDragData(tr as unknown as Actor.Implementation, button("skill:melee", "Mêlée"))!;
    await asClient(PLAYER, () => rollMacro(skill, { skipDialog: true }));
    expect(rolled).toEqual(["Autre card", "Autre attribute.FOR", "Adam skill:melee"]);
  });
});

describe("dragging from a rendered sheet", () => {
  const W1 = "wwwwwwwwwwwwwww1";
  const W2 = "wwwwwwwwwwwwwww2";
  const hero = (name: string, weaponId: string, ownership: Record<string, number> = { default: 0, [PLAYER]: 3 }) =>
    new DoubleActor({
      name,
      type: "heros",
      ownership,
      system: { qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 }, ev: { value: 30, max: 30 } },
      items: [{ _id: weaponId, name: "Épée", type: "on-arme-melee", system: { skill: "epees", equipped: true } }],
    });

  /** The hero's sheet rendered (as `user`) with a weapon's attack button in its row: ActorSheetV2's drag binds it. */
  async function attackButton(actor: DoubleActor, weaponId: string, user: string): Promise<FakeElement> {
    const attack = h("button", {
      class: "on-attack draggable",
      "data-action": "roll",
      "data-roll": `attack:${weaponId}`,
      "aria-label": "Attaquer avec Épée",
    });
    const sheet = new HerosSheet({ document: actor as unknown as Actor.Implementation });
    Object.assign(sheet, {
      element: h("form", {}, h("tr", { class: "on-weapon draggable", "data-item-id": weaponId }, attack)),
    });
    await asClient(user, () => sheet.render());
    return attack;
  }

  it("an Œil Noir weapon's attack button drags onto the hotbar and rolls that weapon of the selected hero", async () => {
    const alrik = hero("Alrik", W1);
    const layariel = hero("Layariel", W2);
    const attack = await attackButton(alrik, W1, PLAYER);
    expect(attack.draggable).toBe(true);
    const data = asClient(PLAYER, () => dragData(attack));
    expect(data).toMatchObject({ type: "QuintetteRoll", key: `attack:${W1}`, label: "Épée" });
    const macro = await asClient(PLAYER, () => drop(data as RollDragData, 3));
    expect(player().hotbar["3"]).toBe(macro.id);
    // The same button dropped again reuses the player's macro.
    await asClient(PLAYER, () => drop(data as RollDragData, 7));
    expect(macros.size).toBe(1);
    expect(player().hotbar["7"]).toBe(macro.id);
    controlledTokens().push({ actor: layariel });
    await asClient(PLAYER, () => run(macro));
    expect(rolled).toEqual([`Layariel attack:${W2}`]);
  });

  it("a sheet the user does not own gives nothing to drag", async () => {
    const stranger = hero("PNJ", W1, { default: 2 });
    const attack = await attackButton(stranger, W1, PLAYER);
    expect(attack.draggable).toBe(false);
    expect(asClient(PLAYER, () => fireDrag(attack))).toEqual({});
  });
});

describe("item macros", () => {
  it("an owned weapon dropped on the hotbar becomes a macro using the weapon of that name of the selected actor", async () => {
    const owner = { default: 0, [PLAYER]: 3 };
    const katana = (id: string) => ({
      _id: id,
      name: "Katana",
      type: "tr-arme",
      system: { degats: 4, lame: "katana", competence: "melee" },
    });
    const a = (await asGM(() =>
      DoubleActor.create({ name: "Aelis", type: "trinite", ownership: owner, items: [katana(MOVE_A)] }),
    )) as DoubleActor;
    const b = new DoubleActor({ name: "Brann", type: "trinite", ownership: owner, items: [katana(MOVE_B)] });
    const item = a.items.get(MOVE_A) as unknown as { uuid: string };
    expect(callHook("hotbarDrop", {}, { type: "Item", uuid: item.uuid }, 2)).toBe(false);
    await vi.waitFor(() => expect(macros.size).toBe(1));
    const macro = [...macros.values()][0]!;
    expect(macro.command).toContain("quintette.useItemMacro(");
    expect(macro.name).toBe("Katana");
    controlledTokens().push({ actor: b });
    await asClient(PLAYER, () => run(macro));
    expect(rolled).toEqual([`Brann weapon:${MOVE_B}`]);
    // An item that rolls nothing (an object) is left to Foundry's own drop.
    const [thing] = (await asGM(() =>
      a.createEmbeddedDocuments("Item", [{ name: "Corde", type: "tr-objet" }]),
    )) as unknown as { uuid: string }[];
    expect(callHook("hotbarDrop", {}, { type: "Item", uuid: thing!.uuid }, 3)).toBe(true);
  });
});
