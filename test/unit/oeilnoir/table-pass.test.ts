/**
 * Issue 33, L'Œil Noir at the table: the frenzy as a state its player toggles (no wound or low-EV penalty while it
 * lasts), and the card's Volonté checks under the low-EV module's skill penalty, as the sheet's own Volonté button.
 * Played by the players who click, in French and in English.
 */
import { afterEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor } from "../../double/index.ts";
import { asClient, messageElement, type DoubleChatMessage } from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import { api as oeilNoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import type { HerosView } from "../../../src/foundry/oeilnoir/view.ts";
import {
  MAIL,
  SWORD,
  attack,
  dice,
  duel,
  inCombat,
  setupWorld,
  targets,
  teardownWorld,
} from "../../worlds/oeilnoir.ts";

afterEach(teardownWorld);

type Sheet = {
  render(): Promise<unknown>;
  lastContext: Record<string, unknown>;
  runAction(action: string, event?: unknown, target?: unknown): Promise<unknown>;
};
const sheetOf = (actor: DoubleActor) => new (HerosSheet as unknown as new (o: object) => Sheet)({ document: actor });
const FRENETIQUE = { _id: "frenzy", name: "Frénétique", type: "on-capacite", system: { key: "frenetique" } };

/** The attack dialog's starting modifier, as the sheet's attack button opens it. */
async function attackModifier(actor: DoubleActor): Promise<unknown> {
  const request = (await asClient("player1", () =>
    oeilNoirApi.request(actor as unknown as Actor.Implementation, "attack:epee", {}),
  )) as { dialog: { inputs: { name: string; initial: unknown }[] } };
  return request.dialog.inputs.find((i) => i.name === "modifier")?.initial;
}

async function lowEvModule(): Promise<void> {
  registerOeilNoirSettings();
  await asGM(() => game.settings?.set("quintette", "oeilnoirLowEv", true));
}

async function render(m: DoubleChatMessage, user: string): Promise<string> {
  const { html, content } = messageElement();
  await asClient(user, () => enhanceCard(m as never, html as never));
  return content.innerHTML;
}

describe.each(["fr", "en"] as const)("Frénétique, a state toggled on the sheet (%s)", (lang) => {
  it("off: the penalties apply; on: neither the wounds' nor low EV's, and the initiative follows; off again: back", async () => {
    const { state, alrik } = await setupWorld({ lang, alrik: { items: [SWORD, MAIL, FRENETIQUE] } });
    await lowEvModule();
    await asGM(() => alrik.update({ "system.ev.value": 9, "system.wounds": 2 }));
    const combat = await inCombat(state, [{ actor: alrik, initiative: 10 }]);
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    const sword = () => (sheet.lastContext.on as HerosView).weapons.find((w) => w.id === "epee");
    // The ability alone changes nothing: low EV (9 < 30 / 3) costs 2 on the attack, the two wounds 4 on AT.
    expect(await attackModifier(alrik)).toBe(2);
    const woundedAt = sword()?.at ?? 0;
    expect(sheet.lastContext.on).toMatchObject({ frenzy: { on: false } });
    await asClient("player1", () => sheet.runAction("toggleFrenzy"));
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({ frenzy: { on: true } });
    expect(await attackModifier(alrik)).toBe(0);
    expect(sword()?.at).toBe(woundedAt + 4);
    // The wounds stay recorded; their −2 INI each wait for the frenzy's end.
    expect((alrik.system as unknown as { wounds: number }).wounds).toBe(2);
    expect(combat.combatants.get("c-alrik")?.initiative).toBe(14);
    await asClient("player1", () => sheet.runAction("toggleFrenzy"));
    await asClient("player1", () => sheet.render());
    expect(sword()?.at).toBe(woundedAt);
    expect(combat.combatants.get("c-alrik")?.initiative).toBe(10);
    expect(await attackModifier(alrik)).toBe(2);
  });

  it("without the ability the sheet offers no frenzy", async () => {
    const { alrik } = await setupWorld({ lang });
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({ frenzy: null });
  });
});

describe.each([
  { lang: "fr" as const, button: "Volonté pour rester au combat (sous 3)" },
  { lang: "en" as const, button: "Willpower to stay in the fight (under 3)" },
])("the card's Volonté checks at low EV ($lang)", ({ lang, button }) => {
  it("a critical that leaves Alrik at 4 EV of 30: both checks 9 harder, as the sheet's Volonté", async () => {
    const { alrik, orc } = await setupWorld({ lang, alrik: { system: { ev: { value: 20, max: 30 } } } });
    await lowEvModule();
    dice([1]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    // (1D6 6 + 4) × 2 − PR 4 = 16: EV 4 < 30 / 4, skill checks −9. Volonté 12 − 16 − 9; to stay up 12 − 9.
    expect(duel(m)?.hit).toMatchObject({ evAfter: 4, volonteTarget: -13, volonte: 3 });
    expect(await render(m, "player1")).toContain(button);
    dice([3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.stand"));
    expect(targets().at(-1)).toBe(3);
    expect(duel(m)?.standing).toMatchObject({ d20: 3, value: 3, success: true });
  });
});

describe.each(["fr", "en"] as const)("the AT/PRD split once made (%s)", (lang) => {
  it("after the creation guide, the player's sheet offers no split to rearrange; a gained point goes to one side", async () => {
    const { alrik } = await setupWorld({ lang });
    await asGM(() => alrik.update({ "flags.quintette.creationDone": true }));
    const sheet = sheetOf(alrik) as Sheet & { editMode: boolean; submitForm(e: object[]): Promise<void> };
    sheet.editMode = true;
    await asClient("player1", () => sheet.render());
    const epees = () => (sheet.lastContext.on as HerosView).skills.find((s) => s.key === "epees");
    expect(sheet.lastContext.on).toMatchObject({ splitOpen: false });
    // 10 points, 6 / 4: a submitted 8 / 2 (the mid-fight swap) is not taken.
    await asClient("player1", () =>
      sheet.submitForm([{ name: "system.skills.epees.toAttack", type: "number", value: "3" }]),
    );
    await asClient("player1", () => sheet.render());
    expect(epees()).toMatchObject({ points: 10, toAttack: 6 });
    // A gained point: to attack (7 / 4), then to parry (7 / 5); 8 / 4 would still be legal, 9 / 4 after would not.
    expect(epees()?.gain).toEqual({ at: true, prd: true });
    await asClient("player1", () => sheet.runAction("gainPoint", {}, { dataset: { skill: "epees", side: "at" } }));
    await asClient("player1", () => sheet.runAction("gainPoint", {}, { dataset: { skill: "epees", side: "prd" } }));
    await asClient("player1", () => sheet.render());
    expect(epees()).toMatchObject({ points: 12, toAttack: 7, toParry: 5 });
    // The GM in edit mode may still correct the split.
    const gm = sheetOf(alrik) as typeof sheet;
    gm.editMode = true;
    await asClient("gm", () => gm.render());
    expect(gm.lastContext.on).toMatchObject({ splitOpen: true });
    await asClient("gm", () => gm.submitForm([{ name: "system.skills.epees.toAttack", type: "number", value: "5" }]));
    expect((alrik.system as unknown as { skills: { epees: { toAttack: number } } }).skills.epees.toAttack).toBe(5);
  });

  it("while the guide is open, the player picks the split", async () => {
    const { alrik } = await setupWorld({ lang });
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    expect(sheet.lastContext.on).toMatchObject({ splitOpen: true });
  });
});

describe.each([
  {
    lang: "fr" as const,
    step: "Attaque d'Orc",
    against: "AT 12 de l'attaquant, contre Alrik",
  },
  {
    lang: "en" as const,
    step: "Orc's attack",
    against: "attacker's AT 12, against Alrik",
  },
])("names and language ($lang)", (t) => {
  it("the card elides, says whose AT; the sheet's armour in the reader's abbreviations; no live attack when dying", async () => {
    const { alrik, orc } = await setupWorld({ lang: t.lang });
    dice([15]);
    const m = await attack(orc, alrik, "gm");
    const html = (await render(m, "player1")).replace(/&#x27;|&#39;|&apos;/g, "'");
    expect(html).toContain(t.step);
    expect(html).toContain(t.against);
    const sheet = sheetOf(alrik);
    await asClient("player1", () => sheet.render());
    const on = () => sheet.lastContext.on as HerosView & { canAttack: boolean };
    expect(on().armours[0]?.summary).toEqual([
      { label: "QUINTETTE.OeilNoir.PR", value: "4" },
      { label: "QUINTETTE.OeilNoir.Enc", value: "4" },
    ]);
    expect(on().canAttack).toBe(true);
    await asGM(() => alrik.update({ "system.ev.value": -3 }));
    await asClient("player1", () => sheet.render());
    expect(on().canAttack).toBe(false);
    expect(on().weapons.every((w) => !w.usable && !w.blocked)).toBe(true);
  });
});
