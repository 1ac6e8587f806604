/**
 * SYSTEMJ tests as card data, pure: a D100 face read 00–99, resolved by the rules core, stored as JSON on the card
 * (`TestData`), with the labels and tones every card and dialog shows. No Foundry global here.
 */
import { systemj } from "../../rules/index.ts";
import type { OddsLine, RollDialogConfig, RollInput } from "../dialog/inputs.ts";
import type { CardOutcome, OutcomeTone } from "../chat/types.ts";

const { AUTOMATIC, DIFFICULTIES, OUTCOMES, resolveTest, testOdds, totalModifier } = systemj;

/** A D100 die shows 1…100; the game reads 100 as 00. */
export function readD100(face: number): number {
  if (!Number.isInteger(face) || face < 1 || face > 100) throw new RangeError(`d100 face must be 1…100, got ${face}`);
  return face % 100;
}

/** What a card stores of one test (JSON). */
export interface TestData {
  [key: string]: string | number | boolean | null;
  /** Localization key of what was tested (`QUINTETTE.SystemJ.Attribute.RAP`), or a plain name for a card skill. */
  label: string;
  score: number;
  /** Number, or "automatique". */
  modifier: number | string;
  target: number;
  roll: number;
  rollText: string;
  outcome: systemj.Outcome;
  success: boolean;
  critical: boolean;
}

export function toModifier(value: number | string): systemj.Modifier {
  return value === AUTOMATIC ? AUTOMATIC : Number(value);
}

export function testData(label: string, score: number, modifier: systemj.Modifier, roll: number): TestData {
  const r = resolveTest({ roll, score, modifier });
  return {
    label,
    score,
    modifier,
    target: r.target,
    roll,
    rollText: r.rollText,
    outcome: r.outcome,
    success: r.success,
    critical: r.critical,
  };
}

export const OUTCOME_TONE: Record<systemj.Outcome, OutcomeTone> = {
  echecCritique: "fumble",
  echec: "failure",
  justesse: "success",
  moyenne: "success",
  notable: "success",
  reussiteCritique: "critical",
};

export const outcomeKey = (o: systemj.Outcome): string => `QUINTETTE.SystemJ.Outcome.${o}`;

export function cardOutcome(test: TestData): CardOutcome {
  return {
    label: { key: outcomeKey(test.outcome) },
    tone: OUTCOME_TONE[test.outcome],
    detail: { key: "QUINTETTE.SystemJ.Card.RollVsTarget", value: test.rollText, target: test.target },
  };
}

/** Modifier as shown: "+10", "−20", "0", or the automatic label key. */
export function modifierText(modifier: number | string): string {
  if (modifier === AUTOMATIC) return "auto";
  const n = Number(modifier);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/* ---------------------------------------------------------------- roll dialog */

export const NO_DIFFICULTY = "aucune";
// The dialog's free modifier stays within what the GM's client accepts from a card button (parseModifier).
export const FREE_MODIFIER_MAX = systemj.FREE_MODIFIER_LIMIT;

export interface TestDialogValues {
  [key: string]: string | number | boolean;
  difficulty: string;
  free: number;
}

export function difficultyOptions(): { value: string; label: string }[] {
  return [
    { value: NO_DIFFICULTY, label: "QUINTETTE.SystemJ.Difficulty.aucune" },
    ...DIFFICULTIES.map((d) => ({ value: d.id, label: `QUINTETTE.SystemJ.Difficulty.${d.id}` })),
  ];
}

/** The total modifier of the dialog's values (table entry + free modifier; "automatique" wins). */
export function dialogModifier(values: { difficulty: string; free: number }): systemj.Modifier {
  const entry = DIFFICULTIES.find((d) => d.id === values.difficulty);
  return totalModifier(entry ? entry.modifier : 0, Math.trunc(values.free));
}

/** Exact odds of each degree, from the rules core, in the rules core's order (worst first). */
export function oddsLines(score: number, modifier: systemj.Modifier): OddsLine[] {
  const odds = testOdds({ score, modifier });
  return OUTCOMES.map((o) => ({ id: o, label: outcomeKey(o), probability: odds[o], tone: OUTCOME_TONE[o] }));
}

export function testDialogInputs(): RollInput[] {
  return [
    {
      kind: "select",
      name: "difficulty",
      label: "QUINTETTE.SystemJ.Dialog.Difficulty",
      options: difficultyOptions(),
      initial: NO_DIFFICULTY,
    },
    {
      kind: "number",
      name: "free",
      label: "QUINTETTE.SystemJ.Dialog.Free",
      hint: "QUINTETTE.SystemJ.Dialog.FreeHint",
      min: -FREE_MODIFIER_MAX,
      max: FREE_MODIFIER_MAX,
      step: 1,
      initial: 0,
    },
  ];
}

/** The shared roll dialog's configuration for one test. */
export function testDialogConfig(score: number, subtitle: string): RollDialogConfig<TestDialogValues> {
  return {
    title: "QUINTETTE.SystemJ.Dialog.Title",
    subtitle,
    inputs: testDialogInputs(),
    odds: (values) => oddsLines(score, dialogModifier(values)),
    cssClass: "systemj",
  };
}
