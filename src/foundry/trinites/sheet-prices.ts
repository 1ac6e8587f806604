/**
 * What the Trinités sheet shows before a button is clicked: signed bonuses, the XP price of a purchase, whether the
 * player picks the debt paid first. Apart from `sheet-updates.ts` (the updates the buttons write) so the sheet's
 * view, loaded at init, does not carry the update code: the buttons import it when clicked.
 */
import { trinites as T } from "../../rules/index.ts";

/** A signed number as the sheet shows a bonus (`+3`, `−2`, `0`). */
export function signedLabel(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

/* Experience spent on the sheet -------------------------------------------------------------------------- */

/** What a spend button buys: a skill, resource or Karma point (one step), or a flat row of the table. */
export type XpTarget =
  | { kind: "competence"; skill: T.SkillId }
  | { kind: "ressource"; index: number }
  | { kind: "karma"; spirit: "deva" | "archonte" }
  | { kind: "auraAscendant" | "auraDescendant" | "verset" | "atout" };

/** The stored data a purchase reads (the actor's source). */
export interface XpSource {
  competences: Record<string, { base: number }>;
  ressources: { nom: string; base: number }[];
  xp: { total: number; depense: number; historique?: XpRecord[] };
  dettes?: { deva: number; archonte: number };
  credits?: { deva: number; archonte: number };
  deva?: { max: number };
  archonte?: { max: number };
}
export interface XpRecord {
  quoi: string;
  cible: string;
  valeur: number;
  cout: number;
  dettes: number;
}
export const XP_HISTORY_SIZE = 30;

export function purchaseOf(
  src: XpSource,
  target: XpTarget,
  atouts: number,
): { purchase: T.XpPurchase; cible: string; valeur: number; path: string | null } | null {
  switch (target.kind) {
    case "competence": {
      const base = src.competences[target.skill]?.base ?? 0;
      if (base >= T.SKILL_BASE_MAX) return null;
      return {
        purchase: { kind: "competence", from: base, to: base + 1 },
        cible: target.skill,
        valeur: base + 1,
        path: `system.competences.${target.skill}.base`,
      };
    }
    case "ressource": {
      const row = src.ressources[target.index];
      if (!row || row.base >= T.SKILL_BASE_MAX) return null;
      return {
        purchase: { kind: "ressource", from: row.base, to: row.base + 1 },
        cible: row.nom,
        valeur: row.base + 1,
        path: null,
      };
    }
    case "karma": {
      const score = src[target.spirit]?.max;
      if (score === undefined || score >= T.KARMA_MAX) return null;
      return {
        purchase: { kind: "karma", from: score, to: score + 1 },
        cible: target.spirit,
        valeur: score + 1,
        path: `system.${target.spirit}.max`,
      };
    }
    case "atout":
      return { purchase: { kind: "atout", ordinal: atouts + 1 }, cible: "", valeur: atouts + 1, path: null };
    default:
      return { purchase: { kind: target.kind }, cible: "", valeur: 1, path: null };
  }
}

/** The price the sheet shows on a spend button (null when nothing more can be bought). */
export function xpPrice(src: XpSource, target: XpTarget, atouts = 0): number | null {
  const p = purchaseOf(src, target, atouts);
  return p ? T.purchaseCost(p.purchase) : null;
}

/**
 * Whether the player picks which debt XP pays first: the debts are equal and the XP cannot pay both (otherwise the
 * larger goes first, or the order changes nothing).
 */
export function debtChoice(dettes: { deva: number; archonte: number }, xpAvailable: number): boolean {
  return dettes.deva > 0 && dettes.deva === dettes.archonte && xpAvailable > 0 && xpAvailable < 2 * dettes.deva;
}
