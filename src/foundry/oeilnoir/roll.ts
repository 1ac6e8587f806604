/**
 * `OeilNoirRoll`: a Foundry Roll for L'Œil Noir (D20 tests under a value, PI, initiative, table rolls), registered in
 * `CONFIG.Dice.rolls` so messages rebuild it. Card actions roll through `rollDice`.
 */
import { setDieAppearance } from "../dice/index.ts";
import { showRollOf } from "../dice/show.ts";

export const OEILNOIR_COLORSET = {
  name: "quintette-oeilnoir",
  description: "QUINTETTE.OeilNoir.Dice",
  category: "Quintette",
  foreground: "#f3e6c4",
  background: "#5a1414",
  outline: "#1b0b0b",
  edge: "#3b0d0d",
  texture: "none",
  material: "metal" as const,
};

export class OeilNoirRoll extends foundry.dice.Roll {
  /** The value the D20 is rolled under, when the roll is a test (kept in the options: it survives a reload). */
  get target(): number | null {
    const t: unknown = (this.options as { target?: unknown }).target;
    return typeof t === "number" ? t : null;
  }

  /** Natural faces of every die, in order (the rules core reads faces, never totals). */
  get faces(): number[] {
    return this.dice.flatMap((die) => die.results.filter((r) => r.active !== false).map((r) => r.result));
  }
}

export interface DiceResult {
  faces: number[];
  total: number;
  /** The evaluated Roll, attached to messages (Dice So Nice shows it). */
  roll: OeilNoirRoll;
}

/** Rolls a formula with Foundry's dice; D20 tests pass their target (kept in the roll's options). */
export async function rollDice(formula: string, target?: number): Promise<DiceResult> {
  const roll = new OeilNoirRoll(formula, {}, target === undefined ? {} : ({ target } as foundry.dice.Roll.Options));
  for (const die of roll.dice) setDieAppearance(die, { colorset: OEILNOIR_COLORSET.name });
  await roll.evaluate();
  return { faces: roll.faces, total: roll.total ?? 0, roll };
}

/**
 * Dice So Nice shows a roll made inside a card action with the card's own whisper, blind, id and speaker (shared
 * `dice/show.ts`), so a private duel's dice stay private. Never awaited: card actions run in the GM's serialization
 * queue. A roll posted as a new card's own roll is not shown here: the module animates a new message's rolls itself.
 */
export function showDice(result: DiceResult, message: CardMessage): void {
  showRollOf(result.roll, {
    id: message.id ?? null,
    whisper: (message.whisper ?? []).filter((id): id is string => typeof id === "string"),
    blind: message.blind === true,
    speaker: message.speaker,
  });
}

/** The slice of the card's message Dice So Nice needs. */
export interface CardMessage {
  id?: string | null;
  whisper?: readonly unknown[] | null;
  blind?: boolean | null;
  speaker?: unknown;
}
