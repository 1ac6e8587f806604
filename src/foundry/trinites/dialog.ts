/**
 * The Trinités roll dialog, pure: its inputs (difficulty table, related skill, free actions, prime and penalties,
 * retry, other modifier) and its exact odds from the rules core, and the turn from chosen values to a test setup.
 */
import { trinites as T } from "../../rules/index.ts";
import type { OddsLine, RollDialogConfig, RollInput, RollValues } from "../dialog/inputs.ts";
import { K, type TestSetup, type TurnAction, type WeaponSetup } from "./card.ts";
import { SKILL_KEY, type TrinitesDerived } from "./derived.ts";

const D = (key: string) => `QUINTETTE.Trinites.Dialog.${key}`;
const NONE = "aucune";

/** What the dialog knows of the actor (from its derived data). */
export interface RollerView {
  name: string;
  uuid: string | null;
  img: string | null;
  trinite: boolean;
  adamKarma: T.AdamKarmaType;
  derived: TrinitesDerived;
}

export interface WeaponView {
  /** The actor's weapon item (the GM reads it again when the damage is applied). */
  itemId?: string;
  name: string;
  damage: number;
  skill: T.SkillId;
  swordKind: boolean;
  area: boolean;
}

export interface DialogPreset {
  skill?: T.SkillId;
  /** Free actions declared earlier this turn (kept for the turn, issue 14). */
  freeActions?: number;
  weapon?: WeaponView | null;
  /** An initiative test: Rapidité, the condition table instead of the difficulty table, no primes. */
  initiative?: boolean;
  /** A reaction: no retry rule (direct confrontation). */
  reaction?: boolean;
  /**
   * Modifier the dialog starts with (a reaction: the attacker's Débordement −3 or Facilité +3, and the reacting
   * actor's own Prudence +3 or Danger −3 from its last action).
   */
  modifier?: number;
  /** Already localized hint of the modifier (who encouraged or intimidated the actor), replacing the generic one. */
  modifierHint?: string;
  /** Encourager or Intimider: Commandement, and the target's initiative moves at the end of the turn. */
  action?: TurnAction;
}

export interface TestValues extends RollValues {
  skill: string;
  speciality: string;
  combatAction: string;
  difficulty: string;
  related: string;
  freeActions: number;
  prime: string;
  penalty: string;
  penalty2: string;
  previousFailures: number;
  modifier: number;
  surprised: boolean;
  engaged: number;
}

const primeOptions = () => [
  { value: NONE, label: D("NoPrime") },
  ...T.PRIMES.map((p) => ({ value: p.id, label: `QUINTETTE.Trinites.PrimeOption.${p.id}` })),
];
const penaltyOptions = () => [
  { value: NONE, label: D("NoPenalty") },
  ...T.PENALTIES.map((p) => ({ value: p.id, label: `QUINTETTE.Trinites.PenaltyOption.${p.id}` })),
];

function specialityInputs(roller: RollerView, skill: T.SkillId | null): RollInput[] {
  const names = skill ? (roller.derived.skills[skill]?.specialites ?? []) : [];
  if (!names.length) return [];
  return [
    {
      kind: "select",
      name: "speciality",
      label: D("Speciality"),
      hint: D("SpecialityHint"),
      options: [{ value: "", label: D("NoSpeciality") }, ...names.map((name) => ({ value: name, label: name }))],
      initial: "",
    },
  ];
}

/** The inputs for one test; the difficulty table is the initiative conditions for an initiative test. */
export function testInputs(roller: RollerView, preset: DialogPreset = {}): RollInput[] {
  const skill = preset.initiative
    ? "rapidite"
    : preset.action
      ? "commandement"
      : (preset.skill ?? preset.weapon?.skill ?? "vigilance");
  const skills = T.SKILLS.map((s) => ({ value: s.id, label: SKILL_KEY(s.id) }));
  const inputs: RollInput[] = [
    // Initiative is always Rapidité: no skill to choose (issue 14).
    ...(preset.initiative
      ? []
      : [{ kind: "select", name: "skill", label: D("Skill"), options: skills, initial: skill } as const]),
    // Specialities of the skill the dialog opens on (Arts (Peinture) or Arts (Sculpture)): the roller says which
    // one the test asks for; none is the skill alone. Another skill chosen below rolls without them.
    ...specialityInputs(roller, preset.initiative ? null : skill),
    preset.initiative
      ? {
          kind: "select",
          name: "difficulty",
          label: D("Condition"),
          options: T.INITIATIVE_CONDITIONS.map((c) => ({
            value: c.id,
            label: `QUINTETTE.Trinites.Initiative.${c.id}`,
          })),
          initial: "auDepourvu",
        }
      : {
          kind: "select",
          name: "difficulty",
          label: D("Difficulty"),
          options: T.DIFFICULTIES.map((d) => ({ value: d.id, label: `QUINTETTE.Trinites.Difficulty.${d.id}` })),
          initial: "delicate",
        },
    {
      kind: "select",
      name: "related",
      label: D("Related"),
      options: T.RELATED_SKILL_PENALTIES.map((r) => ({ value: r.id, label: `QUINTETTE.Trinites.Related.${r.id}` })),
      initial: "optimale",
    },
  ];
  if (!preset.initiative && !preset.reaction) {
    // The combat action names the opponents' reaction skill and which primes fit.
    inputs.splice(1, 0, {
      kind: "select",
      name: "combatAction",
      label: D("CombatAction"),
      options: [
        { value: NONE, label: D("NoCombatAction") },
        ...T.COMBAT_ACTION_IDS.map((id) => ({ value: id, label: `QUINTETTE.Trinites.CombatAction.${id}` })),
      ],
      initial: preset.action ?? T.defaultCombatAction(preset.weapon?.skill ?? null) ?? NONE,
    });
  }
  if (preset.initiative) {
    inputs.push({
      kind: "checkbox",
      name: "surprised",
      label: D("Surprised"),
      hint: D("SurprisedHint"),
      initial: false,
    });
  } else {
    // Free actions are the acting character's turn: a reaction, made in someone else's turn, has none.
    if (!preset.reaction)
      inputs.push({
        kind: "counter",
        name: "freeActions",
        label: D("FreeActions"),
        hint: D("FreeActionsHint"),
        min: 1,
        max: 6,
        initial: preset.freeActions ?? 1,
      });
    inputs.push(
      { kind: "select", name: "prime", label: D("Prime"), options: primeOptions(), initial: NONE },
      {
        kind: "select",
        name: "penalty",
        label: D("Penalty"),
        hint: D("PenaltyHint"),
        options: penaltyOptions(),
        initial: NONE,
      },
      // An advanced action (Désarmer, Maîtriser) always takes one more penalty: the action decides, not a checkbox.
      {
        kind: "select",
        name: "penalty2",
        label: D("Penalty2"),
        hint: D("AdvancedHint"),
        options: penaltyOptions(),
        initial: NONE,
        // Only an advanced action counts it: hidden for any other (Frapper…) and in a reaction, which names none.
        shownWhen: { name: "combatAction", values: T.COMBAT_ACTION_IDS.filter((id) => T.isAdvancedAction(id)) },
      },
    );
    if (preset.reaction) {
      inputs.push({
        kind: "counter",
        name: "engaged",
        label: D("Engaged"),
        hint: D("EngagedHint"),
        min: 1,
        max: 6,
        initial: 1,
      });
    } else {
      inputs.push({
        kind: "select",
        name: "previousFailures",
        label: D("Retry"),
        options: [0, 1, 2].map((n) => ({ value: String(n), label: D(`Retry${n}`) })),
        initial: "0",
      });
    }
  }
  inputs.push({
    kind: "number",
    name: "modifier",
    label: D("Modifier"),
    ...(preset.modifierHint ? { hint: preset.modifierHint } : preset.modifier ? { hint: D("ModifierFromAttack") } : {}),
    min: -T.MODIFIER_MAX,
    max: T.MODIFIER_MAX,
    initial: preset.modifier ?? 0,
  });
  return inputs;
}

/** Everything the values add up to, or the reason the prime/penalty choice is invalid. */
export interface Resolution {
  skill: T.SkillId;
  /** The speciality the test names, if the rolled skill holds it (rules core `specialityOf`); "" otherwise. */
  speciality: string;
  score: number;
  difficulty: number;
  freeActions: number;
  previousFailures: number;
  modifier: number;
  breakdown: { key: string; value: number }[];
  prime: T.PrimeId | null;
  penalties: T.PenaltyId[];
  effects: T.MartialTotals | null;
  /** The combat action the test stands for (the dialog's choice), or null. */
  combatAction: T.CombatActionId | null;
  invalid: string | null;
  /** An advanced action still lacks its own penalty (the dialog says so instead of a generic refusal). */
  advancedMissing: boolean;
}

const isCombatAction = (v: unknown): v is T.CombatActionId => T.COMBAT_ACTION_IDS.some((id) => id === v);

const isPrime = (v: string): v is T.PrimeId => T.PRIMES.some((p) => p.id === v);
const isPenalty = (v: string): v is T.PenaltyId => T.PENALTIES.some((p) => p.id === v);

export function resolveValues(roller: RollerView, raw: RollValues, preset: DialogPreset = {}): Resolution {
  const values = raw as Partial<TestValues>;
  const skill: T.SkillId = preset.initiative
    ? "rapidite"
    : T.isSkillId(String(values.skill))
      ? (String(values.skill) as T.SkillId)
      : "vigilance";
  const score = roller.derived.skills[skill]?.score ?? 0;
  const difficultyRow = preset.initiative
    ? T.INITIATIVE_CONDITIONS.find((c) => c.id === values.difficulty)
    : T.DIFFICULTIES.find((d) => d.id === values.difficulty);
  const related = T.RELATED_SKILL_PENALTIES.find((r) => r.id === values.related);
  const difficulty = (difficultyRow?.value ?? 0) + (related?.value ?? 0);
  const freeActions =
    preset.initiative || preset.reaction ? 1 : Math.max(1, Math.trunc(Number(values.freeActions ?? 1)) || 1);
  const previousFailures =
    preset.initiative || preset.reaction ? 0 : Math.trunc(Number(values.previousFailures ?? 0)) || 0;
  const prime = isPrime(String(values.prime)) ? (String(values.prime) as T.PrimeId) : null;
  const combatAction =
    preset.initiative || preset.reaction
      ? null
      : values.combatAction === undefined
        ? (preset.action ?? T.defaultCombatAction(preset.weapon?.skill ?? null))
        : isCombatAction(values.combatAction)
          ? values.combatAction
          : null;
  const advanced = T.isAdvancedAction(combatAction);
  // The second penalty counts only for an advanced action; either slot may hold the action's own penalty.
  const penalties = [values.penalty, advanced ? values.penalty2 : NONE].map(String).filter(isPenalty) as T.PenaltyId[];
  const choice = { primes: prime ? [prime] : [], penalties, advanced, action: combatAction ?? undefined };
  const check = T.checkMartialChoice(choice);
  const effects = check.valid ? T.martialEffects(choice) : null;
  const extra = Math.trunc(Number(values.modifier ?? 0)) || 0;
  const engaged = preset.reaction
    ? T.engagedReactionPenalty(Math.min(6, Math.max(1, Math.trunc(Number(values.engaged ?? 1)) || 1)))
    : 0;
  const breakdown = [
    { key: D("Difficulty"), value: difficultyRow?.value ?? 0 },
    { key: D("Related"), value: related?.value ?? 0 },
    { key: D("FreeActions"), value: T.freeActionPenalty(freeActions) },
    { key: D("Retry"), value: T.retryModifier(previousFailures).modifier },
    { key: D("Martial"), value: effects?.final ?? 0 },
    { key: D("Engaged"), value: engaged },
    { key: D("Modifier"), value: extra },
  ].filter((line) => line.value !== 0);
  return {
    skill,
    speciality: preset.initiative
      ? ""
      : T.specialityOf(roller.derived.skills[skill]?.specialites ?? [], values.speciality),
    score,
    difficulty,
    freeActions,
    previousFailures,
    modifier: (effects?.final ?? 0) + engaged + extra,
    breakdown,
    prime,
    penalties,
    effects,
    combatAction,
    invalid: check.valid ? null : (check.reason ?? "invalid"),
    advancedMissing: advanced && penalties.length < (prime ? 2 : 1),
  };
}

/** Exact odds of the dialog's current values (successChance: one die, or the better of two). */
export function testOdds(roller: RollerView, values: RollValues, preset: DialogPreset = {}): OddsLine[] {
  const r = resolveValues(roller, values, preset);
  if (r.invalid) {
    const label = r.advancedMissing ? D("AdvancedPenaltyMissing") : D("InvalidChoice");
    return [{ id: "invalid", label, probability: 0, tone: "neutral" }];
  }
  if (preset.initiative) {
    // What an initiative test is for: where the score lands, not success or failure.
    const o = T.initiativeOdds({ score: r.score, difficulty: r.difficulty, dice: roller.trinite ? 2 : 1 });
    return [
      { id: "early", label: D("InitiativeEarly"), probability: o.early, tone: "success" },
      { id: "middle", label: D("InitiativeMiddle"), probability: o.middle, tone: "neutral" },
      { id: "late", label: D("InitiativeLate"), probability: o.late, tone: "failure" },
    ];
  }
  const p = T.successChance({
    score: r.score,
    difficulty: r.difficulty,
    dice: roller.trinite ? 2 : 1,
    freeActions: r.freeActions,
    modifier: r.modifier,
    previousFailures: r.previousFailures,
  });
  return [
    { id: "success", label: K("Success"), probability: p, tone: "success" },
    { id: "failure", label: K("Failure"), probability: 1 - p, tone: "failure" },
  ];
}

export function testDialogConfig(roller: RollerView, preset: DialogPreset = {}): RollDialogConfig {
  return {
    title: preset.initiative ? D("InitiativeTitle") : preset.reaction ? D("ReactionTitle") : D("Title"),
    subtitle: preset.weapon ? `${roller.name} — ${preset.weapon.name}` : roller.name,
    inputs: testInputs(roller, preset),
    odds: (values) => testOdds(roller, values, preset),
    cssClass: "trinites",
  };
}

/**
 * One initiative dialog for a group the GM rolls together (roll NPCs, roll all): the shared conditions, and where the
 * group's scores land on average (rules core `groupInitiativeOdds`); each fighter still rolls with its own Rapidité.
 */
export function groupInitiativeDialogConfig(rollers: readonly RollerView[]): RollDialogConfig {
  const preset: DialogPreset = { initiative: true };
  const first = rollers[0];
  return {
    title: D("InitiativeGroupTitle"),
    subtitle: rollers.map((r) => r.name).join(", "),
    inputs: first ? testInputs(first, preset) : [],
    odds: (values) => {
      const o = T.groupInitiativeOdds(
        rollers.map((roller) => {
          const r = resolveValues(roller, values, preset);
          return { score: r.score, difficulty: r.difficulty, dice: roller.trinite ? 2 : 1 };
        }),
      );
      return [
        { id: "early", label: D("InitiativeGroupEarly"), probability: o.early, tone: "success" },
        { id: "middle", label: D("InitiativeGroupMiddle"), probability: o.middle, tone: "neutral" },
        { id: "late", label: D("InitiativeGroupLate"), probability: o.late, tone: "failure" },
      ];
    },
    cssClass: "trinites",
  };
}

/** The test setup from the dialog's values: what the card stores and resolves with. */
export function setupFrom(
  roller: RollerView,
  values: RollValues,
  preset: DialogPreset,
  context: Pick<TestSetup, "rollerId" | "targets" | "opposes" | "initiative"> & Pick<Partial<TestSetup>, "turn">,
): TestSetup {
  const r = resolveValues(roller, values, preset);
  if (r.invalid) throw new RangeError(r.invalid);
  // Désarmer or Feinter from a weapon's button uses the weapon but deals no damage with it (issue 33).
  const w = T.dealsWeaponDamage(r.combatAction) ? preset.weapon : null;
  const weapon: WeaponSetup | null = w
    ? {
        ...(w.itemId ? { itemId: w.itemId } : {}),
        name: w.name,
        damage: w.damage,
        swordKind: w.swordKind,
        area: w.area,
        steps: r.effects?.damageSteps ?? [],
        precise: r.effects?.protectionHalved ?? false,
        nonLethal: r.effects?.nonLethal ?? false,
      }
    : null;
  return {
    ...context,
    actorUuid: roller.uuid,
    actorName: roller.name,
    img: roller.img,
    trinite: roller.trinite,
    adamKarma: roller.adamKarma,
    skill: r.skill,
    speciality: r.speciality,
    score: r.score,
    difficulty: r.difficulty,
    freeActions: r.freeActions,
    previousFailures: r.previousFailures,
    modifier: r.modifier,
    breakdown: r.breakdown,
    prime: r.prime,
    penalties: r.penalties,
    weapon,
    action:
      preset.action ?? (r.combatAction === "encourager" || r.combatAction === "intimider" ? r.combatAction : null),
    combatAction: r.combatAction,
    selfShift: r.effects?.initiativeAtTurnEnd ?? { always: 0, onSuccess: 0 },
    targetReaction: r.effects?.targetReaction ?? 0,
    nextReaction: r.effects?.nextReaction ?? 0,
  };
}
