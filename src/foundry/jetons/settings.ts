/**
 * World settings of Jetons: P (trait points), J (starting tokens) and the collective reserve. The reserve is a world
 * setting shown to all but written only by the GM's client (players ask through the GM relay).
 */
import { jetons as J } from "../../rules/index.ts";
import { SYSTEM_ID } from "../ruleset.ts";

export const TRAIT_POINTS_KEY = "jetonsTraitPoints";
export const STARTING_TOKENS_KEY = "jetonsStartingTokens";
export const COLLECTIVE_KEY = "jetonsCollective";
/** Every character's reserve and bid lock as the GM counts them (ledger.ts): JSON, empty until a GM's first load. */
export const LEDGER_KEY = "jetonsLedger";

/** Bounds of the settings (and of the stored reserves). */
export const MAX_TRAIT_POINTS = 20;
export const MAX_STARTING_TOKENS = 50;
export const MAX_TOKENS = 999;

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.jetonsTraitPoints": number;
    "quintette.jetonsStartingTokens": number;
    "quintette.jetonsCollective": number;
    "quintette.jetonsLedger": string;
  }
}

/** Hooks that want to know when the collective reserve changes (the reserve app re-renders). */
const collectiveListeners = new Set<(value: number) => void>();
export function onCollectiveChange(listener: (value: number) => void): () => void {
  collectiveListeners.add(listener);
  return () => collectiveListeners.delete(listener);
}

export function registerJetonsSettings(): void {
  const settings = game.settings;
  if (!settings) throw new Error("Quintette: settings registered before init");
  settings.register(SYSTEM_ID, TRAIT_POINTS_KEY, {
    name: "QUINTETTE.Jetons.Setting.TraitPoints.Name",
    hint: "QUINTETTE.Jetons.Setting.TraitPoints.Hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: MAX_TRAIT_POINTS, step: 1 },
    default: J.DEFAULT_TRAIT_POINTS,
  });
  settings.register(SYSTEM_ID, STARTING_TOKENS_KEY, {
    name: "QUINTETTE.Jetons.Setting.StartingTokens.Name",
    hint: "QUINTETTE.Jetons.Setting.StartingTokens.Hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: MAX_STARTING_TOKENS, step: 1 },
    default: J.DEFAULT_STARTING_TOKENS,
  });
  settings.register(SYSTEM_ID, COLLECTIVE_KEY, {
    name: "QUINTETTE.Jetons.Setting.Collective.Name",
    hint: "QUINTETTE.Jetons.Setting.Collective.Hint",
    scope: "world",
    config: false,
    type: Number,
    default: J.DEFAULT_COLLECTIVE_TOKENS,
    onChange: (value) => {
      for (const listener of collectiveListeners) listener(Number(value));
    },
  });
  // A world setting: only a GM may write it (Foundry's rule); every client reads it.
  settings.register(SYSTEM_ID, LEDGER_KEY, { scope: "world", config: false, type: String, default: "" });
}

function readNumber(
  key: typeof TRAIT_POINTS_KEY | typeof STARTING_TOKENS_KEY | typeof COLLECTIVE_KEY,
  fallback: number,
) {
  try {
    const value: unknown = game.settings?.get(SYSTEM_ID, key);
    return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : fallback;
  } catch {
    // Not registered yet (data prepared before init ends, tests): the rule set's default.
    return fallback;
  }
}

/** P: trait points per character. */
export const traitPoints = (): number => Math.max(1, readNumber(TRAIT_POINTS_KEY, J.DEFAULT_TRAIT_POINTS));
/** J: tokens a new character starts with. */
export const startingTokens = (): number => readNumber(STARTING_TOKENS_KEY, J.DEFAULT_STARTING_TOKENS);
/** Tokens in the collective reserve. */
export const collectiveTokens = (): number => readNumber(COLLECTIVE_KEY, J.DEFAULT_COLLECTIVE_TOKENS);

/** Writes the collective reserve: only a GM's client may (the relay brings players' requests there). */
export async function setCollectiveTokens(value: number): Promise<void> {
  if (!game.user?.isGM) throw new Error("Quintette: only a GM writes the collective reserve");
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`collective reserve ${value} is not a count`);
  await game.settings?.set(SYSTEM_ID, COLLECTIVE_KEY, value);
}
