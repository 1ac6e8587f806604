/**
 * SYSTEMJ's Chronoste in a live world, as a GM uses it: its window's buttons (+1 hour, then −10 minutes) move the
 * world's clock by exactly that, and each move posts a public card of what passed (how long, the date before and after
 * as the window shows them, the sandbox's effects whose duration ran out), spoken by the GM even with a token selected.
 * This batch alone MOVES WORLD TIME: a calendar module or anything else reading it sees the moves and the put-back. It
 * puts back exactly what it moved (`game.time.advance(-moved)`, by its last test, or by its `after` when a test
 * failed), never a time it read earlier, so a move someone else made meanwhile stays. docs/quench.md.
 */
import { authorIdOf } from "../chat/author.ts";
import { waitFor } from "./hands.ts";
import {
  cardData,
  gmIds,
  sameFromStore,
  scenario,
  TIMEOUT,
  type BatchSpec,
  type QuenchBatchContext,
  type Run,
} from "./kit.ts";
import type { Sandbox } from "./sandbox.ts";
import { RULESET } from "./systemj-steps.ts";

/** The Chronoste's window (src/foundry/systemj/chronoste.ts `ChronosteApp`), open for everyone at ready. */
const WINDOW = "quintette-chronoste";
const HOUR = 3600;
const TEN_MINUTES = 600;
const KEEPER = "Clémence";
/** Effects on the sandbox's actor: one runs out within the hour, one lasts two (names the card shows unescaped). */
const SHORT = "Bénédiction Quench 30 min";
const LONG = "Malédiction Quench 2 h";

interface TimeDate {
  time: string;
}
interface TimeCard {
  kind?: string;
  ruleset?: string;
  rollerId?: string;
  data?: {
    back: boolean;
    span: { days: number; hours: number; minutes: number };
    from: TimeDate;
    to: TimeDate;
    ended: { name: string; actor: string }[];
  };
}

const worldTime = () => game.time?.worldTime ?? 0;
const timeCard = (m: ChatMessage.Implementation) => cardData(m) as TimeCard;

/** The seconds a time card says passed (negative: went back). */
function recorded(card: TimeCard): number {
  const span = card.data?.span;
  if (!span) return 0;
  const seconds = span.days * 86400 + span.hours * HOUR + span.minutes * 60;
  return card.data?.back ? -seconds : seconds;
}

/** The hour the window shows ("HH:MM"). */
async function shownHour(run: Run): Promise<string> {
  const html = await run.hands.windowHtml(WINDOW);
  return /class="sj-hourtext">\s*([^<]*?)\s*</.exec(html)?.[1] ?? "";
}

async function build(sandbox: Sandbox): Promise<void> {
  const keeper = await sandbox.createActor({ name: KEEPER, type: "sj-personnage" });
  await sandbox.placeToken(keeper, 0);
  const now = worldTime();
  // v13's duration fields (v14 migrates them to `start.time` and `duration.value`/`units`).
  await keeper.createEmbeddedDocuments("ActiveEffect", [
    { name: SHORT, duration: { startTime: now, seconds: HOUR / 2 } },
    { name: LONG, duration: { startTime: now, seconds: 2 * HOUR } },
  ] as never);
}

function register(context: QuenchBatchContext): void {
  const { describe, it, expect, after } = context;
  describe("SYSTEMJ, the GM moves the Chronoste (world time moved, then put back)", function () {
    this.timeout(TIMEOUT);
    const run = scenario(context, { ruleset: RULESET, mode: "gm", build });
    /** World time this batch moved and has not put back yet. */
    let moved = 0;
    let start = 0;
    const putBack = async () => {
      const delta = moved;
      moved = 0;
      if (delta) await game.time?.advance(-delta);
    };
    after(async function (this: Mocha.Context) {
      this.timeout(TIMEOUT);
      await putBack();
    });

    /**
     * Clicks the window's step of `seconds` and waits for its card, which the run adopts (spoken by the GM, for no
     * actor). What it moved is counted for the put-back: the card's own record, else (no card) the clock as read.
     */
    async function step(seconds: number): Promise<{ card: ChatMessage.Implementation; from: number; hours: string[] }> {
      const from = worldTime();
      const hourBefore = await shownHour(run);
      const messages = () => game.messages?.contents ?? [];
      const seen = new Set(messages().map((m) => m.id ?? ""));
      const isRecord = (m: ChatMessage.Implementation) => !seen.has(m.id ?? "") && timeCard(m).kind === "time";
      let card: ChatMessage.Implementation | undefined;
      try {
        await run.hands.clickWindow(WINDOW, "advance", { seconds: String(seconds) });
        await waitFor("the Chronoste's card", () => messages().some(isRecord));
        card = messages().find(isRecord);
        if (card) await run.sandbox.adopt(card);
      } finally {
        moved += card ? recorded(timeCard(card)) : worldTime() - from;
      }
      if (!card) throw new Error("No Chronoste card");
      return { card, from, hours: [hourBefore, await shownHour(run)] };
    }

    it("+1 hour from the window: world time moves by 3600 s; a public card says an hour passed and what ran out", async () => {
      start = worldTime();
      // The GM has a token selected, as at play: the card is still the GM's, not that token's.
      await run.hands.control([run.sandbox.token(KEEPER)]);
      const { card, from, hours } = await step(HOUR).finally(() => run.hands.control([]));
      const { actor, token, alias } = card.speaker as { actor?: string | null; token?: string | null; alias?: string };
      expect({ actor: actor ?? null, token: token ?? null, alias }, "the card's speaker").to.deep.equal({
        actor: null,
        token: null,
        alias: game.user?.name,
      });
      expect(worldTime() - from, "world time moved").to.equal(HOUR);
      const stored = timeCard(card);
      expect(stored).to.deep.include({ ruleset: RULESET, kind: "time", rollerId: game.user?.id });
      expect(stored.data).to.deep.include({ back: false, span: { days: 0, hours: 1, minutes: 0 } });
      // The dates are the window's, before and after (the world's calendar reads both).
      expect([stored.data?.from.time, stored.data?.to.time]).to.deep.equal(hours);
      expect(hours[0]).to.not.equal(hours[1]);
      // Only the half-hour effect ran out (the world's own actors may add theirs: only the sandbox's are read).
      const ours = stored.data?.ended.filter((e) => e.actor === KEEPER);
      expect(ours).to.deep.equal([{ name: SHORT, actor: KEEPER }]);
      const html = await run.hands.cardHtml(card);
      expect(html).to.include(`${SHORT} (${KEEPER})`);
      expect(html).to.not.include(LONG);
    });

    it("−10 minutes from the window: world time goes back 600 s; its card says so and lists nothing ended", async () => {
      const { card, from, hours } = await step(-TEN_MINUTES);
      expect(worldTime() - from, "world time moved").to.equal(-TEN_MINUTES);
      const stored = timeCard(card);
      expect(stored.data).to.deep.include({ back: true, span: { days: 0, hours: 0, minutes: 10 }, ended: [] });
      expect([stored.data?.from.time, stored.data?.to.time]).to.deep.equal(hours);
      expect(worldTime() - start, "moved in all").to.equal(HOUR - TEN_MINUTES);
    });

    it("the Chronoste's cards are public, spoken by this GM, and the same rendered again from their stored data", async () => {
      const cards = run.sandbox.messages().filter((m) => timeCard(m).kind === "time");
      expect(cards).to.have.length(2);
      const me = game.user?.id;
      for (const card of cards) {
        // The Chronoste posts no private mode: every player reads it.
        expect({ author: authorIdOf(card), whisper: [...card.whisper], blind: card.blind }).to.deep.equal({
          author: me,
          whisper: [],
          blind: false,
        });
        expect(await run.hands.cardHtml(card)).to.include("quintette-card");
      }
      expect(gmIds()).to.include(me);
      await sameFromStore(context, run);
    });

    it("world time is put back exactly: what the batch moved, taken back", async () => {
      expect(moved).to.equal(HOUR - TEN_MINUTES);
      await putBack();
      await waitFor("world time put back", () => worldTime() === start);
      expect(worldTime()).to.equal(start);
    });
  });
}

export const chronosteBatch: BatchSpec = {
  key: "quintette.systemj.chronoste",
  displayName: "SYSTEMJ (GM): the Chronoste, moves the world's clock then puts it back",
  ruleset: RULESET,
  runAs: "gm",
  register,
};
