import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { advanceTime, formatWorldTime, SECONDS_PER_DAY, toSeconds, worldTime } from "./time";

describe("world time", () => {
  it("0 s is day 1 at midnight, at night", () => {
    expect(worldTime(0)).toEqual({ day: 1, hour: 0, minute: 0, second: 0, period: "nuit" });
  });

  it("splits seconds into day and hour", () => {
    // 2 days + 14 h 05 min 09 s = 172800 + 50400 + 300 + 9
    expect(worldTime(223509)).toEqual({ day: 3, hour: 14, minute: 5, second: 9, period: "jour" });
    expect(formatWorldTime(223509)).toBe("Jour 3, 14 h 05");
    expect(worldTime(SECONDS_PER_DAY - 1)).toMatchObject({ day: 1, hour: 23, minute: 59, second: 59 });
    expect(worldTime(SECONDS_PER_DAY)).toMatchObject({ day: 2, hour: 0 });
    expect(worldTime(6 * 3600).period).toBe("jour");
    expect(worldTime(18 * 3600).period).toBe("nuit");
    expect(worldTime(3600.9).hour).toBe(1);
  });

  it("advances by days, hours and minutes, never before 0", () => {
    expect(advanceTime(0, { days: 1, hours: 2, minutes: 30 })).toBe(86400 + 7200 + 1800);
    expect(() => advanceTime(100, { hours: -1 })).toThrow(RangeError);
    expect(() => advanceTime(0, { hours: 1.5 })).toThrow(RangeError);
  });

  it("rejects impossible values", () => {
    expect(() => worldTime(-1)).toThrow(RangeError);
    expect(() => worldTime(Number.NaN)).toThrow(RangeError);
    expect(() => toSeconds({ day: 0 })).toThrow(RangeError);
    expect(() => toSeconds({ day: 1, hour: 24 })).toThrow(RangeError);
  });

  it("property: toSeconds inverts worldTime on whole seconds", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), (s) => {
        const { period: _period, ...parts } = worldTime(s);
        return toSeconds(parts) === s;
      }),
    );
  });
});
