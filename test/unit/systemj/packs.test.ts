/**
 * SYSTEMJ compendium sources: the ten generic skills (a journal, one page each, in the rules core's order) and example
 * cards of every kind, each valid for its data model (no value clamped or dropped) and declared in system.json.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { systemj } from "../../../src/rules/index.ts";
import { ITEM_MODELS, ITEM_TYPES, type SystemJItemType } from "../../../src/foundry/systemj/models.ts";
import { descriptor } from "../../../src/foundry/systemj/ruleset.ts";

const root = join(import.meta.dirname, "..", "..", "..");
type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };
const read = (pack: string): Doc[] =>
  readdirSync(join(root, "packs-src", pack))
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(root, "packs-src", pack, f), "utf8")) as Doc);

beforeEach(() => {
  resetFoundryDouble();
});

describe("SYSTEMJ compendium sources", () => {
  it("are declared in system.json with the names the descriptor ships", () => {
    const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as {
      packs: { name: string; type: string; path: string }[];
    };
    for (const id of descriptor.packs ?? []) {
      const name = id.replace(/^quintette\./, "");
      expect(manifest.packs.find((p) => p.name === name)?.path).toBe(`packs/${name}`);
    }
    expect(manifest.packs.find((p) => p.name === "systemj-cartes")?.type).toBe("Item");
    expect(manifest.packs.find((p) => p.name === "systemj-competences")?.type).toBe("JournalEntry");
  });

  it("describe the ten generic skills, one page each, in the rules core's order", () => {
    const journals = read("systemj-competences") as (Doc & { pages: { name: string; text: { content: string } }[] })[];
    const journal = journals.find((j) => j.name === "Les dix compétences génériques");
    expect(journal?.pages.map((p) => p.name)).toEqual(systemj.GENERIC_SKILLS.map((s) => s.label));
    for (const page of journal?.pages ?? []) expect(page.text.content.length).toBeGreaterThan(80);
  });

  it("explain how SYSTEMJ plays in Quintette: sheet and cards, action phase, fight cards, Chronoste", () => {
    const guide = read("systemj-competences").find((j) => j.name === "Jouer à SYSTEMJ dans Quintette") as
      (Doc & { pages: { _key: string }[] }) | undefined;
    expect(guide?.pages).toHaveLength(4);
    for (const page of guide?.pages ?? []) expect(page._key.startsWith(`!journal.pages!${guide?._id}.`)).toBe(true);
  });

  it("hold an example card of every kind, so every family, each valid for its model", () => {
    const cards = read("systemj-cartes") as (Doc & { type: string; system: Record<string, unknown> })[];
    expect(new Set(cards.map((c) => c.type))).toEqual(new Set(ITEM_TYPES));
    for (const card of cards) {
      expect(card._id).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(card._key).toBe(`!items!${card._id}`);
      const Model = ITEM_MODELS[card.type as SystemJItemType] as unknown as new (data: object) => {
        toObject(): Record<string, unknown>;
      };
      // Built by the model, the card keeps every value it declares.
      expect(new Model(card.system).toObject(), card.name).toMatchObject(card.system);
      expect(String(card.system.description ?? "").length, card.name).toBeGreaterThan(20);
    }
  });
});
