/**
 * The Chronoste's written record (issue 33): when the GM's client moves world time it posts a public card of what
 * passed — how long, the date before and after in the world's calendar, and the active effects whose time-based
 * duration ran out in between. Dates are stored as the calendar's components; each client localizes them.
 */
import { createCardState } from "../chat/card-state.ts";
import { postCard, userSpeaker } from "../chat/post.ts";
import type { CardState } from "../chat/types.ts";
import { boundName } from "../trust/bound.ts";
import { isPlainRecord } from "../trust/validate.ts";
import { calendarDate, worldCalendar, type CalendarLike } from "./calendar.ts";
import { RULESET } from "./cards.ts";

export const TIME_BODY = "systems/quintette/templates/systemj/chat/time-body.hbs";
/** Effects named on one record at most (a world may hold many). */
const ENDED_MAX = 50;

const UNIT_SECONDS: Record<string, number> = { seconds: 1, minutes: 60, hours: 3600, days: 86400 };

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * When a time-based effect ends, in world seconds, from its source data: v13 keeps `duration.startTime` and
 * `duration.seconds`, v14 `start.time` with `duration.value` in `duration.units`. Null: no such duration.
 */
export function effectEnd(source: unknown): number | null {
  if (!isPlainRecord(source) || !isPlainRecord(source.duration)) return null;
  const d = source.duration;
  const start = isPlainRecord(source.start) ? num(source.start.time) : num(d.startTime);
  const unit = typeof d.units === "string" ? UNIT_SECONDS[d.units] : undefined;
  const length = num(d.seconds) ?? (unit !== undefined && num(d.value) !== null ? (num(d.value) ?? 0) * unit : null);
  return start === null || length === null || length <= 0 ? null : start + length;
}

export interface EndedEffect {
  [key: string]: string;
  name: string;
  actor: string;
}

interface EffectHolder {
  name?: unknown;
  effects?: Iterable<{ name?: unknown; toObject(): unknown }>;
}

/** The effects of `actors` whose duration ran out after `from` and by `to` (time moving forward only). */
export function endedEffects(actors: Iterable<EffectHolder>, from: number, to: number): EndedEffect[] {
  const ended: EndedEffect[] = [];
  if (to <= from) return ended;
  for (const actor of actors) {
    for (const effect of actor.effects ?? []) {
      const end = effectEnd(effect.toObject());
      if (end !== null && end > from && end <= to && ended.length < ENDED_MAX)
        ended.push({ name: boundName(effect), actor: boundName(actor) });
    }
  }
  return ended;
}

/** Whole days, hours and minutes of a step (its sign apart). */
function span(seconds: number) {
  const s = Math.abs(Math.trunc(seconds));
  return { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600), minutes: Math.floor((s % 3600) / 60) };
}

export function timeRecordCard(
  rollerId: string,
  from: number,
  to: number,
  calendar: CalendarLike | null,
  ended: EndedEffect[],
): CardState {
  return createCardState({
    ruleset: RULESET,
    kind: "time",
    rollerId,
    title: { key: "QUINTETTE.SystemJ.Chronoste.RecordTitle" },
    body: TIME_BODY,
    data: {
      back: to < from,
      span: span(to - from),
      from: calendarDate(from, calendar),
      to: calendarDate(to, calendar),
      ended,
    },
  });
}

/** Every actor of the world with the unlinked tokens' own actors (their effects are their own). */
function actorsWithEffects(): EffectHolder[] {
  const world = [...(game.actors ?? [])] as unknown as EffectHolder[];
  const unlinked: EffectHolder[] = [];
  for (const scene of game.scenes ?? []) {
    for (const token of scene.tokens)
      if (!token.actorLink && token.actor) unlinked.push(token.actor as unknown as EffectHolder);
  }
  return [...world, ...unlinked];
}

/** On the GM's client, once world time has moved from `from` to `to`. */
export async function postTimeRecord(from: number, to: number): Promise<void> {
  const card = timeRecordCard(
    game.user?.id ?? "",
    from,
    to,
    worldCalendar(),
    endedEffects(actorsWithEffects(), from, to),
  );
  // The GM's record, whatever token the GM has selected.
  await postCard(card, { visibility: "public", speaker: userSpeaker() });
}
