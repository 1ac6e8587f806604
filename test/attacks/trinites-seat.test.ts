/**
 * Attacks on the Trinités tracker's relayed seat changes, made by a player's client of the double against the real
 * code (issue 12): a wound report with made-up flags, and the same report or wait sent again.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle, asGM, DoubleActor, type DoubleState } from "../double/index.ts";
import { asClient, type DoubleCombat } from "../double/shared-core.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { SEAT } from "../../src/foundry/trinites/combat.ts";
import { otherPageServes, thisPageServes } from "./pages.ts";
import { trinitesFight, trinitesWorld } from "../worlds/trinites.ts";

let state: DoubleState;
let aelis: DoubleActor;
let combat: DoubleCombat;

const seat = (id: string) => {
  const c = combat.combatants.get(id);
  return { initiative: c?.initiative, phase: (c?.system as { phase?: string } | undefined)?.phase };
};
const report = (flags: { pain?: boolean; knockedOut?: boolean; woke?: boolean }) =>
  asClient("player1", () => relayToGM(SEAT, { op: "wound", combatId: combat.id, actorUuid: aelis.uuid, ...flags }));

// The shared Trinités world (test/worlds/trinites.ts), whose runtime registers the seat relay, the wound hooks and
// the seat watch: Aelis (player1's) alone in the GM's fight, seated by the GM at 9 in Feu.
beforeEach(async () => {
  const world = await trinitesWorld({ lang: "fr" });
  ({ state, aelis } = world);
  combat = await trinitesFight(world, { fighters: { cA: aelis }, machine: false, round: 1 });
  await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 9, "system.phase": "feu" }]));
});

describe("attack: a wound report with made-up flags", () => {
  it("an unhurt character's report of pain and knock-out moves nothing", async () => {
    expect((await report({ pain: true, knockedOut: true })).status).toBe("applied");
    expect(seat("cA")).toEqual({ initiative: 9, phase: "feu" });
  });

  it("the same wound reported again costs its pain once", async () => {
    await asClient("player1", () => aelis.update({ "system.vie.value": 14 })); // into line 2
    await report({ pain: true });
    await report({ pain: true });
    await report({ pain: true });
    expect(seat("cA")).toEqual({ initiative: 6, phase: "feu" });
  });

  it("waking is refused while the character is still unconscious", async () => {
    await asClient("player1", () => aelis.update({ "system.vie.value": 4 }));
    await report({ knockedOut: true });
    expect(seat("cA").phase).toBe("retrait");
    await report({ woke: true });
    expect(seat("cA").phase).toBe("retrait");
  });
});

describe("attack: a shift or wait sent again", () => {
  it("the GM's ±3 replayed (same request, new ids) moves the die once", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 5 }]));
    const payload = { op: "shift", combatId: combat.id, combatantId: "cA", delta: 3, from: 5 };
    await asClient("gm", () => relayToGM(SEAT, payload));
    await asClient("gm", () => relayToGM(SEAT, payload));
    expect(seat("cA").initiative).toBe(8);
  });

  it("a request without the score it was made from is refused", async () => {
    const r = await asClient("gm", () =>
      relayToGM(SEAT, { op: "shift", combatId: combat.id, combatantId: "cA", delta: 3 }),
    );
    expect(r.status).toBe("invalid");
    expect(seat("cA").initiative).toBe(9);
  });
});

describe("attack: seat changes for someone else, or beyond one's right", () => {
  beforeEach(async () => {
    await asGM(() =>
      DoubleActor.create(
        { _id: "brann", name: "Brann", type: "trinite", ownership: { default: 0, player2: 3 } },
        { keepId: true },
      ),
    );
    // Brann's player wounds him into line 2 before he joins the fight: his own wound hook has no seat to move, so
    // the seat below moves only if a report for him is accepted.
    const brann = state.game.actors.get("brann") as DoubleActor;
    await asClient("player2", () => brann.update({ "system.vie.value": 14 }));
    await settle();
    // The GM sets up the fight.
    await asGM(() =>
      combat.createEmbeddedDocuments("Combatant", [{ _id: "cB", name: "Brann", actorId: "brann" }], { keepId: true }),
    );
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: "cB", initiative: 8, "system.phase": "feu" }]),
    );
  });

  it("the owner's wait sent again (same request, new ids) lowers the die once", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", "system.marker": true }]));
    const payload = { op: "wait", combatId: combat.id, combatantId: "cA", delta: -2, from: 9 };
    const results = await asClient("player1", async () => [
      await relayToGM(SEAT, payload),
      await relayToGM(SEAT, payload),
    ]);
    expect(results.map((r) => r.status)).toEqual(["applied", "already"]);
    expect(seat("cA").initiative).toBe(7);
  });

  it("a player's ±3 (the GM's correction) is refused, whatever user the payload names", async () => {
    const r = await asClient("player1", () =>
      relayToGM(SEAT, { op: "shift", combatId: combat.id, combatantId: "cA", delta: 3, from: 9, userId: "gm" }),
    );
    expect(r.status).toBe("denied");
    expect(seat("cA").initiative).toBe(9);
  });

  it("a wait or a wound report for another player's character is refused", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cB", "system.marker": true }]));
    const wait = await asClient("player1", () =>
      relayToGM(SEAT, { op: "wait", combatId: combat.id, combatantId: "cB", delta: -5, from: 8 }),
    );
    expect(wait.status).toBe("denied");
    const brann = state.game.actors.get("brann") as DoubleActor;
    const report = { op: "wound", combatId: combat.id, actorUuid: brann.uuid, pain: true };
    const wound = await asClient("player1", () => relayToGM(SEAT, report));
    expect(wound.status).toBe("denied");
    expect(seat("cB")).toEqual({ initiative: 8, phase: "feu" });
    // Honest path: the same report from Brann's player costs his pain (the report above would have moved the die).
    expect((await asClient("player2", () => relayToGM(SEAT, report))).status).toBe("applied");
    expect(seat("cB")).toEqual({ initiative: 5, phase: "feu" });
  });
});

describe("pain after healing (RULES.md: every wound that checks boxes of line 2 costs 3)", () => {
  /**
   * The player writes the life value on their sheet. The double runs `preUpdateActor` on the writing client and
   * `updateActor` (with the writer's id) on every client after the round trip; the writer reports the wound or the
   * healing to the GM.
   */
  const hurt = async (value: number) => {
    await asClient("player1", () => aelis.update({ system: { vie: { value } } }));
    await settle();
  };

  it("a healed character wounded into line 2 again pays the pain again", async () => {
    await hurt(14); // 10 damage of 24: line 2
    expect(seat("cA").initiative).toBe(6);
    await hurt(24); // healed
    await hurt(14); // the same wound again, after the healing
    expect(seat("cA").initiative).toBe(3);
  });

  it("a forged healing report (a mark above the damage) never spares the next wound's pain", async () => {
    await asClient("player1", () =>
      relayToGM(SEAT, { op: "wound", combatId: combat.id, actorUuid: aelis.uuid, healedTo: 99 }),
    );
    await hurt(14);
    expect(seat("cA").initiative).toBe(6);
    // Sent again after the wound: the mark cannot rise, the same wound is not counted twice either.
    await asClient("player1", () =>
      relayToGM(SEAT, { op: "wound", combatId: combat.id, actorUuid: aelis.uuid, healedTo: 99, pain: true }),
    );
    expect(seat("cA").initiative).toBe(6);
  });
});

describe("attack (issue 22): an owner writes their own combatant's pain mark or initiative", () => {
  const mine = () => combat.combatants.get("cA") as unknown as { update(c: Record<string, unknown>): Promise<unknown> };

  it("a pain mark written on the combatant's flags (Foundry lets the owner) spares no pain", async () => {
    await asClient("player1", () => mine().update({ "flags.quintette.painAt": 99 }));
    // The GM-only place is refused by the server.
    await expect(asClient("player1", () => mine().update({ "system.painAt": 99 }))).rejects.toThrow();
    await asClient("player1", async () => {
      await aelis.update({ "system.vie.value": 14 }); // into line 2
    });
    await asClient("player1", () =>
      relayToGM(SEAT, { op: "wound", combatId: combat.id, actorUuid: aelis.uuid, pain: true }),
    );
    expect(seat("cA").initiative).toBe(6);
  });

  it("an initiative written on the combatant is put back by the GM's client to the score the GM set", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", "system.score": 9 }]));
    await asClient("player1", () => mine().update({ initiative: 12 }));
    await settle();
    expect(seat("cA")).toEqual({ initiative: 9, phase: "feu" });
  });

  it("a GM's plain initiative write (the tracker's field) is the score a player's write is put back to (issue 33)", async () => {
    // The GM corrects the score in the tracker: no seat write, no `system.score` given.
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 7 }]));
    await settle();
    await asClient("player1", () => mine().update({ initiative: 12 }));
    await settle();
    expect(seat("cA")).toEqual({ initiative: 7, phase: "feu" });
  });

  it("a page of the active GM that does not serve leaves the put-back to the serving page (issue 22)", async () => {
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", "system.score": 9 }]));
    await otherPageServes();
    await asClient("player1", () => mine().update({ initiative: 12 }));
    await settle();
    // Only the serving page writes back (here modelled by its claim alone): this page wrote nothing.
    expect(seat("cA").initiative).toBe(12);
    await thisPageServes();
    await asClient("player1", () => mine().update({ initiative: 13 }));
    await settle();
    expect(seat("cA").initiative).toBe(9);
  });

  it("honest path: the GM's own seat writes keep the score and the watch leaves them alone", async () => {
    const payload = { op: "shift", combatId: combat.id, combatantId: "cA", delta: -3, from: 9 };
    await asClient("gm", () => relayToGM(SEAT, payload));
    await settle();
    expect(seat("cA").initiative).toBe(6);
    expect((combat.combatants.get("cA")?.system as { score?: number }).score).toBe(6);
  });
});
