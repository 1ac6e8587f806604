/**
 * Issue 25, a héros built from scratch: the AT/PRD split after the skill points are typed. The select shows what is
 * stored, a refused split is said and fixed in one click, the weapon keeps its attack button. Played by the héros'
 * player, in French and in English.
 */
import { afterEach, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { asGM, type DoubleActor } from "../../double/index.ts";
import { asClient } from "../../double/shared-core.ts";
import type { FormInput } from "../../double/applications.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import { api as oeilNoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import type { HerosView } from "../../../src/foundry/oeilnoir/view.ts";
import { MAIL, SWORD, attack, dice, duel, setupWorld, teardownWorld } from "../../worlds/oeilnoir.ts";

afterEach(teardownWorld);

type Sheet = {
  render(): Promise<unknown>;
  lastContext: Record<string, unknown>;
  runAction(action: string, event?: unknown, target?: unknown): Promise<unknown>;
  submitForm(elements: FormInput[]): Promise<void>;
};
/** The roll behind a sheet button, as the rule set answers it (sheets, macros and the API all call it). */
const rollKey = (actor: DoubleActor, key: string) =>
  oeilNoirApi.request(actor as unknown as Actor.Implementation, key, {});
const SABRE = { _id: "sabre", name: "Sabre", type: "on-arme-melee", system: { skill: "sabres", equipped: true } };

async function player1Sheet(actor: DoubleActor) {
  const sheet = new (HerosSheet as unknown as new (o: object) => Sheet)({ document: actor });
  await asClient("player1", () => sheet.render());
  const on = () => sheet.lastContext.on as HerosView;
  const sabres = () => on().skills.find((s) => s.key === "sabres");
  const sabre = () => on().weapons.find((w) => w.id === "sabre");
  return { sheet, on, sabres, sabre };
}

describe.each([
  { lang: "fr" as const, refused: "La répartition AT/PRD de cette arme est refusée" },
  { lang: "en" as const, refused: "This weapon's AT/PA split is refused" },
])("the AT/PRD split at creation ($lang)", (t) => {
  it("typing the points moves a split they make illegal to the nearest legal one", async () => {
    const { alrik } = await setupWorld({ lang: t.lang, alrik: { items: [SABRE, MAIL] } });
    const { sheet, sabres, sabre } = await player1Sheet(alrik);
    expect(sabres()).toMatchObject({ points: 0, toAttack: 0 });
    // The player types 10 points over the 0 / 0 split: 0 / 10 would be refused, the sheet stores 3 / 7.
    await asClient("player1", () =>
      sheet.submitForm([{ name: "system.skills.sabres.points", type: "number", value: "10" }]),
    );
    await asClient("player1", () => sheet.render());
    expect(sabres()).toMatchObject({ points: 10, toAttack: 3, error: null, fix: null });
    expect(sabres()?.splits.find((o) => o.selected)).toMatchObject({ value: 3, refused: false });
    expect(sabre()).toMatchObject({ usable: true });
  });

  it("a refused split stored is shown selected, said, fixed in one click; the weapon keeps its button", async () => {
    const { state, alrik } = await setupWorld({ lang: t.lang, alrik: { items: [SABRE, MAIL] } });
    // Written before the sheet guarded it (an older actor, an import): 10 points, 0 to attack.
    await asGM(() => alrik.update({ "system.skills.sabres": { points: 10, toAttack: 0 } }));
    const { sheet, sabres, sabre } = await player1Sheet(alrik);
    expect(sabres()?.splits[0]).toMatchObject({ value: 0, selected: true, refused: true });
    expect(sabres()?.splits.filter((o) => o.selected)).toHaveLength(1);
    expect(sabres()?.fix).toEqual({ value: 3, label: "3 / 7" });
    expect(sabre()).toMatchObject({ usable: false, blocked: true });
    // Its attack button says why instead of vanishing.
    expect(await asClient("player1", () => rollKey(alrik, "attack:sabre"))).toBeNull();
    expect(state.notifications.at(-1)?.message).toContain(t.refused);
    // One click fixes it.
    await asClient("player1", () => sheet.runAction("fixSplit", new Event("click"), { dataset: { skill: "sabres" } }));
    await asClient("player1", () => sheet.render());
    expect(sabres()).toMatchObject({ toAttack: 3, error: null, fix: null });
    expect(sabre()).toMatchObject({ usable: true, blocked: false });
  });
});

describe("Habitude de la Protection with the armour a héros wears", () => {
  it("level I lowers the Enc of the compendium's cuirasse, worn as it comes (no tick to find)", async () => {
    const cuirasse = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../../packs-src/oeilnoir-equipement/cuirasse.json"), "utf8"),
    ) as { name: string; type: string; system: Record<string, unknown> };
    const habitude = {
      _id: "habitude",
      name: "Habitude",
      type: "on-capacite",
      system: { key: "habitudeDeLaProtection", level: 1 },
    };
    const { alrik } = await setupWorld({
      alrik: {
        items: [
          SWORD,
          { _id: "cuirasse", name: cuirasse.name, type: cuirasse.type, system: cuirasse.system },
          habitude,
        ],
      },
    });
    const { on } = await player1Sheet(alrik);
    // Cuirasse: PR 3, Enc 2; Habitude I: Enc 1 for the initiative and the EncE.
    expect(on().armour).toMatchObject({ pr: 3, enc: 2, effectiveEnc: 1 });
  });
});

describe("rules only the core knew, reached from the attack dialog", () => {
  const ability = (key: string) => ({ _id: `ab${key}`.slice(0, 16), name: key, type: "on-capacite", system: { key } });
  const DARK_AND_NARROW = {
    modifier: 0,
    position: "debout",
    opponentPosition: "debout",
    light: "obscurite",
    water: "aucune",
    confined: true,
    flying: false,
    selfFlying: false,
    wrongHand: false,
  };

  it.each(["fr", "en"] as const)(
    "Nyctalope and Demi-Épée ease Alrik's attack; the orc's weapon class weighs on its parry (%s)",
    async (lang) => {
      const plain = await setupWorld({ lang });
      await asGM(() => plain.orc.update({ "system.weaponClass": "ample" }));
      dice([19]);
      const before = await attack(plain.alrik, plain.orc, "player1", { values: DARK_AND_NARROW });
      // Darkness 8 and a sword in a narrow place 2; the orc's long swung weapon: 2 more on its parry, and 8 of dark.
      const at = (duel(before)?.attack.value ?? 0) + 10;
      expect(duel(before)?.defender?.situation).toEqual({ prd: 10, dodge: 10 });
      teardownWorld();
      const trained = await setupWorld({
        lang,
        alrik: { items: [SWORD, MAIL, ability("nyctalope"), ability("demiEpee")] },
      });
      dice([19]);
      const after = await attack(trained.alrik, trained.orc, "player1", { values: DARK_AND_NARROW });
      // Nyctalope: the dark costs 2; Demi-Épée: no confined penalty. An orc with a short weapon (the default).
      expect(duel(after)?.attack.value).toBe(at - 2);
      expect(duel(after)?.defender?.situation).toEqual({ prd: 8, dodge: 8 });
    },
  );
});

describe("Frénétique", () => {
  it("a frenzied héros at low EV has no low-EV penalty on his attack dialog; the state without the ability does nothing", async () => {
    const { alrik } = await setupWorld({
      alrik: {
        items: [SWORD, MAIL, { _id: "frenzy", name: "Frénétique", type: "on-capacite", system: { key: "frenetique" } }],
      },
    });
    registerOeilNoirSettings();
    await asGM(() => game.settings?.set("quintette", "oeilnoirLowEv", true));
    await asGM(() => alrik.update({ "system.ev.value": 9, "system.frenzy": true }));
    await player1Sheet(alrik);
    const request = (await asClient("player1", () => rollKey(alrik, "attack:epee"))) as {
      dialog: { inputs: { name: string; initial: unknown }[] };
    };
    expect(request.dialog.inputs.find((i) => i.name === "modifier")?.initial).toBe(0);
    await asGM(() => alrik.deleteEmbeddedDocuments("Item", ["frenzy"]));
    const again = (await asClient("player1", () => rollKey(alrik, "attack:epee"))) as typeof request;
    expect(again.dialog.inputs.find((i) => i.name === "modifier")?.initial).toBe(2);
  });
});
