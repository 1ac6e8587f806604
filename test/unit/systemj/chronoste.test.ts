/**
 * The Chronoste's record and calendar (issue 33): the named Chronoste moves the clock from the window, the GM's
 * client moves world time and posts a public card of what passed (how long, the dates in the world's calendar, the
 * effects whose duration ran out), read in French and English; without months the day number stays.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { asClient, messageElement, settle, type DoubleChatMessage } from "../../double/shared-core.ts";
import { installEffectsDouble } from "../../double/effects.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { ChronosteApp } from "../../../src/foundry/systemj/chronoste.ts";
import { calendarDate, type CalendarLike } from "../../../src/foundry/systemj/calendar.ts";
import { effectEnd, endedEffects } from "../../../src/foundry/systemj/chronoste-record.ts";
import { fillChronosteChoices, SETTING_CHRONOSTE } from "../../../src/foundry/systemj/settings.ts";
import { cardOf } from "../../cards.ts";
import { restoreWorld, systemjWorld } from "../../worlds/systemj.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

/** A world calendar as Foundry's CalendarData reads it: 12 months of 30 days, a 7-day week, from year 1000. */
const MONTHS = ["Germinal", "Floréal", "Prairial", "Messidor", "Thermidor", "Fructidor"];
const calendar: CalendarLike = {
  years: { yearZero: 1000 },
  months: { values: [...MONTHS, ...MONTHS].map((name) => ({ name })) },
  days: {
    values: ["Primidi", "Duodi", "Tridi", "Quartidi", "Quintidi", "Sextidi", "Septidi"].map((name) => ({ name })),
  },
  timeToComponents(time: number) {
    const day = Math.floor(time / 86400);
    return {
      year: Math.floor(day / 360),
      month: Math.floor((day % 360) / 30),
      dayOfMonth: day % 30,
      dayOfWeek: day % 7,
      hour: Math.floor((time % 86400) / 3600),
      minute: Math.floor((time % 3600) / 60),
    };
  },
};

let state: DoubleState;
let aude: DoubleActor;

beforeEach(async () => {
  ({ state, aude } = await systemjWorld());
  installEffectsDouble();
  Object.assign(state.game, {
    time: {
      worldTime: 0,
      calendar,
      async advance(s: number) {
        this.worldTime += s;
      },
    },
  });
});
afterEach(() => restoreWorld());

async function render(message: DoubleChatMessage, userId: string): Promise<string> {
  const { html, content } = messageElement();
  await asClient(userId, () => enhanceCard(message as never, html as never));
  return content.innerHTML.replace(/\s+/g, " ");
}

describe("the Chronoste's record (issue 33)", () => {
  it("the Chronoste moves the clock an hour: the GM's client posts what passed and which effect ran out, in French and English", async () => {
    await asClient("player1", () =>
      aude.createEmbeddedDocuments("ActiveEffect", [
        { name: "Bénédiction", duration: { startTime: 0, seconds: 1800 } },
        { name: "Malédiction", duration: { startTime: 0, seconds: 7200 } },
        { name: "Sans fin" },
      ]),
    );
    fillChronosteChoices(state.game.users as never);
    await asGM(() => state.game.settings.set("quintette", SETTING_CHRONOSTE, "player1"));
    const app = new ChronosteApp() as unknown as {
      render(): Promise<unknown>;
      lastContext: { date: unknown; hourText: string };
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    };
    await asClient("player1", () => app.render());
    // The window reads the world's calendar.
    expect(app.lastContext.date).toMatchObject({ weekday: "Primidi", day: 1, month: "Germinal", year: 1000 });
    const before = state.game.messages.contents.length;
    await asClient("player1", () => app.runAction("advance", {}, { dataset: { seconds: "3600" } }));
    await settle();
    expect((state.game as unknown as { time: { worldTime: number } }).time.worldTime).toBe(3600);
    const posted = state.game.messages.contents.slice(before) as DoubleChatMessage[];
    expect(posted).toHaveLength(1);
    const record = posted[0]!;
    expect(record.author?.id).toBe("gm");
    expect(record.whisper ?? []).toEqual([]);
    expect(cardOf(record)).toMatchObject({
      kind: "time",
      data: { back: false, span: { days: 0, hours: 1, minutes: 0 }, ended: [{ name: "Bénédiction", actor: "Aude" }] },
    });
    useSystemTemplates("fr", ["systemj"]);
    const fr = await render(record, "player2");
    expect(fr).toContain("Le temps passe (Chronoste)");
    expect(fr).toContain("+ 1 h");
    expect(fr).toContain("Primidi 1 Germinal 1000, 00:00");
    expect(fr).toContain("Primidi 1 Germinal 1000, 01:00");
    expect(fr).toContain("Bénédiction (Aude)");
    expect(fr).not.toContain("Malédiction");
    state.game.i18n.setLanguage("en");
    useSystemTemplates("en", ["systemj"]);
    const en = await render(record, "player2");
    expect(en).toContain("Time passes (Chronoste)");
    expect(en).toContain("Primidi, Germinal 1, 1000, 01:00");
    expect(en).toContain("Effects that ran out:");
  });

  it("a request refused (not the Chronoste) moves nothing and posts nothing", async () => {
    const before = state.game.messages.contents.length;
    const app = new ChronosteApp() as unknown as { runAction(a: string, e: unknown, t: unknown): Promise<unknown> };
    await asClient("player2", () => app.runAction("advance", {}, { dataset: { seconds: "3600" } }));
    await settle();
    expect(state.game.messages.contents.length).toBe(before);
  });
});

describe("the calendar and effect durations, pure", () => {
  it("reads a date from the calendar; a calendar without months (or none) keeps the day number", () => {
    expect(calendarDate(86400 * 31 + 3600 * 19 + 60 * 5, calendar)).toEqual({
      month: "Floréal",
      weekday: "Quartidi",
      day: 2,
      year: 1000,
      time: "19:05",
      period: "nuit",
    });
    expect(calendarDate(86400 + 3600 * 8, null)).toMatchObject({ month: null, day: 2, time: "08:00", period: "jour" });
    expect(calendarDate(86400, { ...calendar, months: null })).toMatchObject({ month: null, day: 2 });
  });

  it("ends an effect when its time-based duration runs out (v13 and v14 shapes), once, moving forward only", () => {
    expect(effectEnd({ duration: { startTime: 100, seconds: 60 } })).toBe(160);
    expect(effectEnd({ start: { time: 100 }, duration: { value: 2, units: "minutes" } })).toBe(220);
    expect(effectEnd({ start: { time: 100 }, duration: { value: 2, units: "rounds" } })).toBeNull();
    expect(effectEnd({ duration: { startTime: null, seconds: 60 } })).toBeNull();
    expect(effectEnd({ duration: {} })).toBeNull();
    const actor = {
      name: "Aude",
      effects: [{ name: "Soin", toObject: () => ({ duration: { startTime: 0, seconds: 60 } }) }],
    };
    expect(endedEffects([actor], 0, 60)).toEqual([{ name: "Soin", actor: "Aude" }]);
    expect(endedEffects([actor], 60, 120)).toEqual([]);
    expect(endedEffects([actor], 120, 0)).toEqual([]);
  });
});
