/** AhillMachRoll formulas and the roll dialog's configuration: inputs, exact odds, Se surpasser, bonus parts. */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { ahillmach } from "../../../src/rules/index.ts";
import { AhillMachRoll, poolFaces, rollFormula } from "../../../src/foundry/ahillmach/roll.ts";
import {
  chosenRoll,
  dialogInputs,
  oddsLines,
  specFromValues,
  type DialogSource,
} from "../../../src/foundry/ahillmach/dialog.ts";
import { buildRollDialogContext, defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { chooseDice } from "../../double/dice.ts";

function source(extra: Partial<DialogSource> = {}): DialogSource {
  return {
    kind: "move",
    moveId: "taillerEnPieces",
    free: null,
    characteristic: "for",
    effective: { for: 2, dex: 1, con: 1, int: 1, mys: 0, aur: -1 },
    gear: [{ id: "g", name: "Hache", bonus: 1 }],
    metiers: [{ id: "m", name: "Forgeron", mastery: 2 }],
    boosted: [],
    usesLeft: 1,
    penchants: ["Impétueux", "Curieux"],
    penchantIndex: null,
    targetSize: "grand",
    dealsDamage: true,
    weapon: { die: 8, modifier: 0, name: "Hache" },
    level: 1,
    fixedBonus: 0,
    full: true,
    localize: (k) => k,
    ...extra,
  };
}

/** Band probabilities by enumerating every ordered pool of d10 faces. */
function enumerate(advantage: number, bonus: number, surpass = false): Record<string, number> {
  const size = 2 + Math.abs(advantage);
  const counts: Record<string, number> = {};
  const total = 10 ** size;
  for (let n = 0; n < total; n++) {
    const faces = Array.from({ length: size }, (_, i) => (Math.floor(n / 10 ** i) % 10) + 1);
    const band = ahillmach.resolveMove({ dice: faces, advantage, bonus, surpass }).band;
    counts[band] = (counts[band] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, v / total]));
}

describe("AhillMachRoll", () => {
  beforeEach(() => {
    resetFoundryDouble();
  });

  it("builds 2D10, 3D10kh2 and 4D10kl2 with the bonus the cap lets through", () => {
    expect(rollFormula({ advantage: 0, bonus: 0, surpass: false })).toBe("2d10");
    expect(rollFormula({ advantage: 1, bonus: 3, surpass: false })).toBe("3d10kh2 + 3");
    expect(rollFormula({ advantage: 2, bonus: 7, surpass: false })).toBe("4d10kh2 + 5");
    expect(rollFormula({ advantage: -2, bonus: -2, surpass: false })).toBe("4d10kl2 - 2");
    expect(rollFormula({ advantage: -1, bonus: 5, surpass: true })).toBe("3d10kl2 + 5");
  });

  it("reads every face (dropped included) and agrees with Foundry's kept total", async () => {
    const roll = AhillMachRoll.build({ advantage: -1, bonus: 2, surpass: false });
    chooseDice(9, 2, 7);
    await roll.evaluate();
    expect(roll.faces).toEqual([9, 2, 7]);
    expect(roll.outcome).toMatchObject({ kept: [7, 2], total: 11, band: "partielle", keepsInitiative: true });
    expect(roll.total).toBe(roll.outcome.total);
    expect((roll.dice[0]?.options as { appearance?: { colorset: string } }).appearance?.colorset).toBe(
      "quintette-ahillmach",
    );
    expect(poolFaces([])).toEqual([]);
  });
});

describe("roll dialog configuration", () => {
  it("offers characteristic, gear, métier, target size, help, hindrance, Se surpasser and the penchant", () => {
    const names = dialogInputs(source()).map((i) => i.name);
    expect(names).toEqual([
      "characteristic",
      "gear",
      "metier",
      "size",
      "helpers",
      "hinderers",
      "otherGear",
      "edge",
      "surpass",
      "penchant",
    ]);
    const morale = dialogInputs(source({ kind: "morale", moveId: null, full: false })).map((i) => i.name);
    // No situational modifier but the moves' +1 (issue 25), and only where gear counts.
    expect(morale).toEqual(["characteristic", "helpers", "hinderers"]);
    // Défier le danger: every characteristic, with the way of acting it fits.
    const defier = dialogInputs(source({ moveId: "defierLeDanger", characteristic: null }))[0];
    expect(defier?.kind === "select" && defier.options.length).toBe(6);
  });

  it("turns help and hindrance into the advantage level, cancelling level for level", () => {
    const src = source();
    expect(chosenRoll(src, { helpers: 1, hinderers: 0 }).advantage).toBe(1);
    expect(chosenRoll(src, { helpers: 3, hinderers: 1 }).advantage).toBe(1);
    expect(chosenRoll(src, { helpers: 0, hinderers: 2 }).advantage).toBe(-2);
    expect(chosenRoll(src, { helpers: 2, hinderers: 2 }).advantage).toBe(0);
  });

  it("adds characteristic, gear, métier and the target's size to the bonus", () => {
    const roll = chosenRoll(source(), { characteristic: "for", gear: "g", metier: "m", size: "grand" });
    expect(roll.parts.map((p) => p.value)).toEqual([2, 1, 2, 1]);
    expect(roll.bonus).toBe(6);
  });

  it("adds the moves' +1 apart from gear, ticked when one is held, and preselects the remembered gear (issue 25)", () => {
    const plain = dialogInputs(source());
    const edge = plain.find((i) => i.name === "edge");
    expect(edge).toMatchObject({ kind: "checkbox", initial: false, hint: "QUINTETTE.AhillMach.Dialog.EdgeHint" });
    const held = dialogInputs(source({ edges: [{ source: "discerner", from: null }] }));
    expect(held.find((i) => i.name === "edge")).toMatchObject({
      initial: true,
      hint: "QUINTETTE.AhillMach.Dialog.EdgeDiscerner",
    });
    const roll = chosenRoll(source({ targetSize: "normal" }), { characteristic: "for", gear: "g", edge: true });
    expect(roll.parts.map((p) => [p.label, p.value])).toEqual([
      ["QUINTETTE.AhillMach.Characteristic.for", 2],
      ["Hache", 1],
      ["QUINTETTE.AhillMach.Dialog.Edge", 1],
    ]);
    expect(roll).toMatchObject({ edge: true, gearId: "g", metierId: null, bonus: 4 });
    // Not on a morale roll, where neither gear nor the moves' +1 count.
    expect(chosenRoll(source({ full: false }), { characteristic: "for", edge: true }).edge).toBe(false);
    const preset = dialogInputs(source({ preset: { gear: "g", metier: "m" } }));
    expect(preset.find((i) => i.name === "gear")?.initial).toBe("g");
    expect(preset.find((i) => i.name === "metier")?.initial).toBe("m");
    // A remembered item the character no longer has is not preselected.
    const gone = dialogInputs(source({ preset: { gear: "lost", metier: "lost" } }));
    expect(gone.find((i) => i.name === "gear")?.initial).toBe("none");
  });

  it("shows exact band odds equal to an enumeration of the dice, summing to 1", () => {
    for (const [helpers, hinderers, gear] of [
      [0, 0, "none"],
      [1, 0, "g"],
      [0, 2, "g"],
    ] as const) {
      const values = { characteristic: "for", helpers, hinderers, gear, metier: "m", size: "normal" };
      const lines = oddsLines(source(), values);
      const roll = chosenRoll(source(), values);
      const exact = enumerate(roll.advantage, roll.bonus);
      for (const line of lines) expect(line.probability).toBeCloseTo(exact[line.id] ?? 0, 12);
      expect(lines.reduce((s, l) => s + l.probability, 0)).toBeCloseTo(1, 12);
    }
  });

  it("counts Se surpasser in the odds and spends it only once per characteristic", () => {
    const src = source();
    const plain = oddsLines(src, { characteristic: "dex", size: "normal" });
    const surpassed = oddsLines(src, { characteristic: "dex", size: "normal", surpass: true });
    const exact = enumerate(0, 1, true);
    expect(surpassed.find((l) => l.id === "totale")?.probability).toBeCloseTo(exact.totale ?? 0, 12);
    expect(surpassed.find((l) => l.id === "totale")!.probability).toBeGreaterThan(
      plain.find((l) => l.id === "totale")!.probability,
    );
    const again = chosenRoll(source({ boosted: ["dex"], usesLeft: 0 }), { characteristic: "dex", surpass: true });
    expect(again).toMatchObject({ surpass: true, newSurpass: false });
    const none = chosenRoll(source({ usesLeft: 0 }), { characteristic: "for", surpass: true });
    expect(none).toMatchObject({ surpass: false, newSurpass: false });
    expect(chosenRoll(src, { surpass: true, penchant: "1" }).penchantIndex).toBe(1);
  });

  it("a characteristic surpassed this scene shows a fixed, ticked box; a move rolled by context shows the box of the one picked", () => {
    const surpassBoxes = (src: DialogSource) =>
      dialogInputs(src)
        .filter((i) => i.name.startsWith("surpass"))
        .map((i) => ({ name: i.name, initial: i.initial, fixed: "fixed" in i && i.fixed, when: i.shownWhen?.values }));
    expect(surpassBoxes(source({ boosted: ["for"] }))).toEqual([
      { name: "surpassHeld", initial: true, fixed: true, when: undefined },
    ]);
    expect(surpassBoxes(source({ boosted: [], usesLeft: 1 }))).toEqual([
      { name: "surpass", initial: false, fixed: false, when: undefined },
    ]);
    const byContext = source({ moveId: "defierLeDanger", characteristic: null, boosted: ["dex"], usesLeft: 1 });
    expect(surpassBoxes(byContext)).toEqual([
      { name: "surpassHeld", initial: true, fixed: true, when: ["dex"] },
      { name: "surpass", initial: false, fixed: false, when: ["for", "con", "int", "mys", "aur"] },
    ]);
    // Dexterity picked: its +1 holds whatever the other box says; Force picked: the box is a new use.
    expect(chosenRoll(byContext, { characteristic: "dex", surpass: false })).toMatchObject({ surpass: true });
    expect(chosenRoll(byContext, { characteristic: "for", surpass: true })).toMatchObject({ newSurpass: true });
  });

  it("asks for the damage die when no weapon is equipped (D4 bare-handed by default), never otherwise", () => {
    const armed = source();
    expect(dialogInputs(armed).some((i) => i.name === "damageDie")).toBe(false);
    expect(specFromValues(armed, { damageDie: "12" }).weapon).toEqual({ die: 8, modifier: 0, name: "Hache" });
    const unarmed = source({ weapon: null });
    const input = dialogInputs(unarmed).find((i) => i.name === "damageDie");
    expect(input).toMatchObject({ kind: "select", initial: "4" });
    expect(specFromValues(unarmed, defaultValues(dialogInputs(unarmed))).weapon).toEqual({
      die: 4,
      modifier: 0,
      name: "QUINTETTE.AhillMach.Dialog.Unarmed",
    });
    expect(specFromValues(unarmed, { damageDie: "6" }).weapon?.die).toBe(6);
    expect(specFromValues(unarmed, { damageDie: "7" }).weapon?.die).toBe(4);
    // A move that deals no damage never asks.
    const talk = source({ moveId: "negocier", characteristic: "aur", dealsDamage: false, weapon: null });
    expect(dialogInputs(talk).some((i) => i.name === "damageDie")).toBe(false);
    expect(specFromValues(talk, {}).weapon).toBeNull();
  });

  it("builds the shared dialog context with percentages", () => {
    const src = source();
    const config = {
      title: "t",
      inputs: dialogInputs(src),
      odds: (v: Record<string, unknown>) => oddsLines(src, v as never),
    };
    const ctx = buildRollDialogContext(config, defaultValues(config.inputs), "publicroll", [], "fr");
    expect(ctx.odds).toHaveLength(5);
    expect(ctx.total).toBeCloseTo(1, 12);
    expect(specFromValues(src, defaultValues(config.inputs))).toMatchObject({
      kind: "move",
      moveId: "taillerEnPieces",
    });
  });
});
