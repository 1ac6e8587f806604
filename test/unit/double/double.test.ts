import "../../double/setup.ts";
import { beforeEach, describe, expect, it } from "vitest";
import {
  doubleState,
  resetFoundryDouble,
  sheetsFor,
  setDoubleUser,
  DoubleActor,
  DataModelValidationError,
  fields,
  TypeDataModel,
} from "../../double/index.ts";

describe("Foundry double", () => {
  beforeEach(() => {
    resetFoundryDouble();
    // Data model tests write as the GM (who may write any actor); permission tests say their user.
    setDoubleUser("gm");
  });

  it("records and runs hooks, once handlers only once", () => {
    const seen: unknown[] = [];
    Hooks.once("init", () => seen.push("once"));
    Hooks.on("init", () => seen.push("on"));
    Hooks.callAll("init");
    Hooks.callAll("init");
    expect(seen).toEqual(["once", "on", "on"]);
    expect(doubleState().hooks.calls.filter((c) => c.hook === "init")).toHaveLength(2);
  });

  it("validates number fields like Foundry: cast, integer, range", () => {
    const f = new fields.NumberField({ integer: true, min: -2, max: 4, initial: 0, nullable: false });
    expect(f.clean("3")).toBe(3);
    expect(f.validate(5)).toBeDefined();
    expect(f.validate(1.5)).toBeDefined();
    expect(f.validate(4)).toBeUndefined();
  });

  it("builds system from CONFIG data models and keeps a document unchanged after an invalid update", async () => {
    const { NumberField, SchemaField, StringField } = fields;
    class Model extends TypeDataModel {
      static override defineSchema() {
        return {
          stats: new SchemaField({ force: new NumberField({ integer: true, min: 0, max: 10, initial: 5 }) }),
          note: new StringField({ initial: "x" }),
        };
      }
    }
    doubleState().CONFIG.Actor.dataModels.hero = Model;
    const actor = new DoubleActor({ name: "A", type: "hero", system: { note: "keep" } });
    expect(actor.system).toMatchObject({ stats: { force: 5 }, note: "keep" });
    await expect(actor.update({ "system.stats.force": "abc" })).rejects.toBeInstanceOf(DataModelValidationError);
    expect(actor.system).toMatchObject({ stats: { force: 5 }, note: "keep" });
    // fvtt-types NumberField#_cleanType "Applies `integer`, `min`, `max`": 11 → 10, 2.6 → 3, -1 → 0.
    await actor.update({ "system.stats.force": 11 });
    expect(actor.system).toMatchObject({ stats: { force: 10 } });
    await actor.update({ "system.stats.force": 2.6 });
    expect(actor.system).toMatchObject({ stats: { force: 3 } });
    await actor.update({ "system.stats.force": -1 });
    expect(actor.system).toMatchObject({ stats: { force: 0 } });
    await actor.update({ "system.stats.force": 7 });
    expect(actor.toObject()).toMatchObject({ system: { stats: { force: 7 }, note: "keep" } });
  });

  it("drops system keys the schema does not declare on construct and update; migrateData still sees them", async () => {
    const { StringField } = fields;
    const seen: unknown[] = [];
    class Model extends TypeDataModel {
      static override defineSchema() {
        return { bio: new StringField({ initial: "" }) };
      }
      static override migrateData(source: Record<string, unknown>) {
        seen.push(source.old);
        return source;
      }
    }
    doubleState().CONFIG.Actor.dataModels.hero = Model;
    const actor = new DoubleActor({ name: "A", type: "hero", system: { bio: "b", old: "o", nested: { x: 1 } } });
    expect(seen).toEqual(["o"]);
    expect(actor.toObject().system).toEqual({ bio: "b" });
    await actor.update({ "system.stray": 1, "system.bio": "c" });
    expect(actor.toObject().system).toEqual({ bio: "c" });
  });

  it("records sheet registrations, settings and notifications; localizes from the lang files", async () => {
    const s = doubleState();
    s.foundry.documents.collections.Actors.registerSheet("quintette", class {}, { types: ["hero"] });
    expect(sheetsFor("Actor", "hero")).toHaveLength(1);
    s.game.settings.register("quintette", "x", { default: 1, choices: { 1: "a", 2: "b" } });
    await expect(s.game.settings.set("quintette", "x", 3)).rejects.toThrow();
    await s.game.settings.set("quintette", "x", 2);
    expect(s.game.settings.get("quintette", "x")).toBe(2);
    s.ui.notifications.warn("careful");
    expect(s.notifications).toEqual([{ type: "warn", message: "careful", options: {} }]);
    expect(s.game.i18n.localize("NOPE.Key")).toBe("NOPE.Key");
    setDoubleUser("player1");
    expect(doubleState().game.user.isGM).toBe(false);
  });
});
