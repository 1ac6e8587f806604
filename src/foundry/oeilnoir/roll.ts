/**
 * `OeilNoirRoll`: a Foundry Roll for L'Œil Noir (D20 tests under a value, PI, initiative, table rolls), registered in
 * `CONFIG.Dice.rolls` so messages rebuild it. The class is defined on first use (Foundry's `Roll` exists only in the
 * client), and card actions roll through `rollDice`, which tests replace with scripted faces.
 */
import { setDieAppearance } from "../dice/index.ts";

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

function defineRoll() {
  return class OeilNoirRoll extends foundry.dice.Roll {
    /** The value the D20 is rolled under, when the roll is a test (kept in the options: it survives a reload). */
    get target(): number | null {
      const t: unknown = (this.options as { target?: unknown }).target;
      return typeof t === "number" ? t : null;
    }

    /** Natural faces of every die, in order (the rules core reads faces, never totals). */
    get faces(): number[] {
      return this.dice.flatMap((die) => die.results.filter((r) => r.active !== false).map((r) => r.result));
    }
  };
}

export type OeilNoirRollClass = ReturnType<typeof defineRoll>;
let rollClass: OeilNoirRollClass | null = null;

/** The Roll subclass (defined once, on first call). */
export function oeilNoirRollClass(): OeilNoirRollClass {
  rollClass ??= defineRoll();
  return rollClass;
}

export interface DiceResult {
  faces: number[];
  total: number;
  /** The evaluated Roll, attached to messages (Dice So Nice shows it); null from a scripted roller. */
  roll: foundry.dice.Roll | null;
}

export type DiceRoller = (formula: string, target?: number) => Promise<DiceResult>;

async function foundryRoller(formula: string, target?: number): Promise<DiceResult> {
  const Roll = oeilNoirRollClass();
  const roll = new Roll(formula, {}, target === undefined ? {} : ({ target } as foundry.dice.Roll.Options));
  for (const die of roll.dice) setDieAppearance(die, { colorset: OEILNOIR_COLORSET.name });
  await roll.evaluate();
  return { faces: roll.faces, total: roll.total ?? 0, roll };
}

let roller: DiceRoller = foundryRoller;

/** Rolls a formula; D20 tests pass their target. */
export function rollDice(formula: string, target?: number): Promise<DiceResult> {
  return roller(formula, target);
}

/** Tests: replace the dice (null restores Foundry's). */
export function setDiceRoller(next: DiceRoller | null): void {
  roller = next ?? foundryRoller;
}

/**
 * Dice So Nice shows a roll made inside a card action (nothing happens without the module). Never awaited: card
 * actions run in the GM's serialization queue, and waiting for an animation (seconds, or never when the module
 * hangs or the window is in the background) would hold every other request of the table behind it.
 */
export function showDice(result: DiceResult): void {
  const dice3d: unknown = (game as { dice3d?: unknown }).dice3d;
  if (!result.roll || !dice3d || typeof dice3d !== "object" || !("showForRoll" in dice3d)) return;
  const show = dice3d.showForRoll;
  if (typeof show !== "function") return;
  const shown = (show as (roll: unknown, user: unknown, sync: boolean) => unknown).call(
    dice3d,
    result.roll,
    game.user,
    true,
  );
  // An animation that fails changes nothing the rules decided.
  if (shown instanceof Promise) shown.catch(() => undefined);
}
