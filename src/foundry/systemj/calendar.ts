/**
 * The Chronoste's calendar, pure: world seconds read through the world's calendar (Foundry's `game.time.calendar`,
 * set by `CONFIG.time.worldCalendarConfig`) as a date and an hour; a calendar without months shows a day number.
 * Month and weekday names are stored as the calendar gives them (often lang keys): each client localizes them.
 */
import { systemj } from "../../rules/index.ts";

/** What the Chronoste reads of a calendar (Foundry's CalendarData has it, in v13 and v14). */
export interface CalendarLike {
  timeToComponents(time: number): {
    year: number;
    month: number;
    dayOfMonth: number;
    dayOfWeek: number;
    hour: number;
    minute: number;
  };
  years: { yearZero: number } | null;
  months: { values: { name: string }[] } | null;
  days: { values: { name: string }[] };
}

export interface CalendarDate {
  [key: string]: string | number | null;
  /** A month name (lang key or text), or null for a calendar without months (then `day` counts from day 1). */
  month: string | null;
  /** A weekday name, "" when the calendar has none. */
  weekday: string;
  day: number;
  year: number | null;
  /** "HH:MM". */
  time: string;
  period: "jour" | "nuit";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The date of `seconds` in `calendar`, or the rules core's day number and hour when there is none. */
export function calendarDate(seconds: number, calendar: CalendarLike | null | undefined): CalendarDate {
  const at = Math.max(0, Math.floor(seconds));
  const t = systemj.worldTime(at);
  const c = calendar?.months?.values.length ? calendar.timeToComponents(at) : null;
  if (!calendar || !c)
    return {
      month: null,
      weekday: "",
      day: t.day,
      year: null,
      time: `${pad(t.hour)}:${pad(t.minute)}`,
      period: t.period,
    };
  const period = c.hour >= systemj.DAY_START_HOUR && c.hour < systemj.NIGHT_START_HOUR ? "jour" : "nuit";
  return {
    month: calendar.months?.values[c.month]?.name ?? null,
    weekday: calendar.days.values[c.dayOfWeek]?.name ?? "",
    day: c.dayOfMonth + 1,
    year: c.year + (calendar.years?.yearZero ?? 0),
    time: `${pad(c.hour)}:${pad(c.minute)}`,
    period,
  };
}

/** The world's calendar on this client, when Foundry has one. */
export function worldCalendar(): CalendarLike | null {
  return (game.time?.calendar as CalendarLike | undefined) ?? null;
}
