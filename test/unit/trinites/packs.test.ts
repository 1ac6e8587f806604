/**
 * The Trinités compendium sources agree with the rules core: every combat action with its skills, types, conditions,
 * reaction and difficulty rows; every prime and penalty; object hit points and materials; example weapons and armours
 * valid for the data models (ranges, blade kinds), declared in system.json.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { DoubleItem, resetFoundryDouble } from "../../double/index.ts";
import { trinites as T } from "../../../src/rules/index.ts";
import { ITEM_MODELS } from "../../../src/foundry/trinites/models.ts";
import { itemSheetContext } from "../../../src/foundry/trinites/item-context.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

interface Page {
  name: string;
  text: { content: string };
}
interface Entry {
  _id: string;
  name: string;
  type?: string;
  system?: Record<string, unknown>;
  pages?: Page[];
}

function pack(name: string): Entry[] {
  const dir = path.join(ROOT, "packs-src", name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Entry);
}

const journal = (name: string) => {
  const entry = pack("trinites-regles").find((e) => e.name === name);
  if (!entry?.pages) throw new Error(`no journal ${name}`);
  return entry.pages;
};
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0");
const skillLabel = (id: string) => T.SKILLS.find((s) => s.id === id)?.label ?? id;

describe("Trinités compendia", () => {
  beforeEach(() => {
    const state = resetFoundryDouble();
    Object.assign(state.CONFIG.Item.dataModels, ITEM_MODELS);
  });

  it("ships every combat action with its skill, type, conditions, reaction, difficulty table and a description", () => {
    const pages = journal("Actions de combat");
    expect(pages.map((p) => p.name)).toEqual(T.COMBAT_ACTIONS.map((a) => a.label));
    for (const action of T.COMBAT_ACTIONS) {
      const html = pages.find((p) => p.name === action.label)!.text.content;
      for (const skill of action.skills) expect(html).toContain(skillLabel(skill));
      for (const type of action.types) expect(html).toContain(type === "avancee" ? "avancée" : type);
      if (action.conditions) expect(html).toContain(action.conditions);
      if (Array.isArray(action.reaction)) for (const r of action.reaction) expect(html).toContain(skillLabel(r));
      for (const group of action.difficulties ?? []) {
        for (const row of group.rows) {
          expect(html).toContain(row.label);
          if (row.value !== null && !row.per)
            expect(html).toContain(`<td>${row.label}</td><td>${signed(row.value)}</td>`);
        }
      }
      // A description in our own words after the summary line.
      expect(html.match(/<p>/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    }
  });

  it("lists every prime and penalty, and the object tables", () => {
    const martial = journal("Primes et pénalités")
      .map((p) => p.text.content)
      .join("");
    for (const m of [...T.PRIMES, ...T.PENALTIES]) expect(martial).toContain(m.label);
    const objects = journal("Objets et matériaux")
      .map((p) => p.text.content)
      .join("");
    for (const row of T.OBJECT_HIT_POINTS) expect(objects).toContain(`<td>${row.label}</td><td>${row.hp}</td>`);
    for (const m of Object.values(T.MATERIALS))
      expect(objects).toContain(`<td>${m.label}</td><td>${m.protection}</td>`);
  });

  it("ships the harm tables the GM's harm dialog applies (fire, falls, continuous harm, recovery)", () => {
    const harm = journal("Blessures hors combat")
      .map((p) => p.text.content)
      .join("");
    for (const f of T.FIRE_DAMAGE) expect(harm).toContain(`<td>${f.label}</td><td>${f.damage}</td>`);
    for (const s of Object.values(T.FALL_SURFACES))
      expect(harm).toContain(`<td>${s.label}</td><td>${signed(s.modifier).replace(/^0$/, "+0")}</td>`);
    for (const a of T.CONTINUOUS_AGGRESSIONS) {
      const damage = typeof a.damage === "number" ? String(a.damage) : `${a.damage.min}–${a.damage.max}`;
      expect(harm).toContain(
        `<td>${a.label}</td><td>${a.period}</td><td>${damage}</td><td>${skillLabel(a.skill)}</td>`,
      );
    }
  });

  it("ships example weapons and armours the data models accept, swords marked for the sword rule", () => {
    const items = pack("trinites-equipement");
    expect(items.filter((i) => i.type === "tr-arme").length).toBeGreaterThanOrEqual(5);
    expect(items.filter((i) => i.type === "tr-armure").length).toBeGreaterThanOrEqual(2);
    for (const item of items) {
      const doc = new DoubleItem({ name: item.name, type: item.type ?? "", system: item.system ?? {} });
      const system = doc.system as unknown as Record<string, unknown>;
      for (const [key, value] of Object.entries(item.system ?? {}))
        expect(system[key], `${item.name}.${key}`).toEqual(value);
    }
    const swords = items.filter((i) => i.type === "tr-arme" && T.isSwordKind(String(i.system?.lame) as T.BladeKind));
    expect(swords.map((s) => s.name)).toEqual(expect.arrayContaining(["Katana", "Épée longue"]));
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as { packs: { name: string }[] };
    expect(manifest.packs.map((p) => p.name)).toEqual(
      expect.arrayContaining(["trinites-regles", "trinites-equipement"]),
    );
  });

  it("marks every weapon and armour value the source does not give as our suggestion, shown on the item sheet", () => {
    const items = pack("trinites-equipement").filter((i) => i.type === "tr-arme" || i.type === "tr-armure");
    for (const item of items) {
      const doc = new DoubleItem({ name: item.name, type: item.type ?? "", system: item.system ?? {} });
      const s = doc.system as unknown as { degats: number; portee: number; lame: T.BladeKind; suggere: object };
      const expected =
        item.type === "tr-arme"
          ? T.weaponSuggestions({ damage: s.degats, range: s.portee, blade: s.lame })
          : T.armourSuggestions();
      expect(s.suggere, item.name).toEqual(expected);
      const context = itemSheetContext({ type: item.type ?? "", system: s as unknown as Record<string, unknown> });
      const marked = context.values.filter((v) => v.suggested).map((v) => v.label);
      const fields = Object.entries(expected).flatMap(([key, ours]) => (ours ? [key] : []));
      const label = { degats: "Damage", portee: "Range", protection: "Protection" } as Record<string, string>;
      expect(marked, item.name).toEqual(fields.map((f) => `QUINTETTE.Trinites.Field.${label[f]}`));
      expect(context.hasSuggestions, item.name).toBe(fields.length > 0);
    }
    // The source's own numbers stay unmarked: a sword's 4.
    const katana = items.find((i) => i.name === "Katana")!;
    expect(katana.system?.suggere).toEqual({ degats: false, portee: false });
  });

  it("the play guide tells the table to react before the damage is applied, and that a later winning reaction takes the hit off (issue 33)", () => {
    const text = pack("trinites-demarrage")
      .flatMap((e) => e.pages ?? [])
      .map((p) => p.text.content)
      .join("\n");
    expect(text).toContain("Réagissez avant que les dégâts soient appliqués");
    expect(text).toContain("une réaction lancée après coup qui l'emporte retire le coup déjà appliqué");
    // The English names it gives for the buttons say Archon, as the interface does.
    expect(text).toContain("<em>Keep the Archon (…)</em>");
    expect(text).not.toMatch(/<em>[^<]*Archonte[^<]*<\/em>/);
  });
});
