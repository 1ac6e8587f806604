import { beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, chooseDice, resetFoundryDouble, setDoubleUser, settle } from "../../double/index.ts";
import {
  installClients,
  type DoubleCombat,
  type DoubleCombatant,
  type DoubleCombatTracker,
} from "../../double/shared-core.ts";
import {
  CombatantData,
  groupByPhase,
  QuintetteCombat,
  QuintetteCombatant,
  QuintetteCombatTracker,
  registerCombat,
  registerCombatBehaviour,
  type CombatBehaviour,
} from "../../../src/foundry/combat/index.ts";

let active: string | null;
let calls: string[];

const PLACES = ["feu", "garde", "retrait"];
const phaseOf = (c: { system: unknown }) => (c.system as { phase?: string }).phase ?? "";

/** A Trinités-like rule set: by place (feu, garde, retrait), then initiative, then id. */
const behaviour: CombatBehaviour = {
  initiativeFormula: () => "1d12x",
  compare: (a, b) =>
    PLACES.indexOf(phaseOf(a)) - PLACES.indexOf(phaseOf(b)) ||
    (b.initiative ?? 0) - (a.initiative ?? 0) ||
    (a.id ?? "").localeCompare(b.id ?? ""),
  onStartRound: async (combat, context) => void calls.push(`rs:startRound:${context.round}:${combat.id}`),
  onEndRound: async (_combat, context) => void calls.push(`rs:endRound:${context.round}`),
  onStartTurn: async (_combat, combatant) => void calls.push(`rs:startTurn:${combatant.name}`),
  onEndTurn: async (_combat, combatant) => void calls.push(`rs:endTurn:${combatant.name}`),
  tracker: {
    parts: { phases: { template: "systems/quintette/templates/shared/combat/phases.hbs" } },
    partContext: (_partId, _combat, base) => ({
      phases: groupByPhase(
        ((base as { turns?: Array<{ phase: string }> }).turns ?? []).map((t) => t),
        PLACES.map((id) => ({ id, label: `QUINTETTE.Combat.Phase.${id}` })),
      ),
    }),
    turnContext: (_combat, combatant) => ({ phase: phaseOf(combatant), place: `place-${phaseOf(combatant)}` }),
  },
};

/** The system's classes extend the double's shells at runtime; the cast gives tests the shells' helpers. */
const newCombat = () => new (QuintetteCombat as unknown as typeof DoubleCombat)({ name: "Fight" });

async function fight(): Promise<DoubleCombat> {
  const combat = newCombat();
  // What the token HUD or a drag onto the tracker creates: token, actor, name; no system data.
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: "c1", name: "Ana", tokenId: "t1", actorId: "a1", initiative: 5 },
        { _id: "c2", name: "Bo", tokenId: "t2", actorId: "a2", initiative: 12 },
        { _id: "c3", name: "Cy", tokenId: "t3", actorId: "a3" },
        { _id: "c4", name: "Di", tokenId: "t4", actorId: "a4", initiative: 5 },
      ],
      { keepId: true },
    ),
  );
  return combat;
}
const names = (combat: DoubleCombat) => combat.turns.map((c) => c.name);
const setPhase = (combat: DoubleCombat, id: string, phase: string) =>
  combat.updateEmbeddedDocuments("Combatant", [{ _id: id, "system.phase": phase }]);

beforeEach(() => {
  // Clients: the turn events run on the active GM's serving page (`activeGM.isSelf`, relay/session.ts).
  installClients(resetFoundryDouble());
  // The tracker's combatants belong to no player: the GM runs the encounter (players' rights: permissions.test.ts).
  setDoubleUser("gm");
  active = "trinites";
  calls = [];
  registerCombat(() => active);
  registerCombatBehaviour("trinites", behaviour);
});

describe("combat registration", () => {
  it("installs the documents, the combatant data model and the tracker", () => {
    expect(CONFIG.Combat.documentClass).toBe(QuintetteCombat);
    expect(CONFIG.Combatant.documentClass).toBe(QuintetteCombatant);
    expect(CONFIG.Combatant.dataModels.base).toBe(CombatantData);
    expect(CONFIG.ui.combat).toBe(QuintetteCombatTracker);
  });

  it("accepts combatants added from tokens as they come, with valid defaults, for any rule set", async () => {
    for (const id of ["trinites", null]) {
      active = id;
      const combat = await fight();
      const first = combat.combatants.get("c1");
      expect(first).toBeInstanceOf(QuintetteCombatant);
      expect((first as DoubleCombatant).system).toMatchObject({
        phase: "",
        tiebreak: null,
        acted: false,
        waiting: false,
        marker: false,
      });
    }
  });
});

describe("order, initiative and rounds from the active rule set", () => {
  it("orders by Foundry's rule without a behaviour: highest first, unrolled last, ties by name", async () => {
    active = null;
    expect(names(await fight())).toEqual(["Bo", "Ana", "Di", "Cy"]);
  });

  it("orders with the rule set's comparator, re-sorting when combatant data changes", async () => {
    const combat = await fight();
    await setPhase(combat, "c3", "feu");
    await setPhase(combat, "c2", "retrait");
    await setPhase(combat, "c1", "garde");
    await setPhase(combat, "c4", "garde");
    expect(names(combat)).toEqual(["Cy", "Ana", "Di", "Bo"]);
    active = "ahillmach"; // another rule set without a behaviour: Foundry's order again
    combat.setupTurns();
    expect(names(combat)).toEqual(["Bo", "Ana", "Di", "Cy"]);
  });

  it("rolls the rule set's initiative formula, or the system default without one", async () => {
    chooseDice(9);
    const combat = await fight();
    await combat.rollInitiative(["c3"]);
    expect(combat.combatants.get("c3")?.initiative).toBe(9);
    active = null;
    // The system default is the manifest's formula (`game.system.initiative`, "0"), as Foundry reads it.
    await combat.rollInitiative("c1");
    expect(combat.combatants.get("c1")?.initiative).toBe(0);
  });

  it("uses a custom initiative roll when the rule set has one; null leaves the combatant unrolled", async () => {
    registerCombatBehaviour("trinites", {
      ...behaviour,
      rollInitiative: async (c) => (c.name === "Cy" ? null : (c.name?.length ?? 0) + 1),
    });
    const combat = await fight();
    // The GM rolls for combatants no player owns (a player's client skips them: `isOwner`).
    await asGM(() => combat.rollInitiative(["c1", "c3"]));
    expect(combat.combatants.get("c1")?.initiative).toBe(4);
    expect(combat.combatants.get("c3")?.initiative).toBeNull();
  });

  it("keeps the turn on the active combatant when initiative is rolled mid-round (updateTurn), custom roll or not", async () => {
    registerCombatBehaviour("trinites", { ...behaviour, rollInitiative: async () => 20 });
    const combat = await fight();
    await combat.startCombat();
    await settle();
    await combat.nextTurn();
    await settle();
    expect(combat.combatant?.name).toBe("Ana");
    await asGM(() => combat.rollInitiative(["c3"])); // the GM rolls Cy, unrolled, who now jumps to the top
    expect(names(combat)).toEqual(["Cy", "Bo", "Ana", "Di"]);
    expect(combat.combatant?.name).toBe("Ana");
    await asGM(() => combat.rollInitiative(["c4"], { updateTurn: false }));
    expect(combat.combatant?.name).not.toBe("Ana");
  });

  it("calls the rule set's round and turn changes after Foundry's own", async () => {
    const combat = await fight();
    await combat.startCombat();
    await settle();
    await combat.nextTurn();
    await settle();
    await combat.nextRound();
    await settle();
    // The turn events run on the active GM's client after each update's round trip, unawaited.
    await settle();
    expect(calls).toEqual([
      "rs:startRound:1:" + combat.id,
      `rs:startTurn:${names(combat)[0]}`,
      `rs:endTurn:${names(combat)[0]}`,
      `rs:startTurn:${names(combat)[1]}`,
      `rs:endTurn:${names(combat)[1]}`,
      "rs:endRound:1",
      "rs:startRound:2:" + combat.id,
      `rs:startTurn:${names(combat)[0]}`,
    ]);
    expect(combat.lifecycle.slice(0, 2)).toEqual(["startRound:1", `startTurn:${names(combat)[0]}`]);
  });
});

describe("combat tracker", () => {
  const newTracker = () => new (QuintetteCombatTracker as unknown as typeof DoubleCombatTracker)();

  it("adds the rule set's part and turn fields on top of Foundry's", async () => {
    const combat = await fight();
    await setPhase(combat, "c1", "garde");
    await setPhase(combat, "c2", "feu");
    await setPhase(combat, "c3", "retrait");
    await setPhase(combat, "c4", "garde");
    const tracker = newTracker();
    tracker.viewed = combat;
    await tracker.render();
    expect(Object.keys(tracker.renderedParts)).toEqual(["header", "tracker", "footer", "phases"]);
    const turns = tracker.renderedParts.tracker?.turns as Array<Record<string, unknown>>;
    expect(turns[0]).toMatchObject({ name: "Bo", place: "place-feu", quintette: { phase: "feu", acted: false } });
    const phases = tracker.renderedParts.phases?.phases as Array<{ id: string; turns: unknown[] }>;
    expect(phases.map((p) => [p.id, p.turns.length])).toEqual([
      ["feu", 1],
      ["garde", 2],
      ["retrait", 1],
    ]);
    expect(tracker.renderedParts.header).not.toHaveProperty("phases");
  });

  it("still renders when the rule set's context throws (a malformed card or document)", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    registerCombatBehaviour("broken", {
      ...behaviour,
      tracker: {
        parts: behaviour.tracker?.parts ?? {},
        partContext: () => {
          throw new TypeError("Cannot read properties of null (reading 'setup')");
        },
        turnContext: () => {
          throw new TypeError("bad combatant");
        },
      },
    });
    active = "broken";
    const tracker = newTracker();
    tracker.viewed = await fight();
    await expect(tracker.render()).resolves.toBeTruthy();
    expect(Object.keys(tracker.renderedParts)).toEqual(["header", "tracker", "footer", "phases"]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("is Foundry's tracker, with shared badges only, when the rule set brings nothing", async () => {
    active = null;
    const tracker = newTracker();
    tracker.viewed = await fight();
    await tracker.render();
    expect(Object.keys(tracker.renderedParts)).toEqual(["header", "tracker", "footer"]);
    const turns = tracker.renderedParts.tracker?.turns as Array<Record<string, unknown>>;
    expect(turns[0]?.quintette).toEqual({ phase: "", acted: false, waiting: false, marker: false });
    expect(turns[0]).not.toHaveProperty("place");
  });
});

describe("groupByPhase", () => {
  it("puts each turn in its phase's column, unknown phases in the first, keeping order", () => {
    const turns = [
      { id: "a", phase: "garde" },
      { id: "b", phase: "" },
      { id: "c", phase: "garde" },
    ];
    const columns = groupByPhase(turns, [
      { id: "feu", label: "F" },
      { id: "garde", label: "G" },
    ]);
    expect(columns.map((c) => c.turns.map((t) => t.id))).toEqual([["b"], ["a", "c"]]);
  });
});
