/**
 * Le Chronoste: a small clock showing world time as day and hour, with a day/night dial. The GM and the user the
 * world setting names advance it; the Chronoste's request is relayed to the GM, who alone may change world time.
 */
import { addTokenTool, registerTokenTool, type SceneControlsRecord, type TokenToolSpec } from "../controls.ts";
import { HandlebarsApplication } from "../sheets/mixed.ts";
import type { JsonObject } from "../chat/types.ts";
import { registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { systemj } from "../../rules/index.ts";
import { CHRONOSTE_TEMPLATE, chronosteContext } from "./chronoste-context.ts";
import { chronosteId } from "./settings.ts";
import { worldCalendar } from "./calendar.ts";
import { postTimeRecord } from "./chronoste-record.ts";

export const ADVANCE = "systemj.advanceTime";
const MAX_STEP = 366 * 86400;

/**
 * GM side: only the GM or the named Chronoste; never before the start of play (rules core). The request names the
 * world time it was made from (`from`): it moves the clock only from there, so a repeated or doubled request (a
 * retry, a double click, a replay) finds the clock moved already and changes nothing (issue 12).
 */
export async function handleAdvance(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  if (!requester.isGM && requester.id !== chronosteId())
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.NotChronoste" };
  const seconds = Number(payload.seconds);
  const from = payload.from;
  if (!Number.isInteger(seconds) || Math.abs(seconds) > MAX_STEP || seconds % 60 !== 0)
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  if (typeof from !== "number" || !Number.isSafeInteger(from) || from < 0)
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  const now = Math.max(0, Math.floor(game.time?.worldTime ?? 0));
  if (now !== from) return { status: "already", reason: "QUINTETTE.SystemJ.Error.TimeMoved" };
  let next: number;
  try {
    next = systemj.advanceTime(now, { minutes: seconds / 60 });
  } catch {
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  }
  await game.time?.advance(next - now);
  // The written record of what passed (issue 33), read after the move from the world as it now stands.
  await postTimeRecord(now, next);
  return { status: "applied" };
}

/** Asks to move the clock by `seconds` from the world time this client shows now. */
export function requestAdvance(seconds: number): Promise<RelayResult> {
  return relayToGM(ADVANCE, { seconds, from: Math.max(0, Math.floor(game.time?.worldTime ?? 0)) });
}

export class ChronosteApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "quintette-chronoste",
    classes: ["quintette", "sj-chronoste"],
    window: { title: "QUINTETTE.SystemJ.Chronoste.Title", icon: "fa-solid fa-hourglass-half", minimizable: true },
    position: { width: 320, height: "auto" as const, top: 80, left: 120 },
    actions: { advance: ChronosteApp.#onAdvance },
  };

  static override PARTS = { clock: { template: CHRONOSTE_TEMPLATE } };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    const user = game.user;
    const keeperId = chronosteId();
    const keeper = keeperId ? (game.users?.get(keeperId)?.name ?? null) : null;
    const canAdvance = !!user && (user.isGM || user.id === keeperId);
    return { ...base, ...chronosteContext(game.time?.worldTime ?? 0, { canAdvance, keeper }, worldCalendar()) };
  }

  static async #onAdvance(this: ChronosteApp, _event: PointerEvent, target: HTMLElement) {
    await requestAdvance(Number(target.dataset.seconds ?? 0));
  }
}

let app: ChronosteApp | null = null;

/** A button in the token controls that reopens the clock once closed. */
export function addChronosteTool(controls: SceneControlsRecord, open: () => void): void {
  addTokenTool(controls, chronosteTool(open));
}

function chronosteTool(open: () => void): TokenToolSpec {
  return {
    name: "quintetteChronoste",
    title: "QUINTETTE.SystemJ.Chronoste.Open",
    icon: "fa-solid fa-hourglass-half",
    open,
  };
}

export function registerChronoste(): void {
  registerRelayHandler(ADVANCE, handleAdvance);
  Hooks.on("updateWorldTime", () => void app?.render());
  registerTokenTool("systemj", chronosteTool(openChronoste));
}

/** At ready: everyone sees the clock; the GM and the Chronoste get its buttons. */
export function openChronoste(): void {
  app ??= new ChronosteApp();
  void app.render({ force: true });
}
