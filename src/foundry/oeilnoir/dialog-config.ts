/**
 * The attack and check dialogs' inputs and exact odds, pure (rules core only): the sheets, the tests and the gallery
 * build the same dialog from them.
 */
import {
  LIGHT,
  OWN_POSITION,
  WATER,
  check,
  exchangeOdds,
  hitChance,
  orientation,
  orientationCheckModifier,
  exchangeModifiers,
  type AttackKind,
  type ConfinedClass,
  type FighterSituation,
  type Light,
  type Position,
  type Water,
} from "../../rules/oeilnoir/index.ts";
import type { OddsLine, RollDialogConfig, RollInput, RollValues } from "../dialog/inputs.ts";
import { RESCUE_BOUNDS, rescueValue } from "../../rules/oeilnoir/index.ts";

const D = "QUINTETTE.OeilNoir.Dialog.";

export interface AttackSetup {
  /** Attack value before modifiers. */
  at: number;
  /** The target's parry before modifiers, null without a target or when it cannot parry. */
  prd: number | null;
  targetName: string | null;
  situational: boolean;
  ranged: boolean;
  /** Low-EV penalty (optional module): the modifier starts there. */
  penalty?: number;
  /** The attacker or the target is on the ground (Foundry's prone status): the situation starts lying. */
  prone?: boolean;
  targetProne?: boolean;
  /** Ranged weapon: range in steps and shots left (shown in the subtitle). */
  range?: number | null;
  ammo?: number | null;
  /** The target's own weapon class, for a confined space (its parry); none: its weapon is short. */
  targetConfined?: ConfinedClass | null;
  /** The attacker's weapon class in a confined space, read from its weapon (issue 33); none: short. */
  selfConfined?: ConfinedClass | null;
  /** Attack kinds the attacker may declare (melee only); absent: a plain blow. */
  kinds?: readonly AttackKind[];
  /** No token targeted: the fighters the attacker may name as defender (else the GM names one on the card). */
  defenders?: { uuid: string; name: string }[];
  /** The attacker's wrong-hand training (Main Gauche, Combat à Deux Mains I and II); none: untrained. */
  wrongHand?: { mainGauche?: boolean; deuxMainsI?: boolean; deuxMainsII?: boolean };
  /** What each fighter's abilities change (sight, water, Demi-Épée); none: nothing. */
  selfTraits?: Pick<FighterSituation, "sight" | "waterFighter" | "peupleDeLEau" | "demiEpee">;
  targetTraits?: Pick<FighterSituation, "sight" | "waterFighter" | "peupleDeLEau" | "demiEpee">;
}

const options = (keys: readonly string[], prefix: string) => keys.map((k) => ({ value: k, label: `${prefix}${k}` }));

/** The dialog's inputs: a modifier, and with the optional module the situation. */
export function attackInputs(setup: AttackSetup): RollInput[] {
  const penalty = setup.penalty ?? 0;
  const hint = setup.ranged
    ? penalty > 0
      ? `${D}RangedLowEvHint`
      : `${D}RangedHint`
    : penalty > 0
      ? `${D}LowEvHint`
      : undefined;
  const inputs: RollInput[] = [
    {
      kind: "counter",
      name: "modifier",
      label: `${D}Modifier`,
      min: -10,
      max: 20,
      initial: penalty,
      ...(hint ? { hint } : {}),
    },
  ];
  if (!setup.ranged && !setup.targetName && setup.defenders?.length)
    inputs.push({
      kind: "select",
      name: "defender",
      label: `${D}Defender`,
      options: [
        { value: "", label: `${D}DefenderGm` },
        ...setup.defenders.map((d) => ({ value: d.uuid, label: d.name })),
      ],
      initial: "",
    });
  if (!setup.ranged && setup.kinds && setup.kinds.length > 1)
    inputs.push({
      kind: "select",
      name: "attackKind",
      label: `${D}AttackKind`,
      options: options(setup.kinds, "QUINTETTE.OeilNoir.AttackKind."),
      initial: setup.kinds[0] ?? "normal",
      hint: `${D}AttackKindHint`,
    });
  if (!setup.situational) return inputs;
  inputs.push(
    {
      kind: "select",
      name: "position",
      label: `${D}Position`,
      options: options(Object.keys(OWN_POSITION), "QUINTETTE.OeilNoir.Position."),
      initial: setup.prone ? "couche" : "debout",
    },
    {
      kind: "select",
      name: "opponentPosition",
      label: `${D}OpponentPosition`,
      options: options(Object.keys(OWN_POSITION), "QUINTETTE.OeilNoir.Position."),
      initial: setup.targetProne ? "couche" : "debout",
    },
    {
      kind: "select",
      name: "light",
      label: `${D}Light`,
      options: options(Object.keys(LIGHT), "QUINTETTE.OeilNoir.Light."),
      initial: "jour",
    },
    {
      kind: "select",
      name: "water",
      label: `${D}Water`,
      options: options(Object.keys(WATER), "QUINTETTE.OeilNoir.Water."),
      initial: "aucune",
    },
    // A confined space or not; each fighter's weapon class is read from its weapon.
    { kind: "checkbox", name: "confined", label: `${D}ConfinedSpace`, initial: false },
    { kind: "checkbox", name: "flying", label: `${D}Flying`, initial: false },
    { kind: "checkbox", name: "selfFlying", label: `${D}SelfFlying`, initial: false },
    { kind: "checkbox", name: "wrongHand", label: `${D}WrongHand`, initial: false },
  );
  return inputs;
}

/**
 * Effective AT and PRD after the dialog's values (penalties are positive: they lower the values). Each situational
 * modifier weighs on its own fighter (rules core `exchangeModifiers`): the attacker's attack, the target's parry.
 * `strengthBonus` is false when the wrong hand loses the PI/FO bonus.
 */
export function effectiveValues(
  setup: AttackSetup,
  values: RollValues,
): { at: number; prd: number | null; prdModifier: number; dodgeModifier: number | null; strengthBonus: boolean } {
  const modifier = Number(values.modifier ?? 0);
  let at = setup.at - modifier;
  let prd = setup.prd;
  let prdModifier = 0;
  let dodgeModifier: number | null = 0;
  let strengthBonus = true;
  if (setup.situational) {
    const confined = values.confined === true;
    const s = exchangeModifiers({
      attacker: {
        ...setup.selfTraits,
        position: String(values.position ?? "debout") as Position,
        ...(setup.selfConfined ? { confined: setup.selfConfined } : {}),
        flying: values.selfFlying === true,
        ...(values.wrongHand === true ? { wrongHand: setup.wrongHand ?? {} } : {}),
      },
      defender: {
        ...setup.targetTraits,
        position: String(values.opponentPosition ?? "debout") as Position,
        ...(setup.targetConfined ? { confined: setup.targetConfined } : {}),
        flying: values.flying === true,
      },
      confinedSpace: confined,
      light: String(values.light ?? "jour") as Light,
      water: String(values.water ?? "aucune") as Water,
    });
    at -= s.at;
    prdModifier = s.prd;
    dodgeModifier = s.dodge;
    strengthBonus = s.strengthBonusAllowed;
    if (prd !== null) prd -= s.prd;
  }
  return { at, prd, prdModifier, dodgeModifier, strengthBonus };
}

/** The attack kind chosen in the dialog (else the first the attacker may declare: bare hands for bare hands). */
export function attackKindOf(setup: AttackSetup, values: RollValues): AttackKind {
  const kind = String(values.attackKind ?? "");
  const kinds = setup.kinds ?? [];
  return kinds.includes(kind as AttackKind) ? (kind as AttackKind) : (kinds[0] ?? "normal");
}

/** Exact odds of the exchange from the rules core: with a parrying target, every outcome; otherwise the D20 test. */
export function attackOdds(setup: AttackSetup, values: RollValues): OddsLine[] {
  const { at, prd } = effectiveValues(setup, values);
  // Mutually exclusive lines that sum to 1; "hit" is a normal blow that lands.
  if (prd === null || setup.ranged) {
    const critical = 1 / 20;
    const normal = hitChance({ at, prd: null }) - critical;
    return [
      { id: "hit", label: setup.ranged ? `${D}OddsShotHits` : `${D}OddsHit`, probability: normal, tone: "success" },
      { id: "critical", label: `${D}OddsCritical`, probability: critical, tone: "critical" },
      { id: "miss", label: `${D}OddsMiss`, probability: 1 - normal - 2 / 20, tone: "failure" },
      { id: "fumble", label: `${D}OddsFumble`, probability: 1 / 20, tone: "fumble" },
    ];
  }
  const o = exchangeOdds({ at, prd });
  return [
    { id: "hit", label: `${D}OddsHit`, probability: o.hit + o.parryFumble, tone: "success" },
    {
      id: "critical",
      label: `${D}OddsCritical`,
      probability: o.criticalHit + o.criticalParryFumble,
      tone: "critical",
    },
    {
      id: "parried",
      label: `${D}OddsParried`,
      probability: o.parried + o.masterParry + o.criticalParried,
      tone: "partial",
    },
    { id: "miss", label: `${D}OddsMiss`, probability: o.miss, tone: "failure" },
    { id: "fumble", label: `${D}OddsFumble`, probability: o.attackFumble, tone: "fumble" },
  ];
}

export function attackDialogConfig(setup: AttackSetup, weaponName: string): RollDialogConfig {
  // A shot names its range and the missiles left (steps, shots: the sheet's units).
  const gear = setup.ranged && setup.range != null ? ` (${setup.range} · ${setup.ammo ?? "∞"})` : "";
  return {
    title: setup.ranged ? `${D}RangedTitle` : `${D}AttackTitle`,
    subtitle: setup.targetName ? `${weaponName}${gear} → ${setup.targetName}` : `${weaponName}${gear}`,
    inputs: attackInputs(setup),
    odds: (values) => attackOdds(setup, values),
    cssClass: "oeilnoir",
  };
}

/** Odds of a plain D20 check under a value (modifier positive = harder). */
export function checkOdds(value: number, values: RollValues): OddsLine[] {
  const v = value - Number(values.modifier ?? 0);
  let success = 0;
  let critical = 0;
  for (let d20 = 1; d20 <= 20; d20++) {
    const r = check({ d20, value: v });
    if (r.success) success += 1 / 20;
    if (r.critical) critical += 1 / 20;
  }
  return [
    { id: "success", label: `${D}OddsSuccess`, probability: success - critical, tone: "success" },
    { id: "critical", label: `${D}OddsCriticalCheck`, probability: critical, tone: "critical" },
    { id: "failure", label: `${D}OddsFailure`, probability: 1 - success - 1 / 20, tone: "failure" },
    { id: "fumble", label: `${D}OddsFumble`, probability: 1 / 20, tone: "fumble" },
  ];
}

export interface OrientationSetup {
  intuition: number;
  artDeLaGuerre: number;
  vigilance: boolean;
  danseurDeLames: boolean;
  /** Initiative now, and its fixed part (INI without the die, wound losses already counted). */
  current: number;
  iniWithoutDie: number;
  /** Low-EV penalty (optional module): the modifier starts there. */
  penalty?: number;
}

/** Value the Intuition check of the Orientation is rolled under: IN, easier with Art de la Guerre, then modifier. */
export function orientationTarget(setup: OrientationSetup, values: RollValues): number {
  return setup.intuition - orientationCheckModifier(setup.artDeLaGuerre) - Number(values.modifier ?? 0);
}

/** The initiative a successful Orientation gives (never lower than now). */
export function orientationRestored(setup: OrientationSetup): number {
  return orientation({
    current: setup.current,
    iniWithoutDie: setup.iniWithoutDie,
    danseurDeLames: setup.danseurDeLames,
    vigilance: true,
  }).value;
}

/** Whether this Orientation uses Vigilance (one action, no check): the héros has it and keeps it ticked. */
export function orientationUsesVigilance(setup: OrientationSetup, values: RollValues): boolean {
  return setup.vigilance && values.vigilance !== false;
}

/** Exact odds of the Orientation: the Intuition check (natural 1 and 20 as always); with Vigilance, certain. */
export function orientationOdds(setup: OrientationSetup, values: RollValues): OddsLine[] {
  if (orientationUsesVigilance(setup, values))
    return [{ id: "restored", label: `${D}OddsOrientationVigilance`, probability: 1, tone: "success" }];
  const target = orientationTarget(setup, values);
  let success = 0;
  for (let d20 = 1; d20 <= 20; d20++) if (check({ d20, value: target }).success) success += 1 / 20;
  return [
    { id: "restored", label: `${D}OddsOrientationSuccess`, probability: success, tone: "success" },
    { id: "failed", label: `${D}OddsOrientationFailure`, probability: 1 - success, tone: "failure" },
  ];
}

/** The Orientation dialog: the check's modifier (none with Vigilance), the value rolled under and the INI won. */
export function orientationDialogConfig(setup: OrientationSetup): RollDialogConfig {
  const restored = orientationRestored(setup);
  const inputs: RollInput[] = [
    {
      kind: "counter",
      name: "modifier",
      label: `${D}Modifier`,
      min: -10,
      max: 20,
      initial: setup.penalty ?? 0,
      hint: `${D}OrientationHint`,
    },
  ];
  if (setup.vigilance)
    inputs.unshift({ kind: "checkbox", name: "vigilance", label: `${D}UseVigilance`, initial: true });
  const easier = -orientationCheckModifier(setup.artDeLaGuerre);
  const check = `IN ${setup.intuition}${easier ? ` + ${easier}` : ""} · `;
  return {
    title: `${D}OrientationTitle`,
    subtitle: `${check}INI ${setup.current} → ${restored}`,
    inputs,
    odds: (values) => orientationOdds(setup, values),
    cssClass: "oeilnoir",
  };
}

export interface RescueSetup {
  healerName: string;
  victimName: string;
  /** The victim's EV now (0 or less). */
  ev: number;
  /** The healer's Médecine / Blessures value to start with (remembered, or a quality). */
  skill: number;
}

/** Value the rescue is rolled under for the dialog's values: the healer's value − modifier − 2 × points below 0. */
export function rescueTarget(setup: RescueSetup, values: RollValues): number {
  // The odds follow what is typed; a value outside the rule's bounds is shown at the nearest bound.
  const clamp = (v: number, b: { min: number; max: number }) =>
    Math.min(b.max, Math.max(b.min, Math.trunc(Number.isFinite(v) ? v : 0)));
  return rescueValue({
    skill: clamp(Number(values.skill ?? setup.skill), RESCUE_BOUNDS.skill),
    modifier: clamp(Number(values.modifier ?? 0), RESCUE_BOUNDS.modifier),
    ev: setup.ev,
  });
}

/** Exact odds of the rescue: stabilised (critical included), or 1D6 damage (fumble included). */
export function rescueOdds(setup: RescueSetup, values: RollValues): OddsLine[] {
  const target = rescueTarget(setup, values);
  let success = 0;
  for (let d20 = 1; d20 <= 20; d20++) if (check({ d20, value: target }).success) success += 1 / 20;
  return [
    { id: "stabilized", label: `${D}OddsRescueSuccess`, probability: success, tone: "success" },
    { id: "failed", label: `${D}OddsRescueFailure`, probability: 1 - success, tone: "failure" },
  ];
}

/** The rescue dialog: the healer's value (no talent list on the sheets), a modifier, and the exact odds. */
export function rescueDialogConfig(setup: RescueSetup): RollDialogConfig {
  const harder = 2 * Math.max(0, -setup.ev);
  return {
    title: `${D}RescueTitle`,
    subtitle: `${setup.healerName} → ${setup.victimName} · EV ${setup.ev} : +${harder}`,
    inputs: [
      {
        kind: "number",
        name: "skill",
        label: `${D}RescueSkill`,
        min: RESCUE_BOUNDS.skill.min,
        max: RESCUE_BOUNDS.skill.max,
        initial: setup.skill,
        hint: `${D}RescueSkillHint`,
      },
      {
        kind: "counter",
        name: "modifier",
        label: `${D}Modifier`,
        min: RESCUE_BOUNDS.modifier.min,
        max: RESCUE_BOUNDS.modifier.max,
        initial: 0,
        hint: `${D}RescueHint`,
      },
    ],
    odds: (values) => rescueOdds(setup, values),
    cssClass: "oeilnoir",
  };
}
