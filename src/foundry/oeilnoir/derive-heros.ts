/** Derived values of a héros, pure: its skills, weapons, armour, initiative and life status from its data and items. */
import {
  COMBAT_SKILLS,
  RANGED_SKILLS,
  armourTotals,
  baseValues,
  combatValues,
  type CombatValuesInput,
  woundEffects,
  effectiveEnc,
  initiativeFixed,
  lifeStatus,
  inFrenzy,
  lowEvPenalties,
  penalisingWounds,
  reducedVitesse,
  rangedAttackValue,
  shieldModifiers,
  splitSkill,
  strengthBonus,
  woundThresholdModifier,
  woundThresholds,
  dodgeValue,
  UNARMED_PI,
  type ConfinedClass,
  type CombatSkillKey,
  type LifeStatus,
  type Qualities,
  type RangedSkillKey,
} from "../../rules/oeilnoir/index.ts";
import {
  COMBAT_SKILL_KEYS,
  UNARMED_ID,
  abilityFlags,
  enduranceInUse,
  formula,
  initiativeLine,
  statusOf,
  type AbilityFlags,
  type PlainItem,
  type Resource,
} from "./derive-common.ts";

/** A héros' weapon line usable to fight (melee, computed, not broken nor dropped). */
export function usableMelee(w: WeaponLine): boolean {
  return !w.ranged && !w.error && !w.broken && !w.dropped && (w.equipped || w.unarmed);
}

/**
 * The parry buttons' weapons: the usable melee lines, bare hands last. Bare hands keep their key as name (the card
 * gives them a label of their own, so every reader sees them in their language).
 */
export function parryChoices(weapons: readonly WeaponLine[]): { id: string; name: string }[] {
  return weapons.filter(usableMelee).map((w) => ({ id: w.id, name: w.name }));
}

export interface SkillSource {
  points: number;
  toAttack: number;
  /** EncE allowance; absent on sources written before it was editable (the rules core's default then). */
  allowance?: number;
}

const NO_SKILL: SkillSource = { points: 0, toAttack: 0 };

const ofType = <T>(items: readonly PlainItem[], type: string) =>
  items.filter((i) => i.type === type).map((i) => ({ id: i.id, name: i.name, system: i.system as T }));

export interface MeleeWeaponSource {
  skill: CombatSkillKey;
  pi: { dice: number; bonus: number };
  piFo: { threshold: number; step: number };
  ini: number;
  at: number;
  prd: number;
  breakage: number;
  equipped: boolean;
  broken: boolean;
  /** Absent on items made before a fumble could drop them. */
  dropped?: boolean;
}

export interface RangedWeaponSource {
  skill: RangedSkillKey;
  pi: { dice: number; bonus: number };
  at: number;
  range: number;
  /** Absent on items made before these fields existed. */
  ammo?: number;
  broken?: boolean;
  dropped?: boolean;
  equipped: boolean;
}

export interface ArmourSource {
  pr: number;
  enc: number;
  equipped: boolean;
}

export interface ShieldSource {
  at: number;
  prd: number;
  ini: number;
  breakage: number;
  equipped: boolean;
}

export interface WeaponLine {
  id: string;
  name: string;
  skill: string;
  at: number;
  prd: number;
  /** Roll formula of the PI, strength bonus included. */
  pi: string;
  piDice: number;
  piBonus: number;
  strength: number;
  ini: number;
  encE: number;
  breakage: number;
  broken: boolean;
  equipped: boolean;
  ranged: boolean;
  /** Crossbow bolt: wound thresholds −2. */
  bolt: boolean;
  /** Bare hands (Bagarre): PI(End), no weapon to drop or break. */
  unarmed: boolean;
  /** Dropped or thrown away by a fumble: unusable until picked up. */
  dropped: boolean;
  /** The skill's confined-space class (melee). */
  confined: ConfinedClass | null;
  /** Ranged weapons: range in steps and shots left; null for melee weapons. */
  range: number | null;
  ammo: number | null;
  /** Why the values could not be computed (a split breaking the 5-point rule); null when fine. */
  error: string | null;
}

export interface SkillLine {
  key: string;
  label: string;
  points: number;
  toAttack: number;
  toParry: number;
  /** EncE allowance in use (the sheet's, else the rules core's). */
  allowance: number;
  at: number;
  prd: number;
  attackOnly: boolean;
  error: string | null;
}

export interface HerosSource {
  qualities: Qualities;
  ev: Resource;
  endurance: Resource;
  ae: Resource;
  wounds: number;
  /** Absent in sources written before the field existed. */
  fightsOn?: boolean;
  /** Saved while dying; absent in sources written before the field existed. */
  stabilized?: boolean;
  frenzy?: boolean;
  vitesse: number;
  volonte: number;
  artDeLaGuerre: number;
  /** Médecine / Blessures; absent in sources written before the field existed. */
  medecine?: number;
  /** A skill missing from an older source counts as untrained. */
  skills: Partial<Record<CombatSkillKey, SkillSource>>;
  ranged: Record<RangedSkillKey, { points: number }>;
}

export interface HerosDerived {
  base: ReturnType<typeof baseValues>;
  /** Base values after wounds. */
  current: { at: number; prd: number; distance: number; ini: number; ag: number; vitesse: number };
  abilities: AbilityFlags;
  armour: { pr: number; enc: number; effectiveEnc: number };
  /** The equipped armour pieces (their PR and Enc add up). */
  armourPieces: { id: string; name: string; pr: number; enc: number }[];
  /** Dodge instead of a parry (rules core `dodgeValue`). */
  dodge: number;
  shield: { at: number; prd: number; ini: number };
  thresholds: [number, number, number];
  /** Modifier the thresholds carry (En Fer, Os de Verre); attack kinds add theirs when a blow lands. */
  thresholdModifier: number;
  skills: SkillLine[];
  weapons: WeaponLine[];
  /** The weapon used for initiative and default attacks: the first equipped, unbroken melee weapon. */
  mainWeaponId: string | null;
  initiative: { fixed: number; dice: 1 | 2; formula: string };
  status: LifeStatus;
  /** Out of the fight by EV, but fighting on after a passed Volonté check. */
  fightsOn: boolean;
  /** Dying but saved by a passed Médecine / Blessures check. */
  stabilized: boolean;
  /** Low-EV module: penalties to quality checks (AT, PRD included), to skill checks (Volonté), Vitesse lost. */
  lowEv: { level: number; quality: number; skill: number; vitesse: number };
  /** In frenzy now (Frénétique and its state on): no wound or low-EV penalty. */
  frenzy: boolean;
}

/** Bare hands, always at hand: the Bagarre skill's AT and PRD, 1D6 PI(End), EncE = Enc − its allowance. */
function unarmedLine(
  source: HerosSource,
  base: ReturnType<typeof baseValues>,
  enc: number,
  wounds: number,
): WeaponLine {
  const def = COMBAT_SKILLS.bagarre;
  const s = source.skills.bagarre ?? NO_SKILL;
  // Built whole, then completed: spreading a fresh object into another was most of the héros' derived-data time.
  const line: WeaponLine = {
    id: UNARMED_ID,
    name: "QUINTETTE.OeilNoir.Unarmed",
    skill: "QUINTETTE.OeilNoir.CombatSkill.bagarre",
    pi: formula(UNARMED_PI.dice, UNARMED_PI.bonus),
    piDice: UNARMED_PI.dice,
    piBonus: UNARMED_PI.bonus,
    strength: 0,
    ini: 0,
    breakage: 0,
    broken: false,
    equipped: true,
    ranged: false,
    bolt: false,
    unarmed: true,
    dropped: false,
    confined: def.confined,
    range: null,
    ammo: null,
    at: 0,
    prd: 0,
    encE: 0,
    error: null,
  };
  return withCombatValues(line, {
    atBase: base.at,
    prdBase: base.prd,
    points: s.points,
    toAttack: s.toAttack,
    attackOnly: false,
    enc,
    allowance: s.allowance ?? def.allowance,
    weaponAt: 0,
    weaponPrd: 0,
    wounds,
  });
}

/** A weapon line's AT, PRD and EncE from the rules core, plus a shield's; the rules' refusal in its place. */
function withCombatValues(
  line: WeaponLine,
  input: CombatValuesInput,
  shield: { at: number; prd: number } = { at: 0, prd: 0 },
): WeaponLine {
  try {
    const v = combatValues(input);
    line.at = v.at + shield.at;
    line.prd = v.prd + shield.prd;
    line.encE = v.encE;
  } catch (error) {
    line.error = errorText(error);
  }
  return line;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Everything a héros' sheet and rolls need, from its data and its items. `lowEvModule`: the optional module. */
export function deriveHeros(source: HerosSource, items: readonly PlainItem[], lowEvModule = false): HerosDerived {
  const base = baseValues(source.qualities);
  const abilities = abilityFlags(items);
  // In frenzy (Frénétique, toggled on the sheet) the wounds stay recorded but their penalties do not apply.
  const frenzy = inFrenzy({ ability: abilities.frenetique, state: source.frenzy === true });
  const wounds = penalisingWounds(source.wounds, frenzy);
  const wounded = woundEffects(wounds);
  const armours = ofType<ArmourSource>(items, "on-armure").filter((a) => a.system.equipped);
  const totals = armourTotals(armours.map((a) => a.system));
  // Habitude I counts for the armour the hero is used to: the one he wears (issue 25: no tick to find first).
  const encAfterHabit = effectiveEnc({
    enc: totals.enc,
    habitude: abilities.habitude,
    habitualArmour: armours.length > 0,
  });
  const shields = ofType<ShieldSource>(items, "on-bouclier").filter((s) => s.system.equipped);
  const shield = shieldModifiers(shields.map((s) => s.system));

  const skills: SkillLine[] = COMBAT_SKILL_KEYS.map((key) => {
    const def = COMBAT_SKILLS[key];
    const s = source.skills[key] ?? NO_SKILL;
    const line: SkillLine = {
      key,
      label: def.label,
      points: s.points,
      toAttack: def.attackOnly ? s.points : s.toAttack,
      toParry: def.attackOnly ? 0 : Math.max(0, s.points - s.toAttack),
      allowance: s.allowance ?? def.allowance,
      attackOnly: def.attackOnly,
      at: base.at + wounded.atBase,
      prd: base.prd + wounded.prdBase,
      error: null,
    };
    try {
      const v = splitSkill({
        atBase: line.at,
        prdBase: line.prd,
        points: s.points,
        toAttack: line.toAttack,
        attackOnly: def.attackOnly,
      });
      line.at = v.at;
      line.prd = v.prd;
    } catch (error) {
      line.error = errorText(error);
    }
    return line;
  });

  const fo = source.qualities.FO;
  const melee = ofType<MeleeWeaponSource>(items, "on-arme-melee").map((w): WeaponLine => {
    const def = COMBAT_SKILLS[w.system.skill] ?? COMBAT_SKILLS.epees;
    const s = source.skills[w.system.skill] ?? NO_SKILL;
    const strength = strengthBonus({ fo, threshold: w.system.piFo.threshold, step: w.system.piFo.step });
    const bonus = w.system.pi.bonus + strength;
    const line: WeaponLine = {
      id: w.id,
      name: w.name,
      // A localization key: the sheet shows the skill in the reader's language.
      skill: `QUINTETTE.OeilNoir.CombatSkill.${w.system.skill}`,
      pi: formula(w.system.pi.dice, bonus),
      piDice: w.system.pi.dice,
      piBonus: bonus,
      strength,
      ini: w.system.ini + shield.ini,
      breakage: w.system.breakage,
      broken: w.system.broken,
      equipped: w.system.equipped,
      ranged: false,
      bolt: false,
      unarmed: false,
      dropped: w.system.dropped ?? false,
      confined: def.confined,
      range: null,
      ammo: null,
      at: 0,
      prd: 0,
      encE: 0,
      error: null,
    };
    return withCombatValues(
      line,
      {
        atBase: base.at,
        prdBase: base.prd,
        points: s.points,
        toAttack: def.attackOnly ? s.points : s.toAttack,
        attackOnly: def.attackOnly,
        enc: encAfterHabit,
        allowance: s.allowance ?? def.allowance,
        weaponAt: w.system.at,
        weaponPrd: w.system.prd,
        wounds,
      },
      shield,
    );
  });
  const ranged = ofType<RangedWeaponSource>(items, "on-arme-distance").map((w): WeaponLine => ({
    id: w.id,
    name: w.name,
    skill: `QUINTETTE.OeilNoir.RangedSkill.${w.system.skill}`,
    at: rangedAttackValue({
      distance: base.distance,
      points: source.ranged[w.system.skill].points,
      wounds,
      weapon: w.system.at,
    }),
    prd: 0,
    pi: formula(w.system.pi.dice, w.system.pi.bonus),
    piDice: w.system.pi.dice,
    piBonus: w.system.pi.bonus,
    strength: 0,
    ini: 0,
    encE: 0,
    breakage: 0,
    broken: w.system.broken ?? false,
    equipped: w.system.equipped,
    ranged: true,
    bolt: RANGED_SKILLS[w.system.skill].bolt,
    unarmed: false,
    dropped: w.system.dropped ?? false,
    confined: null,
    range: w.system.range,
    ammo: w.system.ammo ?? null,
    error: null,
  }));
  const unarmed = unarmedLine(source, base, encAfterHabit, wounds);
  const weapons = [...melee, ...ranged, unarmed];
  const main = melee.find((w) => w.equipped && !w.broken && !w.dropped) ?? null;

  const initiativeInput = {
    iniBase: base.ini,
    weaponIni: Math.max(-3, Math.min(3, main?.ini ?? 0)),
    enc: encAfterHabit,
    reflexeDeCombat: abilities.reflexeDeCombat,
    instinctDuCombat: abilities.instinctDuCombat,
    danseurDeLames: abilities.danseurDeLames,
    wounds,
  };
  const fixed = initiativeFixed(initiativeInput);
  const dice: 1 | 2 = abilities.danseurDeLames ? 2 : 1;
  const thresholdModifier = woundThresholdModifier({ enFer: abilities.enFer, osDeVerre: abilities.osDeVerre });
  const low = lowEvModule ? lowEvPenalties({ ev: source.ev.value, evBase: Math.max(1, source.ev.max), frenzy }) : null;

  // The life fields assigned, not spread: a spread here cost more than the derivation.
  return Object.assign(
    {
      base,
      current: {
        at: base.at + wounded.atBase,
        prd: base.prd + wounded.prdBase,
        distance: base.distance + wounded.distance,
        ini: base.ini + wounded.iniBase,
        ag: source.qualities.AG + wounded.ag,
        vitesse: reducedVitesse(source.vitesse, wounds + (low?.vitesse ?? 0)),
      },
      abilities,
      armour: { pr: totals.pr, enc: totals.enc, effectiveEnc: encAfterHabit },
      armourPieces: armours.map((a) => ({ id: a.id, name: a.name, pr: a.system.pr, enc: a.system.enc })),
      dodge: dodgeValue({ prdBase: base.prd + wounded.prdBase, enc: encAfterHabit }),
      shield,
      thresholds: woundThresholds({ cn: source.qualities.CN, modifier: thresholdModifier }),
      thresholdModifier,
      skills,
      weapons,
      mainWeaponId: main?.id ?? null,
      initiative: { fixed, dice, formula: initiativeLine(fixed, dice) },
      lowEv: { level: low?.level ?? 0, quality: low?.quality ?? 0, skill: low?.skill ?? 0, vitesse: low?.vitesse ?? 0 },
      frenzy,
    },
    statusOf(
      lifeStatus({
        ev: source.ev.value,
        cn: source.qualities.CN,
        tenace: abilities.tenace,
        enFer: abilities.enFer,
        endurance: enduranceInUse(source.endurance),
      }),
      source.fightsOn,
      source.stabilized,
    ),
  );
}
