/** Initiative and the tracker on the double: formula, the source's order example, phase rows, Orientation; item ranges; packs. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { settle, asGM, type DoubleState } from "../../double/index.ts";
import type { DoubleCombat, DoubleCombatTracker } from "../../double/shared-core.ts";
import { QuintetteCombatTracker } from "../../../src/foundry/combat/index.ts";
import type { DoubleChatMessage } from "../../double/chat.ts";
import { ITEM_MODELS } from "../../../src/foundry/oeilnoir/models.ts";
import {
  compareCombatants,
  oeilNoirCombat,
  performOrientation,
  phaseRows,
} from "../../../src/foundry/oeilnoir/combat.ts";
import { ITEM_FIELDS } from "../../../src/foundry/oeilnoir/item-view.ts";
import {
  orientationDialogConfig,
  orientationOdds,
  type OrientationSetup,
} from "../../../src/foundry/oeilnoir/dialog-config.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { ABILITIES, check } from "../../../src/rules/oeilnoir/index.ts";
import { chooseDice, rolledRolls } from "../../double/dice.ts";
import {
  ATTACK_FUMBLE_TABLE,
  HEAD_WOUND_TABLE,
  PARRY_FUMBLE_TABLE,
  WEAPONS,
} from "../../../src/rules/oeilnoir/index.ts";
import { cardOf } from "../../cards.ts";
import { createActor, herosData, inCombat, setupWorld, teardownWorld } from "../../worlds/oeilnoir.ts";
import { declareWrite } from "../../../src/foundry/oeilnoir/round-actions.ts";

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
    // Every fighter took its second action this round (issue 25: only then does it have a second phase).
    const rows = phaseRows(FIGHT.map((e) => ({ ...e, name: e.id, img: null, active: false, tookSecond: true })));
    const none = phaseRows(FIGHT.map((e) => ({ ...e, name: e.id, img: null, active: false })));
    expect(none.every((r) => r.second === null)).toBe(true);
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
  let state: DoubleState;
  beforeEach(async () => {
    ({ state } = await setupWorld());
  });
  afterEach(teardownWorld);

  it("rolls INI base + weapon − Enc + abilities + 1D6, and Orientation restores as if the die showed 6", async () => {
    // Orientation is the héros' player's action: the test runs on that player's client (the default).
    const hero = await createActor(
      herosData(
        "elgara",
        "Elgara",
        "player1",
        {
          qualities: { CO: 14, IN: 13, AG: 12, FO: 12, DE: 12, CN: 12 },
          skills: { sabres: { points: 6, toAttack: 3 } },
        },
        [
          { _id: "sabre", name: "Sabre", type: "on-arme-melee", system: { skill: "sabres", ini: 1 } },
          { _id: "vig", name: "Vigilance", type: "on-capacite", system: { key: "vigilance" } },
        ],
      ),
    );
    const combat = await inCombat(state, [{ actor: hero, initiative: null }], { id: "c" });
    const combatant = combat.combatants.get("c-elgara");
    if (!combatant) throw new Error("no combatant");
    // INI base (14+14+13+12)/5 = 10.6 → 11; sabre +1; no armour.
    expect(oeilNoirCombat.initiativeFormula?.(combatant as never)).toBe("1d6 + 12");
    await combatant.update({ initiative: 13 });
    // Vigilance: no check (the tray is empty: a roll would throw), one action: back to 12 + 6.
    expect(await performOrientation(hero as never)).toBe(18);
    expect(combatant.initiative).toBe(18);
  });

  it("without Vigilance rolls Intuition with the dialog's modifier, and the card says what INI became", async () => {
    const hero = await createActor(
      herosData("dana", "Dana", "player1", {
        qualities: { CO: 14, IN: 13, AG: 12, FO: 12, DE: 12, CN: 12 },
        artDeLaGuerre: 4,
      }),
    );
    const combat = await inCombat(state, [{ actor: hero, initiative: 5 }], { id: "c" });
    const combatant = combat.combatants.get("c-dana");
    if (!combatant) throw new Error("no combatant");
    chooseDice(14, 14);
    const card = () => cardOf([...game.messages!.values()].at(-1) as unknown as DoubleChatMessage);
    const declareLong = async () => {
      const write = declareWrite(combatant as never, "long", false);
      if (!write || write === "refused") throw new Error("long activity refused");
      await combatant.update(write.changes);
    };
    // Two undisturbed actions (RULES.md): refused in a round fought normally, before any die is rolled.
    expect(await performOrientation(hero as never, { values: { modifier: 3 } })).toBeNull();
    expect(state.notifications.at(-1)?.message).toBe(
      "Deux actions nécessaires : déclarez une activité longue au début du round (sous 0 d'INI, une action par round).",
    );
    expect(rolledRolls).toEqual([]);
    await declareLong();
    // IN 13 + 2 (Art de la Guerre) − 3: a 14 fails, INI stays.
    expect(await performOrientation(hero as never, { values: { modifier: 3 } })).toBe(5);
    expect(combatant.initiative).toBe(5);
    expect(card().outcome?.detail).toEqual({ key: "QUINTETTE.OeilNoir.Card.OrientationFailed", value: 5 });
    // Both actions of the round are spent: no second try this round.
    expect(await performOrientation(hero as never, { values: { modifier: 0 } })).toBeNull();
    combat.round = 1;
    await declareLong();
    // Without modifier the 14 passes under 15: INI base 11 (no weapon, no armour) + 6.
    const r17 = await performOrientation(hero as never, { values: { modifier: 0 } });
    expect(r17).toBe(17);
    expect(combatant.initiative).toBe(17);
    expect(card().outcome?.detail).toEqual({ key: "QUINTETTE.OeilNoir.Card.OrientationDone", value: 17 });
    expect(rolledRolls.map((r) => r.options.target)).toEqual([12, 15]);
  });
});

describe("Orientation dialog", () => {
  const setup: OrientationSetup = {
    intuition: 13,
    artDeLaGuerre: 4,
    vigilance: false,
    danseurDeLames: false,
    current: 9,
    iniWithoutDie: 12,
  };
  const enumerate = (value: number) =>
    Array.from({ length: 20 }, (_, i) => check({ d20: i + 1, value }).success).filter(Boolean).length / 20;

  it("offers the check's modifier and shows the value rolled under and the initiative won", () => {
    const config = orientationDialogConfig(setup);
    expect(config.inputs.map((i) => i.name)).toEqual(["modifier"]);
    // IN 13, Art de la Guerre 4 makes it 2 easier; a success brings INI 9 back to 12 + 6.
    expect(config.subtitle).toBe("IN 13 + 2 · INI 9 → 18");
    expect(config.odds(defaultValues(config.inputs))[0]?.probability).toBeCloseTo(enumerate(15), 12);
  });

  it("gives exact odds that follow the modifier, natural 1 and 20 included, summing to 1", () => {
    for (const modifier of [-10, -3, 0, 5, 14, 20]) {
      const odds = orientationOdds(setup, { modifier });
      expect(odds.reduce((a, l) => a + l.probability, 0)).toBeCloseTo(1, 12);
      expect(odds[0]?.probability).toBeCloseTo(enumerate(15 - modifier), 12);
    }
    expect(orientationOdds(setup, { modifier: 20 })[0]?.probability).toBeCloseTo(1 / 20, 12);
  });

  it("with Vigilance is certain unless the player unticks it, starting the modifier at the low-EV penalty", () => {
    const vig = { ...setup, vigilance: true, penalty: 2 };
    const config = orientationDialogConfig(vig);
    expect(config.inputs.map((i) => i.name)).toEqual(["vigilance", "modifier"]);
    const values = defaultValues(config.inputs);
    expect(values.modifier).toBe(2);
    expect(config.odds(values)).toEqual([expect.objectContaining({ id: "restored", probability: 1 })]);
    expect(config.odds({ ...values, vigilance: false })[0]?.probability).toBeCloseTo(enumerate(13), 12);
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
  it("hold shields, ranged weapons and every special ability, each valid for its data model", () => {
    const items = read("oeilnoir-equipement");
    const of = (type: string) => items.filter((i) => i.type === type);
    expect(of("on-bouclier").length).toBeGreaterThanOrEqual(2);
    expect(of("on-arme-distance").map((i) => (i.system as { skill: string }).skill)).toEqual(
      expect.arrayContaining(["arcs", "arbaletes", "armesDeJet"]),
    );
    expect(
      of("on-capacite")
        .map((i) => (i.system as { key: string }).key)
        .sort(),
    ).toEqual(Object.keys(ABILITIES).sort());
    for (const doc of items) {
      const model = ITEM_MODELS[doc.type as keyof typeof ITEM_MODELS];
      expect(model, String(doc.name)).toBeDefined();
      expect(() => new model(doc.system as never)).not.toThrow();
    }
  });
});

describe("the second action's turn in Foundry's tracker", () => {
  let state: DoubleState;
  beforeEach(async () => {
    ({ state } = await setupWorld());
  });
  afterEach(teardownWorld);

  /** Round 1 of a fight where every fighter took (traded its defence for) a second action, unless `second` is false. */
  async function fight(second = true): Promise<DoubleCombat> {
    const flags = second ? { quintette: { oeilnoirActions: { round: 1, turn: 0, defences: 0, second: true } } } : {};
    return inCombat(
      state,
      [
        { id: "a", name: "Jandara", initiative: 18, flags },
        { id: "b", name: "Orc", initiative: 11, flags },
        { id: "c", name: "Dana", initiative: 10, flags },
        { id: "d", name: "Blessé", initiative: -1, flags },
        { id: "e", name: "Absent", initiative: null, flags },
      ],
      { tracked: true, round: 1, id: "c" },
    );
  }

  it("gives no second row to a fighter who took no second action, and none in the next round", async () => {
    const quiet = await fight(false);
    expect(quiet.turns.map((c) => c.name)).toEqual(["Jandara", "Orc", "Dana", "Blessé", "Absent"]);
    const combat = await fight();
    expect(combat.turns).toHaveLength(8);
    combat.round = 2;
    combat.setupTurns();
    expect(combat.turns.map((c) => c.name)).toEqual(["Jandara", "Orc", "Dana", "Blessé", "Absent"]);
  });

  it("puts each second action at INI − 8 in the turn order, and nextTurn moves onto it", async () => {
    const combat = await fight();
    expect(combat.turns.map((c) => c.name)).toEqual([
      "Jandara",
      "Orc",
      "Dana",
      "Jandara",
      "Orc",
      "Dana",
      "Blessé",
      "Absent",
    ]);
    await combat.startCombat();
    await settle();
    const seen: Array<string | null | undefined> = [combat.combatant?.name];
    for (let i = 0; i < 7; i++) {
      await combat.nextTurn();
      await settle();
      seen.push(combat.combatant?.name);
    }
    expect(seen).toEqual(["Jandara", "Orc", "Dana", "Jandara", "Orc", "Dana", "Blessé", "Absent"]);
    // Foundry sets the turns up again after each update: the current state is then the last row's.
    combat.setupTurns();
    expect(combat.current).toMatchObject({ round: 1, turn: 7, combatantId: "e" });
    await combat.nextTurn();
    await settle();
    expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([2, 0, "Jandara"]);
  });

  it("follows a changed initiative: a fighter below 0 loses his second action", async () => {
    const combat = await fight();
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", initiative: -2 }]));
    expect(combat.turns.map((c) => c.name)).toEqual(["Orc", "Dana", "Orc", "Dana", "Blessé", "Jandara", "Absent"]);
  });

  it("keeps the turn on the fighter acting now when a wound lowers an initiative above him", async () => {
    const combat = await fight();
    await asGM(() => combat.startCombat());
    await asGM(() => combat.nextTurn());
    await asGM(() => combat.nextTurn());
    expect([combat.turn, combat.combatant?.name]).toEqual([2, "Dana"]);
    // Jandara, who acted first, is wounded below 0: the rows above Dana change, Dana still acts.
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "a", initiative: -2 }]));
    expect(combat.turns.map((c) => c.name)).toEqual(["Orc", "Dana", "Orc", "Dana", "Blessé", "Jandara", "Absent"]);
    expect([combat.turn, combat.combatant?.name]).toEqual([1, "Dana"]);
    // On Dana's second action, a fighter joining above her: it stays her second action.
    await asGM(() => combat.nextTurn());
    await asGM(() => combat.nextTurn());
    expect([combat.turn, combat.combatant?.name]).toEqual([3, "Dana"]);
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "e", initiative: 20 }]));
    const turn = combat.turn ?? -1;
    expect(turn).toBeGreaterThan(3);
    expect(combat.combatant?.name).toBe("Dana");
    expect(combat.turns.slice(0, turn).filter((c) => c.name === "Dana")).toHaveLength(1);
  });

  it("keeps a turn past Foundry's own list (the last second actions) in the round", async () => {
    const combat = await fight();
    combat.round = 1;
    combat.turn = 6;
    combat.setupTurns();
    expect([combat.round, combat.turn, combat.combatant?.name]).toEqual([1, 6, "Blessé"]);
  });

  it("shows the second action as its own row at INI − 8, marked in the phase list when it runs", async () => {
    const combat = await fight();
    await combat.startCombat();
    await settle();
    for (let i = 0; i < 3; i++) await combat.nextTurn();
    const tracker = new (QuintetteCombatTracker as unknown as typeof DoubleCombatTracker)();
    tracker.viewed = combat;
    await tracker.render();
    const turns = tracker.renderedParts.tracker?.turns as Array<Record<string, unknown>>;
    expect(turns.map((t) => [t.name, t.initiative, t.active])).toEqual([
      ["Jandara", 18, false],
      ["Orc", 11, false],
      ["Dana", 10, false],
      ["Jandara (2e action)", 10, true],
      ["Orc (2e action)", 3, false],
      ["Dana (2e action)", 2, false],
      ["Blessé", -1, false],
      ["Absent", null, false],
    ]);
    expect(turns[3]?.css).toContain("on-second-action");
    const rows = (tracker.renderedParts.oeilnoir?.oeilnoir as { rows: Array<Record<string, unknown>> }).rows;
    expect(rows.find((r) => r.id === "a")).toMatchObject({ active: true, secondActive: true, second: 10 });
    expect(rows.find((r) => r.id === "b")).toMatchObject({ active: false, secondActive: false });
  });
});
