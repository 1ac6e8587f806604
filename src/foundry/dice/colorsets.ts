/**
 * Dice So Nice colour sets. Pure data: the module's `addColorset` takes exactly this shape. Rule sets add theirs
 * through their descriptor; the system's own are always there.
 */
export interface DiceSoNiceColorset {
  /** Unique name, prefixed `quintette-`. */
  name: string;
  /** Localization key of the label shown in Dice So Nice's settings. */
  description: string;
  category: string;
  foreground: string;
  background: string;
  outline: string;
  edge: string;
  texture: string;
  material: "plastic" | "metal" | "glass" | "wood" | "chrome" | "pristine" | "iridescent" | "stone";
  font?: string;
}

export const DEVA_COLORSET: DiceSoNiceColorset = {
  name: "quintette-deva",
  description: "QUINTETTE.Dice.Deva",
  category: "Quintette",
  foreground: "#3a2c06",
  background: "#f4ecd0",
  outline: "#c9a227",
  edge: "#e8d9a0",
  texture: "none",
  material: "pristine",
};

export const ARCHONTE_COLORSET: DiceSoNiceColorset = {
  name: "quintette-archonte",
  description: "QUINTETTE.Dice.Archonte",
  category: "Quintette",
  foreground: "#e6d3ff",
  background: "#1b1024",
  outline: "#6b2fa0",
  edge: "#2c1a3b",
  texture: "none",
  material: "metal",
};

export const NEUTRAL_COLORSET: DiceSoNiceColorset = {
  name: "quintette-neutral",
  description: "QUINTETTE.Dice.Neutral",
  category: "Quintette",
  foreground: "#ffffff",
  background: "#3d4b5c",
  outline: "#1f2933",
  edge: "#2b3642",
  texture: "none",
  material: "plastic",
};

const colorsets = new Map<string, DiceSoNiceColorset>(
  [DEVA_COLORSET, ARCHONTE_COLORSET, NEUTRAL_COLORSET].map((c) => [c.name, c]),
);

export function registerColorsets(...sets: DiceSoNiceColorset[]): void {
  for (const set of sets) colorsets.set(set.name, set);
}

export function allColorsets(): DiceSoNiceColorset[] {
  return [...colorsets.values()];
}

/** The colour set a card die tone uses. */
export function colorsetForTone(tone: "neutral" | "light" | "dark"): string {
  return tone === "light" ? DEVA_COLORSET.name : tone === "dark" ? ARCHONTE_COLORSET.name : NEUTRAL_COLORSET.name;
}
