/**
 * `quintette.rules()` (src/foundry/api/rules.ts): the rules core's namespaces, loaded once from the system's
 * `rules.mjs` under Foundry's route. The loader is replaced by one importing `src/rules/index.ts`, which records the
 * address it was asked for. The built file itself is checked in test/unit/manifest.test.ts.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { rules, rulesUrl, setRulesLoader } from "../../../src/foundry/api/rules.ts";
import * as core from "../../../src/rules/index.ts";
import type { QuintetteApi } from "../../../src/foundry/api/index.ts";

const asked: string[] = [];
const fromSource = async (url: string) => {
  asked.push(url);
  return import("../../../src/rules/index.ts");
};

beforeAll(async () => {
  resetFoundryDouble({ lang: "fr" });
  await import("../../../src/index.ts");
  Hooks.callAll("init");
});

afterEach(() => {
  asked.length = 0;
  setRulesLoader();
  delete (globalThis as { ROUTE_PREFIX?: string }).ROUTE_PREFIX;
});

describe("quintette.rules()", () => {
  it("is published on game.system.api and the quintette alias", () => {
    const api = (game.system as unknown as { api: QuintetteApi }).api;
    expect(api.rules).toBe(rules);
    expect(globalThis.quintette?.rules).toBe(rules);
  });

  it("resolves with every rule set's namespace and the shared distributions, the core's own functions", async () => {
    setRulesLoader(fromSource);
    const loaded = await globalThis.quintette!.rules();
    expect(Object.keys(loaded).sort()).toEqual(
      ["ahillmach", "distribution", "jetons", "oeilnoir", "systemj", "trinites"].sort(),
    );
    expect(loaded.systemj.successChance({ score: 60, modifier: -20 })).toBeCloseTo(0.41, 12);
    expect(loaded.trinites.successChance).toBe(core.trinites.successChance);
    expect(loaded.ahillmach.bandOdds({ advantage: 0, bonus: 0 }).reussiteCritique).toBeCloseTo(0.01, 12);
  });

  it("imports systems/<system id>/rules.mjs through Foundry's route, once however many calls", async () => {
    setRulesLoader(fromSource);
    const [a, b] = await Promise.all([rules(), rules()]);
    const c = await rules();
    expect(asked).toEqual(["/systems/quintette/rules.mjs"]);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it("puts the server's route prefix before the system's path", () => {
    expect(rulesUrl()).toBe("/systems/quintette/rules.mjs");
    (globalThis as { ROUTE_PREFIX?: string }).ROUTE_PREFIX = "jeux";
    expect(rulesUrl()).toBe("/jeux/systems/quintette/rules.mjs");
  });

  it("tries again after a failed load instead of keeping the failure", async () => {
    let fail = true;
    setRulesLoader(async (url) => {
      asked.push(url);
      if (fail) throw new TypeError("Failed to fetch dynamically imported module");
      return import("../../../src/rules/index.ts");
    });
    await expect(rules()).rejects.toThrow(/Failed to fetch/);
    fail = false;
    expect(Object.keys(await rules())).toContain("systemj");
    expect(asked).toHaveLength(2);
  });
});
