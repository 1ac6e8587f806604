import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  allChosen,
  applyActionPhaseEvent,
  choose,
  createActionPhase,
  join,
  leave,
  nextRound,
  publicView,
  reveal,
  roundRefusal,
  waitingFor,
  type ActionPhaseEvent,
  type ActionPhaseState,
  type RoundChoice,
} from "./action-phase";

describe("action phase", () => {
  it("hides what was chosen until the reveal, then shows everything", () => {
    let s = createActionPhase(["ana", "bru", "orc"]);
    s = choose(s, "ana", "action");
    s = choose(s, "orc", "mouvement");
    expect(waitingFor(s)).toEqual(["bru"]);
    expect(publicView(s).combatants).toEqual([
      { id: "ana", chosen: true, choice: null },
      { id: "bru", chosen: false, choice: null },
      { id: "orc", chosen: true, choice: null },
    ]);
    s = choose(s, "bru", "action");
    s = reveal(s);
    expect(publicView(s)).toEqual({
      round: 1,
      status: "revealed",
      combatants: [
        { id: "ana", chosen: true, choice: "action" },
        { id: "bru", chosen: true, choice: "action" },
        { id: "orc", chosen: true, choice: "mouvement" },
      ],
    });
  });

  it("a choice may change before the reveal, never after", () => {
    let s = createActionPhase(["ana"]);
    s = choose(s, "ana", "action");
    s = choose(s, "ana", "mouvement");
    s = reveal(s);
    expect(s.choices.ana).toBe("mouvement");
    expect(() => choose(s, "ana", "action")).toThrow(RangeError);
    expect(() => reveal(s)).toThrow(RangeError);
  });

  it("reveal waits for everyone unless the GM forces it", () => {
    const s = choose(createActionPhase(["ana", "bru"]), "ana", "action");
    expect(allChosen(s)).toBe(false);
    expect(() => reveal(s)).toThrow(/bru/);
    const forced = reveal(s, { force: true });
    expect(forced.status).toBe("revealed");
    expect(forced.choices.bru).toBeNull();
  });

  it("next round clears the choices and hides them again", () => {
    const s = nextRound(reveal(choose(createActionPhase(["ana"]), "ana", "action")));
    expect(s).toEqual({ round: 2, status: "choosing", choices: { ana: null } });
    expect(() => nextRound(s)).toThrow(RangeError);
  });

  it("combatants join and leave; unknown or duplicate ids are refused", () => {
    let s = join(createActionPhase(["ana"]), "bru");
    expect(Object.keys(s.choices)).toEqual(["ana", "bru"]);
    s = leave(s, "ana");
    expect(Object.keys(s.choices)).toEqual(["bru"]);
    expect(() => join(s, "bru")).toThrow(RangeError);
    expect(() => choose(s, "zed", "action")).toThrow(RangeError);
    expect(() => choose(s, "toString", "action")).toThrow(RangeError);
    expect(() => createActionPhase(["a", "a"])).toThrow(RangeError);
    expect(() => choose(s, "bru", "attaque" as never)).toThrow(RangeError);
  });

  const ids = ["a", "b", "c"] as const;
  const event: fc.Arbitrary<ActionPhaseEvent> = fc.oneof(
    fc.record({
      type: fc.constant("choose" as const),
      id: fc.constantFrom(...ids),
      choice: fc.constantFrom("action" as const, "mouvement" as const),
    }),
    fc.record({ type: fc.constant("reveal" as const), force: fc.boolean() }),
    fc.constant({ type: "nextRound" as const }),
  );

  it("property: once revealed, no event changes a round's choices; the view never leaks before the reveal", () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let s: ActionPhaseState = createActionPhase(ids);
        let revealed: ActionPhaseState | null = null;
        for (const e of events) {
          let next: ActionPhaseState;
          try {
            next = applyActionPhaseEvent(s, e);
          } catch (err) {
            expect(err).toBeInstanceOf(RangeError);
            continue;
          }
          if (revealed && next.round === revealed.round) expect(next.choices).toEqual(revealed.choices);
          if (next.status === "revealed" && s.status === "choosing") revealed = next;
          if (next.status === "choosing") {
            revealed = null;
            expect(publicView(next).combatants.every((c) => c.choice === null)).toBe(true);
          }
          s = next;
        }
      }),
    );
  });
});

describe("the revealed choice binds the round (issue 25)", () => {
  it("Mouvement refuses an attack, Action refuses a movement, no choice refuses both; nothing before the reveal", () => {
    expect(roundRefusal("revealed", "mouvement", "action")).toBe("mouvement");
    expect(roundRefusal("revealed", "action", "mouvement")).toBe("action");
    expect(roundRefusal("revealed", "action", "action")).toBeNull();
    expect(roundRefusal("revealed", "mouvement", "mouvement")).toBeNull();
    expect(roundRefusal("revealed", null, "action")).toBe("none");
    expect(roundRefusal("choosing", "mouvement", "action")).toBeNull();
    expect(roundRefusal("choosing", null, "mouvement")).toBeNull();
    // One action or one movement per round (issue 33): the second is refused, whatever was revealed.
    const acted = { action: true, mouvement: false };
    const moved = { action: false, mouvement: true };
    expect(roundRefusal("revealed", "action", "action", acted)).toBe("spent");
    expect(roundRefusal("revealed", "mouvement", "mouvement", moved)).toBe("spent");
    expect(roundRefusal("revealed", "mouvement", "action", acted)).toBe("mouvement");
    expect(roundRefusal("choosing", "action", "action", acted)).toBeNull();
    // Either kind counts: an attack made before the reveal forbids the move the Movement card allows, and the reverse.
    expect(roundRefusal("revealed", "mouvement", "mouvement", acted)).toBe("crossed");
    expect(roundRefusal("revealed", "action", "action", moved)).toBe("crossed");
  });

  it("at most one of an action or a movement is ever allowed once either is used", () => {
    const kind = fc.constantFrom<RoundChoice>("action", "mouvement");
    fc.assert(
      fc.property(fc.option(kind, { nil: null }), kind, fc.boolean(), fc.boolean(), (choice, wanted, action, move) => {
        const allowed = roundRefusal("revealed", choice, wanted, { action, mouvement: move }) === null;
        if (action || move) expect(allowed).toBe(false);
        if (allowed) expect(choice).toBe(wanted);
      }),
    );
  });
});
