/**
 * Derived values of Trinités actors, pure: the data models' `prepareDerivedData`, the sheets' context and the gallery
 * fixtures all call these, so the fixture contexts are the real ones. Every rule comes from the rules core.
 */
import { trinites as T } from "../../rules/index.ts";
import { deepFreeze } from "../memo.ts";

export type ActorKind = "trinite" | "humain";

/** The stored part of an actor the derivations read (the data model's source, or a plain fixture). */
export interface TrinitesActorSource {
  signes: Record<string, number>;
  competences: Record<string, { base: number; specialites: readonly string[] }>;
  vie: { value: number; max: number; nonLetal: boolean };
  deva?: { value: number; max: number };
  archonte?: { value: number; max: number };
  adam?: { value: number; max: number };
  dettes?: { deva: number; archonte: number };
  credits?: { deva: number; archonte: number };
  xp: {
    total: number;
    depense: number;
    historique?: { quoi: string; cible: string; valeur: number; cout: number; dettes: number }[];
  };
}

export interface SkillView {
  id: T.SkillId;
  label: string;
  sign: T.SignId;
  base: number;
  /** The specialities the table reads (rules core `specialities`): no blanks, no repeats. */
  specialites: string[];
  /** Them as the sheet shows them in play mode. */
  specialitesText: string;
  /** The stored rows, blanks included, as edit mode edits them (index in the stored list). */
  specialiteRows: { index: number; name: string }[];
  score: number;
}

export interface SignView {
  id: T.SignId;
  label: string;
  bonus: number;
  skills: SkillView[];
}

export interface LifeView {
  boxesPerLine: number;
  max: number;
  /** Checked boxes (rules core's damage), `max + 1` when dead. */
  damage: number;
  state: T.LifeState;
  stateLabel: string;
  lines: { index: number; label: string; boxes: { checked: boolean; index: number }[] }[];
  /** Karma kinds that may pay a regeneration now. */
  regeneration: readonly ("lumiere" | "tenebres")[];
  careDifficulty: number | null;
}

export interface KarmaView {
  adamType: T.AdamKarmaType;
  adamValue: number;
  adamLabel: string;
}

export interface TrinitesDerived {
  kind: ActorKind;
  skills: Record<string, SkillView>;
  signs: SignView[];
  life: LifeView;
  karma: KarmaView | null;
  xpAvailable: number;
}

export const SKILL_KEY = (id: string) => `QUINTETTE.Trinites.Skill.${id}`;
export const SIGN_KEY = (id: string) => `QUINTETTE.Trinites.Sign.${id}`;
export const LIFE_STATE_KEY = (id: string) => `QUINTETTE.Trinites.Life.${id}`;
export const ADAM_KEY = (id: string) => `QUINTETTE.Trinites.AdamKarma.${id}`;
// Read once: per skill of every actor, a namespace lookup costs more than the rule (unbundled module loaders).
const { SIGNS, SKILLS, SKILL_BASE_MAX, SIGN_BONUS_MIN, SIGN_BONUS_MAX, skillScore, specialities } = T;
// Built once: every actor's derived data names the same keys.
const SKILL_LABELS: Record<string, string> = Object.fromEntries(T.SKILL_IDS.map((id) => [id, SKILL_KEY(id)]));
const SIGN_LABELS: Record<string, string> = Object.fromEntries(T.SIGN_IDS.map((id) => [id, SIGN_KEY(id)]));

export function boxesPerLine(kind: ActorKind): number {
  return T.BOXES_PER_LINE[kind];
}

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.trunc(Number(v) || 0)));

/** Remaining hit points ↔ checked boxes: a value of −1 means a box had to be checked when all were (dead). */
export function damageFromValue(value: number, kind: ActorKind): number {
  const max = T.maxHitPoints(boxesPerLine(kind));
  return clamp(max - value, 0, max + 1);
}

export function valueFromDamage(damage: number, kind: ActorKind): number {
  return T.maxHitPoints(boxesPerLine(kind)) - damage;
}

/** Life views by kind and damage: a few dozen, shared (frozen) by every actor in that state. */
const lifeViews = new Map<string, LifeView>();

export function deriveLife(value: number, kind: ActorKind): LifeView {
  const damage = damageFromValue(value, kind);
  const key = `${kind}:${damage}`;
  let view = lifeViews.get(key);
  if (!view) lifeViews.set(key, (view = deepFreeze(lifeView(damage, kind))));
  return view;
}

function lifeView(damage: number, kind: ActorKind): LifeView {
  const per = boxesPerLine(kind);
  const state = T.lifeState(damage, per);
  const lineKeys = ["endolori", "blesse", "inconscient"];
  const boxes = T.lifeBoxes(damage, per);
  return {
    boxesPerLine: per,
    max: T.maxHitPoints(per),
    damage,
    state,
    stateLabel: LIFE_STATE_KEY(state),
    lines: boxes.map((line, i) => ({
      index: i + 1,
      label: LIFE_STATE_KEY(lineKeys[i] ?? "indemne"),
      boxes: line.map((checked, b) => ({ checked, index: i * per + b + 1 })),
    })),
    regeneration: T.regenerationKarma(state),
    careDifficulty: state === "mort" ? null : T.careDifficulty(state),
  };
}

function skillView(skill: T.Skill, base: number, bonus: number, rows: readonly string[]): SkillView {
  const specialites = rows.length ? specialities(rows) : [];
  return {
    id: skill.id,
    label: SKILL_LABELS[skill.id]!,
    sign: skill.sign,
    base,
    specialites,
    specialitesText: specialites.join(", "),
    specialiteRows: rows.map((name, index) => ({ index, name })),
    score: skillScore(base, bonus),
  };
}

/** Views of skills without specialities, by skill, base and sign bonus (a few thousand at most). */
const plainSkillViews = new Map<string, SkillView>();

function plainSkillView(skill: T.Skill, base: number, bonus: number): SkillView {
  const key = `${skill.id}:${base}:${bonus}`;
  let view = plainSkillViews.get(key);
  if (!view) plainSkillViews.set(key, (view = deepFreeze(skillView(skill, base, bonus, []))));
  return view;
}

const SKILL_OF: Record<string, T.Skill> = Object.fromEntries(SKILLS.map((skill) => [skill.id, skill]));
const BASE_SPAN = SKILL_BASE_MAX + 1;

/**
 * Sign views whose skills have no speciality, shared (frozen) by every actor with the same sign bonus and bases, by a
 * number made of those values (a string key per skill of every actor cost more than the rules): the bonus and the
 * bases in their ranges, then the sign's index, so no two signs or values share one.
 */
const plainSignViews = new Map<number, SignView>();

function signView(sign: T.Sign, bonus: number, bases: readonly number[], source: TrinitesActorSource): SignView {
  const views = sign.skills.map((id, k): SkillView => {
    const rows = source.competences[id]?.specialites ?? [];
    const skill = SKILL_OF[id]!;
    return rows.length ? skillView(skill, bases[k]!, bonus, rows) : plainSkillView(skill, bases[k]!, bonus);
  });
  return { id: sign.id, label: SIGN_LABELS[sign.id]!, bonus, skills: views };
}

/**
 * Skills and signs of actors whose signs are all shared views, shared in turn: a path through this tree by the
 * actor's twelve sign views leads to them (a record of 36 skills built per actor cost more than the rules).
 */
interface SignPath {
  next: Map<SignView, SignPath>;
  shared?: { skills: Record<string, SkillView>; signs: SignView[] };
}
const plainActors: SignPath = { next: new Map() };
/** The bases of one sign, and the sign views, of the actor being derived (reused: one actor at a time). */
const bases: number[] = [];
const scratchSigns: SignView[] = [];

/** The view of one sign of an actor: shared when none of its skills has a speciality. */
function actorSign(s: number, source: TrinitesActorSource): SignView {
  const sign = SIGNS[s]!;
  const bonus = clamp(source.signes[sign.id] ?? 0, SIGN_BONUS_MIN, SIGN_BONUS_MAX);
  let key = bonus - SIGN_BONUS_MIN;
  let plain = true;
  for (let k = 0; k < sign.skills.length; k++) {
    const stored = source.competences[sign.skills[k]!];
    if (stored?.specialites?.length) plain = false;
    const base = clamp(stored?.base ?? 0, 0, SKILL_BASE_MAX);
    bases[k] = base;
    key = key * BASE_SPAN + base;
  }
  if (!plain) return signView(sign, bonus, bases, source);
  key = key * SIGNS.length + s;
  let view = plainSignViews.get(key);
  if (!view) plainSignViews.set(key, (view = deepFreeze(signView(sign, bonus, bases, source))));
  return view;
}

/** Everything derived from an actor's stored data. */
export function deriveActor(source: TrinitesActorSource, kind: ActorKind): TrinitesDerived {
  const signs = scratchSigns;
  let path: SignPath | undefined = plainActors;
  for (let s = 0; s < SIGNS.length; s++) {
    const view = actorSign(s, source);
    signs[s] = view;
    if (!path) continue;
    if (!Object.isFrozen(view)) path = undefined;
    else {
      let next: SignPath | undefined = path.next.get(view);
      if (!next) path.next.set(view, (next = { next: new Map() }));
      path = next;
    }
  }
  let shared = path?.shared;
  if (!shared) {
    const skills: Record<string, SkillView> = {};
    for (const sign of signs) for (const skill of sign.skills) skills[skill.id] = skill;
    shared = { skills, signs: signs.slice() };
    if (path) path.shared = deepFreeze(shared);
  }
  const { skills } = shared;
  let karma: KarmaView | null = null;
  if (kind === "trinite") {
    const deva = clamp(source.deva?.max ?? 0, 0, T.KARMA_MAX);
    const archonte = clamp(source.archonte?.max ?? 0, 0, T.KARMA_MAX);
    const adam = T.adamKarma(deva, archonte);
    karma = { adamType: adam.type, adamValue: adam.value, adamLabel: ADAM_KEY(adam.type) };
  }
  return {
    kind,
    skills,
    signs: shared.signs,
    life: deriveLife(source.vie.value, kind),
    karma,
    xpAvailable: Math.max(0, source.xp.total - source.xp.depense),
  };
}
