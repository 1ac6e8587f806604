/** The three-place tracker machine and the roll dialog's exact odds (the sheet's Karma rules: rules core upkeep.test.ts). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  planTurn,
  placesContext,
  roundStartUpdates,
  shiftUpdate,
  initiativeUpdate,
  compareSeats,
  type SeatLike,
} from "../../../src/foundry/trinites/combat.ts";
import { testOdds, resolveValues, testInputs, type RollerView } from "../../../src/foundry/trinites/dialog.ts";
import { deriveActor } from "../../../src/foundry/trinites/derived.ts";
import { buildRollDialogContext, defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { trinites as T } from "../../../src/rules/index.ts";

const seat = (id: string, initiative: number | null, phase: string, acting = false): SeatLike => ({
  id,
  name: id,
  initiative,
  phase,
  acting,
  acted: false,
});

describe("three places", () => {
  it("sets score and place from the initiative test (surprised → en retrait)", () => {
    expect(initiativeUpdate("a", 17, false)).toEqual({ _id: "a", initiative: 9, "system.phase": "garde" });
    expect(initiativeUpdate("b", 30, true)).toEqual({ _id: "b", initiative: 12, "system.phase": "retrait" });
  });

  it("runs a round: garde into the fire, the highest acts (ties together), then the round ends", () => {
    let seats = [seat("a", 9, "garde"), seat("b", 9, "garde"), seat("c", 4, "garde"), seat("d", 7, "retrait")];
    const start = roundStartUpdates(seats);
    expect(start.map((u) => u["system.phase"])).toEqual(["feu", "feu", "feu", "garde"]);
    seats = seats.map((s, i) => ({ ...s, phase: start[i]!["system.phase"]! }));
    expect(planTurn(seats, "c")).toEqual({ kind: "redirect", id: "a" });
    const act = planTurn(seats, "a");
    if (act.kind !== "act") throw new Error("expected a turn");
    expect(act.ids).toEqual(["a", "b"]);
    seats = seats.map((s) => {
      const u = act.updates.find((x) => x._id === s.id);
      return { ...s, phase: u?.["system.phase"] ?? s.phase, acting: u?.["system.marker"] ?? s.acting };
    });
    expect(planTurn(seats, "a")).toEqual({ kind: "keep" });
    seats = seats.map((s) => ({ ...s, acting: false }));
    const next = planTurn(seats, "c");
    expect(next.kind === "act" && next.ids).toEqual(["c"]);
    seats = seats.map((s) => (s.id === "c" ? { ...s, phase: "garde" } : s));
    expect(planTurn(seats, "c")).toEqual({ kind: "newRound" });
  });

  it("holds the dice of unconscious fighters en retrait at round start", () => {
    const start = roundStartUpdates([{ ...seat("a", 6, "retrait"), out: true }, seat("b", 4, "retrait")]);
    expect(start.map((u) => u["system.phase"])).toEqual(["retrait", "garde"]);
  });

  it("wraps shifts: −3 below 1 in the fire steps back en garde; +3 above 12 en garde returns to the fire", () => {
    expect(shiftUpdate(seat("a", 2, "feu"), -3)).toEqual({ _id: "a", initiative: 11, "system.phase": "garde" });
    expect(shiftUpdate(seat("a", 11, "garde"), 3)).toEqual({ _id: "a", initiative: 2, "system.phase": "feu" });
    expect(shiftUpdate(seat("a", 2, "retrait"), -3)).toEqual({ _id: "a", initiative: 1, "system.phase": "retrait" });
    expect(shiftUpdate(seat("a", null, ""), 3)).toBeNull();
  });

  it("orders the tracker fire first, and groups the columns", () => {
    const seats = [seat("r", 12, "retrait"), seat("g", 5, "garde"), seat("f", 3, "feu"), seat("n", null, "")];
    expect([...seats].sort(compareSeats).map((s) => s.id)).toEqual(["f", "g", "r", "n"]);
    const ctx = placesContext(
      seats.map((s) => ({ ...s, img: "", owner: false })),
      true,
      2,
    );
    expect(ctx.places.map((p) => p.turns.map((t) => t.id))).toEqual([["r"], ["g"], ["f"]]);
    expect(ctx.unrolled.map((t) => t.id)).toEqual(["n"]);
  });
});

describe("tracker wording", () => {
  it("labels the GM's ±3 buttons as immediate corrections, not end-of-turn changes", () => {
    for (const lang of ["en", "fr"]) {
      const json = JSON.parse(
        readFileSync(join(import.meta.dirname, "..", "..", "..", "lang", `${lang}.json`), "utf8"),
      );
      const place = (json as { QUINTETTE: { Trinites: { Place: Record<string, string> } } }).QUINTETTE.Trinites.Place;
      for (const key of ["Plus3", "Minus3"]) expect(place[key]).not.toMatch(/end of turn|fin de tour/i);
      expect(place.Plus3).toMatch(/now|immédiat/);
    }
  });
});

const source = (over: Partial<Parameters<typeof deriveActor>[0]> = {}) => ({
  signes: { capricorne: 2, belier: 1 },
  competences: { rapidite: { base: 3, specialites: [] }, melee: { base: 4, specialites: ["Sabre"] } },
  vie: { value: 24, max: 24, nonLetal: false },
  deva: { value: 4, max: 5 },
  archonte: { value: 3, max: 3 },
  adam: { value: 2, max: 2 },
  xp: { total: 10, depense: 0 },
  ...over,
});

describe("roll dialog", () => {
  const roller: RollerView = {
    name: "Aelis",
    uuid: null,
    img: null,
    trinite: true,
    adamKarma: "lumiere",
    derived: deriveActor(source(), "trinite"),
  };

  it("shows the exact chance from the rules core (two dice for a Trinité), summing to 1", () => {
    const values = {
      ...defaultValues(testInputs(roller, { skill: "melee" })),
      difficulty: "ardue",
      related: "proche",
      freeActions: 2,
    };
    const odds = testOdds(roller, values);
    const expected = T.successChance({ score: 5, difficulty: -6, dice: 2, freeActions: 2 });
    expect(odds[0]?.probability).toBe(expected);
    expect(odds.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
    const human = testOdds({ ...roller, trinite: false }, values);
    expect(human[0]?.probability).toBe(T.successChance({ score: 5, difficulty: -6, dice: 1, freeActions: 2 }));
  });

  it("adds primes and penalties from the rules core and refuses a prime without a penalty", () => {
    const base = defaultValues(testInputs(roller, { skill: "melee" }));
    expect(resolveValues(roller, { ...base, prime: "efficacite" }).invalid).not.toBeNull();
    const r = resolveValues(roller, { ...base, prime: "efficacite", penalty: "danger" });
    expect(r.modifier).toBe(3);
    expect(resolveValues(roller, { ...base, previousFailures: "2" }).previousFailures).toBe(2);
    expect(testOdds(roller, { ...base, previousFailures: "2" })[0]?.probability).toBe(0);
  });

  it("hides what does nothing (issue 33): the advanced action's penalty off Frapper, free actions in a reaction", () => {
    const shown = (preset: Parameters<typeof testInputs>[1], values: Record<string, unknown> = {}) => {
      const config = { title: "", inputs: testInputs(roller, preset), odds: () => [] };
      const ctx = buildRollDialogContext(
        config,
        { ...defaultValues(config.inputs), ...values } as never,
        "publicroll",
        [],
      );
      return ctx.inputs.filter((i) => !i.hidden).map((i) => i.name);
    };
    expect(shown({ skill: "melee" }, { combatAction: "frapper" })).not.toContain("penalty2");
    expect(shown({ skill: "melee" }, { combatAction: "desarmer" })).toContain("penalty2");
    const reaction = shown({ skill: "esquive", reaction: true });
    expect(reaction).not.toContain("freeActions");
    expect(reaction).not.toContain("penalty2");
    // Nor counted: a reaction's final takes no free-action penalty whatever the form sends.
    const base = defaultValues(testInputs(roller, { skill: "esquive", reaction: true }));
    expect(resolveValues(roller, { ...base, freeActions: 3 }, { reaction: true }).freeActions).toBe(1);
  });
});
