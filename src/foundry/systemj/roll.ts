/**
 * `SystemJRoll`: one D100 read 00–99 (a face of 100 reads 00) resolved by the rules core against a score and a
 * modifier kept in the roll's options, so a message rebuilds the same reading after a reload.
 */
import { systemj } from "../../rules/index.ts";
import { readD100, testData, toModifier, type TestData } from "./tests.ts";

export interface SystemJRollOptions {
  score: number;
  modifier: number | string;
  /** Localization key or name of what is tested. */
  label: string;
}

function isRollOptions(options: unknown): options is SystemJRollOptions {
  if (!options || typeof options !== "object") return false;
  const o = options as Partial<SystemJRollOptions>;
  return typeof o.score === "number" && (typeof o.modifier === "number" || o.modifier === systemj.AUTOMATIC);
}

export const D100_FORMULA = "1d100";

export class SystemJRoll extends foundry.dice.Roll {
  /** A test roll of `score` with `modifier` (not yet evaluated). */
  static test(score: number, modifier: systemj.Modifier, label: string): SystemJRoll {
    // Validates score and modifier before anything is rolled.
    systemj.testTarget(score, modifier);
    const options: foundry.dice.Roll.Options & SystemJRollOptions = { score, modifier, label };
    return new SystemJRoll(D100_FORMULA, {}, options);
  }

  /** The face read 00–99, or null before evaluation. */
  get reading(): number | null {
    // The formula is a single d100, so the total is its face.
    const face = this.total;
    return typeof face === "number" ? readD100(face) : null;
  }

  /** The resolved test, or null before evaluation or without test options. */
  get test(): TestData | null {
    const reading = this.reading;
    const options: unknown = this.options;
    if (reading === null || !isRollOptions(options)) return null;
    return testData(options.label, options.score, toModifier(options.modifier), reading);
  }
}

/** Rolls a test (Foundry's dice, then the rules core); returns the roll and its resolved test. */
export async function rollTest(
  score: number,
  modifier: systemj.Modifier,
  label: string,
): Promise<{ roll: SystemJRoll; test: TestData }> {
  const roll = SystemJRoll.test(score, modifier, label);
  await roll.evaluate();
  const test = roll.test;
  if (!test) throw new Error("SYSTEMJ roll has no result after evaluation");
  return { roll, test };
}

/** Rolls a damage formula; a formula Foundry refuses, or a negative total, counts as 0. */
export async function rollDamage(formula: string): Promise<{ roll: Roll | null; amount: number }> {
  if (!formula.trim()) return { roll: null, amount: 0 };
  try {
    const roll = new foundry.dice.Roll(formula);
    await roll.evaluate();
    return { roll, amount: Math.max(0, Math.floor(roll.total ?? 0)) };
  } catch (error) {
    console.warn("quintette | SYSTEMJ damage formula refused", formula, error);
    return { roll: null, amount: 0 };
  }
}
