/**
 * The system's effect config sheet and the Effects tab, on a whole table (GM and players on their own clients): the
 * sheet offers the keys the world's rule set lets effects change (with their labels, read from
 * `CONFIG.QUINTETTE.effectKeys` at each render, so a module's key is offered), says that any other key does nothing,
 * flags a stored change whose key applies nowhere with why; a change saved there with an allowed key changes the
 * actor's derived values. The Effects tab is absent where the rule set allows no key (Jetons).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { doubleState, sheetsFor, type DoubleActor } from "../../double/index.ts";
import { asClient } from "../../double/clients.ts";
import { addEffect, installEffectsDouble, type DoubleActiveEffect } from "../../double/effects.ts";
import { createFromSidebar, GM, openSheet, openTable, type UserId } from "../../scenes/table.ts";
import { EFFECT_KEYS_PART, QuintetteEffectConfig } from "../../../src/foundry/effects/config-sheet.ts";
import { linkKeyInputs } from "../../../src/foundry/effects/config-dom.ts";
import {
  buildKeysContext,
  FLAGGED_MAX,
  KEY_SHOWN_MAX,
  type EffectKeysContext,
} from "../../../src/foundry/effects/key-choices.ts";

const PLAYER: UserId = "player1";
const ADD = 2;

interface ConfigApp {
  id: string;
  render(options?: object): Promise<unknown>;
  submit(object: object): Promise<void>;
  changeTab(tab: string, group: string): void;
  renderedParts: Record<string, { effectKeys?: EffectKeysContext }>;
}

/** The default ActiveEffect sheet the system registered, opened on `effect` by `user` and rendered. */
async function openConfig(user: UserId, effect: DoubleActiveEffect): Promise<ConfigApp> {
  const registration = doubleState().sheets.find(
    (r) => r.documentName === "ActiveEffect" && r.scope === "quintette" && r.options.makeDefault,
  );
  if (!registration) throw new Error("No default ActiveEffect sheet");
  const app = new (registration.sheetClass as new (o: object) => ConfigApp)({ document: effect });
  await asClient(user, () => app.render({ force: true }));
  return app;
}
const keysOf = (app: ConfigApp): EffectKeysContext => {
  const keys = app.renderedParts.keys?.effectKeys;
  if (!keys) throw new Error("The keys part was not rendered");
  return keys;
};
const keysHtml = (app: ConfigApp) =>
  foundry.applications.handlebars.renderTemplate(EFFECT_KEYS_PART, app.renderedParts.keys ?? {});

const qualities = (a: DoubleActor) => (a.system as unknown as { qualities: Record<string, number> }).qualities;
const derivedBase = (a: DoubleActor) => (a.system as unknown as { derived: { base: { at: number } } }).derived.base;

describe("the effect config sheet", { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await openTable("oeilnoir", { lang: "en" });
    installEffectsDouble();
  });

  it("is the system's default ActiveEffect sheet, Foundry's with a keys section after the change rows", () => {
    const registration = doubleState().sheets.find((r) => r.documentName === "ActiveEffect");
    expect(registration).toMatchObject({
      scope: "quintette",
      sheetClass: QuintetteEffectConfig,
      options: { makeDefault: true, label: "QUINTETTE.Effects.Config.Sheet" },
    });
    const parts = Object.keys(QuintetteEffectConfig.PARTS);
    expect(parts).toEqual(["header", "tabs", "details", "duration", "changes", "keys", "footer"]);
  });

  it("as the owning player: offers the hero's keys with labels, flags a key that does nothing, saves an allowed one", async () => {
    const alrik = await createFromSidebar(PLAYER, { name: "Alrik", type: "heros" });
    const effect = await asClient(PLAYER, () => addEffect(alrik, { name: "Blessing" }));
    const app = await openConfig(PLAYER, effect);

    const keys = keysOf(app);
    expect(keys.choices).toEqual(
      expect.arrayContaining([
        { key: "system.qualities.CO", label: "Courage" },
        { key: "system.qualities.FO", label: "Strength" },
        { key: "system.volonte", label: "Willpower" },
        { key: "system.artDeLaGuerre", label: "Art of War" },
      ]),
    );
    expect(keys.choices.map((c) => c.key)).not.toContain("system.ev.max");
    expect(keys.choices).toHaveLength(9); // six qualities, Volonté, Vitesse, Art de la Guerre
    expect(keys.intro).toBe(
      "Hero (The Dark Eye): an effect changes only the fields offered for the key; any other key is kept but does nothing in The Dark Eye (L'Œil Noir).",
    );
    expect(keys.flagged).toEqual([]);
    expect(keys.cssClass).toBe("tab"); // Foundry opens on the details tab
    const html = await keysHtml(app);
    expect(html).toContain(`<datalist id="${app.id}-keys">`);
    expect(html).toContain('<option value="system.qualities.CO" label="Courage"></option>');
    expect(html).toContain('data-tab="changes"');

    // The player picks an allowed key and saves: the hero's quality and what the rules derive from it change.
    const before = derivedBase(alrik).at;
    const co = qualities(alrik).CO!;
    await asClient(PLAYER, () =>
      app.submit({ "changes.0.key": "system.qualities.CO", "changes.0.mode": ADD, "changes.0.value": "3" }),
    );
    expect(qualities(alrik).CO).toBe(co + 3);
    expect(derivedBase(alrik).at).toBeGreaterThan(before);

    // A key the rules keep for themselves is kept on the effect, applies nowhere, and the sheet says why.
    const ev = (alrik.system as unknown as { ev: { max: number } }).ev.max;
    await asClient(PLAYER, () =>
      app.submit({
        "changes.0.key": "system.qualities.CO",
        "changes.0.mode": ADD,
        "changes.0.value": "3",
        "changes.1.key": "system.ev.max",
        "changes.1.mode": ADD,
        "changes.1.value": "10",
      }),
    );
    expect(effect.changes.map((c) => c.key)).toEqual(["system.qualities.CO", "system.ev.max"]);
    expect((alrik.system as unknown as { ev: { max: number } }).ev.max).toBe(ev);
    app.changeTab("changes", "sheet");
    await asClient(PLAYER, () => app.render({ force: true }));
    expect(keysOf(app).flagged).toEqual([
      {
        index: 1,
        key: "system.ev.max",
        reason:
          "system.ev.max does nothing on Hero (The Dark Eye): The Dark Eye (L'Œil Noir) lets no effect change this field.",
      },
    ]);
    expect(keysOf(app).cssClass).toBe("tab active");
    expect(await keysHtml(app)).toContain("system.ev.max does nothing");
  });

  it("as the GM: an adversary's keys are its printed values; a saved change moves them", async () => {
    const orc = await createFromSidebar(GM, { name: "Orc", type: "adversaire" });
    const effect = await asClient(GM, () => addEffect(orc, { name: "Rage" }));
    const app = await openConfig(GM, effect);
    expect(keysOf(app).choices.map((c) => c.key)).toEqual([
      "system.at",
      "system.prd",
      "system.iniBase",
      "system.pr",
      "system.vitesse",
      "system.volonte",
    ]);
    const at = (orc.system as unknown as { at: number }).at;
    await asClient(GM, () =>
      app.submit({ "changes.0.key": "system.at", "changes.0.mode": ADD, "changes.0.value": "2" }),
    );
    expect((orc.system as unknown as { at: number }).at).toBe(at + 2);
  });

  it("offers a key a module adds to CONFIG.QUINTETTE.effectKeys at the next render, and stops flagging it", async () => {
    const alrik = await createFromSidebar(PLAYER, { name: "Alrik", type: "heros" });
    const effect = await asClient(PLAYER, () =>
      addEffect(alrik, { name: "Vigour", changes: [{ key: "system.ev.max", mode: ADD, value: "5" }] }),
    );
    const app = await openConfig(PLAYER, effect);
    expect(keysOf(app).flagged.map((f) => f.key)).toEqual(["system.ev.max"]);

    CONFIG.QUINTETTE!.effectKeys.heros!.push("system.ev.max");
    await asClient(PLAYER, () => app.render({ force: true }));
    expect(keysOf(app).choices.map((c) => c.key)).toContain("system.ev.max");
    expect(keysOf(app).flagged).toEqual([]);
  });

  it("on an item no actor owns: the keys of every actor type of its rule set, each naming the types", async () => {
    const cls = CONFIG.Item.documentClass as unknown as { create(d: object): Promise<never> };
    const ring = await asClient(GM, () => cls.create({ name: "Ring", type: "on-capacite" }));
    const effect = await asClient(GM, () => addEffect(ring, { name: "Might" }));
    const app = await openConfig(GM, effect);
    expect(keysOf(app).choices).toEqual(
      expect.arrayContaining([
        { key: "system.qualities.CO", label: "Courage — Hero (The Dark Eye)" },
        { key: "system.volonte", label: "Willpower — Hero (The Dark Eye), Adversary (The Dark Eye)" },
        { key: "system.at", label: "AT — Adversary (The Dark Eye)" },
      ]),
    );
  });
});

describe("the Effects tab", { timeout: 60_000 }, () => {
  it("is on a L'Œil Noir hero's sheet", async () => {
    await openTable("oeilnoir", { lang: "en" });
    const alrik = await createFromSidebar(PLAYER, { name: "Alrik", type: "heros" });
    const sheet = await openSheet(PLAYER, alrik);
    expect(sheet.html).toContain('data-tab="effects"');
    expect(Object.keys(sheet.app.renderedParts)).toContain("effects");
  });

  it("is absent from a Jetons archetype's sheet, for its player and the GM, until a module allows a key", async () => {
    await openTable("jetons", { lang: "en" });
    installEffectsDouble();
    const nila = await createFromSidebar(PLAYER, { name: "Nila", type: "archetype" });
    for (const user of [PLAYER, GM] as const) {
      const sheet = await openSheet(user, nila);
      expect(sheet.html).not.toContain('data-tab="effects"');
      expect(Object.keys(sheet.app.renderedParts)).not.toContain("effects");
      expect(sheet.html).toContain('data-tab="jetons"');
    }
    expect(sheetsFor("Actor", "archetype")).not.toEqual([]);

    // An effect reaching an archetype anyway (a status from the token HUD): its sheet says nothing applies.
    const effect = await asClient(PLAYER, () =>
      addEffect(nila, { name: "Blessed", changes: [{ key: "system.tokens", mode: ADD, value: "1" }] }),
    );
    const app = await openConfig(PLAYER, effect);
    expect(keysOf(app)).toMatchObject({
      none: true,
      choices: [],
      intro:
        "Archetype (Jetons): no effect changes any of its fields; its changes are kept but do nothing in Jetons (tokens).",
      flagged: [{ index: 0, key: "system.tokens" }],
    });

    CONFIG.QUINTETTE!.effectKeys.archetype = ["system.tokens"];
    const sheet = await openSheet(PLAYER, nila);
    expect(sheet.html).toContain('data-tab="effects"');
  });
});

/** An input as the sheet's script sees it in Foundry's change rows. */
class FakeInput extends EventTarget {
  readonly classes = new Set<string>();
  readonly attributes: Record<string, string> = {};
  readonly dataset: Record<string, string> = {};
  readonly classList = {
    toggle: (name: string, on: boolean) => void (on ? this.classes.add(name) : this.classes.delete(name)),
  };
  constructor(
    readonly name: string,
    public value: string,
  ) {
    super();
  }
  setAttribute(name: string, value: string): void {
    this.attributes[name] = value;
  }
}

describe("Foundry's key inputs, after render", () => {
  const check = { listId: "cfg-keys", refusal: (key: string) => (key && key !== "system.at" ? `${key}: no` : null) };

  it("point at the list of keys and mark a key that does nothing, again as it is typed (v13 and v14 names)", () => {
    const v13 = new FakeInput("changes.0.key", "system.at");
    const v14 = new FakeInput("system.changes.1.key", "system.ev.max");
    const value = new FakeInput("changes.0.value", "2");
    const root = { querySelectorAll: () => [v13, v14, value] };
    expect(linkKeyInputs(root, check)).toBe(2);
    expect(v13.attributes).toMatchObject({ list: "cfg-keys", "aria-invalid": "false" });
    expect(v13.classes.has("quintette-key-refused")).toBe(false);
    expect(v14.classes.has("quintette-key-refused")).toBe(true);
    expect(v14.dataset.tooltipText).toBe("system.ev.max: no");
    expect(value.attributes.list).toBeUndefined();

    v14.value = "system.at";
    v14.dispatchEvent(new Event("input"));
    expect(v14.classes.has("quintette-key-refused")).toBe(false);
    expect(v14.dataset.tooltipText).toBeUndefined();
    v13.value = "system.wounds";
    v13.dispatchEvent(new Event("input"));
    expect(v13.attributes["aria-invalid"]).toBe("true");

    // Rendered again (another part): the same input keeps one listener, which reads the new check.
    let calls = 0;
    const refusal = (key: string) => {
      calls += 1;
      return key === "system.wounds" ? null : "no";
    };
    linkKeyInputs(root, { listId: "cfg-keys", refusal });
    calls = 0;
    v13.dispatchEvent(new Event("input"));
    expect(calls).toBe(1);
    expect(v13.attributes["aria-invalid"]).toBe("false");
  });
});

describe("the keys section, against an effect's owner who writes anything", () => {
  it("quotes at most KEY_SHOWN_MAX characters of a key and lists at most FLAGGED_MAX changes, counting the rest", () => {
    const long = `system.${"x".repeat(500)}`;
    const changes = [{ key: long }, ...Array.from({ length: 40 }, (_, i) => ({ key: `system.nope${i}` }))];
    const i18n = { localize: (k: string) => k, format: (k: string, d: Record<string, string>) => `${k} ${d.key}` };
    const target = { type: "heros", typeLabel: "TYPES.Actor.heros", patterns: ["system.volonte"] };
    const keys = buildKeysContext(
      { targets: [target], changes, ruleset: "oeilnoir", listId: "l" },
      { active: true },
      i18n,
    );
    expect(keys.flagged).toHaveLength(FLAGGED_MAX);
    expect(keys.moreFlagged).toBe(changes.length - FLAGGED_MAX);
    expect(keys.flagged[0]!.key).toHaveLength(KEY_SHOWN_MAX + 1);
    expect(keys.flagged[0]!.reason.length).toBeLessThan(200);
    expect(keys.choices).toEqual([{ key: "system.volonte", label: "system.volonte" }]);
  });
});
