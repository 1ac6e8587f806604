/**
 * The Ahill-Mach compendium sources against the rules core: the files are what compendium.ts builds (nothing stale),
 * the seven moves carry their characteristic, band texts, options and picks, every class page gives the HP that
 * `maxHp` gives at level 1, the two opponents load into the opposant model with the source's stat blocks, and the
 * penchant table reads like `penchantReaction`. system.json declares every pack and the descriptor lists them.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DoubleActor, DoubleItem, resetFoundryDouble } from "../../double/index.ts";
import { ahillmach } from "../../../src/rules/index.ts";
import {
  AHILLMACH_PACKS,
  PACK_MANIFEST,
  missingMoves,
  packDocuments,
} from "../../../src/foundry/ahillmach/compendium.ts";
import type { OpposantModel } from "../../../src/foundry/ahillmach/models.ts";
import { registerAhillMachModels } from "../../worlds/ahillmach.ts";

const root = join(import.meta.dirname, "..", "..", "..");
type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };

function read(pack: string): Doc[] {
  const dir = join(root, "packs-src", pack);
  return readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

interface MoveSystem {
  moveId: string;
  characteristic: string;
  trigger: string;
  bands: Record<string, string>;
  options: string[];
  picks: Record<string, number>;
  withoutInitiative: boolean;
  dealsDamage: boolean;
  description: string;
}

beforeEach(() => {
  resetFoundryDouble({ lang: "fr" });
  registerAhillMachModels();
});

describe("Ahill-Mach compendium sources", () => {
  it("are exactly what compendium.ts builds from the rules core (run scripts/ahillmach-packs.ts if not)", () => {
    for (const [pack, docs] of Object.entries(packDocuments())) {
      const files = read(pack);
      expect(
        files.map((d) => d._id),
        pack,
      ).toEqual(docs.map((d) => String(d._id)).sort());
      for (const doc of docs)
        expect(
          files.find((f) => f._id === doc._id),
          `${pack}/${String(doc._id)}`,
        ).toEqual(doc);
    }
  });

  it("are declared in system.json with their document type, and listed by the descriptor", async () => {
    const manifest = JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as {
      packs: { name: string; label: string; type: string; path: string; system: string }[];
    };
    for (const name of Object.values(AHILLMACH_PACKS)) {
      expect(manifest.packs.find((p) => p.name === name)).toMatchObject({
        type: PACK_MANIFEST[name].type,
        label: PACK_MANIFEST[name].label,
        path: `packs/${name}`,
        system: "quintette",
      });
    }
    const { PACKS } = await import("../../../src/foundry/ahillmach/ruleset.ts");
    expect(PACKS).toEqual(Object.values(AHILLMACH_PACKS).map((n) => `quintette.${n}`));
  });

  it("give every document (and embedded one) a 16-character id and a matching key", () => {
    for (const pack of Object.values(AHILLMACH_PACKS)) {
      for (const doc of read(pack)) {
        expect(doc._id).toMatch(/^[A-Za-z0-9]{16}$/);
        expect(doc._key.endsWith(`!${doc._id}`)).toBe(true);
        const embedded = [
          ...((doc.pages as Doc[]) ?? []),
          ...((doc.items as Doc[]) ?? []),
          ...((doc.results as Doc[]) ?? []),
        ];
        for (const e of embedded) {
          expect(e._id).toMatch(/^[A-Za-z0-9]{16}$/);
          expect(e._key).toBe(`${e._key.split("!").slice(0, 2).join("!")}!${doc._id}.${e._id}`);
        }
      }
    }
  });

  it("hold the seven moves with their characteristic, band texts, options and picks", () => {
    const items = read(AHILLMACH_PACKS.actions);
    expect(items).toHaveLength(7);
    const expected: Record<string, string> = {
      taillerEnPieces: "for",
      salve: "dex",
      defendre: "con",
      discernerLaRealite: "mys",
      etalerSaScience: "int",
      negocier: "aur",
      defierLeDanger: "context",
    };
    for (const move of ahillmach.MOVES) {
      const doc = items.find((i) => (i.system as MoveSystem).moveId === move.id);
      expect(doc, move.id).toBeDefined();
      const s = doc!.system as MoveSystem;
      expect(doc!.type).toBe("am-action");
      expect(doc!.name).toBe(move.name.fr);
      expect(s.characteristic).toBe(expected[move.id]);
      expect(s.characteristic).toBe(move.characteristic);
      for (const band of ahillmach.BANDS) {
        expect(s.bands[band], `${move.id} ${band}`).toBe(move.bands[band].fr);
        expect(s.bands[band]!.length).toBeGreaterThan(10);
        expect(s.picks[band]).toBe(ahillmach.optionPicks(move.id, band));
      }
      expect(s.options).toEqual(move.options.map((o) => o.text.fr));
      expect(s.withoutInitiative).toBe(ahillmach.SEIZING_MOVES.includes(move.id));
      expect(s.dealsDamage).toBe(move.id === "taillerEnPieces" || move.id === "salve");
      expect(s.description).toContain(move.trigger.fr);
      // The item loads into the data model unchanged (every value within its field's range and choices).
      const item = new DoubleItem({ name: doc!.name, type: "am-action", system: s });
      expect((item.system as unknown as MoveSystem).picks).toEqual(s.picks);
      expect((item.system as unknown as MoveSystem).moveId).toBe(move.id);
    }
    expect(missingMoves(items.map((i) => ({ type: String(i.type), system: i.system })))).toEqual([]);
    expect(missingMoves([{ type: "am-action", system: { moveId: "salve" } }])).toHaveLength(6);
  });

  it("hold the eleven classes, each page giving the starting HP that maxHp gives at level 1", () => {
    const [journal] = read(AHILLMACH_PACKS.classes);
    const pages = (journal!.pages as (Doc & { text: { content: string }; flags: Record<string, unknown> })[]).filter(
      (p) => (p.flags as { quintette?: unknown }).quintette,
    );
    expect(pages).toHaveLength(11);
    // RULES.md §2, independently of the rules core's table.
    const rulesBase: Record<string, number> = {
      guerrier: 16,
      paladin: 16,
      barbare: 14,
      clerc: 14,
      eclaireur: 14,
      assassin: 14,
      barde: 12,
      chaman: 12,
      druide: 12,
      voleur: 12,
      magicien: 10,
    };
    for (const page of pages) {
      const { classId, baseHp } = (page.flags as { quintette: { ahillmach: { classId: string; baseHp: number } } })
        .quintette.ahillmach;
      const cls = ahillmach.classById(classId);
      expect(page.name).toBe(cls.name.fr);
      expect(baseHp).toBe(rulesBase[classId]);
      for (let con = -2; con <= 4; con++) {
        expect(baseHp + con).toBe(ahillmach.maxHp({ classId: cls.id, con, level: 1 }));
      }
      expect(page.text.content).toContain(`${baseHp} + CON`);
      expect(page.text.content).toContain(`CON +1 : ${ahillmach.maxHp({ classId: cls.id, con: 1, level: 1 })} PV`);
    }
    expect(
      pages
        .map((p) => (p.flags as { quintette: { ahillmach: { classId: string } } }).quintette.ahillmach.classId)
        .sort(),
    ).toEqual([...ahillmach.CLASS_IDS].sort());
  });

  it("hold the two example opponents, which load into the opposant model with the source's stat blocks", () => {
    const docs = read(AHILLMACH_PACKS.opposants);
    expect(docs.map((d) => d.name).sort()).toEqual(["Cheveux d'or, mercenaire", "Garde benêt"]);
    const load = (name: string) => {
      const doc = docs.find((d) => d.name === name)!;
      expect(doc.type).toBe("opposant");
      expect((doc.prototypeToken as { bar1: { attribute: string } }).bar1.attribute).toBe("hp");
      return new DoubleActor({ ...doc, items: doc.items });
    };
    const garde = load("Garde benêt");
    const g = garde.system as unknown as OpposantModel;
    expect(g.major).toBe(false);
    expect(g.mental).toBe(-1);
    expect(g.derived.stats).toMatchObject({ hp: 6, protection: 1, moraleBonus: -1 });
    expect(g.derived.stats.damage.formula).toBe("D6");
    expect(g.hp.value).toBe(g.derived.stats.hp);
    expect(garde.items.contents.map((i) => [i.name, (i.system as unknown as { mastery: number }).mastery])).toEqual([
      ["Soldat", 1],
    ]);
    const cheveux = load("Cheveux d'or, mercenaire");
    const c = cheveux.system as unknown as OpposantModel & { actions: string };
    expect(c.major).toBe(true);
    expect(c.derived.stats).toMatchObject({ hp: 9, protection: 4, moraleBonus: 1 });
    expect(c.derived.stats.damage.formula).toBe("D8");
    expect(c.hp.value).toBe(9);
    expect(c.actions).toContain("Souple comme un chat");
    expect(cheveux.items.contents.map((i) => [i.name, (i.system as unknown as { mastery: number }).mastery])).toEqual([
      ["Mercenaire", 2],
    ]);
  });

  it("hold the penchant table, whose rows read like penchantReaction for every score", () => {
    const [table] = read(AHILLMACH_PACKS.tables);
    const results = table!.results as { range: [number, number]; description: string }[];
    expect(results.map((r) => r.range)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
      [4, 4],
      [5, 5],
    ]);
    for (let score = -3; score <= 9; score++) {
      const reaction = ahillmach.penchantReaction(score);
      const row = results.find((r) => r.range[0] === Math.min(score, 5));
      if (reaction === null) expect(score).toBeLessThanOrEqual(0);
      else expect(row?.description).toBe(reaction.text.fr);
    }
  });
});
