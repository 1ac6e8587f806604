/** The Trinités gallery fixtures: roll dialogs come built in each language, so the English page shows English numbers. */
import { describe, expect, it } from "vitest";
import { fixtures } from "../../../gallery/fixtures/trinites/trinites.fixtures.ts";

describe("Trinités gallery dialogs", () => {
  it("builds each roll dialog once per language, with that language's number format", () => {
    const dialogs = fixtures.filter((f) => f.frame === "dialog" && f.parts.some((p) => p.includes("dialog/roll-")));
    expect(dialogs.length).toBeGreaterThan(0);
    const ids = dialogs.map((f) => f.id);
    for (const id of ids.filter((i) => i.endsWith("-fr"))) expect(ids).toContain(id.replace(/-fr$/, "-en"));
    for (const f of dialogs) {
      const odds = (f.context as { odds: { percent: string }[] }).odds;
      const fractional = odds.map((o) => o.percent).filter((p) => /\d[.,]\d/.test(p));
      expect(fractional.length).toBeGreaterThan(0);
      for (const p of fractional) expect(p).toMatch(f.id.endsWith("-en") ? /\d\.\d/ : /\d,\d/);
    }
    expect(ids.some((i) => i.endsWith("-en"))).toBe(true);
  });
});
