/** The two Œil Noir actor sheets on the double: shared options, each one's combat view, a stranger's document. */
import { afterEach, describe, expect, it } from "vitest";
import { setDoubleUser, type DoubleActor } from "../../double/index.ts";
import { AdversaireSheet, HerosSheet, OeilNoirItemSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import type { FormInput } from "../../double/applications.ts";
import type { HerosView } from "../../../src/foundry/oeilnoir/view.ts";
import { setupWorld, teardownWorld } from "../../worlds/oeilnoir.ts";

type Sheet = {
  render(): Promise<unknown>;
  options: { classes: string[]; actions: Record<string, unknown> };
  lastContext: Record<string, unknown>;
  rollRequest(key: string): { dialog: { inputs: unknown[] } } | null;
  submitForm(elements: FormInput[]): Promise<void>;
};
const open = (SheetClass: unknown, document: DoubleActor) => new (SheetClass as new (o: object) => Sheet)({ document });

afterEach(teardownWorld);

describe("Œil Noir actor sheets", () => {
  it("share the save action and the combat tab, and keep their own classes", async () => {
    const { alrik, orc } = await setupWorld({ lang: "en" });
    const heros = open(HerosSheet, alrik);
    expect(heros.options.classes).toEqual(expect.arrayContaining(["oeilnoir", "heros"]));
    expect(Object.keys(heros.options.actions)).toContain("rescue");
    const adv = open(AdversaireSheet, orc);
    expect(adv.options.classes).toEqual(expect.arrayContaining(["oeilnoir", "adversaire"]));
    expect(Object.keys(adv.options.actions)).toContain("rescue");
    expect(HerosSheet.SHEET_TABS[0]?.id).toBe(AdversaireSheet.SHEET_TABS[0]?.id);
  });

  it("prepare each kind's combat view, and none for the other kind", async () => {
    const { alrik, orc } = await setupWorld({ lang: "en" });
    const heros = open(HerosSheet, alrik);
    await heros.render();
    expect(heros.lastContext.on).toMatchObject({ rescuable: false });
    expect((heros.lastContext.on as { weapons: { name: string }[] }).weapons[0]?.name).toBe("Épée");
    const adv = open(AdversaireSheet, orc);
    await adv.render();
    expect(adv.lastContext.on).toMatchObject({ rescuable: false });
    // A héros opened in the adversaire sheet gets no combat view rather than a wrong one.
    const wrong = open(AdversaireSheet, alrik);
    await wrong.render();
    expect(wrong.lastContext.on).toBeUndefined();
  });

  it("héros: lists the armour pieces, dodge and Médecine; the skill allowance typed on the sheet sets a spear's EncE", async () => {
    const { alrik: a } = await setupWorld({
      lang: "en",
      alrik: {
        system: { skills: { lances: { points: 6, toAttack: 3 } } },
        items: [
          {
            _id: "lance",
            name: "Lance",
            type: "on-arme-melee",
            system: { skill: "lances", pi: { dice: 1, bonus: 3 } },
          },
          { _id: "maille", name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } },
          { _id: "casque", name: "Casque de cuir", type: "on-armure", system: { pr: 1, enc: 1 } },
        ],
      },
    });
    const sheet = open(HerosSheet, a);
    await sheet.render();
    const on = () => sheet.lastContext.on as HerosView;
    // The abbreviations are keys the template localizes (English AR, French PR).
    expect(on().armours.map((x) => [x.name, x.summary.map((p) => `${p.label.split(".").at(-1)} ${p.value}`)])).toEqual([
      ["Chemise de mailles longue", ["PR 4", "Enc 4"]],
      ["Casque de cuir", ["PR 1", "Enc 1"]],
    ]);
    // Dodge: PRD base 8 − the whole Enc 5.
    expect(on()).toMatchObject({ dodge: 3, medecine: 0 });
    expect(on().skills.find((s) => s.key === "lances")).toMatchObject({
      allowance: 3,
      pathAllowance: "system.skills.lances.allowance",
    });
    // Lances start at allowance 3: split 3/3 gives 11/11, EncE 5 − 3 = 2 → AT −1, PRD −1.
    const spear = () => on().weapons.find((w) => w.id === "lance");
    expect(spear()).toMatchObject({ encE: 2, at: 10, prd: 10 });
    await sheet.submitForm([
      { name: "system.skills.lances.allowance", type: "number", value: "1" },
      { name: "system.medecine", type: "number", value: "11" },
    ]);
    await sheet.render();
    // The sheet's allowance 1: EncE 4 → AT −2, PRD −2.
    expect(spear()).toMatchObject({ encE: 4, at: 9, prd: 9 });
    expect(on().medecine).toBe(11);
  });
});

describe("Œil Noir item sheet", () => {
  type ItemSheet = {
    render(): Promise<unknown>;
    runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
    submit(data: object): Promise<void>;
    lastContext: Record<string, unknown>;
    renderedParts: Record<string, unknown>;
  };
  it("is the shared item sheet with its details tab first; fields live in edit mode; out-of-range edits refused", async () => {
    const { alrik } = await setupWorld({ lang: "en" });
    setDoubleUser("player1");
    const epee = alrik.items.get("epee")!;
    const sheet = new (OeilNoirItemSheet as unknown as new (o: object) => ItemSheet)({ document: epee });
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "details", "description", "effects"]);
    expect(sheet.lastContext).toMatchObject({ editMode: false, on: { editable: false } });
    const fields = (sheet.lastContext.on as { fields: { path: string; value: unknown }[] }).fields;
    expect(fields.find((f) => f.path === "system.pi.bonus")?.value).toBe(3);
    await sheet.runAction("toggleMode", {}, {});
    expect(sheet.lastContext).toMatchObject({ editMode: true, on: { editable: true } });
    await sheet.submit({ "system.pi.bonus": "99" });
    expect((epee.system as unknown as { pi: { bonus: number } }).pi.bonus).toBe(3);
    await sheet.submit({ "system.pi.bonus": "5" });
    expect((epee.system as unknown as { pi: { bonus: number } }).pi.bonus).toBe(5);
  });
});
