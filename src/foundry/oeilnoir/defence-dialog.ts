/**
 * The defender's dialog before a parry or a dodge (issue 25): its own situational modifier and, for a GM, an
 * adjustment, with the exact odds of the roll (halved against a critical attack). Pure, so tests and the gallery
 * build the same dialog.
 */
import { check, criticalParryValue } from "../../rules/oeilnoir/index.ts";
import type { OddsLine, RollDialogConfig, RollValues } from "../dialog/inputs.ts";

const D = "QUINTETTE.OeilNoir.Dialog.";

/** What the defender's own modifier and the GM's adjustment may be (positive: harder), as the GM's client accepts. */
export const DEFENCE_BOUNDS = { min: -10, max: 20 } as const;

export interface DefenceSetup {
  defenderName: string;
  /** The parry (or dodge) before these modifiers, as the card's step will count it. */
  value: number;
  critical: boolean;
  dodge: boolean;
  /** A GM answers: the adjustment is offered. */
  gm: boolean;
  /**
   * The defender's round (absent outside a tracked combat): "normal", one defence, a second one needs two defences
   * declared at the round's start and costs the attack; "twoDefences", the defences declared.
   */
  plan?: "normal" | "twoDefences";
}

/** The value rolled under: the value less both modifiers, halved against a critical attack. */
export function defenceTarget(setup: Pick<DefenceSetup, "value" | "critical">, values: RollValues): number {
  const v = setup.value - Number(values.modifier ?? 0) - Number(values.adjust ?? 0);
  return setup.critical ? criticalParryValue(v) : v;
}

export function defenceOdds(setup: DefenceSetup, values: RollValues): OddsLine[] {
  const target = defenceTarget(setup, values);
  let success = 0;
  for (let d20 = 1; d20 <= 20; d20++) if (check({ d20, value: target }).success) success += 1 / 20;
  return [
    { id: "success", label: `${D}OddsDefended`, probability: success, tone: "failure" },
    { id: "hit", label: `${D}OddsBlowLands`, probability: 1 - success, tone: "success" },
  ];
}

export function defenceDialogConfig(setup: DefenceSetup): RollDialogConfig {
  const counter = (name: string, label: string, hint: string) => ({
    kind: "counter" as const,
    name,
    label,
    min: DEFENCE_BOUNDS.min,
    max: DEFENCE_BOUNDS.max,
    initial: 0,
    hint,
  });
  return {
    title: setup.dodge ? `${D}DodgeTitle` : `${D}ParryTitle`,
    subtitle: `${setup.defenderName} · ${setup.value}${setup.critical ? " / 2" : ""}`,
    inputs: [
      // What this defence spends (RULES.md): said where the defender decides.
      counter(
        "modifier",
        `${D}DefenceModifier`,
        setup.plan === "normal"
          ? `${D}DefenceHintOnly`
          : setup.plan === "twoDefences"
            ? `${D}DefenceHintTwo`
            : `${D}DefenceModifierHint`,
      ),
      ...(setup.gm ? [counter("adjust", `${D}GmAdjust`, `${D}GmAdjustHint`)] : []),
    ],
    odds: (values) => defenceOdds(setup, values),
    cssClass: "oeilnoir",
  };
}

/** A modifier of the request, within the bounds; null when out of them or not a whole number. */
export function boundedModifier(value: unknown): number | null {
  if (value === undefined || value === null) return 0;
  return typeof value === "number" &&
    Number.isInteger(value) &&
    value >= DEFENCE_BOUNDS.min &&
    value <= DEFENCE_BOUNDS.max
    ? value
    : null;
}
