/**
 * Attacks on a Trinités card's "trusted" follow-ups, made by the card's author (a player's client of the double)
 * against the real code (issue 12): a failed Encourager rewritten as a success, an end-of-turn shift inflated or
 * moved onto another fighter's die.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DoubleActor, asGM, type DoubleState } from "../double/index.ts";
import { DoubleChatMessage, asClient } from "../double/shared-core.ts";
import { postCard } from "../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { buildTestCard, turnEndShifts, type TestData, type TestSetup } from "../../src/foundry/trinites/card.ts";
import { combatBehaviour, turnEndDeltas } from "../../src/foundry/trinites/combat.ts";
import { weaponOf } from "../../src/foundry/trinites/flow.ts";
import { UNDO } from "../../src/foundry/damage/index.ts";
import { testSetup } from "../unit/trinites/setup-fixture.ts";
import { cardOf, rewriteCard } from "../cards.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../worlds/trinites.ts";

let state: DoubleState;
let brune: DoubleActor;
let aelis: DoubleActor;

const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
type Slots = Record<"encourager" | "intimider", { sur: string; valeur: number }>;
const slots = (a: DoubleActor) => (a.system as unknown as { influences: Slots }).influences;
const setup = (over: Partial<TestSetup> = {}): TestSetup =>
  testSetup(brune, "player1", { skill: "commandement", ...over });

async function post(card: CardState): Promise<DoubleChatMessage> {
  return (await asClient("player1", () => postCard(card))) as unknown as DoubleChatMessage;
}

/** The author rewrites the card's data from the console (Foundry lets the author update the message). */
async function forge(m: DoubleChatMessage, change: (d: TestData) => TestData): Promise<void> {
  const card = structuredClone(stored(m));
  card.data = change(structuredClone(card.data as unknown as TestData)) as never;
  await asClient("player1", () => rewriteCard(m, card));
}

let world: TrinitesWorld;

beforeEach(async () => {
  // Aelis is player2's: another player's character for Brune's player.
  world = await trinitesWorld({ cardActions: true, damage: true, aelisOwner: "player2" });
  ({ state, aelis, brune } = world);
});

describe("attack: a failed Encourager rewritten as a success", () => {
  it("the GM reads the dice again: no option is stored on the other player's character", async () => {
    // A 1 on the die: a failure.
    const m = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [1],
        archonte: [],
      }),
    );
    await forge(m, (d) => ({ ...d, result: { ...d.result!, success: true, final: 20 } }));
    await asClient("player1", () => requestCardAction(m.id, "trinites.influence", { use: "action" }));
    expect(slots(aelis).encourager.sur).toBe("");
  });

  it("honest path: a success stores +3 on the ally", async () => {
    const m = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    expect(
      (await asClient("player1", () => requestCardAction(m.id, "trinites.influence", { use: "action" }))).status,
    ).toBe("applied");
    expect(slots(aelis).encourager).toMatchObject({ sur: "action", valeur: 3 });
  });
});

describe("attack: an end-of-turn shift inflated or moved", () => {
  const turn = { combatId: "fight", round: 1, combatantId: "cB" };
  const seats = () => [
    {
      id: "cB",
      name: "Brune",
      initiative: 6,
      phase: "garde",
      acting: true,
      acted: false,
      out: false,
      actorUuid: brune.uuid,
    },
    {
      id: "cA",
      name: "Aelis",
      initiative: 6,
      phase: "garde",
      acting: false,
      acted: false,
      out: false,
      actorUuid: aelis.uuid,
    },
  ];

  it("a self shift of +99 counts as the rule's +3 at most", async () => {
    const m = await post(buildTestCard(setup({ turn }), { deva: [10], archonte: [] }));
    await forge(m, (d) => ({ ...d, setup: { ...d.setup, selfShift: { always: 99, onSuccess: 99 } } }));
    expect(turnEndShifts(stored(m)).self).toBe(3);
  });

  it("the roller's own shift never lands on another fighter's die", async () => {
    const m = await post(
      buildTestCard(setup({ turn, selfShift: { always: -3, onSuccess: 0 } }), { deva: [10], archonte: [] }),
    );
    await forge(m, (d) => ({ ...d, setup: { ...d.setup, turn: { ...turn, combatantId: "cA" } } }));
    expect(turnEndDeltas(seats() as never, [stored(m)]).get("cA")).toBeUndefined();
  });
});

describe("attack: a card of the right shape with malformed Trinités data, read by the tracker", () => {
  const turn = { combatId: "fight", round: 1, combatantId: "cB" };
  const FORGED: Record<string, (d: TestData) => unknown> = {
    "opposition: null": (d) => ({ ...d, opposition: null }),
    "targets of the wrong type": (d) => ({ ...d, setup: { ...d.setup, targets: [null, 5, "x"] } }),
    "targets: a string": (d) => ({ ...d, setup: { ...d.setup, targets: "everyone" } }),
    "influence: a number": (d) => ({ ...d, influence: 7 }),
    "setup.selfShift: a string": (d) => ({ ...d, setup: { ...d.setup, selfShift: "+99" } }),
    "chains of strings": (d) => ({ ...d, chains: { deva: ["x"], archonte: "y" } }),
  };
  for (const [name, change] of Object.entries(FORGED)) {
    it(`${name}: no tracker throws on any client, and the end of the turn still runs`, async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      const built = buildTestCard(
        setup({ turn, action: "intimider", targets: [{ uuid: aelis.uuid, name: "Aelis" }] }),
        { deva: [10], archonte: [] },
      );
      const m = await post(built);
      // A Trinités card is a ChatMessage sub-type (issue 22): its author's rewrite out of the schema is refused (or
      // cleaned, a null list becoming empty): the stored card still holds its schema...
      await forge(m, change as (d: TestData) => TestData).catch(() => "refused");
      expect(readCard(m as never)).not.toBeNull();
      // ...and the same data in an older card's flags is refused by every reader.
      const legacy = { ...structuredClone(built), data: change(structuredClone(built.data as unknown as TestData)) };
      await asClient("player1", () =>
        DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card: legacy } } }),
      );
      // The GM sets up the fight.
      const combat = await trinitesFight(world, { fighters: { cB: brune, cA: aelis }, machine: false, round: 1 });
      await asGM(() =>
        combat.updateEmbeddedDocuments("Combatant", [
          { _id: "cB", initiative: 6, "system.phase": "garde", "system.marker": true },
          { _id: "cA", initiative: 6, "system.phase": "feu" },
        ]),
      );
      state.game.combats.set(combat.id, combat);
      for (const userId of ["gm", "player1", "player2"]) {
        const part = await asClient(userId, async () =>
          combatBehaviour.tracker?.partContext?.("trinites", combat as never, {}),
        );
        expect(part).toHaveProperty("trinites");
      }
      await expect(
        asClient("gm", () =>
          combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cB") as never, {} as never),
        ),
      ).resolves.toBe(undefined);
    });
  }
});

describe("attack: the damage card's applied lines rewritten by its author", () => {
  const vie = (a: DoubleActor) => (a.system as unknown as { vie: { value: number } }).vie.value;
  let villain: DoubleActor;

  /** Brune's player attacks the GM's villain with a knife (2 damage, no blade); the GM applies the damage. */
  async function stabbed(): Promise<DoubleChatMessage> {
    villain = await asGM(() => DoubleActor.create({ name: "Morn", type: "humain", ownership: { default: 0 } }));
    const [item] = await brune.createEmbeddedDocuments("Item", [
      { name: "Couteau", type: "tr-arme", system: { degats: 2, lame: "aucune", competence: "melee" } },
    ]);
    const knife = { ...weaponOf(item as never)!, steps: [], precise: false, nonLethal: false };
    const m = await post(
      buildTestCard(setup({ skill: "melee", weapon: knife, targets: [{ uuid: villain.uuid, name: "Morn" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    const r = await asGM(() => requestCardAction(m.id, "trinites.damage", { key: villain.uuid }));
    expect(r.status).toBe("applied");
    return m;
  }
  const gmClick = (m: DoubleChatMessage) =>
    asGM(() => requestCardAction(m.id, "trinites.damage", { key: villain.uuid }));

  it("the line marked undone on the card does not let the GM's next click hit again", async () => {
    const m = await stabbed();
    const once = vie(villain);
    expect(once).toBeLessThan(12);
    const card = structuredClone(stored(m));
    card.applied = card.applied.map((e) => ({ ...e, undone: true }));
    card.done = [];
    await asClient("player1", () => rewriteCard(m, card));
    expect((await gmClick(m)).status).not.toBe("applied");
    expect(vie(villain)).toBe(once);
  });

  it("after an undo and a second hit, clearing the lines does not let the GM's click hit a third time", async () => {
    const m = await stabbed();
    const once = vie(villain);
    const entry = stored(m).applied[0]!;
    expect((await asGM(() => requestCardAction(m.id, UNDO, { key: entry.id }))).status).toBe("applied");
    expect(vie(villain)).toBe(12);
    expect((await gmClick(m)).status).toBe("applied");
    expect(vie(villain)).toBe(once);
    const card = structuredClone(stored(m));
    card.applied = [];
    card.done = [];
    await asClient("player1", () => rewriteCard(m, card));
    expect((await gmClick(m)).status).not.toBe("applied");
    expect(vie(villain)).toBe(once);
  });
});
