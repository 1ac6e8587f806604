/**
 * The updates of the Trinités sheet's buttons, pure (rules core behind each): life boxes, experience purchases and
 * debts, harm outside combat and rest, Karma spending with the one-per-kind-per-round limit in combat, regeneration,
 * dawn and dusk. The sheet (`sheets.ts`), the Archonte's card (`regeneration.ts`) and the daylight buttons call them.
 */
import { trinites as T } from "../../rules/index.ts";
import { valueFromDamage, type ActorKind } from "./derived.ts";
import {
  purchaseOf,
  signedLabel,
  XP_HISTORY_SIZE,
  type XpRecord,
  type XpSource,
  type XpTarget,
} from "./sheet-prices.ts";

export * from "./sheet-prices.ts";

/**
 * Clicking life box `index` (1-based): checks up to it, or unchecks it when it is the last checked one; the dead stay
 * dead (rules core's `clickLifeBox`). An index out of the boxes changes nothing.
 */
export function lifeBoxValue(kind: ActorKind, currentValue: number, index: number): number {
  const per = T.BOXES_PER_LINE[kind];
  const max = T.maxHitPoints(per);
  const damage = Math.max(0, Math.min(max + 1, max - currentValue));
  if (!Number.isInteger(index) || index < 1 || index > max) return currentValue;
  return valueFromDamage(T.clickLifeBox(damage, index, per), kind);
}

/**
 * A purchase with experience (rules core's `spendExperience`): the debts are paid first, the larger first (their
 * credit may buy Karma), then the price; refused while a debt is left or the XP does not cover it. The purchase is
 * recorded in the XP history. `atouts` is how many Atouts the character already has (the price of the next one).
 */
export function xpSpendUpdate(
  src: XpSource,
  target: XpTarget,
  atouts = 0,
  firstIfEqual: "deva" | "archonte" = "deva",
): { update: Record<string, unknown>; cost: number } | { error: string } {
  const p = purchaseOf(src, target, atouts);
  if (!p) return { error: "QUINTETTE.Trinites.Xp.Maxed" };
  const available = Math.max(0, src.xp.total - src.xp.depense);
  const ledger = {
    debts: src.dettes ?? { deva: 0, archonte: 0 },
    credits: src.credits ?? { deva: 0, archonte: 0 },
    karma: { deva: src.deva?.max ?? 0, archonte: src.archonte?.max ?? 0 },
  };
  const r = T.spendExperience(ledger, available, p.purchase, firstIfEqual);
  if (!r.ok)
    return { error: r.reason === "debts" ? "QUINTETTE.Trinites.Xp.DebtsFirst" : "QUINTETTE.Trinites.Xp.NotEnough" };
  const update: Record<string, unknown> = { "system.xp.depense": src.xp.depense + r.debtPaid + r.cost };
  if (src.dettes) {
    update["system.dettes.deva"] = r.debts.deva;
    update["system.dettes.archonte"] = r.debts.archonte;
    update["system.credits.deva"] = r.credits.deva;
    update["system.credits.archonte"] = r.credits.archonte;
    // Paying debts may have bought Karma points already; a Karma purchase adds its own on top.
    update["system.deva.max"] = r.karma.deva + (target.kind === "karma" && target.spirit === "deva" ? 1 : 0);
    update["system.archonte.max"] =
      r.karma.archonte + (target.kind === "karma" && target.spirit === "archonte" ? 1 : 0);
  }
  if (p.path && target.kind !== "karma") update[p.path] = p.valeur;
  if (target.kind === "ressource") {
    update["system.ressources"] = src.ressources.map((row, i) =>
      i === target.index ? { ...row, base: p.valeur } : row,
    );
  }
  const record: XpRecord = { quoi: target.kind, cible: p.cible, valeur: p.valeur, cout: r.cost, dettes: r.debtPaid };
  update["system.xp.historique"] = [...(src.xp.historique ?? []), record].slice(-XP_HISTORY_SIZE);
  return { update, cost: r.cost };
}

/* Harm outside combat (the GM's harm dialog) ------------------------------------------------------------- */

export const HARM_KINDS = ["feu", "chute", "deloger", "continu", "coma", "repos"] as const;
export type HarmKind = (typeof HARM_KINDS)[number];

/** What the harm dialog's form sends back (strings and booleans from its inputs). */
export interface HarmAnswer {
  kind?: unknown;
  size?: unknown;
  protected?: unknown;
  meters?: unknown;
  surface?: unknown;
  dodged?: unknown;
  aggression?: unknown;
  amount?: unknown;
  /** Déloger: the scenery element the target was thrown into, and metres of stairs. */
  element?: unknown;
  stairs?: unknown;
}

/** The harm dialog's context: the tables (from the rules core) and where the character stands. */
export function harmContext(kind: ActorKind, vie: { value: number; nonLetal: boolean }) {
  const per = T.BOXES_PER_LINE[kind];
  const damage = Math.max(0, T.maxHitPoints(per) - vie.value);
  const state = T.lifeState(Math.min(damage, T.maxHitPoints(per) + 1), per);
  const recovery = T.recoveryRule(Math.min(damage, T.maxHitPoints(per) + 1), per);
  return {
    kinds: HARM_KINDS.map((id) => ({ id, label: `QUINTETTE.Trinites.Harm.Kind.${id}` })),
    fires: T.FIRE_DAMAGE.map((f) => ({ id: f.id, label: `QUINTETTE.Trinites.Harm.Fire.${f.id}`, damage: f.damage })),
    surfaces: (Object.keys(T.FALL_SURFACES) as T.FallSurface[]).map((id) => ({
      id,
      label: `QUINTETTE.Trinites.Harm.Surface.${id}`,
      modifier: signedLabel(T.FALL_SURFACES[id].modifier),
    })),
    dislodge: T.DISLODGE_DAMAGE.map((d) => ({
      id: d.id,
      label: `QUINTETTE.Trinites.Harm.Dislodge.${d.id}`,
      damage: d.damage,
    })),
    aggressions: T.CONTINUOUS_AGGRESSIONS.map((a) => ({
      id: a.id,
      label: `QUINTETTE.Trinites.Harm.Aggression.${a.id}`,
      damage: typeof a.damage === "number" ? String(a.damage) : `${a.damage.min}–${a.damage.max}`,
      skill: `QUINTETTE.Trinites.Skill.${a.skill}`,
    })),
    state: `QUINTETTE.Trinites.Life.${state}`,
    coma:
      state === "inconscient"
        ? vie.nonLetal
          ? "QUINTETTE.Trinites.Harm.ComaSoft"
          : "QUINTETTE.Trinites.Harm.ComaLethal"
        : null,
    recovery: recovery ? `QUINTETTE.Trinites.Harm.Recovery.${recovery.period}` : null,
    dead: state === "mort",
  };
}

function harmSource(answer: HarmAnswer): T.HarmSource | null {
  switch (answer.kind) {
    case "feu":
      return { kind: "feu", size: String(answer.size) as T.FireSize, protected: answer.protected === true };
    case "chute":
      return {
        kind: "chute",
        meters: Math.max(0, Number(answer.meters) || 0),
        surface: String(answer.surface ?? "normal") as T.FallSurface,
        dodged: answer.dodged === true,
      };
    case "deloger":
      return {
        kind: "deloger",
        id: String(answer.element) as T.DislodgeId,
        meters: Math.max(0, Number(answer.stairs) || 0),
      };
    case "continu":
      return {
        kind: "continu",
        id: String(answer.aggression),
        amount: Math.trunc(Number(answer.amount) || 0) || undefined,
      };
    default:
      return null;
  }
}

/**
 * The life update of one harm (rules core): fire, a fall or a continuous harm (a lethal wound), an hour of coma (one
 * box unless the coma is non-lethal), or one point of rest (`heal`, at the pace `recoveryRule` tells). The dead take
 * nothing and recover nothing.
 */
export function harmUpdate(
  kind: ActorKind,
  vie: { value: number; nonLetal: boolean },
  answer: HarmAnswer,
): { update: Record<string, unknown>; lost: number } | { error: string } {
  const per = T.BOXES_PER_LINE[kind];
  const max = T.maxHitPoints(per);
  const damage = Math.max(0, Math.min(max + 1, max - vie.value));
  if (damage > max) return { error: "QUINTETTE.Trinites.Harm.Dead" };
  try {
    let result: T.DamageResult;
    if (answer.kind === "coma") result = T.comaTick(damage, per, vie.nonLetal);
    else if (answer.kind === "repos") {
      if (!T.recoveryRule(damage, per)) return { error: "QUINTETTE.Trinites.Harm.NothingToHeal" };
      const healed = T.heal(damage, 1, per);
      return { update: { "system.vie.value": valueFromDamage(healed, kind) }, lost: healed - damage };
    } else {
      const source = harmSource(answer);
      if (!source) return { error: "QUINTETTE.Trinites.Harm.Unknown" };
      result = T.applyDamage(damage, T.harmDamage(source), per);
    }
    return {
      update: {
        "system.vie.value": valueFromDamage(result.damage, kind),
        "system.vie.nonLetal": T.comaNonLethal(vie.nonLetal, result, answer.kind === "coma" && vie.nonLetal),
      },
      lost: result.damage - damage,
    };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export interface KarmaSnapshot {
  deva: { value: number; max: number };
  archonte: { value: number; max: number };
  adam: { value: number; max: number };
  depenseRound: { combat: string; round: number; lumiere: number; tenebres: number };
}

/** Where the actor stands in a fight, to apply the limit per round. */
export interface CombatMoment {
  combat: string;
  round: number;
}

function roundSpent(k: KarmaSnapshot, moment: CombatMoment | null): T.RoundSpending {
  if (!moment) return { lumiere: 0, tenebres: 0 };
  const same = k.depenseRound.combat === moment.combat && k.depenseRound.round === moment.round;
  return same ? { lumiere: k.depenseRound.lumiere, tenebres: k.depenseRound.tenebres } : { lumiere: 0, tenebres: 0 };
}

export function spentThisRound(k: KarmaSnapshot, moment: CombatMoment | null): T.RoundSpending | null {
  return moment ? roundSpent(k, moment) : null;
}

/** The reserves as the rules core wants them: none above its permanent score (a lowered score caps them). */
function reservesOf(k: KarmaSnapshot): { deva: number; archonte: number; adam: number } {
  return {
    deva: Math.min(k.deva.value, k.deva.max),
    archonte: Math.min(k.archonte.value, k.archonte.max),
    adam: Math.min(k.adam.value, k.adam.max),
  };
}

/** One Karma point from a pool: the update, or the rules core's refusal. */
export function karmaSpendUpdate(
  k: KarmaSnapshot,
  pool: T.KarmaPool,
  moment: CombatMoment | null,
): { update: Record<string, unknown>; kind: T.KarmaKind } | { error: string } {
  try {
    const r = T.spendKarma(
      { deva: k.deva.max, archonte: k.archonte.max },
      reservesOf(k),
      pool,
      1,
      moment ? { spentThisRound: roundSpent(k, moment) } : null,
    );
    const update: Record<string, unknown> = { [`system.${pool}.value`]: r.reserves[pool] };
    if (moment) {
      update["system.depenseRound"] = { combat: moment.combat, round: moment.round, ...r.spentThisRound };
    }
    return { update, kind: r.kind };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** Dawn or dusk: the matching reserves back to their permanent scores. */
export function refillUpdate(k: KarmaSnapshot, moment: "aube" | "crepuscule"): Record<string, unknown> {
  const r = T.refillKarma({ deva: k.deva.max, archonte: k.archonte.max }, reservesOf(k), moment);
  return { "system.deva.value": r.deva, "system.archonte.value": r.archonte, "system.adam.value": r.adam };
}

/** Regeneration: one Karma point of an allowed kind (the spirit's pool, else the Adam' of that kind) → 4 HP. */
export function regenerationUpdate(
  k: KarmaSnapshot,
  lifeValue: number,
  kind: T.KarmaKind,
  moment: CombatMoment | null,
): { update: Record<string, unknown> } | { error: string } {
  const damage = Math.max(0, T.maxHitPoints(8) - lifeValue);
  let healed: { damage: number };
  try {
    healed = T.regenerate(damage, 8, kind, 1);
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const spirit: T.KarmaPool = kind === "lumiere" ? "deva" : "archonte";
  const adamKind = T.adamKarma(k.deva.max, k.archonte.max).type;
  const pool: T.KarmaPool = k[spirit].value > 0 || adamKind !== kind ? spirit : "adam";
  const spend = karmaSpendUpdate(k, pool, moment);
  if ("error" in spend) return spend;
  return { update: { ...spend.update, "system.vie.value": valueFromDamage(healed.damage, "trinite") } };
}

/**
 * Experience pays the debts first (rules core's `payDebts`), the larger first, or `firstIfEqual` (the player's pick)
 * when they are equal; credits may buy Karma points.
 */
export function payDebtsUpdate(
  source: {
    dettes: { deva: number; archonte: number };
    credits: { deva: number; archonte: number };
    deva: { max: number };
    archonte: { max: number };
    xp: { total: number; depense: number };
  },
  firstIfEqual: "deva" | "archonte" = "deva",
): Record<string, unknown> | null {
  const available = Math.max(0, source.xp.total - source.xp.depense);
  if (!available || (!source.dettes.deva && !source.dettes.archonte)) return null;
  const r = T.payDebts(
    { debts: source.dettes, credits: source.credits, karma: { deva: source.deva.max, archonte: source.archonte.max } },
    available,
    firstIfEqual,
  );
  return {
    "system.dettes.deva": r.debts.deva,
    "system.dettes.archonte": r.debts.archonte,
    "system.credits.deva": r.credits.deva,
    "system.credits.archonte": r.credits.archonte,
    "system.deva.max": r.karma.deva,
    "system.archonte.max": r.karma.archonte,
    "system.xp.depense": source.xp.depense + (available - r.xpLeft),
  };
}
