// World time: seconds since the campaign's start, shown as a day number and an hour, with a day/night clock.
import { assertInteger, assertIntegerIn } from "./validate";

export const SECONDS_PER_HOUR = 3600;
export const SECONDS_PER_DAY = 24 * SECONDS_PER_HOUR;
/** Daylight from 06:00 to 17:59; the source leaves the split to the table. */
export const DAY_START_HOUR = 6;
export const NIGHT_START_HOUR = 18;

export interface WorldTime {
  /** 1-based: the first day of play is day 1. */
  day: number;
  hour: number;
  minute: number;
  second: number;
  period: "jour" | "nuit";
}

/** Splits world time (seconds, fractions dropped) into day, hour, minute and second. */
export function worldTime(seconds: number): WorldTime {
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new RangeError(`world time must be a non-negative number, got ${seconds}`);
  const whole = Math.floor(seconds);
  const day = Math.floor(whole / SECONDS_PER_DAY) + 1;
  const inDay = whole % SECONDS_PER_DAY;
  const hour = Math.floor(inDay / SECONDS_PER_HOUR);
  const minute = Math.floor((inDay % SECONDS_PER_HOUR) / 60);
  const second = inDay % 60;
  const period = hour >= DAY_START_HOUR && hour < NIGHT_START_HOUR ? "jour" : "nuit";
  return { day, hour, minute, second, period };
}

/** Inverse of worldTime: seconds at the given day (1-based) and time of day. */
export function toSeconds({
  day,
  hour = 0,
  minute = 0,
  second = 0,
}: Partial<Omit<WorldTime, "period">> & { day: number }): number {
  assertInteger(day, "day");
  if (day < 1) throw new RangeError(`day must be at least 1, got ${day}`);
  assertIntegerIn(hour, 0, 23, "hour");
  assertIntegerIn(minute, 0, 59, "minute");
  assertIntegerIn(second, 0, 59, "second");
  return (day - 1) * SECONDS_PER_DAY + hour * SECONDS_PER_HOUR + minute * 60 + second;
}

/** French clock text: "Jour 3, 14 h 05". */
export function formatWorldTime(seconds: number): string {
  const { day, hour, minute } = worldTime(seconds);
  return `Jour ${day}, ${hour} h ${minute.toString().padStart(2, "0")}`;
}

/** World time after advancing by whole days, hours and minutes (never before 0). */
export function advanceTime(
  seconds: number,
  { days = 0, hours = 0, minutes = 0 }: { days?: number; hours?: number; minutes?: number },
): number {
  worldTime(seconds);
  for (const [n, v] of [
    ["days", days],
    ["hours", hours],
    ["minutes", minutes],
  ] as const)
    assertInteger(v, n);
  const next = seconds + days * SECONDS_PER_DAY + hours * SECONDS_PER_HOUR + minutes * 60;
  if (next < 0) throw new RangeError("world time cannot go before 0");
  return next;
}
