/** Experience: the cost table, and paying Lumière and Ténèbres debts into the matching Karma. */

import { KARMA_MAX } from "./karma";
import type { Spirit } from "./test";

export type XpKind = "competence" | "ressource" | "karma" | "auraAscendant" | "auraDescendant" | "verset" | "atout";

/** The rows of the experience table; `desired` is the new base or score, or for an Atout its ordinal. */
export const XP_TABLE: readonly { readonly kind: XpKind; readonly label: string; readonly rule: string }[] = [
  { kind: "competence", label: "Un point de compétence", rule: "base souhaitée / 2, arrondi au supérieur" },
  { kind: "ressource", label: "Un point de ressource", rule: "base souhaitée × 2" },
  { kind: "karma", label: "Un point de Karma (Deva ou Archonte)", rule: "score souhaité × 2" },
  { kind: "auraAscendant", label: "L'Aura d'un Ascendant", rule: "6" },
  { kind: "auraDescendant", label: "L'Aura d'un Descendant", rule: "12" },
  { kind: "verset", label: "Un Verset de Lumière et son pendant de Ténèbres", rule: "12" },
  { kind: "atout", label: "Un Atout", rule: "12 jusqu'au quatrième, 6 à partir du cinquième" },
];

/** XP cost of one step. Flat-cost rows ignore `desired` (pass 1). */
export function xpCost(kind: XpKind, desired = 1): number {
  if (!Number.isInteger(desired) || desired < 1) throw new RangeError(`desired must be an integer ≥ 1, got ${desired}`);
  switch (kind) {
    case "competence":
      return Math.ceil(desired / 2);
    case "ressource":
      return desired * 2;
    case "karma":
      if (desired > KARMA_MAX) throw new RangeError(`a Karma cannot go beyond ${KARMA_MAX}`);
      return desired * 2;
    case "auraAscendant":
      return 6;
    case "auraDescendant":
    case "verset":
      return 12;
    case "atout":
      return desired <= 4 ? 12 : 6;
    default:
      throw new RangeError(`unknown experience row "${String(kind)}"`);
  }
}

/** Total cost to go from `from` to `to` one step at a time (skills, resources, Karma). */
export function xpCostRange(kind: "competence" | "ressource" | "karma", from: number, to: number): number {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
    throw new RangeError(`invalid progression from ${from} to ${to}`);
  }
  let total = 0;
  for (let v = from + 1; v <= to; v++) total += xpCost(kind, v);
  return total;
}

export interface DebtLedger {
  readonly debts: Readonly<Record<Spirit, number>>;
  readonly credits: Readonly<Record<Spirit, number>>;
  readonly karma: Readonly<Record<Spirit, number>>;
}

/**
 * Spends experience on debts first: the larger debt first (`firstIfEqual` when equal). Each XP paid goes as credit
 * toward raising that spirit's Karma; whenever the credit covers the next point it is bought. Returns the XP left
 * for other progress.
 */
export function payDebts(
  ledger: DebtLedger,
  xp: number,
  firstIfEqual: Spirit = "deva",
): DebtLedger & { xpLeft: number; raised: Record<Spirit, number> } {
  if (!Number.isInteger(xp) || xp < 0) throw new RangeError(`experience must be an integer ≥ 0, got ${xp}`);
  const debts = { ...ledger.debts };
  const credits = { ...ledger.credits };
  const karma = { ...ledger.karma };
  for (const s of ["deva", "archonte"] as const) {
    for (const [name, v] of [
      ["debt", debts[s]],
      ["credit", credits[s]],
    ] as const) {
      if (!Number.isInteger(v) || v < 0) throw new RangeError(`${s} ${name} must be an integer ≥ 0, got ${v}`);
    }
    if (!Number.isInteger(karma[s]) || karma[s] < 0 || karma[s] > KARMA_MAX) {
      throw new RangeError(`${s} Karma must be an integer from 0 to ${KARMA_MAX}`);
    }
  }
  const raised = { deva: 0, archonte: 0 };
  const other: Spirit = firstIfEqual === "deva" ? "archonte" : "deva";
  const order: Spirit[] =
    debts.deva === debts.archonte
      ? [firstIfEqual, other]
      : debts.deva > debts.archonte
        ? ["deva", "archonte"]
        : ["archonte", "deva"];
  let left = xp;
  for (const s of order) {
    const pay = Math.min(left, debts[s]);
    left -= pay;
    debts[s] -= pay;
    credits[s] += pay;
    while (karma[s] < KARMA_MAX && credits[s] >= xpCost("karma", karma[s] + 1)) {
      credits[s] -= xpCost("karma", karma[s] + 1);
      karma[s] += 1;
      raised[s] += 1;
    }
  }
  return { debts, credits, karma, xpLeft: left, raised };
}

/** Adds the debt of a pick (once, when the pick is made). */
export function addDebt(debts: Readonly<Record<Spirit, number>>, debt: Spirit | null): Record<Spirit, number> {
  const out = { ...debts };
  if (debt) out[debt] += 1;
  return out;
}

/** One purchase with experience: a step of a skill, resource or Karma (`from` → `to`), or a flat row. */
export type XpPurchase =
  | { readonly kind: "competence" | "ressource" | "karma"; readonly from: number; readonly to: number }
  | { readonly kind: "auraAscendant" | "auraDescendant" | "verset" }
  /** `ordinal`: which Atout of the character this one is (1 for the first). */
  | { readonly kind: "atout"; readonly ordinal: number };

/** Price of a purchase in XP (`xpCost` / `xpCostRange`). */
export function purchaseCost(purchase: XpPurchase): number {
  switch (purchase.kind) {
    case "competence":
    case "ressource":
    case "karma":
      return xpCostRange(purchase.kind, purchase.from, purchase.to);
    case "atout":
      return xpCost("atout", purchase.ordinal);
    default:
      return xpCost(purchase.kind);
  }
}

export type SpendResult =
  | (DebtLedger & { readonly ok: true; readonly cost: number; readonly debtPaid: number; readonly xpLeft: number })
  | { readonly ok: false; readonly reason: "debts" | "xp"; readonly cost: number };

/**
 * Spending experience: the debts are paid first, the larger first (`payDebts`); a purchase is only possible once no
 * debt is left and the XP left covers its price. On refusal nothing is paid, so the player may keep the XP.
 */
export function spendExperience(
  ledger: DebtLedger,
  xp: number,
  purchase: XpPurchase,
  firstIfEqual: Spirit = "deva",
): SpendResult {
  const cost = purchaseCost(purchase);
  const paid = payDebts(ledger, xp, firstIfEqual);
  if (paid.debts.deva > 0 || paid.debts.archonte > 0) return { ok: false, reason: "debts", cost };
  if (paid.xpLeft < cost) return { ok: false, reason: "xp", cost };
  const { debts, credits, karma } = paid;
  return { ok: true, cost, debtPaid: xp - paid.xpLeft, xpLeft: paid.xpLeft - cost, debts, credits, karma };
}
