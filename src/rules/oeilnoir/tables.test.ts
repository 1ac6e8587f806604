import { describe, it, expect } from "vitest";
import {
  ATTACK_FUMBLE_TABLE,
  HEAD_WOUND_TABLE,
  PARRY_FUMBLE_TABLE,
  fumbleLine,
  headWound,
  headWoundLine,
  rollTableRows,
} from "./tables";

const covers = (table: readonly { from: number; to: number }[]) => {
  let next = 1;
  for (const l of table) {
    expect(l.from).toBe(next);
    expect(l.to).toBeGreaterThanOrEqual(l.from);
    next = l.to + 1;
  }
  expect(next).toBe(21);
};

describe("fumble tables", () => {
  it("each covers 1…20 exactly once", () => {
    covers(ATTACK_FUMBLE_TABLE);
    covers(PARRY_FUMBLE_TABLE);
    covers(HEAD_WOUND_TABLE);
  });
  it("attack lines: 9 fall (parry +4, INI −2), 18 weapon destroyed (INI −4)", () => {
    expect(fumbleLine(ATTACK_FUMBLE_TABLE, 9)).toMatchObject({
      key: "chute",
      iniChange: -2,
      opponentAttack: { parryPenalty: 4, unparryable: false },
    });
    expect(fumbleLine(ATTACK_FUMBLE_TABLE, 18)).toMatchObject({ key: "armeDetruite", iniChange: -4 });
    expect(fumbleLine(ATTACK_FUMBLE_TABLE, 4)).toMatchObject({ key: "desoriente", iniChange: -2 });
  });
  it("parry lines: 5 stumble gives an unparryable attack, 11 a fall with the attacker's roll eased by 2", () => {
    expect(fumbleLine(PARRY_FUMBLE_TABLE, 5)?.opponentAttack).toEqual({
      parryPenalty: 0,
      unparryable: true,
      attackModifier: 0,
    });
    expect(fumbleLine(PARRY_FUMBLE_TABLE, 11)?.opponentAttack?.attackModifier).toBe(-2);
    expect(fumbleLine(PARRY_FUMBLE_TABLE, 2)?.opponentAttack?.parryPenalty).toBe(3);
  });
  it("source example: an unarmed fighter rolling 18 goes one line down", () => {
    const armed = (l: { weaponDestroyed?: boolean; breakage?: unknown; weaponFlies?: boolean }) =>
      !l.weaponDestroyed && !l.breakage && !l.weaponFlies;
    expect(fumbleLine(ATTACK_FUMBLE_TABLE, 18, armed)?.key).toBe("seBlesse");
    expect(fumbleLine(ATTACK_FUMBLE_TABLE, 20, () => false)).toBeNull();
    expect(() => fumbleLine(ATTACK_FUMBLE_TABLE, 21)).toThrow(RangeError);
  });
});

describe("head wounds", () => {
  it("1–10 scar, 17–19 eye (AT −2, PRD −3), 20 mortal", () => {
    expect(headWoundLine(10).key).toBe("balafre");
    expect(headWoundLine(11).key).toBe("oreille");
    expect(headWoundLine(16).key).toBe("nez");
    expect(headWoundLine(17).permanent).toEqual({ ch: -1, perception: -2, at: -2, prd: -3 });
    expect(headWoundLine(20).mortal).toBe(true);
  });
  it("a head hit to 0 EV: serious wound and a CN check harder by the damage", () => {
    expect(headWound({ d20: 3, damage: 6 })).toMatchObject({ seriousWound: 1, cnCheckModifier: 6 });
  });
  it("roll-table rows keep the ranges", () => {
    expect(rollTableRows(HEAD_WOUND_TABLE)[0]).toEqual({ range: [1, 10], text: expect.stringContaining("Balafre") });
  });
});
