// A hidden Action/Movement choice is published only as a hash of (combat, round, combatant, choice, secret salt):
// others see that a choice is made and fixed, never which, until the salt is shown at the reveal.
import { ROUND_CHOICES, type RoundChoice } from "./action-phase";

export type HashFunction = (text: string) => string;

export interface ChoiceOpening {
  combatId: string;
  round: number;
  combatantId: string;
  choice: RoundChoice;
  salt: string;
}

export const CHOICE_PREFIX = "systemj-choice:v1";
/** Two choices only: the salt alone hides them, so it carries at least 128 random bits (lowercase hex). */
export const SALT_PATTERN = /^[0-9a-f]{32,128}$/u;
const ID_PATTERN = /^[A-Za-z0-9]{1,64}$/u;
export const COMMITMENT_PATTERN = /^[0-9a-f]{64}$/u;

/** The exact string hashed; every field is checked so that one string decodes one way only. */
export function choiceString(o: ChoiceOpening): string {
  if (!ID_PATTERN.test(o.combatId) || !ID_PATTERN.test(o.combatantId))
    throw new RangeError("ids are 1–64 letters/digits");
  if (!Number.isSafeInteger(o.round) || o.round < 1) throw new RangeError(`round must be ≥ 1, got ${String(o.round)}`);
  if (!ROUND_CHOICES.some((c) => c.id === o.choice)) throw new RangeError(`unknown choice ${String(o.choice)}`);
  if (!SALT_PATTERN.test(o.salt)) throw new RangeError("salt must be 32 to 128 lowercase hex digits");
  return `${CHOICE_PREFIX}|${o.combatId}|${o.round}|${o.combatantId}|${o.choice}|${o.salt}`;
}

export function commitChoice(o: ChoiceOpening, hash: HashFunction): string {
  return hash(choiceString(o)).toLowerCase();
}

/** True when the opening is well formed and hashes to the published commitment. */
export function verifyChoice(commitment: string, o: ChoiceOpening, hash: HashFunction): boolean {
  if (!COMMITMENT_PATTERN.test(commitment)) return false;
  let text: string;
  try {
    text = choiceString(o);
  } catch (e) {
    if (e instanceof RangeError) return false;
    throw e;
  }
  return hash(text).toLowerCase() === commitment;
}
