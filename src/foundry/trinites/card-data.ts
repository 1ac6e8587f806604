/**
 * The Trinités test card's data, pure: action names, the shape a card stores (`TestSetup`, `TestData`) and its
 * plain read. No Foundry global; written only by `card.ts`.
 */
import type { trinites as T } from "../../rules/index.ts";
import type { CardState } from "../chat/types.ts";

export const RULESET = "trinites";
export const PICK = "trinites.pick";
export const OPPOSITION = "trinites.opposition";
export const INITIATIVE = "trinites.initiative";
/** The roller's pick of a successful Encourager/Intimider's option (initiative, next action, next reaction). */
export const INFLUENCE = "trinites.influence";
/** Token marking a card whose end-of-turn initiative changes were applied. */
export const TURN_END = "trinites.turnEnd";
export const APPLY_DAMAGE = "quintette.applyDamage";
/** Damage of this card to one of its own targets (recorded at roll time), computed by the GM. */
export const DAMAGE = "trinites.damage";
export const BODY = "systems/quintette/templates/trinites/chat/test-body.hbs";
export const K = (key: string) => `QUINTETTE.Trinites.Card.${key}`;

export type Spirit = T.Spirit;

/** What a test was rolled with: everything needed to resolve either die again, on any client. */
export interface TestSetup {
  rollerId: string;
  actorUuid: string | null;
  actorName: string;
  img: string | null;
  /** A Trinité rolls two dice and picks; an ordinary human rolls one. */
  trinite: boolean;
  adamKarma: T.AdamKarmaType;
  skill: T.SkillId | null;
  speciality: string;
  /** Skill score (base + sign bonus). */
  score: number;
  /** Difficulty plus the related-skill penalty. */
  difficulty: number;
  freeActions: number;
  previousFailures: number;
  /** Primes and penalties on the final, plus any other modifier. */
  modifier: number;
  /** Lines of the modifier breakdown shown on the card (label key → value). */
  breakdown: { key: string; value: number }[];
  prime: T.PrimeId | null;
  penalties: T.PenaltyId[];
  weapon: WeaponSetup | null;
  /** The targets at roll time; `kind` and `protection` (read then) only preview the damage buttons. */
  targets: TargetRef[];
  /** A reaction answers the test of another card. */
  opposes: { messageId: string; key: string } | null;
  /** An initiative test (Rapidité) for a combatant. */
  initiative: { combatantId: string; combatId: string; surprised: boolean } | null;
  /** The combat action the roller named (its reaction skill, the primes that fit); null for a plain test. */
  combatAction?: T.CombatActionId | null;
  /** The combat action tested, when it moves initiative (Encourager, Intimider). */
  action?: TurnAction | null;
  /** Initiative change of the roller at the end of the turn (Accélération on success, Ralentissement always). */
  selfShift?: { always: number; onSuccess: number };
  /** Target's reaction modifier from the primes and penalties (Débordement −3, Facilité +3). */
  targetReaction?: number;
  /** The roller's own next reaction (Prudence +3, Danger −3). */
  nextReaction?: number;
  /** The turn this test was made in, when the roller was acting: its changes apply as that turn ends. */
  turn?: { combatId: string; round: number; combatantId: string } | null;
}

/** Combat actions whose effect on the target's initiative the machine applies at the end of the turn. */
export type TurnAction = "encourager" | "intimider";
export const TURN_ACTIONS: readonly TurnAction[] = ["encourager", "intimider"];

export interface TargetRef {
  uuid: string;
  name: string;
  kind?: "trinite" | "humain" | null;
  protection?: number;
}

export interface WeaponSetup {
  /** The roller's weapon item: the GM reads its damage, blade and area from it when applying. */
  itemId?: string;
  name: string;
  damage: number;
  swordKind: boolean;
  area: boolean;
  steps: T.DamageStep[];
  precise: boolean;
  nonLethal: boolean;
}

export interface ResolvedView {
  natural: number;
  final: number;
  success: boolean;
  fumble: boolean;
  automaticFailure: boolean;
  margin: number;
}

/** One opponent's answer to this card's test, and who won. */
export interface OppositionEntry {
  key: string;
  name: string;
  messageId: string;
  final: number;
  success: boolean;
  /** `a`: this card's roller wins; `b`: the opponent; `egalite`, `aucun`. */
  winner: "a" | "b" | "egalite" | "aucun";
}

/** The rule-set part of the card (`card.data`). */
export interface TestData {
  setup: TestSetup;
  chains: { deva: number[]; archonte: number[] };
  /** Both dice resolved (human: `deva` only). */
  results: { deva: ResolvedView; archonte: ResolvedView | null };
  suggested: Spirit;
  pick: Spirit | null;
  result: ResolvedView | null;
  debt: Spirit | null;
  opposition: OppositionEntry[];
  /** Ranked finals of a multiple confrontation (names), best first; ties share a rank. */
  ranking: { rank: number; names: string[]; final: number }[];
  /** Initiative changes due at the end of the turn (shown on the card), once resolved during a combat turn. */
  turnEnd?: { self: number; targets: number; delta: number; selfLabel: string; deltaLabel: string } | null;
  /** The end-of-turn changes were applied by the machine. */
  turnEndApplied?: boolean;
  /**
   * Encourager/Intimider: the option the roller picked, and which targets got it (`given`) or already had one
   * waiting (`refused`: the first must be played before another).
   */
  influence?: { use: "initiative" | "action" | "reaction"; given: string[]; refused: string[] } | null;
  /** What the card shows of `influence` (names, label key), derived. */
  influenceView?: { key: string; given: string; refused: string } | null;
  /** The roller still picks the option (derived). */
  influenceChoose?: boolean;
  /** The targets may react (the action allows a reaction), derived. */
  reactable?: boolean;
}

export function readData(card: CardState): TestData {
  return card.data as unknown as TestData; // written only by this module, in this shape
}
