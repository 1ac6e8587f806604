/**
 * What the L'Œil Noir sheet parts read, pure: built from the model's data and derived values, so the sheets and the
 * gallery fixtures share it.
 */
import {
  ABILITIES,
  CONFINED_SPACE,
  isLegalSplit,
  legalSplits,
  nearestLegalSplit,
  gainSkillPoint,
  secondActionPhase,
} from "../../rules/oeilnoir/index.ts";
import {
  QUALITY_KEYS,
  RANGED_SKILL_KEYS,
  type AdversaireDerived,
  type AdversaireSource,
  type HerosDerived,
  type HerosSource,
  type PlainItem,
  type SkillLine,
  type WeaponLine,
} from "./derive.ts";

const L = "QUINTETTE.OeilNoir.";

export interface ResourceView {
  key: string;
  label: string;
  value: number;
  max: number;
  path: string;
  pct: number;
  low: boolean;
}

function resource(key: string, label: string, r: { value: number; max: number }, path: string): ResourceView {
  const pct = r.max > 0 ? Math.max(0, Math.min(100, Math.round((100 * r.value) / r.max))) : 0;
  return { key, label, value: r.value, max: r.max, path, pct, low: pct <= 25 };
}

/** One value of an item's summary: its abbreviation's key (localized by the template) and the value. */
export interface SummaryPart {
  label: string;
  value: string;
}

export interface ItemView {
  id: string;
  name: string;
  type: string;
  summary: SummaryPart[];
  equipped: boolean;
}

function itemViews(
  items: readonly PlainItem[],
  type: string,
  summary: (s: Record<string, unknown>) => SummaryPart[],
): ItemView[] {
  return items
    .filter((i) => i.type === type)
    .map((i) => {
      const s = i.system as Record<string, unknown>;
      return { id: i.id, name: i.name, type, summary: summary(s), equipped: s.equipped !== false };
    });
}

const n = (v: unknown) => (typeof v === "number" ? v : 0);
const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

/** One AT/PRD split of a skill's points in the sheet's select. */
export interface SplitOption {
  value: number;
  label: string;
  selected: boolean;
  /** The stored split, refused by the 5-point rule (shown selected so the select shows what is stored). */
  refused?: boolean;
}

/** A skill line as the sheet shows it: every field of the derived line, the edit paths and the legal splits. */
export interface SkillRow extends SkillLine {
  pathPoints: string;
  pathToAttack: string;
  pathAllowance: string;
  splits: readonly SplitOption[];
  /** A refused split: the one-click fix to the nearest legal one; null when the split is legal. */
  fix: { value: number; label: string } | null;
  /** Whether a newly gained point may go to attack, to parry (issue 33: the split itself is never rearranged). */
  gain: { at: boolean; prd: boolean };
}

/** A weapon line as the sheet shows it. */
export interface WeaponRow extends WeaponLine {
  roll: string;
  main: boolean;
  usable: boolean;
  /** A refused split keeps the button: a click says why and where to fix it (issue 25). */
  blocked: boolean;
  outOfAmmo: boolean;
}

// The sheet's fixed texts by key, built once (every héros' view names the same ones).
const QUALITY_TEXT = Object.fromEntries(
  QUALITY_KEYS.map((key) => [
    key,
    {
      label: `${L}Quality.${key}`,
      short: `${L}QualityShort.${key}`,
      path: `system.qualities.${key}`,
      roll: `check:${key}`,
    },
  ]),
);
const LABEL = {
  ev: `${L}EV`,
  endurance: `${L}Endurance`,
  ae: `${L}AE`,
  at: `${L}AT`,
  prd: `${L}PRD`,
  distance: `${L}Distance`,
  ini: `${L}INI`,
  pr: `${L}PR`,
  enc: `${L}Enc`,
};
const skillText = (key: string) => ({
  label: `${L}CombatSkill.${key}`,
  pathPoints: `system.skills.${key}.points`,
  pathToAttack: `system.skills.${key}.toAttack`,
  pathAllowance: `system.skills.${key}.allowance`,
});
const SKILL_TEXT = new Map<string, ReturnType<typeof skillText>>();
const RANGED_TEXT = Object.fromEntries(
  RANGED_SKILL_KEYS.map((key) => [key, { label: `${L}RangedSkill.${key}`, path: `system.ranged.${key}.points` }]),
);

/**
 * The split options of a skill by its points and its points to attack, shared (frozen): they depend on nothing
 * else, and a new list per skill of every héros was most of the sheet's context time.
 */
const splitOptions = new Map<number, Map<number, readonly SplitOption[]>>();
const NO_SPLITS: readonly SplitOption[] = Object.freeze([]);

function splitsOf(points: number, toAttack: number): readonly SplitOption[] {
  let byAttack = splitOptions.get(points);
  if (!byAttack) splitOptions.set(points, (byAttack = new Map()));
  let list = byAttack.get(toAttack);
  if (!list) {
    list = Object.freeze(splitChoices(points, toAttack).map((o) => Object.freeze(o)));
    byAttack.set(toAttack, list);
  }
  return list;
}

// Rows are written field by field: spreading a derived line into a new object cost ten times the rest of the view.
function skillRow(s: SkillLine): SkillRow {
  let text = SKILL_TEXT.get(s.key);
  if (!text) SKILL_TEXT.set(s.key, (text = skillText(s.key)));
  return {
    key: s.key,
    label: text.label,
    points: s.points,
    toAttack: s.toAttack,
    toParry: s.toParry,
    allowance: s.allowance,
    at: s.at,
    prd: s.prd,
    attackOnly: s.attackOnly,
    error: s.error,
    pathPoints: text.pathPoints,
    pathToAttack: text.pathToAttack,
    pathAllowance: text.pathAllowance,
    splits: s.attackOnly ? NO_SPLITS : splitsOf(s.points, s.toAttack),
    fix: s.attackOnly || isLegalSplit(s.points, s.toAttack) ? null : splitFix(s.points, s.toAttack),
    gain: s.attackOnly
      ? { at: s.points < 30, prd: false }
      : { at: !!gainSkillPoint(s.points, s.toAttack, "at"), prd: !!gainSkillPoint(s.points, s.toAttack, "prd") },
  };
}

/** Whether the fighter may act at all: not dying or dead, nor out of the fight without a passed Volonté. */
function fights(derived: { status: string; fightsOn: boolean }): boolean {
  if (derived.status === "mort" || derived.status === "mourant") return false;
  return derived.status !== "horsCombat" || derived.fightsOn;
}

function weaponRow(w: WeaponLine, mainId: string | null, canFight = true): WeaponRow {
  return {
    id: w.id,
    name: w.name,
    skill: w.skill,
    at: w.at,
    prd: w.prd,
    pi: w.pi,
    piDice: w.piDice,
    piBonus: w.piBonus,
    strength: w.strength,
    ini: w.ini,
    encE: w.encE,
    breakage: w.breakage,
    broken: w.broken,
    equipped: w.equipped,
    ranged: w.ranged,
    bolt: w.bolt,
    unarmed: w.unarmed,
    dropped: w.dropped,
    confined: w.confined,
    range: w.range,
    ammo: w.ammo,
    error: w.error,
    roll: `attack:${w.id}`,
    main: w.id === mainId,
    // Out of the fight, dying or dead: no live attack button (the rules refuse the attack anyway).
    usable: canFight && w.equipped && !w.broken && !w.dropped && !w.error && w.ammo !== 0,
    blocked: canFight && w.equipped && !w.broken && !w.dropped && !!w.error && w.ammo !== 0,
    outOfAmmo: w.ammo === 0,
  };
}

export function herosView(source: HerosSource, derived: HerosDerived, items: readonly PlainItem[]) {
  const { initiative } = derived;
  return {
    qualities: QUALITY_KEYS.map((key) => {
      const text = QUALITY_TEXT[key]!;
      return {
        key,
        label: text.label,
        short: text.short,
        value: source.qualities[key],
        path: text.path,
        roll: text.roll,
      };
    }),
    resources: [
      resource("ev", LABEL.ev, source.ev, "system.ev"),
      resource("endurance", LABEL.endurance, source.endurance, "system.endurance"),
      resource("ae", LABEL.ae, source.ae, "system.ae"),
    ],
    wounds: source.wounds,
    vitesse: derived.current.vitesse,
    volonte: source.volonte,
    artDeLaGuerre: source.artDeLaGuerre,
    medecine: source.medecine ?? 0,
    dodge: derived.dodge,
    status: statusView(derived),
    base: [
      { label: LABEL.at, base: derived.base.at, current: derived.current.at },
      { label: LABEL.prd, base: derived.base.prd, current: derived.current.prd },
      { label: LABEL.distance, base: derived.base.distance, current: derived.current.distance },
      { label: LABEL.ini, base: derived.base.ini, current: derived.current.ini },
    ],
    thresholds: derived.thresholds,
    skills: derived.skills.map(skillRow),
    ranged: RANGED_SKILL_KEYS.map((key) => ({
      key,
      label: RANGED_TEXT[key]!.label,
      points: source.ranged[key].points,
      path: RANGED_TEXT[key]!.path,
      value: derived.current.distance + source.ranged[key].points,
    })),
    weapons: derived.weapons.map((w) => weaponRow(w, derived.mainWeaponId, fights(derived))),
    canAttack: fights(derived),
    armour: derived.armour,
    shield: derived.shield,
    hasShield: derived.shield.prd !== 0 || derived.shield.at !== 0,
    // Abbreviations in the reader's language (English AR, PA…): keys, localized by the template.
    armours: itemViews(items, "on-armure", (s) => [
      { label: LABEL.pr, value: String(n(s.pr)) },
      { label: LABEL.enc, value: String(n(s.enc)) },
    ]),
    shields: itemViews(items, "on-bouclier", (s) => [
      { label: LABEL.at, value: signed(n(s.at)) },
      { label: LABEL.prd, value: signed(n(s.prd)) },
      { label: LABEL.ini, value: signed(n(s.ini)) },
    ]),
    abilities: items
      .filter((i) => i.type === "on-capacite")
      .map((i) => {
        const s = i.system as { key: string; level: number };
        const known = s.key in ABILITIES;
        return {
          id: i.id,
          name: i.name,
          label: `${L}Ability.${s.key}`,
          effect: `${L}AbilityEffect.${known ? s.key : "autre"}`,
          level: s.key === "habitudeDeLaProtection" ? s.level : null,
        };
      }),
    initiative: {
      fixed: initiative.fixed,
      dice: initiative.dice,
      formula: initiative.formula,
      second: secondActionPhase(initiative.fixed + initiative.dice * 6),
    },
    lowEv: derived.lowEv,
  };
}
export type HerosView = ReturnType<typeof herosView>;

/**
 * The split dropdown: the legal splits and, when the stored one is refused, that one too, selected (the select shows
 * what is stored, so choosing any legal split is a change the form sends).
 */
export function splitChoices(
  points: number,
  toAttack: number,
): { value: number; label: string; selected: boolean; refused: boolean }[] {
  const legal = legalSplits(points).map((a) => ({
    value: a,
    label: `${a} / ${points - a}`,
    selected: a === toAttack,
    refused: false,
  }));
  if (isLegalSplit(points, toAttack)) return legal;
  const stored = {
    value: toAttack,
    label: `${toAttack} / ${Math.max(0, points - toAttack)}`,
    selected: true,
    refused: true,
  };
  return [stored, ...legal];
}

/** The nearest legal split of a refused one, for its fix button. */
export function splitFix(points: number, toAttack: number): { value: number; label: string } {
  const a = nearestLegalSplit(points, toAttack);
  return { value: a, label: `${a} / ${points - a}` };
}

export function adversaireView(source: AdversaireSource, derived: AdversaireDerived, items: readonly PlainItem[]) {
  return {
    // Its weapon's class in a confined space (issue 25), chosen on the sheet.
    weaponClass: source.weaponClass ?? "courte",
    weaponClasses: Object.keys(CONFINED_SPACE).map((k) => ({
      value: k,
      label: `${L}Confined.${k}`,
      selected: k === (source.weaponClass ?? "courte"),
    })),
    resources: [
      resource("ev", `${L}EV`, source.ev, "system.ev"),
      resource("endurance", `${L}Endurance`, source.endurance, "system.endurance"),
    ],
    wounds: source.wounds,
    status: statusView(derived),
    values: [
      { label: `${L}AT`, value: source.at, current: derived.current.at, path: "system.at" },
      { label: `${L}PRD`, value: source.prd, current: derived.current.prd, path: "system.prd" },
      { label: `${L}INI`, value: source.iniBase, current: derived.current.ini, path: "system.iniBase" },
      { label: `${L}PR`, value: source.pr, current: source.pr, path: "system.pr" },
      { label: `${L}Quality.CN`, value: source.cn, current: source.cn, path: "system.cn" },
      { label: `${L}Volonte`, value: source.volonte, current: source.volonte, path: "system.volonte" },
      { label: `${L}Quality.AG`, value: source.ag ?? 12, current: derived.current.ag, path: "system.ag" },
      { label: `${L}Quality.IN`, value: source.in ?? 12, current: derived.current.in, path: "system.in" },
      { label: `${L}Dodge`, value: source.esquive ?? derived.dodge, current: derived.dodge, path: "system.esquive" },
    ],
    canAttack: fights(derived),
    armed: source.armed ?? true,
    weaponDropped: source.weaponDropped ?? false,
    weaponBroken: source.weaponBroken ?? false,
    weaponName: source.weaponName,
    pi: derived.pi,
    piDice: source.pi.dice,
    piBonus: source.pi.bonus,
    thresholds: derived.thresholds,
    initiative: derived.initiative,
    abilities: items
      .filter((i) => i.type === "on-capacite")
      .map((i) => {
        const s = i.system as { key: string };
        return { id: i.id, name: i.name, effect: `${L}AbilityEffect.${s.key in ABILITIES ? s.key : "autre"}` };
      }),
    lowEv: derived.lowEv,
  };
}
export type AdversaireView = ReturnType<typeof adversaireView>;

/**
 * The status badge: a passed Volonté check shows "fights on" instead of "out of the fight", a saved dying character
 * "stabilised" instead of "dying".
 */
function statusView(derived: { status: string; fightsOn: boolean; stabilized?: boolean }) {
  const key = derived.fightsOn ? "fightsOn" : derived.stabilized ? "stabilized" : derived.status;
  return { key, label: `${L}Status.${key}`, standing: derived.status === "debout" || derived.fightsOn };
}
