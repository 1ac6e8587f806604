/**
 * SYSTEMJ world settings: the primary special skills every sheet shows, and the Chronoste (the user who keeps
 * in-game time). The Chronoste's choices list the world's users, filled at ready (users do not exist at init).
 */
import { SYSTEM_ID } from "../ruleset.ts";

export const SETTING_SPECIALS = "systemj.specials";
export const SETTING_CHRONOSTE = "systemj.chronoste";
/** The exchanges as the GM's client last moved them (issue 12): a JSON map, message id → exchange. */
export const SETTING_EXCHANGES = "systemj.exchanges";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.systemj.specials": string;
    "quintette.systemj.chronoste": string;
    "quintette.systemj.exchanges": string;
  }
}

/** Same object the setting keeps, so filling it at ready updates the settings form. */
const chronosteChoices: Record<string, string> = { "": "QUINTETTE.SystemJ.Chronoste.Nobody" };

export function registerSystemJSettings(): void {
  const settings = game.settings;
  if (!settings) return;
  settings.register(SYSTEM_ID, SETTING_SPECIALS, {
    name: "QUINTETTE.SystemJ.Setting.Specials.Name",
    hint: "QUINTETTE.SystemJ.Setting.Specials.Hint",
    scope: "world",
    config: true,
    type: String,
    default: "",
    onChange: () => {
      for (const actor of game.actors ?? []) if (actor.sheet?.rendered) void actor.sheet.render();
    },
  });
  settings.register(SYSTEM_ID, SETTING_CHRONOSTE, {
    name: "QUINTETTE.SystemJ.Setting.Chronoste.Name",
    hint: "QUINTETTE.SystemJ.Setting.Chronoste.Hint",
    scope: "world",
    config: true,
    type: String,
    choices: chronosteChoices,
    default: "",
  });
  // A world setting: only a GM may write it, so a player's client cannot rewrite what the GM's client rolled.
  settings.register(SYSTEM_ID, SETTING_EXCHANGES, {
    scope: "world",
    config: false,
    type: String,
    default: "{}",
  });
}

/** Fills the Chronoste choices with the world's users (at ready). */
export function fillChronosteChoices(users: Iterable<{ id: string | null; name: string | null; isGM: boolean }>): void {
  for (const user of users) if (user.id && !user.isGM) chronosteChoices[user.id] = user.name ?? user.id;
}

export function worldSpecials(): string[] {
  try {
    return parseSpecialList(String(game.settings?.get(SYSTEM_ID, SETTING_SPECIALS) ?? ""));
  } catch {
    return [];
  }
}

export function chronosteId(): string {
  try {
    return String(game.settings?.get(SYSTEM_ID, SETTING_CHRONOSTE) ?? "");
  } catch {
    return "";
  }
}

/** Parses the world setting's list: one skill a line or comma-separated, trimmed, without duplicates. */
export function parseSpecialList(raw: string): string[] {
  const names = raw
    .split(/[\n,;]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(names)];
}
