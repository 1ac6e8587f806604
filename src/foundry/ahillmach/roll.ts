/**
 * AhillMachRoll: 2D10, or 3D10/4D10 keeping the two best (`kh2`) or worst (`kl2`), plus the bonus capped at +5.
 * Foundry rolls the dice; the rules core reads every face (keep, cap, band, initiative, XP) so the card never
 * re-implements a rule. A top-level class like every rule set's Roll (Foundry's globals exist before the system's
 * modules are evaluated).
 */
import { ahillmach } from "../../rules/index.ts";
import { setDieAppearance } from "../dice/index.ts";

/** What the roll carries in its options, so a message rebuilt from JSON can still be read by the rules core. */
export interface AhillMachRollConfig {
  advantage: number;
  /** Bonus before the cap. */
  bonus: number;
  surpass: boolean;
}

export const COLORSET = "quintette-ahillmach";

/** The formula of a roll: the pool and the bonus the rules core lets through (`3d10kh2 + 5`, `4d10kl2 - 1`). */
export function rollFormula({ advantage, bonus, surpass }: AhillMachRollConfig): string {
  const pool = ahillmach.poolFormula(advantage);
  const applied = ahillmach.cappedBonus(bonus + (surpass ? 1 : 0));
  if (applied === 0) return pool;
  return applied > 0 ? `${pool} + ${applied}` : `${pool} - ${-applied}`;
}

/** Every face of the first dice term (dropped ones included: the rules core decides which two are kept). */
export function poolFaces(dice: readonly { results: readonly { result: number }[] }[]): number[] {
  return (dice[0]?.results ?? []).map((r) => r.result);
}

function configOf(options: object): AhillMachRollConfig {
  const raw = (options as { ahillmach?: Partial<AhillMachRollConfig> }).ahillmach ?? {};
  return {
    advantage: typeof raw.advantage === "number" ? raw.advantage : 0,
    bonus: typeof raw.bonus === "number" ? raw.bonus : 0,
    surpass: raw.surpass === true,
  };
}

export class AhillMachRoll extends foundry.dice.Roll {
  /** A roll for this configuration; evaluate it, then read `outcome`. */
  static build(config: AhillMachRollConfig): AhillMachRoll {
    const options: foundry.dice.Roll.Options & { ahillmach: AhillMachRollConfig } = { ahillmach: { ...config } };
    const roll = new AhillMachRoll(rollFormula(config), {}, options);
    for (const term of roll.dice) setDieAppearance(term, { colorset: COLORSET });
    return roll;
  }

  get config(): AhillMachRollConfig {
    return configOf(this.options);
  }

  /** All d10 faces thrown. */
  get faces(): number[] {
    return poolFaces(this.dice);
  }

  /** The rules core's reading of the evaluated dice. */
  get outcome(): ahillmach.MoveResult {
    const { advantage, bonus, surpass } = this.config;
    return ahillmach.resolveMove({ dice: this.faces, advantage, bonus, surpass });
  }
}
