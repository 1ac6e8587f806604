import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import {
  applyToneAppearance,
  registerDiceSoNice,
  setDieAppearance,
  type Dice3dApi,
  type DiceSoNiceColorset,
} from "../../../src/foundry/dice/index.ts";
import { plugRuleset } from "../../../src/foundry/chat/plugins.ts";

let state: DoubleState;

function fakeDice3d() {
  const systems: Array<{ id: string; name: string }> = [];
  const colorsets: DiceSoNiceColorset[] = [];
  const api: Dice3dApi = {
    addSystem: (system) => void systems.push(system),
    addColorset: (colorset) => void colorsets.push(colorset),
  };
  return { api, systems, colorsets };
}

beforeEach(() => {
  state = resetFoundryDouble({ lang: "fr" });
});

describe("Dice So Nice", () => {
  it("waits for the module's own hook: without the module nothing runs and nothing fails", () => {
    registerDiceSoNice();
    expect(state.hooks.count("diceSoNiceReady")).toBe(1);
    expect(state.hooks.calls).toHaveLength(0);
  });

  it("registers the system, a light Deva and a dark Archonte colour set, labelled in the user's language", () => {
    registerDiceSoNice();
    const dsn = fakeDice3d();
    Hooks.callAll("diceSoNiceReady", dsn.api);
    expect(dsn.systems).toEqual([{ id: "quintette", name: "Quintette" }]);
    const deva = dsn.colorsets.find((c) => c.name === "quintette-deva");
    const archonte = dsn.colorsets.find((c) => c.name === "quintette-archonte");
    expect(deva?.description).toBe(state.game.i18n.localize("QUINTETTE.Dice.Deva"));
    expect(deva?.description).not.toMatch(/^QUINTETTE/);
    // Light die: light background, dark figures; dark die the reverse.
    const luminance = (hex: string) =>
      parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16);
    expect(luminance(deva?.background ?? "#000000")).toBeGreaterThan(luminance(deva?.foreground ?? "#000000"));
    expect(luminance(archonte?.background ?? "#ffffff")).toBeLessThan(luminance(archonte?.foreground ?? "#ffffff"));
    // Once only: a second ready does not register twice.
    Hooks.callAll("diceSoNiceReady", dsn.api);
    expect(dsn.systems).toHaveLength(1);
  });

  it("registers a rule set's own colour sets", () => {
    plugRuleset({
      id: "ahillmach",
      diceSoNice: [{ ...fakeSet(), name: "quintette-ahillmach" }],
    });
    registerDiceSoNice();
    const dsn = fakeDice3d();
    Hooks.callAll("diceSoNiceReady", dsn.api);
    expect(dsn.colorsets.map((c) => c.name)).toContain("quintette-ahillmach");
  });

  it("sets per-die appearance through the term's options, keeping the other options", () => {
    const term = { options: { flavor: "deva" } as Record<string, unknown> };
    setDieAppearance(term, "light");
    expect(term.options).toEqual({ flavor: "deva", appearance: { colorset: "quintette-deva", system: "quintette" } });
    const roll = { dice: [{ options: {} }, { options: {} }, { options: {} }] };
    applyToneAppearance(roll, ["light", "dark"]);
    expect(roll.dice.map((d) => (d.options as { appearance?: { colorset: string } }).appearance?.colorset)).toEqual([
      "quintette-deva",
      "quintette-archonte",
      undefined,
    ]);
  });
});

function fakeSet(): DiceSoNiceColorset {
  return {
    name: "x",
    description: "QUINTETTE.Dice.Neutral",
    category: "Quintette",
    foreground: "#ffffff",
    background: "#000000",
    outline: "#000000",
    edge: "#000000",
    texture: "none",
    material: "plastic",
  };
}
