/** Primes and penalties of a combat test: what each does, and the checks and totals of a chosen set. */

import type { CombatActionId } from "./combat";
import type { DamageStep } from "./harm";

/** What a prime or a penalty does, in numbers the adapters can apply. */
export interface MartialEffect {
  /** Added to the final result of the action. */
  readonly final?: number;
  /** Added to the target's reaction against it. */
  readonly targetReaction?: number;
  /** Added to the actor's next reaction before its next turn. */
  readonly nextReaction?: number;
  /** Added to the actor's initiative at the end of its turn (Accélération only if the action succeeded). */
  readonly initiativeAtTurnEnd?: number;
  readonly damageStep?: DamageStep;
  readonly protectionHalved?: boolean;
  readonly nonLethal?: boolean;
  /** Penalties with no number: lose an advantageous position, or an incident on failure. */
  readonly special?: "abandonPosition" | "incident";
  /** Accélération's gain needs a successful action. */
  readonly onSuccessOnly?: boolean;
}

export interface Martial {
  readonly id: string;
  readonly label: string;
  /** Actions it may go with; "toutes" for all. */
  readonly actions: "toutes" | readonly CombatActionId[];
  readonly effect: MartialEffect;
}

export const PRIMES = [
  {
    id: "acceleration",
    label: "Accélération",
    actions: "toutes",
    effect: { initiativeAtTurnEnd: 3, onSuccessOnly: true },
  },
  {
    id: "attaquesMultiples",
    label: "Attaques multiples",
    actions: ["frapper", "tirer", "detruire"],
    effect: { damageStep: "moitie" },
  },
  {
    id: "blessureGrave",
    label: "Blessure grave",
    actions: ["frapper", "tirer", "detruire"],
    effect: { damageStep: "plusMoitie" },
  },
  { id: "blessureNonLetale", label: "Blessure non létale", actions: ["frapper", "tirer"], effect: { nonLethal: true } },
  {
    id: "blessurePrecise",
    label: "Blessure précise",
    actions: ["frapper", "tirer", "detruire"],
    effect: { protectionHalved: true },
  },
  { id: "efficacite", label: "Efficacité", actions: "toutes", effect: { final: 3 } },
  { id: "debordement", label: "Débordement", actions: "toutes", effect: { targetReaction: -3 } },
  { id: "prudence", label: "Prudence", actions: "toutes", effect: { nextReaction: 3 } },
] as const satisfies readonly Martial[];

export const PENALTIES = [
  {
    id: "abandonPosition",
    label: "Abandon de position avantageuse",
    actions: "toutes",
    effect: { special: "abandonPosition" },
  },
  { id: "blessureLegere", label: "Blessure légère", actions: ["frapper", "tirer"], effect: { damageStep: "moitie" } },
  { id: "danger", label: "Danger", actions: "toutes", effect: { nextReaction: -3 } },
  { id: "difficulte", label: "Difficulté", actions: "toutes", effect: { final: -3 } },
  { id: "facilite", label: "Facilité", actions: "toutes", effect: { targetReaction: 3 } },
  { id: "ralentissement", label: "Ralentissement", actions: "toutes", effect: { initiativeAtTurnEnd: -3 } },
  { id: "risque", label: "Risque", actions: "toutes", effect: { special: "incident" } },
] as const satisfies readonly Martial[];

export type PrimeId = (typeof PRIMES)[number]["id"];
export type PenaltyId = (typeof PENALTIES)[number]["id"];

/** Incidents the GM may draw from when a Risque action fails. */
export const RISK_INCIDENTS = [
  { id: "armeCoincee", label: "Arme coincée" },
  { id: "armeDetruite", label: "Arme détruite" },
  { id: "chute", label: "Chute" },
  { id: "degatCollateral", label: "Dégât collatéral" },
  { id: "desarme", label: "Désarmé" },
  { id: "immobilise", label: "Immobilisé" },
  { id: "mauvaiseCible", label: "Mauvaise cible" },
] as const;

export interface MartialChoice {
  readonly primes?: readonly PrimeId[];
  readonly penalties?: readonly PenaltyId[];
  /** An advanced action carries one penalty with no prime in return. */
  readonly advanced?: boolean;
  /** The action the choice goes with, to check that each prime and penalty may apply to it. */
  readonly action?: CombatActionId;
  /** Primes granted by other sources (Versets, freeing a hostage): they cost no penalty. */
  readonly freePrimes?: readonly PrimeId[];
}

export interface MartialTotals {
  readonly final: number;
  readonly targetReaction: number;
  readonly nextReaction: number;
  /** Initiative change at the end of the turn: `always` regardless of success, `onSuccess` added on success. */
  readonly initiativeAtTurnEnd: { readonly always: number; readonly onSuccess: number };
  readonly damageSteps: DamageStep[];
  readonly protectionHalved: boolean;
  readonly nonLethal: boolean;
  readonly specials: ("abandonPosition" | "incident")[];
}

/** Checks a choice: at most one prime of the player's own, one penalty per prime, one more on an advanced action. */
export function checkMartialChoice(choice: MartialChoice): { valid: boolean; reason?: string } {
  const primes = choice.primes ?? [];
  const penalties = choice.penalties ?? [];
  if (primes.length > 1) return { valid: false, reason: "une seule prime par action" };
  const needed = primes.length + (choice.advanced ? 1 : 0);
  if (penalties.length !== needed) {
    return { valid: false, reason: `${needed} pénalité(s) requise(s), ${penalties.length} choisie(s)` };
  }
  if (choice.action) {
    const all: readonly Martial[] = [
      ...primes.map((id) => martial(id)),
      ...(choice.freePrimes ?? []).map((id) => martial(id)),
      ...penalties.map((id) => martial(id)),
    ];
    for (const m of all) {
      if (m.actions !== "toutes" && !m.actions.includes(choice.action)) {
        return { valid: false, reason: `${m.label} ne s'applique pas à cette action` };
      }
    }
  }
  return { valid: true };
}

function martial(id: PrimeId | PenaltyId): Martial {
  const m = [...PRIMES, ...PENALTIES].find((x) => x.id === id);
  if (!m) throw new RangeError(`unknown prime or penalty "${String(id)}"`);
  return m;
}

/** Adds up the effects of the chosen primes and penalties (free primes included). Throws on an invalid choice. */
export function martialEffects(choice: MartialChoice): MartialTotals {
  const check = checkMartialChoice(choice);
  if (!check.valid) throw new RangeError(check.reason);
  const list = [...(choice.primes ?? []), ...(choice.freePrimes ?? []), ...(choice.penalties ?? [])].map(martial);
  const totals = {
    final: 0,
    targetReaction: 0,
    nextReaction: 0,
    initiativeAtTurnEnd: { always: 0, onSuccess: 0 },
    damageSteps: [] as DamageStep[],
    protectionHalved: false,
    nonLethal: false,
    specials: [] as ("abandonPosition" | "incident")[],
  };
  for (const { effect: e } of list) {
    totals.final += e.final ?? 0;
    totals.targetReaction += e.targetReaction ?? 0;
    totals.nextReaction += e.nextReaction ?? 0;
    if (e.initiativeAtTurnEnd) {
      if (e.onSuccessOnly) totals.initiativeAtTurnEnd.onSuccess += e.initiativeAtTurnEnd;
      else totals.initiativeAtTurnEnd.always += e.initiativeAtTurnEnd;
    }
    if (e.damageStep) totals.damageSteps.push(e.damageStep);
    totals.protectionHalved ||= e.protectionHalved ?? false;
    totals.nonLethal ||= e.nonLethal ?? false;
    if (e.special) totals.specials.push(e.special);
  }
  return totals;
}
