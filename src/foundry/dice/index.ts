/**
 * Dice So Nice, when the module is active: the system and its colour sets are registered on `diceSoNiceReady`
 * (a hook only the module fires, so nothing runs, and nothing fails, without it). Roll classes choose a die's look
 * with `setDieAppearance`, which only writes `term.options.appearance`, read by Dice So Nice and ignored otherwise.
 */
import { allColorsets, colorsetForTone, type DiceSoNiceColorset } from "./colorsets.ts";

export type { DiceSoNiceColorset } from "./colorsets.ts";
export { registerColorsets, DEVA_COLORSET, ARCHONTE_COLORSET, NEUTRAL_COLORSET } from "./colorsets.ts";

/** The part of Dice So Nice's API we call. */
export interface Dice3dApi {
  addSystem(system: { id: string; name: string }, mode?: "default" | "preferred"): void;
  addColorset(colorset: DiceSoNiceColorset, mode?: "default" | "preferred" | "no"): Promise<void> | void;
}

declare module "fvtt-types/configuration" {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace Hooks {
    interface HookConfig {
      diceSoNiceReady: (dice3d: Dice3dApi) => void;
    }
  }
}

export const DSN_SYSTEM = { id: "quintette", name: "Quintette" };

/** Registers our system and the world's colour sets (rule sets plug theirs at init, before). */
export function onDiceSoNiceReady(dice3d: Dice3dApi): void {
  dice3d.addSystem(DSN_SYSTEM, "default");
  // The world's sets as `CONFIG.QUINTETTE.diceColorsets` holds them now (a module may add or change one).
  for (const colorset of CONFIG.QUINTETTE?.diceColorsets ?? allColorsets()) {
    void dice3d.addColorset(
      { ...colorset, description: game.i18n?.localize(colorset.description) ?? colorset.name },
      "no",
    );
  }
}

export function registerDiceSoNice(): void {
  Hooks.once("diceSoNiceReady", onDiceSoNiceReady);
}

export interface DieAppearance {
  colorset: string;
  system: string;
}

/** Per-die look for Dice So Nice: a colour set name, or a card tone (light Deva, dark Archonte, neutral). */
export function setDieAppearance(
  term: { options: object },
  look: "neutral" | "light" | "dark" | { colorset: string },
): void {
  const colorset = typeof look === "string" ? colorsetForTone(look) : look.colorset;
  const appearance: DieAppearance = { colorset, system: DSN_SYSTEM.id };
  Object.assign(term.options, { appearance });
}

/**
 * Gives the dice terms of a roll their looks, in order (`["light", "dark"]` for a Trinité's two d12s); terms
 * beyond the list keep theirs. Call before `evaluate()`/`toMessage()` so Dice So Nice reads it.
 */
export function applyToneAppearance(
  roll: { dice: Array<{ options: object }> },
  tones: Array<"neutral" | "light" | "dark">,
): void {
  roll.dice.forEach((term, i) => {
    const tone = tones[i];
    if (tone) setDieAppearance(term, tone);
  });
}
