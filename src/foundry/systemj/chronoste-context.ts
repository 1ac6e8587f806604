/** The Chronoste clock as shown, pure: day, hour and period from the rules core, the hand's angle, the steps. */
import { systemj } from "../../rules/index.ts";
import { calendarDate, type CalendarLike } from "./calendar.ts";

export const CHRONOSTE_TEMPLATE = "systems/quintette/templates/systemj/chronoste.hbs";

/** Steps the clock offers, in seconds. */
export const STEPS = [
  { id: "m10", seconds: 600, key: "QUINTETTE.SystemJ.Chronoste.Minutes", value: 10 },
  { id: "h1", seconds: 3600, key: "QUINTETTE.SystemJ.Chronoste.Hours", value: 1 },
  { id: "h8", seconds: 8 * 3600, key: "QUINTETTE.SystemJ.Chronoste.Hours", value: 8 },
  { id: "d1", seconds: 86400, key: "QUINTETTE.SystemJ.Chronoste.Days", value: 1 },
] as const;

export function chronosteContext(
  worldSeconds: number,
  viewer: { canAdvance: boolean; keeper: string | null },
  calendar: CalendarLike | null = null,
) {
  const seconds = Math.max(0, worldSeconds);
  const t = systemj.worldTime(seconds);
  // The world's calendar gives the date and hour; without months, the rules core's day number.
  const date = calendarDate(seconds, calendar);
  return {
    day: t.day,
    date,
    hourText: date.time,
    period: date.period,
    periodKey: `QUINTETTE.SystemJ.Chronoste.${date.period === "jour" ? "Jour" : "Nuit"}`,
    // A 24-hour dial with midnight at the bottom: the hand turns 15° an hour.
    handAngle: ((t.hour * 60 + t.minute) / 4 + 180) % 360,
    canAdvance: viewer.canAdvance,
    keeper: viewer.keeper,
    steps: STEPS.map((s) => ({ ...s, canBack: seconds >= s.seconds })),
  };
}
