/**
 * Issue 25, Ahill-Mach at the table: the moves' situational +1 carried to the next roll (Discerner's answer, a
 * Défendre ally's), gear and métier preselected and remembered, the Mystique spent on Se surpasser on the sheet, and a
 * hit on an opponent already down. Played from the sheets' roll buttons as the players, the GM's client answering.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { PersonnageSheet } from "../../../src/foundry/ahillmach/sheets.ts";
import type { PersonnageSheetData } from "../../../src/foundry/ahillmach/sheet-context.ts";
import type { OpposantModel } from "../../../src/foundry/ahillmach/models.ts";
import { answerTestDialogs, type DialogAnswers } from "../systemj/dialog-answer.ts";
import { defendBran, lastMessage, pick, stored, wardWorld } from "./ward-world.ts";
import { chooseDice, facesLeft } from "../../double/dice.ts";

let state: DoubleState;
let hero: DoubleActor;
let ally: DoubleActor;
let dialogs: DialogAnswers;

type Sheet = {
  render(): Promise<unknown>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
  lastContext: Record<string, unknown>;
};
const open = (document: DoubleActor) => new (PersonnageSheet as unknown as new (o: object) => Sheet)({ document });

/** The player of `who` clicks a roll button of the sheet: Shift rolls the dialog's defaults, else the dialog. */
async function click(who: DoubleActor, user: string, roll: string, faces: number[], shift = false) {
  chooseDice(...faces);
  await asClient(user, () => open(who).runAction("roll", { shiftKey: shift }, { dataset: { roll } }));
  expect(facesLeft()).toBe(0);
  return stored(lastMessage(state)).data as { bonus: number; total: number; band: string; parts: unknown };
}

const partLabels = (data: { parts: unknown }) => (data.parts as { label: string; value: number }[]).map((p) => p.label);
const EDGE = "QUINTETTE.AhillMach.Dialog.Edge";

beforeEach(async () => {
  ({ state, hero, ally } = await wardWorld());
  dialogs = answerTestDialogs();
  await asGM(() =>
    hero.createEmbeddedDocuments(
      "Item",
      [
        { _id: "discerner", name: "Discerner la réalité", type: "am-action", system: { moveId: "discernerLaRealite" } },
        { _id: "negocier", name: "Négocier", type: "am-action", system: { moveId: "negocier" } },
        { _id: "forge", name: "Forgeron", type: "am-metier", system: { mastery: 2 } },
        { _id: "amulette", name: "Amulette", type: "am-equipement", system: { kind: "objet", bonus: 1 } },
      ] as never,
      { keepId: true },
    ),
  );
});

describe("the moves' +1 (issue 25)", () => {
  it("Discerner's answer gives +1 to the next roll, ticked for the player, used up once", async () => {
    // 5 + 6 + MYS 2 = 13: a partial success, one question, +1 held.
    const discerner = await click(hero, "player1", "move:discerner", [5, 6]);
    expect(discerner.band).toBe("partielle");
    expect(partLabels(discerner)).not.toContain(EDGE);
    // The next action's dialog shows the +1 ticked, apart from gear.
    const next = await click(hero, "player1", "move:taille", [4, 4]);
    const edgeInput = dialogs.opened.at(-1)?.config.inputs.find((i) => i.name === "edge");
    expect(edgeInput).toMatchObject({ initial: true, hint: "QUINTETTE.AhillMach.Dialog.EdgeDiscerner" });
    expect(partLabels(next)).toContain(EDGE);
    expect(next.total).toBe(4 + 4 + 2 + 1);
    // Used up: the roll after it has none.
    const after = await click(hero, "player1", "move:taille", [4, 4], true);
    expect(partLabels(after)).not.toContain(EDGE);
    expect(after.total).toBe(10);
  });

  it("a player who unticks it keeps it for the action that uses the answer; a failed Discerner gives none", async () => {
    await click(hero, "player1", "move:discerner", [5, 6]);
    dialogs.next = { edge: false };
    expect(partLabels(await click(hero, "player1", "move:negocier", [4, 4]))).not.toContain(EDGE);
    dialogs.next = {};
    expect(partLabels(await click(hero, "player1", "move:taille", [4, 4]))).toContain(EDGE);
    // 1 + 2 + 2 = 5: a failure grants nothing.
    await click(hero, "player1", "move:discerner", [1, 2]);
    expect(partLabels(await click(hero, "player1", "move:taille", [4, 4]))).not.toContain(EDGE);
  });

  it("Défendre's '+1 to an ally' reaches the protected ally's next roll, once per pick", async () => {
    const defend = await defendBran(hero, ally);
    expect((await pick(defend, "allie")).status).toBe("applied");
    // Bran's player rolls from Bran's sheet: the +1 is ticked for them.
    const attack = await click(ally, "player2", "move:taille", [4, 4], true);
    expect(partLabels(attack)).toContain(EDGE);
    expect(attack.total).toBe(4 + 4 + 2 + 1);
    expect(partLabels(await click(ally, "player2", "move:taille", [4, 4], true))).not.toContain(EDGE);
    // Nobody else gets it, not even the defender.
    expect(partLabels(await click(hero, "player1", "move:taille", [4, 4], true))).not.toContain(EDGE);
  });

  it("can be ticked by hand for a +1 the table grants, and counts under the +5 cap", async () => {
    dialogs.next = { edge: true, gear: "amulette", metier: "forge" };
    // FOR 2 + amulet 1 + Forgeron 2 + 1 = 6, capped at +5.
    const capped = await click(hero, "player1", "move:taille", [4, 4]);
    expect(partLabels(capped)).toContain(EDGE);
    expect(capped.total).toBe(4 + 4 + 5);
  });
});

describe("gear and métier preselected and remembered (issue 25)", () => {
  it("an attack reaches for the equipped weapon; a move remembers what the player chose last", async () => {
    await asGM(() => hero.updateEmbeddedDocuments("Item", [{ _id: "hache", "system.bonus": 1 }] as never));
    const attack = await click(hero, "player1", "move:taille", [4, 4], true);
    expect(partLabels(attack)).toContain("Hache");
    dialogs.next = { metier: "forge", gear: "amulette" };
    await click(hero, "player1", "move:negocier", [4, 4]);
    dialogs.next = {};
    // The next Négocier starts from the métier and gear chosen, even rolled with Shift.
    const again = await click(hero, "player1", "move:negocier", [4, 4], true);
    expect(partLabels(again)).toEqual(expect.arrayContaining(["Forgeron", "Amulette"]));
    // Another move keeps its own memory: Tailler en pièces still takes the axe alone.
    const taille = await click(hero, "player1", "move:taille", [4, 4], true);
    expect(partLabels(taille)).toContain("Hache");
    expect(partLabels(taille)).not.toContain("Forgeron");
    // A player who clears the choice is remembered too.
    dialogs.next = { gear: "none" };
    await click(hero, "player1", "move:taille", [4, 4]);
    dialogs.next = {};
    expect(partLabels(await click(hero, "player1", "move:taille", [4, 4], true))).not.toContain("Hache");
  });
});

describe("the sheet and the damage card (issue 25)", () => {
  it("the MYS row shows the Mystique spent on Se surpasser, in French and English", async () => {
    dialogs.next = { characteristic: "for", surpass: true };
    await click(hero, "player1", "char:for", [4, 4]);
    const sheet = open(hero);
    await asClient("player1", () => sheet.render());
    const rows = (sheet.lastContext.ahillmach as PersonnageSheetData).characteristics;
    expect(rows.find((r) => r.id === "mys")).toMatchObject({ base: 2, effective: 1, spent: 1, effectiveText: "+1" });
    expect(rows.find((r) => r.id === "for")).toMatchObject({ spent: 0, boosted: true, effectiveText: "+3" });
    for (const lang of ["fr", "en"]) {
      state.game.i18n.setLanguage(lang);
      expect(game.i18n?.format("QUINTETTE.AhillMach.Sheet.MystiqueSpent", { value: "1" })).toMatch(
        lang === "fr" ? "1 dépensé" : "1 spent",
      );
    }
  });

  it("applying damage to an opponent already down warns, and changes nothing", async () => {
    const brute = await asGM(() =>
      DoubleActor.create(
        { _id: "garde00000000000", name: "Garde", type: "opposant", system: { tier: "fortune", hp: { value: 0 } } },
        { keepId: true },
      ),
    );
    targetsOf("player1").add({ actor: brute });
    dialogs.next = { characteristic: "for" };
    await click(hero, "player1", "move:taille", [8, 9]);
    const attack = lastMessage(state);
    targetsOf("player1").clear();
    chooseDice(4);
    await asClient("player1", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const damage = lastMessage(state) as DoubleChatMessage;
    const applied = await asClient("player1", () => requestCardAction(damage.id, "ahillmach.applyToTargets"));
    expect(applied.status).toBe("applied");
    expect((brute.system as unknown as OpposantModel).hp.value).toBe(0);
    expect(stored(damage).applied[0]?.summary).toMatchObject({ key: "QUINTETTE.AhillMach.Damage.AlreadyDown" });
    expect(state.notifications.filter((n) => n.type === "warn").map((n) => n.message)).toContainEqual(
      expect.stringContaining("Garde"),
    );
  });
});
