/** The two Œil Noir actor sheets on the double: shared options, each one's combat view, a stranger's document. */
import { beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble } from "../../double/index.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/oeilnoir/models.ts";
import { AdversaireSheet, HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import { alrik } from "./fixtures.ts";

type Sheet = {
  render(): Promise<unknown>;
  options: { classes: string[]; actions: Record<string, unknown> };
  lastContext: Record<string, unknown>;
  rollRequest(key: string): { dialog: { inputs: unknown[] } } | null;
};
const open = (SheetClass: unknown, document: DoubleActor) => new (SheetClass as new (o: object) => Sheet)({ document });

beforeEach(() => {
  resetFoundryDouble({ lang: "en" });
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
});

describe("Œil Noir actor sheets", () => {
  it("share the save action and the combat tab, and keep their own classes", () => {
    const heros = open(HerosSheet, alrik());
    expect(heros.options.classes).toEqual(expect.arrayContaining(["oeilnoir", "heros"]));
    expect(Object.keys(heros.options.actions)).toContain("rescue");
    const orc = new DoubleActor({ name: "Orc", type: "adversaire", system: {} });
    const adv = open(AdversaireSheet, orc);
    expect(adv.options.classes).toEqual(expect.arrayContaining(["oeilnoir", "adversaire"]));
    expect(Object.keys(adv.options.actions)).toContain("rescue");
    expect(HerosSheet.SHEET_TABS[0]?.id).toBe(AdversaireSheet.SHEET_TABS[0]?.id);
  });

  it("prepare each kind's combat view, and none for the other kind", async () => {
    const heros = open(HerosSheet, alrik());
    await heros.render();
    expect(heros.lastContext.on).toMatchObject({ rescuable: false });
    expect((heros.lastContext.on as { weapons: { name: string }[] }).weapons[0]?.name).toBe("Épée");
    const orc = new DoubleActor({ name: "Orc", type: "adversaire", system: {} });
    const adv = open(AdversaireSheet, orc);
    await adv.render();
    expect(adv.lastContext.on).toMatchObject({ rescuable: false });
    // A héros opened in the adversaire sheet gets no combat view rather than a wrong one.
    const wrong = open(AdversaireSheet, alrik());
    await wrong.render();
    expect(wrong.lastContext.on).toBeUndefined();
  });
});
