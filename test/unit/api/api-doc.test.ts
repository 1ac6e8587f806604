/**
 * docs/api.md's macros, run on the double as a player: each script of the "One macro per rule set" section, in the
 * order written (Trinités, Ahill-Mach, L'Œil Noir, Jetons, SYSTEMJ), rolls or acts for the selected token's actor
 * through `quintette`. Only the dice are left out: each rule set's real request is built, then recorded. The rules
 * core's macro runs with `quintette.rules()` loading `src/rules/index.ts` in place of the built file.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DoubleActor, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { asClient, controlledTokens, installClients, targetsOf } from "../../double/clients.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { installMacrosDouble } from "../../double/macros.ts";
import { api as ahillmachApi } from "../../../src/foundry/ahillmach/api.ts";
import { api as jetonsApi } from "../../../src/foundry/jetons/api.ts";
import { api as oeilnoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { api as systemjApi } from "../../../src/foundry/systemj/api.ts";
import { api as trinitesApi } from "../../../src/foundry/trinites/api.ts";
import type { RulesetApi } from "../../../src/foundry/api/types.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import { setRulesLoader } from "../../../src/foundry/api/rules.ts";

const PLAYER = "player1";
const done: string[] = [];
let notices: { message: string }[] = [];

/** The js blocks of a section of docs/api.md, in order. */
function documentedMacros(heading = "## One macro per rule set"): string[] {
  const doc = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
  const section = doc.split(heading)[1]?.split("\n## ")[0] ?? "";
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] ?? "");
}

const runMacro = (script: string) =>
  asClient(PLAYER, () => new Function(`return (async () => {\n${script}\n})();`)() as Promise<unknown>);

beforeAll(async () => {
  const state = resetFoundryDouble({ lang: "fr" });
  notices = state.notifications as { message: string }[];
  installClients(state);
  installMacrosDouble();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
  for (const api of [ahillmachApi, systemjApi, trinitesApi, oeilnoirApi] as RulesetApi[]) {
    const original = api.request.bind(api);
    vi.spyOn(api, "request").mockImplementation((actor, key, options): RollRequest | null => {
      const real = original(actor, key, options);
      if (!real) return null;
      return { dialog: real.dialog, roll: async (r) => void done.push(`${actor.name} ${key} ${r.rollMode}`) };
    });
  }
  vi.spyOn(jetonsApi.actions!, "jeAsk").mockImplementation(async (actor) => void done.push(`${actor.name} jeAsk`));
  vi.spyOn(RollDialog, "prompt").mockImplementation(async () => ({ values: {}, rollMode: "publicroll" }));
  setDoubleUser(PLAYER);
});

const owner = { default: 0, [PLAYER]: 3 };
const MOVE = "mmmmmmmmmmmmmmm1";
const actors = () => [
  new DoubleActor({ name: "Aelis", type: "trinite", ownership: owner }),
  new DoubleActor({
    name: "Ysolde",
    type: "personnage",
    ownership: owner,
    items: [{ _id: MOVE, name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } }],
  }),
  new DoubleActor({
    name: "Alrik",
    type: "heros",
    ownership: owner,
    system: { qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 }, ev: { value: 30, max: 30 } },
  }),
  new DoubleActor({ name: "Jeanne", type: "archetype", ownership: owner }),
  new DoubleActor({ name: "Mage", type: "sj-personnage", ownership: owner }),
];

describe("docs/api.md", () => {
  it("documents one macro per rule set, and each rolls or acts for the selected actor", async () => {
    const macros = documentedMacros();
    expect(macros).toHaveLength(5);
    for (const [index, actor] of actors().entries()) {
      controlledTokens().length = 0;
      controlledTokens().push({ actor });
      await runMacro(macros[index]!);
    }
    expect(done).toEqual([
      "Aelis skill:rapidite publicroll",
      `Ysolde move:${MOVE} publicroll`,
      "Alrik check:CO gmroll",
      "Jeanne jeAsk",
      "Mage attribute.FOR publicroll",
    ]);
  });
});

describe("docs/api.md, the rules core", () => {
  it("documents a macro that tells the exact odds of the selected SYSTEMJ character's Force test at −20", async () => {
    const [macro, ...more] = documentedMacros("## The rules core: `quintette.rules()`");
    expect(more).toEqual([]);
    let loads = 0;
    setRulesLoader(async () => {
      loads++;
      return import("../../../src/rules/index.ts");
    });
    const mage = new DoubleActor({
      name: "Mage",
      type: "sj-personnage",
      ownership: owner,
      system: { attributes: { FOR: 60, RES: 50, AGI: 70, RAP: 74, INT: 40, PER: 45, CHA: 30 } },
    });
    controlledTokens().length = 0;
    controlledTokens().push({ actor: mage });
    const before = notices.length;
    await runMacro(macro!);
    await runMacro(macro!);
    // Target 40: faces 01–40 succeed, and 60 (the unmodified score) is a critical success; 00 a critical failure.
    const told = "Mage, FOR 60 −20 : réussite 41 %, critique 1 %, échec critique 1 %";
    expect(notices.slice(before).map((n) => n.message)).toEqual([told, told]);
    expect(loads).toBe(1);
    setRulesLoader();
  });
});

describe("SYSTEMJ bare hands through the API (issue 24)", () => {
  // Investigated: a bare-hands attack returned no request only for want of a targeted token, which every SYSTEMJ
  // attack needs (the sheet's buttons alike); the user is told so.
  const api = () =>
    (globalThis as unknown as { quintette: { rollRequest(a: unknown, k: string): Promise<unknown> } }).quintette;

  it("builds the request of every bare-hands attack key once a token is targeted, and tells why not without one", async () => {
    const mage = new DoubleActor({ name: "Mage", type: "sj-personnage", ownership: owner });
    const bear = new DoubleActor({ name: "Ours", type: "sj-personnage", ownership: { default: 0 } });
    targetsOf(PLAYER).clear();
    expect(await asClient(PLAYER, () => api().rollRequest(mage, "attack.meleeForce"))).toBeNull();
    expect(notices.at(-1)?.message).toBe(game.i18n!.localize("QUINTETTE.SystemJ.Error.NoTarget"));
    targetsOf(PLAYER).add({ actor: bear } as never);
    for (const key of ["attack", "attack.meleeForce", "attack.meleeStealth", "attack.throw"]) {
      const request = (await asClient(PLAYER, () => api().rollRequest(mage, key))) as RollRequest | null;
      expect(request?.dialog.odds(defaultValues(request.dialog.inputs)).length, key).toBeGreaterThan(0);
    }
    targetsOf(PLAYER).clear();
  });
});
