/**
 * Token conditions on the double, in all five rule sets: the HUD list each configures, conditions set and cleared by
 * the writes the rules make, HUD toggles writing the actor as the rules say (as a player on their own actor), death
 * read as defeated.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble, setDoubleUser, settle, type DoubleActor } from "../../double/index.ts";
import { createScene, dropToken } from "../../double/scenes.ts";
import type { DoubleActiveEffect } from "../../double/effects.ts";
import { installEffectsDouble } from "../../double/effects.ts";
import { readLang } from "../../double/game.ts";
import { installClients } from "../../double/clients.ts";
import {
  configureStatusEffects,
  conditionsOf,
  markDerivedInHud,
  statusEffectsOf,
} from "../../../src/foundry/conditions/index.ts";
import { RULESET_IDS, type RulesetId } from "../../../src/foundry/ruleset.ts";

type Sys = Record<string, unknown>;
/** What these tests use of the system's actor on the double. */
interface TestActor {
  name: string;
  statuses: Set<string>;
  temporaryEffects: { img: string; flags: { core?: { overlay?: boolean } } }[];
  effects: DoubleActiveEffect[];
  system: unknown;
  updates: unknown[];
  update(changes: Record<string, unknown>): Promise<unknown>;
  toggleStatusEffect(id: string, options?: { active?: boolean }): Promise<unknown>;
}

beforeAll(async () => {
  // Actor updates are refused to a user who does not own the actor, as Foundry's server does.
  installClients(resetFoundryDouble());
  installEffectsDouble();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
});

function use(ruleset: RulesetId): void {
  setDoubleUser("gm");
  void game.settings?.set("quintette", "ruleset", ruleset);
  configureStatusEffects(ruleset);
}

/** An actor the player owns, created through the system's document class. */
function actor(type: string, system: Sys = {}): TestActor {
  const cls = CONFIG.Actor.documentClass as unknown as new (data: object) => TestActor;
  const player = game.users?.find((u) => !u.isGM);
  return new cls({ name: type, type, system, ownership: { default: 0, [player?.id ?? "player"]: 3 } });
}

function asPlayer(): void {
  const player = game.users?.find((u) => !u.isGM);
  setDoubleUser(player?.id ?? "player");
}

const statuses = (a: TestActor) => [...a.statuses].sort();
const icons = (a: TestActor) => a.temporaryEffects.map((e) => e.img);
const sys = (a: TestActor) => a.system as unknown as Sys & Record<string, Sys>;
const defeated = (a: TestActor) => a.statuses.has(CONFIG.specialStatusEffects.DEFEATED);

describe("the HUD list of each rule set", () => {
  const fr = JSON.stringify(readLang("fr"));
  const en = JSON.stringify(readLang("en"));

  it.each(RULESET_IDS)("%s: its own conditions, named in both languages, offered to its actor types", (id) => {
    use(id);
    const list = CONFIG.statusEffects;
    expect(list.map((s) => s.id)).toEqual(conditionsOf(id).map((c) => c.id));
    expect(list.length).toBeGreaterThan(0);
    for (const s of list) {
      const last = String(s.name).split(".").pop() ?? "";
      expect(fr, `${s.name} in fr`).toContain(`"${last}"`);
      expect(en, `${s.name} in en`).toContain(`"${last}"`);
      expect(game.i18n?.localize(String(s.name))).not.toBe(s.name);
    }
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
  });

  it("each rule set has a death or a state the HUD derives, and death is Foundry's defeated status", () => {
    for (const id of RULESET_IDS) expect(conditionsOf(id).some((c) => c.derive)).toBe(true);
    use("trinites");
    expect(CONFIG.specialStatusEffects.DEFEATED).toBe("dead");
    expect(statusEffectsOf("ahillmach").find((s) => s.id === "quintette-faible")?.hud).toEqual({
      actorTypes: ["personnage"],
    });
  });
});

describe("Trinités", () => {
  beforeEach(() => use("trinites"));

  it("the life states follow the hit points: set by a wound, cleared by healing, death is defeated", async () => {
    const a = actor("trinite");
    expect(statuses(a)).toEqual([]);
    await a.update({ "system.vie.value": 24 - 9 }); // line 2 of 8-box lines
    expect(statuses(a)).toEqual(["quintette-blesse"]);
    expect(icons(a)).toEqual(["icons/svg/blood.svg"]);
    expect(a.temporaryEffects[0]?.flags.core?.overlay).toBeUndefined();
    await a.update({ "system.vie.value": 3 });
    expect(statuses(a)).toEqual(["quintette-coma", "quintette-inconscient"]);
    await a.update({ "system.vie.nonLetal": true });
    expect(statuses(a)).toEqual(["quintette-inconscient"]);
    await a.update({ "system.vie.value": -1 });
    expect(statuses(a)).toEqual(["dead"]);
    expect(defeated(a)).toBe(true);
    // Drawn over the whole token, as the tracker's "defeated" toggle draws it.
    expect(a.temporaryEffects.map((e) => [e.img, e.flags.core?.overlay ?? false])).toEqual([
      ["icons/svg/skull.svg", true],
    ]);
    await a.update({ "system.vie.value": 24 });
    expect(statuses(a)).toEqual([]);
    expect(a.temporaryEffects).toEqual([]);
  });

  it("a player's HUD toggle writes the hit points of that state, and clearing it those just before", async () => {
    const a = actor("humain");
    asPlayer();
    await a.toggleStatusEffect("quintette-inconscient");
    expect(sys(a).vie?.value).toBe(12 - 9);
    expect(statuses(a)).toContain("quintette-inconscient");
    await a.toggleStatusEffect("dead", { active: true });
    expect(sys(a).vie?.value).toBe(-1);
    await a.toggleStatusEffect("dead");
    expect(sys(a).vie?.value).toBe(0);
    expect(defeated(a)).toBe(false);
    await a.toggleStatusEffect("quintette-coma", { active: false });
    expect(sys(a).vie?.nonLetal).toBe(true);
    await a.toggleStatusEffect("quintette-endolori", { active: false });
    expect(sys(a).vie?.value).toBe(12);
    expect(a.effects).toEqual([]);
    // Setting a state the character is already past writes nothing.
    await a.update({ "system.vie.value": 2 });
    const writes = a.updates.length;
    await a.toggleStatusEffect("quintette-blesse", { active: true });
    expect(a.updates.length).toBe(writes);
  });
});

describe("rights", () => {
  it("a player's HUD toggle on an actor they do not own writes nothing", async () => {
    use("trinites");
    const cls = CONFIG.Actor.documentClass as unknown as new (data: object) => TestActor;
    const npc = new cls({ name: "PNJ", type: "humain", ownership: { default: 0 } });
    asPlayer();
    await expect(npc.toggleStatusEffect("dead", { active: true })).rejects.toThrow(/lacks permission/);
    expect(statuses(npc)).toEqual([]);
  });
});

describe("Ahill-Mach", () => {
  beforeEach(() => use("ahillmach"));

  it("the ticked states and death at 0 HP show on the token; a player's HUD tick becomes the last ticked", async () => {
    const a = actor("personnage");
    await a.update({ "system.states.con": true, "system.lastTicked": "con" });
    expect(statuses(a)).toEqual(["quintette-malade"]);
    asPlayer();
    await a.toggleStatusEffect("quintette-confus");
    expect(sys(a).states).toMatchObject({ con: true, mys: true });
    expect(sys(a).lastTicked).toBe("mys");
    await a.toggleStatusEffect("quintette-confus");
    expect(sys(a).states?.mys).toBe(false);
    expect(sys(a).lastTicked).toBe("");
    await a.update({ "system.hp.value": 0 });
    expect(defeated(a)).toBe(true);
    await a.toggleStatusEffect("dead", { active: false });
    expect(sys(a).hp?.value).toBe(1);
    // Fainted is the character's `system.fainted` (a failed fainting test sets it): the HUD writes that field.
    await a.toggleStatusEffect("quintette-evanoui");
    expect(sys(a).fainted).toBe(true);
    expect(a.effects).toEqual([]);
    expect(statuses(a)).toEqual(["quintette-evanoui", "quintette-malade"]);
    await a.toggleStatusEffect("quintette-evanoui", { active: false });
    expect(sys(a).fainted).toBe(false);
    expect(statuses(a)).toEqual(["quintette-malade"]);
  });

  it("an opposant shows death only", async () => {
    const o = actor("opposant");
    await o.update({ "system.hp.value": 0 });
    expect(statuses(o)).toEqual(["dead"]);
    await o.toggleStatusEffect("quintette-faible");
    expect(statuses(o)).toEqual(["dead", "quintette-faible"].sort());
    expect(o.effects.length).toBe(1); // not a personnage state: Foundry's plain effect
  });
});

describe("L'Œil Noir", () => {
  beforeEach(() => use("oeilnoir"));

  it("out of the fight, dying and dead follow the EV; a passed Volonté clears out of the fight", async () => {
    const a = actor("heros", { qualities: { CN: 12 } });
    await a.update({ "system.ev.value": 3 });
    expect(statuses(a)).toEqual(["quintette-hors-combat"]);
    await a.update({ "system.fightsOn": true });
    expect(statuses(a)).toEqual([]);
    await a.update({ "system.ev.value": -4, "system.fightsOn": false });
    expect(statuses(a)).toEqual(["quintette-mourant"]);
    await a.update({ "system.ev.value": -13 });
    expect(statuses(a)).toEqual(["dead"]);
    expect(defeated(a)).toBe(true);
  });

  it("a player's HUD toggles write EV as the rules say; on the ground is Foundry's prone", async () => {
    const a = actor("adversaire", { cn: 10 });
    asPlayer();
    await a.toggleStatusEffect("quintette-hors-combat");
    expect(sys(a).ev?.value).toBe(5);
    await a.toggleStatusEffect("quintette-hors-combat");
    expect(sys(a).fightsOn).toBe(true);
    expect(statuses(a)).toEqual([]);
    await a.toggleStatusEffect("quintette-mourant");
    expect(sys(a).ev?.value).toBe(0);
    await a.toggleStatusEffect("dead");
    expect(sys(a).ev?.value).toBe(-11);
    expect(statuses(a)).toEqual(["dead"]);
    await a.toggleStatusEffect("dead");
    expect(sys(a).ev?.value).toBe(0);
    expect(statuses(a)).toEqual(["quintette-mourant"]);
    await a.toggleStatusEffect("prone");
    expect(statuses(a)).toContain("prone");
    expect(a.effects.length).toBe(1);
  });
});

describe("SYSTEMJ and Jetons", () => {
  it("SYSTEMJ: 0 hit points shows and is set from the HUD; death is the GM's plain status", async () => {
    use("systemj");
    const a = actor("sj-personnage");
    await a.update({ "system.hitPoints.value": 0 });
    expect(statuses(a)).toEqual(["quintette-zero-pv"]);
    expect(defeated(a)).toBe(false);
    await a.toggleStatusEffect("quintette-zero-pv");
    expect(sys(a).hitPoints?.value).toBe(1);
    await a.toggleStatusEffect("dead");
    expect(defeated(a)).toBe(true);
  });

  it("Jetons: a condition on the sheet shows on the token; the HUD explains it is edited on the sheet", async () => {
    use("jetons");
    const a = actor("archetype");
    expect(statuses(a)).toEqual([]);
    await a.update({ "system.conditions": [{ name: "Blessé au bras", permanent: false }] });
    expect(statuses(a)).toEqual(["quintette-sous-condition"]);
    asPlayer();
    const writes = a.updates.length;
    const told = doubleState().notifications.length;
    await a.toggleStatusEffect("quintette-sous-condition");
    expect(a.updates.length).toBe(writes);
    expect(
      doubleState()
        .notifications.slice(told)
        .map((n) => n.message),
    ).toEqual(["“Under a condition” follows the sheet: edit the sheet to change it."]);
  });
});

describe("the token HUD", () => {
  it("marks the derived conditions active (Foundry marks only those it finds on effects)", async () => {
    use("trinites");
    const a = actor("trinite");
    await a.update({ "system.vie.value": -1 });
    const marked: string[] = [];
    const root = {
      querySelectorAll: (selector: string) =>
        ["dead", "quintette-blesse"]
          .filter((id) => selector === `[data-status-id="${id}"]`)
          .map((id) => ({ classList: { add: (c: string) => marked.push(`${id}:${c}`) } })),
    } as unknown as ParentNode;
    markDerivedInHud(a as unknown as Actor.Implementation, root);
    expect(marked).toEqual(["dead:active"]);
  });
});

/** Every `icons/svg/…` path the type package names: Foundry's own core icons (default status effects, map notes). */
function documentedCoreIcons(): Set<string> {
  const found = new Set<string>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".d.mts"))
        for (const m of readFileSync(path, "utf8").matchAll(/icons\/svg\/[a-z0-9-]+\.svg/g)) found.add(m[0]);
    }
  };
  walk("node_modules/fvtt-types/src/foundry");
  return found;
}

describe("icons", () => {
  it("every condition's icon is one of Foundry's core icons (a missing one draws as a hazard sign)", () => {
    const core = documentedCoreIcons();
    expect(core.has("icons/svg/skull.svg")).toBe(true);
    for (const id of RULESET_IDS) for (const c of conditionsOf(id)) expect(core, `${id} ${c.id}`).toContain(c.img);
  });
});

/** A hook as Foundry calls it, with stand-ins for the HUD and a placed actor (fvtt-types wants the full classes). */
const callAll = (name: string, ...args: unknown[]) =>
  (Hooks as unknown as { callAll(name: string, ...args: unknown[]): boolean }).callAll(name, ...args);

describe("wiring in Foundry's hooks", () => {
  it("at setup, the world's rule set becomes CONFIG.statusEffects", async () => {
    setDoubleUser("gm");
    await game.settings?.set("quintette", "ruleset", "oeilnoir");
    CONFIG.statusEffects = [];
    Hooks.callAll("setup");
    expect(CONFIG.statusEffects.map((s) => s.id)).toEqual(conditionsOf("oeilnoir").map((c) => c.id));
  });

  it("the rendered token HUD marks the derived conditions of its actor", async () => {
    use("systemj");
    const a = actor("creature");
    await a.update({ "system.hitPoints.value": 0 });
    const marked: string[] = [];
    const root = {
      querySelectorAll: (selector: string) =>
        selector === '[data-status-id="quintette-zero-pv"]'
          ? [{ classList: { add: (c: string) => marked.push(c) } }]
          : [],
    } as unknown as HTMLElement;
    callAll("renderTokenHUD", { document: { actor: a } }, root, {}, {});
    expect(marked).toEqual(["active"]);
  });

  it("an actor update asks its placed tokens to redraw their condition icons", async () => {
    // fvtt-types: Actor#getActiveTokens lists the placed tokens; Token#renderFlags has `redrawEffects`. The update goes
    // through the double's server, which runs `updateActor` on every client (no hook fired here).
    use("systemj");
    const cls = CONFIG.Actor.documentClass as unknown as { create(d: object): Promise<TestActor & DoubleActor> };
    const beast = await asGM(() => cls.create({ name: "Ours", type: "creature" }));
    const placed = await asGM(() => dropToken(createScene(), beast, { actorLink: true }));
    await asGM(() => beast.update({ "system.hitPoints.value": 1 }));
    await settle();
    // Once per connected client (each draws its own canvas).
    expect(new Set(placed.redraws.map((f) => JSON.stringify(f)))).toEqual(new Set(['{"redrawEffects":true}']));
    expect(placed.redraws.length).toBeGreaterThan(0);
  });
});

describe("the tracker's Mark defeated, in every rule set (issue 32)", () => {
  const TYPES: Record<RulesetId, string> = {
    trinites: "trinite",
    ahillmach: "personnage",
    oeilnoir: "heros",
    jetons: "archetype",
    systemj: "sj-personnage",
  };
  interface Fighter {
    isDefeated: boolean;
  }
  interface Tracker {
    _onToggleDefeatedStatus(combatant: Fighter): Promise<void>;
  }

  it.each(RULESET_IDS)("%s: the defeated status is one of its statuses; the toggle marks and unmarks", async (id) => {
    use(id);
    const defeatedId = CONFIG.specialStatusEffects.DEFEATED;
    expect(CONFIG.statusEffects.map((s) => s.id)).toContain(defeatedId);
    const actors = CONFIG.Actor.documentClass as unknown as { create(d: object): Promise<TestActor & { id: string }> };
    const combats = CONFIG.Combat.documentClass as unknown as {
      create(d: object): Promise<{ createEmbeddedDocuments(n: string, d: object[]): Promise<Fighter[]> }>;
    };
    const a = await asGM(() => actors.create({ name: "Fighter", type: TYPES[id] }));
    const combat = await asGM(() => combats.create({}));
    const [fighter] = await asGM(() => combat.createEmbeddedDocuments("Combatant", [{ actorId: a.id }]));
    const tracker = new (CONFIG.ui.combat as unknown as new () => Tracker)();
    await asGM(() => tracker._onToggleDefeatedStatus(fighter!));
    expect([fighter!.isDefeated, defeated(a)]).toEqual([true, true]);
    await asGM(() => tracker._onToggleDefeatedStatus(fighter!));
    expect([fighter!.isDefeated, defeated(a)]).toEqual([false, false]);
  });
});
