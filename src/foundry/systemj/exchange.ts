/**
 * One fight exchange kept whole on its chat card, pure: who attacks whom, how, every test made so far and the step
 * the rules core says comes next. Card actions feed it the tests they roll; `exchangeButtons` says who may click
 * what. The rules core decides every transition (meleeForceAttack, defend, counterAttack, stealthApproach…).
 */
import { systemj } from "../../rules/index.ts";
import type { CardButton, JsonObject } from "../chat/types.ts";
import type { TestData } from "./tests.ts";

type Step = systemj.CombatStep;

export interface Fighter {
  [key: string]: string | number | boolean | null;
  uuid: string;
  name: string;
}

export interface WeaponData {
  [key: string]: string | number | boolean | null;
  name: string;
  /** Damage formula (`1d6+2`); empty for bare hands. */
  damage: string;
  family: string;
}

/** Where the exchange stands: the rules core's next step, or a finished state. */
export type ExchangePhase =
  /** Stealth: the target's Détection is awaited. */
  | "detection"
  /** Stealth: the approach is settled, the attacker now strikes (in force or unseen). */
  | "followForce"
  | "followStealth"
  /** A ranged shot landed: the GM says whether the target sees it coming (and so may defend). */
  | "sight"
  /** The attack landed: the defender picks a defence or takes it. */
  | "defence"
  /** The attack failed in force: the defender may counter-attack. */
  | "counter"
  /** A hit on `hitTarget`: damage to roll, then to apply. */
  | "hit"
  | "miss";

export interface ExchangeData extends JsonObject {
  mode: systemj.AttackMode;
  attacker: Fighter;
  defender: Fighter;
  weapon: WeaponData;
  /** Defender's weapon used for a counter-attack. */
  counterWeapon: WeaponData;
  phase: ExchangePhase;
  /** Defences offered when phase is "defence". */
  options: string[];
  missReason: string | null;
  /** Who takes the damage of a hit: "defender", or "attacker" after a counter-attack. */
  hitTarget: "defender" | "attacker" | null;
  /** Tests made, in order, with the role they played. */
  tests: Array<TestData & { role: string; by: string }>;
  /** Damage rolled for the hit; null until rolled. */
  damage: number | null;
}

export interface StartExchange {
  mode: systemj.AttackMode;
  attacker: Fighter;
  defender: Fighter;
  weapon: WeaponData;
  counterWeapon: WeaponData;
  /** The roller's first test: the attack (force, ranged) or the Dissimulation (stealth). */
  first: TestData;
  gear?: systemj.DefenderGear;
  /** `targetAware` undefined: the GM has not said yet whether the target sees the shot (a "sight" step asks). */
  ranged?: systemj.RangedContext;
}

function withStep(data: ExchangeData, step: Step, hitTarget: "defender" | "attacker" = "defender"): ExchangeData {
  switch (step.step) {
    case "defence":
      return { ...data, phase: "defence", options: [...step.options] };
    case "counterAttack":
      return { ...data, phase: "counter", options: [] };
    case "hit":
      return { ...data, phase: "hit", options: [], hitTarget };
    case "miss":
      return { ...data, phase: "miss", options: [], missReason: step.reason };
    case "meleeForce":
      return { ...data, phase: "followForce", options: [] };
    case "stealthAttack":
      return { ...data, phase: "followStealth", options: [] };
  }
}

export function startExchange(input: StartExchange): ExchangeData {
  const base: ExchangeData = {
    mode: input.mode,
    attacker: input.attacker,
    defender: input.defender,
    weapon: input.weapon,
    counterWeapon: input.counterWeapon,
    phase: "miss",
    options: [],
    missReason: null,
    hitTarget: null,
    tests: [],
    damage: null,
  };
  const role = input.mode === "meleeStealth" ? "dissimulation" : "attack";
  const data = addTest(base, input.first, role, "attacker");
  switch (input.mode) {
    case "meleeForce":
      return withStep(data, systemj.meleeForceAttack(input.first.outcome, input.gear));
    case "ranged": {
      const asked = input.ranged?.targetAware === undefined;
      const step = systemj.rangedAttack(input.first.outcome, { ...input.gear, ...input.ranged, targetAware: true });
      // A shot that lands waits for the GM's word on whether the target sees it, unless the GM already gave it.
      if (asked && step.step === "defence") return { ...data, phase: "sight", options: [...step.options] };
      return withStep(
        data,
        asked ? step : systemj.rangedAttack(input.first.outcome, { ...input.gear, ...input.ranged }),
      );
    }
    case "meleeStealth": {
      // A failed Dissimulation is seen whatever the Détection: the defender counter-attacks, no roll is asked.
      const seen = systemj.stealthApproach(input.first.outcome, "echec");
      return seen.step === "counterAttack" ? withStep(data, seen) : { ...data, phase: "detection" };
    }
  }
}

function addTest(data: ExchangeData, test: TestData, role: string, by: "attacker" | "defender"): ExchangeData {
  return { ...data, tests: [...data.tests, { ...test, role, by }] };
}

function assertPhase(data: ExchangeData, ...phases: ExchangePhase[]): void {
  if (!phases.includes(data.phase)) throw new RangeError(`exchange is at "${data.phase}", not ${phases.join("/")}`);
}

/** The defender's Détection against the attacker's Dissimulation (the first test). */
export function applyDetection(data: ExchangeData, detection: TestData, gear?: systemj.DefenderGear): ExchangeData {
  assertPhase(data, "detection");
  const dissimulation = data.tests.find((t) => t.role === "dissimulation");
  if (!dissimulation) throw new RangeError("no Dissimulation test on this exchange");
  const next = addTest(data, detection, "detection", "defender");
  const step = systemj.stealthApproach(dissimulation.outcome, detection.outcome);
  void gear;
  return withStep(next, step);
}

/** The attacker's follow-up after a stealth approach: in force (may be defended or countered) or unseen. */
export function applyFollowUp(data: ExchangeData, attack: TestData, gear?: systemj.DefenderGear): ExchangeData {
  assertPhase(data, "followForce", "followStealth");
  const next = addTest(data, attack, "attack", "attacker");
  return data.phase === "followForce"
    ? withStep(next, systemj.meleeForceAttack(attack.outcome, gear))
    : withStep(next, systemj.stealthAttack(attack.outcome));
}

/** The GM's word on a ranged shot: seen coming, the target may defend (the offered defences); unseen, it is hit. */
export function applySight(data: ExchangeData, aware: boolean): ExchangeData {
  assertPhase(data, "sight");
  const options = systemj.DEFENCES.map((d) => d.id).filter((id) => data.options.includes(id));
  return withStep(data, aware ? { step: "defence", options } : { step: "hit" });
}

export function applyDefence(data: ExchangeData, kind: systemj.DefenceKind, test: TestData): ExchangeData {
  assertPhase(data, "defence");
  if (!data.options.includes(kind)) throw new RangeError(`defence "${kind}" is not offered`);
  return withStep(addTest(data, test, kind, "defender"), systemj.defend(test.outcome));
}

/** The defender takes the hit without defending. */
export function declineDefence(data: ExchangeData): ExchangeData {
  assertPhase(data, "defence");
  return withStep(data, { step: "hit" });
}

export function applyCounter(data: ExchangeData, test: TestData): ExchangeData {
  assertPhase(data, "counter");
  return withStep(addTest(data, test, "counter", "defender"), systemj.counterAttack(test.outcome), "attacker");
}

/** The defender lets the counter-attack go. */
export function declineCounter(data: ExchangeData): ExchangeData {
  assertPhase(data, "counter");
  return { ...data, phase: "miss", missReason: "failed" };
}

export function setDamage(data: ExchangeData, amount: number): ExchangeData {
  assertPhase(data, "hit");
  if (!Number.isInteger(amount) || amount < 0) throw new RangeError(`damage must be a whole number ≥ 0, got ${amount}`);
  return { ...data, damage: amount };
}

/** The fighter who takes the hit's damage. */
export function hitVictim(data: ExchangeData): Fighter | null {
  if (data.phase !== "hit") return null;
  return data.hitTarget === "attacker" ? data.attacker : data.defender;
}

/** The fighter who dealt the hit (whose weapon's damage is rolled). */
export function hitDealer(data: ExchangeData): { fighter: Fighter; weapon: WeaponData } | null {
  if (data.phase !== "hit") return null;
  return data.hitTarget === "attacker"
    ? { fighter: data.defender, weapon: data.counterWeapon }
    : { fighter: data.attacker, weapon: data.weapon };
}

export const ACTIONS = {
  detect: "systemj.detect",
  follow: "systemj.follow",
  defend: "systemj.defend",
  noDefence: "systemj.noDefence",
  counter: "systemj.counter",
  noCounter: "systemj.noCounter",
  damage: "systemj.damage",
  apply: "systemj.applyDamage",
  sight: "systemj.sight",
} as const;

const DEFENCE_ICON: Record<string, string> = {
  dodge: "fa-solid fa-person-running",
  parry: "fa-solid fa-khanda",
  block: "fa-solid fa-shield-halved",
};

/**
 * The buttons of the exchange's current step. Defender actions are "anyone" and checked against ownership; they are
 * shown only to the defender's side (exclusive, owned by the defender), as a click by anyone else is refused.
 */
export function exchangeButtons(data: ExchangeData): CardButton[] {
  const b = (action: string, key: string, icon: string, audience: CardButton["audience"], args = {}): CardButton => ({
    action,
    label: { key: `QUINTETTE.SystemJ.Action.${key}`, name: data.defender.name },
    icon,
    args,
    audience,
  });
  const defender = (button: CardButton): CardButton => ({ ...button, exclusive: true, owner: data.defender.uuid });
  switch (data.phase) {
    case "detection":
      return [defender(b(ACTIONS.detect, "Detect", "fa-solid fa-eye", "anyone"))];
    case "followForce":
      return [b(ACTIONS.follow, "AttackForce", "fa-solid fa-hand-fist", "roller")];
    case "followStealth":
      return [b(ACTIONS.follow, "AttackStealth", "fa-solid fa-user-ninja", "roller")];
    case "sight":
      // The GM's call alone: the players do not see these buttons.
      return [
        { ...b(ACTIONS.sight, "Sees", "fa-solid fa-eye", "gm", { aware: true }), exclusive: true },
        { ...b(ACTIONS.sight, "Unseen", "fa-solid fa-eye-slash", "gm", { aware: false }), exclusive: true },
      ];
    case "defence":
      return [
        ...data.options.map((kind) =>
          b(ACTIONS.defend, `Defence.${kind}`, DEFENCE_ICON[kind] ?? "fa-solid fa-shield", "anyone", { kind }),
        ),
        b(ACTIONS.noDefence, "NoDefence", "fa-solid fa-heart-crack", "anyone"),
      ].map(defender);
    case "counter":
      return [
        b(ACTIONS.counter, "Counter", "fa-solid fa-hand-back-fist", "anyone"),
        b(ACTIONS.noCounter, "NoCounter", "fa-solid fa-xmark", "anyone"),
      ].map(defender);
    case "hit":
      // Only the dealer's side (its owners, the GM) rolls the damage: the others do not see the button (issue 25).
      return data.damage === null
        ? [
            {
              ...b(ACTIONS.damage, "RollDamage", "fa-solid fa-burst", "anyone"),
              exclusive: true,
              owner: hitDealer(data)?.fighter.uuid ?? null,
            },
          ]
        : [b(ACTIONS.apply, "ApplyDamage", "fa-solid fa-heart-crack", "anyone")];
    case "miss":
      return [];
  }
}

/** Who must answer the current step: the defender's side, or the attacker's. */
export function answeringSide(data: ExchangeData): "attacker" | "defender" | "dealer" | "gm" | null {
  switch (data.phase) {
    case "sight":
      return "gm";
    case "detection":
    case "defence":
    case "counter":
      return "defender";
    case "followForce":
    case "followStealth":
      return "attacker";
    case "hit":
      return "dealer";
    case "miss":
      return null;
  }
}
