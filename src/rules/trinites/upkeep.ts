/**
 * The rules that change a character between rolls, on its stored values: a life box clicked, a Karma point spent
 * (one Lumière and one Ténèbres per round in a fight), dawn and dusk, a regeneration, experience spent and debts paid,
 * harm outside a fight and a point of rest. Each takes the stored values and returns the new ones (or why not): the
 * actor's document methods write them (src/foundry/trinites/actor-methods.ts).
 */
import {
  adamKarma,
  canSpendKind,
  poolKind,
  refillKarma,
  spendKarma,
  type KarmaKind,
  type KarmaPool,
  type RoundSpending,
} from "./karma";
import {
  applyDamage,
  clickLifeBox,
  comaNonLethal,
  comaTick,
  heal,
  lifeState,
  maxHitPoints,
  recoveryRule,
  regenerate,
} from "./life";
import { harmDamage, type HarmSource } from "./harm";
import { payDebts, purchaseCost, spendExperience, type XpPurchase } from "./xp";
import { SKILL_BASE_MAX } from "./skills";
import { KARMA_MAX } from "./karma";
import type { Spirit } from "./test";

/** Why a change is refused: a localization key the adapters show as it is. */
export type UpkeepRefusal = { readonly ok: false; readonly reason: string };
const refuse = (reason: string): UpkeepRefusal => ({ ok: false, reason });
const R = (key: string) => `QUINTETTE.Trinites.${key}`;

/* Life -------------------------------------------------------------------------------------------------------- */

/** Stored life value (hit points left, −1 when dead) ↔ checked boxes. */
export function lifeDamage(value: number, boxesPerLine: number): number {
  const max = maxHitPoints(boxesPerLine);
  return Math.min(max + 1, Math.max(0, Math.trunc(max - (Number(value) || 0))));
}
export function lifeValue(damage: number, boxesPerLine: number): number {
  return maxHitPoints(boxesPerLine) - damage;
}

/** The life value after clicking box `index` (rules `clickLifeBox`); a box that does not exist changes nothing. */
export function lifeBoxClicked(value: number, index: number, boxesPerLine: number): number {
  const max = maxHitPoints(boxesPerLine);
  if (!Number.isInteger(index) || index < 1 || index > max) return value;
  return lifeValue(clickLifeBox(lifeDamage(value, boxesPerLine), index, boxesPerLine), boxesPerLine);
}

/* Karma ------------------------------------------------------------------------------------------------------- */

/** A fight's round, to apply the limit per round; null out of a fight. */
export interface FightMoment {
  readonly combat: string;
  readonly round: number;
}
/** What the actor spent in the round it records. */
export interface RoundRecord extends FightMoment, RoundSpending {}

export interface KarmaState {
  readonly deva: { readonly value: number; readonly max: number };
  readonly archonte: { readonly value: number; readonly max: number };
  readonly adam: { readonly value: number; readonly max: number };
  readonly depenseRound: RoundRecord;
}

/** What was spent in this moment's round (nothing when the record is of another round); null out of a fight. */
export function spentInRound(k: KarmaState, moment: FightMoment | null): RoundSpending | null {
  if (!moment) return null;
  const same = k.depenseRound.combat === moment.combat && k.depenseRound.round === moment.round;
  return same ? { lumiere: k.depenseRound.lumiere, tenebres: k.depenseRound.tenebres } : { lumiere: 0, tenebres: 0 };
}

const scoresOf = (k: KarmaState) => ({ deva: k.deva.max, archonte: k.archonte.max });
/** The reserves as stored, none above its score (a lowered score caps them). */
function reservesOf(k: KarmaState): Record<KarmaPool, number> {
  const adamMax = adamKarma(k.deva.max, k.archonte.max).value;
  return {
    deva: Math.max(0, Math.min(k.deva.value, k.deva.max)),
    archonte: Math.max(0, Math.min(k.archonte.value, k.archonte.max)),
    adam: Math.max(0, Math.min(k.adam.value, adamMax)),
  };
}

export interface KarmaSpent {
  readonly ok: true;
  readonly pool: KarmaPool;
  readonly kind: KarmaKind;
  /** The pool's reserve after the point. */
  readonly reserve: number;
  /** The round's record after the point (null out of a fight: nothing to record). */
  readonly round: RoundRecord | null;
}

/** One Karma point from a pool, or the refusal (an empty reserve, an Adam' without Karma, the round's point spent). */
export function spendKarmaPoint(
  k: KarmaState,
  pool: KarmaPool,
  moment: FightMoment | null,
): KarmaSpent | UpkeepRefusal {
  const spent = spentInRound(k, moment);
  try {
    const r = spendKarma(scoresOf(k), reservesOf(k), pool, 1, spent ? { spentThisRound: spent } : null);
    const round = moment ? { combat: moment.combat, round: moment.round, ...r.spentThisRound } : null;
    return { ok: true, pool, kind: r.kind, reserve: r.reserves[pool], round };
  } catch {
    return refuse(R("Karma.Refused"));
  }
}

/** Dawn or dusk: the reserves of that light back to their scores. */
export function reservesAt(k: KarmaState, moment: "aube" | "crepuscule"): Record<KarmaPool, number> {
  return { ...refillKarma(scoresOf(k), reservesOf(k), moment) };
}

/** The pool a regeneration of `kind` draws on when the player names none: the spirit's while it holds a point, else the Adam' of that kind. */
export function regenerationPool(k: KarmaState, kind: KarmaKind): KarmaPool {
  const spirit: KarmaPool = kind === "lumiere" ? "deva" : "archonte";
  return reservesOf(k)[spirit] > 0 || adamKarma(k.deva.max, k.archonte.max).type !== kind ? spirit : "adam";
}

/**
 * The pools that can pay a regeneration of `kind` now, spirit first: the spirit's of that kind and the Adam' when its
 * Karma is of that kind, each holding a point. The player spends from any of them, in the order they choose (the
 * source's rule for every Karma spending); an empty list means no point of that kind is held.
 */
export function regenerationPools(k: KarmaState, kind: KarmaKind): KarmaPool[] {
  const reserves = reservesOf(k);
  const adamType = adamKarma(k.deva.max, k.archonte.max).type;
  return (kind === "lumiere" ? (["deva", "adam"] as const) : (["archonte", "adam"] as const)).filter(
    (pool) => reserves[pool] > 0 && poolKind(pool, adamType) === kind,
  );
}

/**
 * Regeneration (a Trinité's 8-box lines): one Karma point of an allowed kind heals 4 hit points, from the pool the
 * player chose (`pool`, which must hold Karma of that kind), or by default the spirit's first (`regenerationPool`).
 */
export function regenerateWithKarma(
  k: KarmaState,
  value: number,
  kind: KarmaKind,
  moment: FightMoment | null,
  pool?: KarmaPool,
): (KarmaSpent & { readonly life: number }) | UpkeepRefusal {
  let healed: number;
  try {
    healed = regenerate(lifeDamage(value, 8), 8, kind, 1).damage;
  } catch {
    return refuse(R("Karma.RegenerationRefused"));
  }
  const from = pool ?? regenerationPool(k, kind);
  if (poolKind(from, adamKarma(k.deva.max, k.archonte.max).type) !== kind)
    return refuse(R("Karma.RegenerationRefused"));
  const spend = spendKarmaPoint(k, from, moment);
  if (!spend.ok) return refuse(R("Karma.RegenerationRefused"));
  return { ...spend, life: lifeValue(healed, 8) };
}

/** Whether the Archonte may regenerate an unconscious Trinité now (a Ténèbres point held, the round's unspent). */
export function archonteCanRegenerate(k: KarmaState, value: number, moment: FightMoment | null = null): boolean {
  if (lifeState(lifeDamage(value, 8), 8) !== "inconscient") return false;
  return canSpendKind(scoresOf(k), reservesOf(k), "tenebres", spentInRound(k, moment));
}

/* Experience -------------------------------------------------------------------------------------------------- */

/** What a spend button buys: a skill, resource or Karma point (one step), or a flat row of the table. */
export type XpTarget =
  | { kind: "competence"; skill: string }
  | { kind: "ressource"; index: number }
  | { kind: "karma"; spirit: Spirit }
  | { kind: "auraAscendant" | "auraDescendant" | "verset" | "atout" };

export interface XpRecord {
  quoi: string;
  cible: string;
  valeur: number;
  cout: number;
  dettes: number;
}
export const XP_HISTORY_SIZE = 30;

/** The stored values a purchase reads (a humain has no debts, credits nor Karma). */
export interface XpState {
  readonly competences: Readonly<Record<string, { readonly base: number }>>;
  readonly ressources: readonly { readonly nom: string; readonly base: number }[];
  readonly xp: { readonly total: number; readonly depense: number; readonly historique?: readonly XpRecord[] };
  readonly dettes?: Readonly<Record<Spirit, number>>;
  readonly credits?: Readonly<Record<Spirit, number>>;
  readonly deva?: { readonly max: number };
  readonly archonte?: { readonly max: number };
}

function purchaseOf(
  s: XpState,
  t: XpTarget,
  atouts: number,
): { purchase: XpPurchase; cible: string; valeur: number } | null {
  switch (t.kind) {
    case "competence": {
      const base = s.competences[t.skill]?.base;
      if (base === undefined || base >= SKILL_BASE_MAX) return null;
      return { purchase: { kind: "competence", from: base, to: base + 1 }, cible: t.skill, valeur: base + 1 };
    }
    case "ressource": {
      const row = s.ressources[t.index];
      if (!row || row.base >= SKILL_BASE_MAX) return null;
      return {
        purchase: { kind: "ressource", from: row.base, to: row.base + 1 },
        cible: row.nom,
        valeur: row.base + 1,
      };
    }
    case "karma": {
      const score = s[t.spirit]?.max;
      if (score === undefined || score >= KARMA_MAX) return null;
      return { purchase: { kind: "karma", from: score, to: score + 1 }, cible: t.spirit, valeur: score + 1 };
    }
    case "atout":
      return { purchase: { kind: "atout", ordinal: atouts + 1 }, cible: "", valeur: atouts + 1 };
    default:
      return { purchase: { kind: t.kind }, cible: "", valeur: 1 };
  }
}

/** The price shown on a spend button; null when nothing more can be bought. `atouts`: the Atouts already held. */
export function xpPrice(s: XpState, t: XpTarget, atouts = 0): number | null {
  const p = purchaseOf(s, t, atouts);
  return p ? purchaseCost(p.purchase) : null;
}

/** The debts and Karma scores after experience paid debts (a humain has none). */
export interface DebtBook {
  readonly dettes: Record<Spirit, number>;
  readonly credits: Record<Spirit, number>;
  readonly karma: Record<Spirit, number>;
}

export interface XpBought {
  readonly ok: true;
  readonly cost: number;
  /** XP spent in all (debts paid, then the price). */
  readonly depense: number;
  readonly historique: XpRecord[];
  readonly book: DebtBook | null;
  /** What the purchase raised to what (Karma scores are in `book`). */
  readonly raised:
    | { readonly kind: "competence"; readonly skill: string; readonly to: number }
    | { readonly kind: "ressource"; readonly index: number; readonly to: number }
    | null;
}

/**
 * A purchase with experience (`spendExperience`): debts paid first, the larger first (`firstIfEqual` when equal), then
 * the price; refused while a debt is left or the XP does not cover it. The purchase joins the history.
 */
export function buyWithExperience(
  s: XpState,
  t: XpTarget,
  atouts = 0,
  firstIfEqual: Spirit = "deva",
): XpBought | UpkeepRefusal {
  const p = purchaseOf(s, t, atouts);
  if (!p) return refuse(R("Xp.Maxed"));
  const available = Math.max(0, s.xp.total - s.xp.depense);
  const ledger = {
    debts: s.dettes ?? { deva: 0, archonte: 0 },
    credits: s.credits ?? { deva: 0, archonte: 0 },
    karma: { deva: s.deva?.max ?? 0, archonte: s.archonte?.max ?? 0 },
  };
  const r = spendExperience(ledger, available, p.purchase, firstIfEqual);
  if (!r.ok) return refuse(R(r.reason === "debts" ? "Xp.DebtsFirst" : "Xp.NotEnough"));
  // Paying debts may have bought Karma points already; a Karma purchase adds its own on top.
  const karma = { ...r.karma };
  if (t.kind === "karma") karma[t.spirit] += 1;
  const record: XpRecord = { quoi: t.kind, cible: p.cible, valeur: p.valeur, cout: r.cost, dettes: r.debtPaid };
  return {
    ok: true,
    cost: r.cost,
    depense: s.xp.depense + r.debtPaid + r.cost,
    historique: [...(s.xp.historique ?? []), record].slice(-XP_HISTORY_SIZE),
    book: s.dettes ? { dettes: { ...r.debts }, credits: { ...r.credits }, karma } : null,
    raised:
      t.kind === "competence"
        ? { kind: "competence", skill: t.skill, to: p.valeur }
        : t.kind === "ressource"
          ? { kind: "ressource", index: t.index, to: p.valeur }
          : null,
  };
}

/** Whether the player picks which debt is paid first: equal debts the XP cannot both pay. */
export function debtChoice(dettes: Readonly<Record<Spirit, number>>, xpAvailable: number): boolean {
  return dettes.deva > 0 && dettes.deva === dettes.archonte && xpAvailable > 0 && xpAvailable < 2 * dettes.deva;
}

/** Experience pays the debts (`payDebts`); null when there is no XP or no debt. */
export function payDebtsWithExperience(
  s: Required<Pick<XpState, "dettes" | "credits" | "deva" | "archonte">> & Pick<XpState, "xp">,
  firstIfEqual: Spirit = "deva",
): (DebtBook & { readonly depense: number }) | null {
  const available = Math.max(0, s.xp.total - s.xp.depense);
  if (!available || (!s.dettes.deva && !s.dettes.archonte)) return null;
  const r = payDebts(
    { debts: s.dettes, credits: s.credits, karma: { deva: s.deva.max, archonte: s.archonte.max } },
    available,
    firstIfEqual,
  );
  return {
    dettes: { ...r.debts },
    credits: { ...r.credits },
    karma: { ...r.karma },
    depense: s.xp.depense + (available - r.xpLeft),
  };
}

/* Harm outside a fight, rest ---------------------------------------------------------------------------------- */

/** What the GM applies: a harm, an hour of coma. */
export type HarmChoice = HarmSource | { readonly kind: "coma" };

export interface LifeChanged {
  readonly ok: true;
  readonly value: number;
  readonly nonLetal: boolean;
  /** Boxes checked (negative: healed). */
  readonly lost: number;
}

/** A harm outside a fight, or an hour of coma (one box unless non-lethal); the dead take nothing. */
export function harmOutsideFight(
  vie: { readonly value: number; readonly nonLetal: boolean },
  harm: HarmChoice,
  boxesPerLine: number,
): LifeChanged | UpkeepRefusal {
  const damage = lifeDamage(vie.value, boxesPerLine);
  if (damage > maxHitPoints(boxesPerLine)) return refuse(R("Harm.Dead"));
  try {
    const result =
      harm.kind === "coma"
        ? comaTick(damage, boxesPerLine, vie.nonLetal)
        : applyDamage(damage, harmDamage(harm), boxesPerLine);
    return {
      ok: true,
      value: lifeValue(result.damage, boxesPerLine),
      nonLetal: comaNonLethal(vie.nonLetal, result, harm.kind === "coma" && vie.nonLetal),
      lost: result.damage - damage,
    };
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
}

/** One point of rest, at the pace `recoveryRule` tells; nothing to heal for the unhurt and the dead. */
export function restPoint(
  vie: { readonly value: number; readonly nonLetal: boolean },
  boxesPerLine: number,
): LifeChanged | UpkeepRefusal {
  const damage = lifeDamage(vie.value, boxesPerLine);
  if (damage > maxHitPoints(boxesPerLine)) return refuse(R("Harm.Dead"));
  if (!recoveryRule(damage, boxesPerLine)) return refuse(R("Harm.NothingToHeal"));
  const healed = heal(damage, 1, boxesPerLine);
  return { ok: true, value: lifeValue(healed, boxesPerLine), nonLetal: vie.nonLetal, lost: healed - damage };
}
