/** Initiative and the tracker on the double: formula, the source's order example, phase rows, Orientation; item ranges; packs. */
import { beforeEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DoubleActor, resetFoundryDouble } from "../../double/index.ts";
import { DoubleCombat, installClients } from "../../double/shared-core.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/oeilnoir/models.ts";
import {
  compareCombatants,
  oeilNoirCombat,
  performOrientation,
  phaseRows,
} from "../../../src/foundry/oeilnoir/combat.ts";
import { ITEM_FIELDS } from "../../../src/foundry/oeilnoir/item-view.ts";
import { setDiceRoller } from "../../../src/foundry/oeilnoir/roll.ts";
import {
  ATTACK_FUMBLE_TABLE,
  HEAD_WOUND_TABLE,
  PARRY_FUMBLE_TABLE,
  WEAPONS,
} from "../../../src/rules/oeilnoir/index.ts";

const root = join(import.meta.dirname, "..", "..", "..");

/** The source's fight: heroes against the orc band (INI base + die). */
const FIGHT = [
  { id: "Jandara", base: 12, ini: 18 },
  { id: "Dana", base: 11, ini: 15 },
  { id: "Escallo", base: 11, ini: 14 },
  { id: "Alrigio", base: 10, ini: 14 },
  { id: "Meranthus", base: 9, ini: 15 },
  { id: "chef", base: 12, ini: 17 },
  ...[6, 5, 2, 2, 1, 1].map((d, i) => ({ id: `orc${i + 1}`, base: 9, ini: 9 + d })),
];

describe("acting order", () => {
  it("sorts as the source's example: initiative, then INI base, then together", () => {
    const sorted = [...FIGHT]
      .map((e) => ({ id: e.id, initiative: e.ini, base: e.base }))
      .sort(compareCombatants)
      .map((e) => e.id);
    expect(sorted.slice(0, 6)).toEqual(["Jandara", "chef", "Dana", "Meranthus", "orc1", "Escallo"]);
    const rows = phaseRows(FIGHT.map((e) => ({ ...e, name: e.id, img: null, active: false })));
    expect(rows.filter((r) => r.simultaneous).map((r) => r.id)).toEqual([
      "Meranthus",
      "orc1",
      "orc3",
      "orc4",
      "orc5",
      "orc6",
    ]);
    expect(rows[0]).toMatchObject({ id: "Jandara", group: 1, second: 10, defenceOnly: false });
    expect(rows.at(-1)).toMatchObject({ group: 9, second: 2 });
  });

  it("gives a defence-only row below 0 and puts the unrolled last", () => {
    const rows = phaseRows([
      { id: "a", name: "A", img: null, ini: null, base: 10, active: false },
      { id: "b", name: "B", img: null, ini: -1, base: 10, active: true },
    ]);
    expect(rows.map((r) => [r.id, r.defenceOnly, r.second])).toEqual([
      ["b", true, null],
      ["a", false, null],
    ]);
  });
});

describe("combat behaviour on the double", () => {
  beforeEach(() => {
    installClients(resetFoundryDouble({ lang: "fr" }));
    Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
    Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  });

  it("rolls INI base + weapon − Enc + abilities + 1D6, and Orientation restores as if the die showed 6", async () => {
    const hero = await DoubleActor.create({
      _id: "elgara",
      name: "Elgara",
      type: "heros",
      system: {
        qualities: { CO: 14, IN: 13, AG: 12, FO: 12, DE: 12, CN: 12 },
        skills: { sabres: { points: 6, toAttack: 3 } },
      },
      items: [
        { _id: "sabre", name: "Sabre", type: "on-arme-melee", system: { skill: "sabres", ini: 1 } },
        { _id: "vig", name: "Vigilance", type: "on-capacite", system: { key: "vigilance" } },
      ],
    });
    const combat = new DoubleCombat({ _id: "c" });
    await combat.createEmbeddedDocuments("Combatant", [
      { _id: "e", name: "Elgara", actorId: "elgara", initiative: null },
    ]);
    const combatant = combat.combatants.get("e");
    if (!combatant) throw new Error("no combatant");
    Object.defineProperty(combatant, "actor", { get: () => hero });
    Object.assign(game, { combat });
    // INI base (14+14+13+12)/5 = 10.6 → 11; sabre +1; no armour.
    expect(oeilNoirCombat.initiativeFormula?.(combatant as never)).toBe("1d6 + 12");
    await combatant.update({ initiative: 13 });
    setDiceRoller(async () => ({ faces: [20], total: 20, roll: null }));
    // Vigilance: no check, one action: back to 12 + 6.
    expect(await performOrientation(hero as never)).toBe(18);
    expect(combatant.initiative).toBe(18);
    setDiceRoller(null);
  });
});

describe("item sheet fields", () => {
  it("offer exactly the ranges the data models accept", () => {
    for (const [type, specs] of Object.entries(ITEM_FIELDS)) {
      const schema = (ITEM_MODELS as Record<string, { schema: { getField(p: string): unknown } }>)[type]?.schema;
      for (const spec of specs) {
        const field = schema?.getField(spec.path) as { min?: number; max?: number; choices?: unknown } | undefined;
        expect(field, `${type}.${spec.path}`).toBeTruthy();
        if (spec.kind === "number")
          expect([field?.min, field?.max], `${type}.${spec.path}`).toEqual([spec.min, spec.max]);
      }
    }
  });
});

describe("compendium sources", () => {
  const read = (pack: string) =>
    readdirSync(join(root, "packs-src", pack)).map(
      (f) => JSON.parse(readFileSync(join(root, "packs-src", pack, f), "utf8")) as Record<string, unknown>,
    );
  it("hold the fumble and head-wound tables with the rules core's ranges, and 16-character ids", () => {
    const tables = read("oeilnoir-tables");
    const ranges = (name: string) =>
      (tables.find((t) => t.name === name)?.results as { range: number[] }[]).map((r) => r.range);
    expect(ranges("Maladresses à l'attaque")).toEqual(ATTACK_FUMBLE_TABLE.map((l) => [l.from, l.to]));
    expect(ranges("Maladresses à la parade")).toEqual(PARRY_FUMBLE_TABLE.map((l) => [l.from, l.to]));
    expect(ranges("Blessures à la tête")).toEqual(HEAD_WOUND_TABLE.map((l) => [l.from, l.to]));
    for (const doc of [...tables, ...read("oeilnoir-equipement")]) expect(String(doc._id)).toMatch(/^[A-Za-z0-9]{16}$/);
  });
  it("hold the source's weapons with the rules core's values", () => {
    const items = read("oeilnoir-equipement");
    for (const w of WEAPONS) {
      const doc = items.find((i) => i.name === w.label) as { system: { pi: unknown; ini: number } } | undefined;
      expect(doc?.system.pi, w.label).toEqual(w.pi);
      expect(doc?.system.ini).toBe(w.ini);
    }
    expect(items.map((i) => i.name)).toEqual(
      expect.arrayContaining(["Cuirasse", "Chemise de mailles longue", "Casque de cuir"]),
    );
  });
});
