/**
 * A world runs only the game it plays (issue 23): an inactive rule set registers no setting, menu or hook, its
 * runtime is never activated and its compendia are out of sight, while its data models, card models, sheets and Roll
 * classes still load so its documents stay valid and open (its stylesheet is in the manifest, scoped by its classes).
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble } from "../../double/index.ts";
import { initQuintette } from "../../../src/index.ts";
import { clearRulesets, registerRuleset, RULESET_IDS, type RulesetId } from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { hidePacks, hiddenPacks } from "../../../src/foundry/compendia.ts";
import { descriptor as trinites } from "../../../src/foundry/trinites/ruleset.ts";
import { descriptor as ahillmach } from "../../../src/foundry/ahillmach/ruleset.ts";
import { descriptor as oeilnoir } from "../../../src/foundry/oeilnoir/ruleset.ts";
import { descriptor as jetons } from "../../../src/foundry/jetons/ruleset.ts";
import { descriptor as systemj } from "../../../src/foundry/systemj/ruleset.ts";
import { registration as trinitesRegistration } from "../../../src/foundry/trinites/registration.ts";

const WHOLE = { trinites, ahillmach, oeilnoir, jetons, systemj };

interface Registered {
  hooks: Map<string, number>;
  settings: Set<string>;
  menus: Set<string>;
}

function registered(): Registered {
  const s = doubleState();
  return {
    hooks: new Map([...s.hooks.events].map(([name, list]) => [name, list.length])),
    settings: new Set(s.game.settings.settings.keys()),
    menus: new Set(s.game.settings.menus.keys()),
  };
}

/** What a world playing `id` registers once init has run. */
async function world(id: RulesetId | null): Promise<Registered> {
  resetFoundryDouble();
  clearRulesets();
  // `null`: a world whose rule sets bring nothing of their own, i.e. what the shared code alone registers.
  if (id === null)
    for (const rid of RULESET_IDS) registerRuleset({ id: rid, label: rid, actorTypes: [], itemTypes: [], rolls: [] });
  registerCoreSettings();
  if (id) await asGM(() => doubleState().game.settings.set("quintette", "ruleset", id));
  initQuintette();
  return registered();
}

/** What one rule set's own activation adds (its settings, then its runtime's hooks), on an empty double. */
function own(id: RulesetId): Registered {
  resetFoundryDouble();
  WHOLE[id].init?.();
  return registered();
}

describe("only the world's rule set runs", () => {
  beforeEach(() => clearRulesets());

  it("every world registers the shared settings, menus and hooks plus its own rule set's, and nothing of another", async () => {
    const base = await world(null);
    const owned = Object.fromEntries(RULESET_IDS.map((id) => [id, own(id)])) as Record<RulesetId, Registered>;
    // Each rule set has something of its own to leave out (else this test would prove nothing).
    for (const id of RULESET_IDS) expect(owned[id].hooks.size + owned[id].settings.size, id).toBeGreaterThan(0);
    for (const id of RULESET_IDS) {
      const w = await world(id);
      const expected = new Map(base.hooks);
      for (const [hook, n] of owned[id].hooks) expected.set(hook, (expected.get(hook) ?? 0) + n);
      expect(Object.fromEntries(w.hooks), `${id} world hooks`).toEqual(Object.fromEntries(expected));
      expect([...w.settings].sort(), `${id} world settings`).toEqual(
        [...new Set([...base.settings, ...owned[id].settings])].sort(),
      );
      expect([...w.menus].sort(), `${id} world menus`).toEqual(
        [...new Set([...base.menus, ...owned[id].menus])].sort(),
      );
    }
  });

  it("in a Trinités world: no Œil Noir, Jetons or SYSTEMJ setting, no Jetons menu, their models and sheets still there", async () => {
    const w = await world("trinites");
    expect([...w.settings].filter((k) => /oeilnoir|jetons|systemj|chronoste/i.test(k))).toEqual([]);
    expect(w.menus.has("quintette.jetonsReserve")).toBe(false);
    const { CONFIG } = doubleState();
    for (const type of ["heros", "archetype", "sj-personnage", "personnage", "trinite"])
      expect(CONFIG.Actor.dataModels[type], type).toBeDefined();
    expect(doubleState().sheets.some((s) => (s.options.types ?? []).includes("archetype"))).toBe(true);
    // Only the world's templates are preloaded: a Jetons card body is not.
    expect(doubleState().templates.some((t) => t.includes("/jetons/"))).toBe(false);
    expect(doubleState().templates.some((t) => t.includes("/trinites/"))).toBe(true);
  });

  it("activates only the world's rule set's runtime", async () => {
    const activated: string[] = [];
    resetFoundryDouble();
    clearRulesets();
    for (const id of RULESET_IDS)
      registerRuleset({ id, label: id, actorTypes: [], itemTypes: [], rolls: [], init: () => activated.push(id) });
    registerCoreSettings();
    await asGM(() => doubleState().game.settings.set("quintette", "ruleset", "systemj"));
    initQuintette();
    expect(activated).toEqual(["systemj"]);
  });

  it("hides the other rule sets' packs in the compendium directory, and folders they leave empty", () => {
    registerRuleset(trinitesRegistration);
    registerRuleset(WHOLE.jetons);
    registerRuleset(WHOLE.oeilnoir);
    const hidden = hiddenPacks("trinites");
    expect([...hidden].sort()).toEqual([
      "quintette.jetons-acteurs",
      "quintette.jetons-demarrage",
      "quintette.oeilnoir-acteurs",
      "quintette.oeilnoir-demarrage",
      "quintette.oeilnoir-equipement",
      "quintette.oeilnoir-tables",
    ]);
    // A directory: a folder of Œil Noir packs, a Trinités pack, a mixed folder.
    const removed: string[] = [];
    const node = (name: string, attrs: { pack?: string; folder?: boolean }, children: Node[] = []): Node => {
      const n: Node = {
        name,
        dataset: attrs.pack ? { pack: attrs.pack } : {},
        folder: !!attrs.folder,
        children,
        parentElement: null,
        removed: false,
        remove() {
          n.removed = true;
          removed.push(name);
        },
        closest(selector: string) {
          if (selector !== ".folder") throw new Error(selector);
          let cur: Node | null = n;
          while (cur && !cur.folder) cur = cur.parentElement;
          return cur;
        },
        querySelector(selector: string) {
          if (selector !== "[data-pack]") throw new Error(selector);
          const live = (x: Node): Node | null =>
            x.children.filter((c) => !c.removed).find((c) => c.dataset.pack || live(c)) ?? null;
          return live(n);
        },
      };
      for (const c of children) c.parentElement = n;
      return n;
    };
    interface Node {
      name: string;
      dataset: Record<string, string>;
      folder: boolean;
      children: Node[];
      parentElement: Node | null;
      removed: boolean;
      remove(): void;
      closest(selector: string): Node | null;
      querySelector(selector: string): Node | null;
    }
    const onTables = node("on-tables", { pack: "quintette.oeilnoir-tables" });
    const onGear = node("on-gear", { pack: "quintette.oeilnoir-equipement" });
    const trRules = node("tr-rules", { pack: "quintette.trinites-regles" });
    const mine = node("my-pack", { pack: "world.mine" });
    const onFolder = node("folder-oeilnoir", { folder: true }, [onTables, onGear]);
    const mixed = node("folder-mixed", { folder: true }, [
      node("on-copy", { pack: "quintette.oeilnoir-tables" }),
      mine,
    ]);
    const all = [onTables, onGear, trRules, mine, ...mixed.children];
    const root = { querySelectorAll: () => all.filter((n) => !n.removed) };
    void onFolder;
    expect(hidePacks(root, hidden)).toBe(3);
    expect(removed.sort()).toEqual(["folder-oeilnoir", "on-copy", "on-gear", "on-tables"]);
  });
});
