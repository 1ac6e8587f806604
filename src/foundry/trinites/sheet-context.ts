/**
 * Sheet contexts and sheet-side rules of Trinités, pure: what the actor and item templates read, and the updates of
 * the sheet's buttons (life boxes, Karma spending with the one-per-kind-per-round limit in combat, regeneration,
 * dawn and dusk, paying debts with experience). The gallery builds its fixtures with these same functions.
 */
import { pendingFor } from "./influence.ts";
import { trinites as T } from "../../rules/index.ts";
import {
  ADAM_KEY,
  deriveActor,
  valueFromDamage,
  type ActorKind,
  type TrinitesActorSource,
  type TrinitesDerived,
} from "./derived.ts";

export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
  /** One short line of the item's main numbers (already formatted). */
  summary: { key: string; value: string | number }[];
  equipped: boolean | null;
  weapon: boolean;
}

export interface ItemLike {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export const ITEM_GROUPS = ["tr-arme", "tr-armure", "tr-aura", "tr-verset", "tr-atout", "tr-objet"] as const;
const F = (key: string) => `QUINTETTE.Trinites.Field.${key}`;

export function itemRow(item: ItemLike): ItemRow {
  const s = item.system;
  const summary: ItemRow["summary"] = [];
  switch (item.type) {
    case "tr-arme":
      summary.push({ key: F("Damage"), value: Number(s.degats ?? 0) });
      if (Number(s.portee ?? 0) > 0) summary.push({ key: F("Range"), value: `${Number(s.portee)} m` });
      if (s.lame && s.lame !== "aucune") summary.push({ key: F("Blade"), value: String(s.lame) });
      break;
    case "tr-armure":
      summary.push({ key: F("Protection"), value: Number(s.protection ?? 0) });
      break;
    case "tr-verset":
      summary.push({ key: F("KarmaCost"), value: Number(s.cout ?? 0) });
      break;
    case "tr-atout":
      summary.push({ key: F("Rank"), value: Number(s.rang ?? 1) });
      break;
    case "tr-objet":
      summary.push({ key: F("Quantity"), value: Number(s.quantite ?? 1) });
      // What is left of its life line.
      summary.push({
        key: F("ObjectHp"),
        value: `${Math.max(0, Number(s.pv ?? 0) - Number(s.usure ?? 0))} / ${Number(s.pv ?? 0)}`,
      });
      break;
  }
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    summary,
    equipped: typeof s.equipee === "boolean" ? s.equipee : null,
    weapon: item.type === "tr-arme",
  };
}

export interface ActorSheetInput {
  kind: ActorKind;
  source: TrinitesActorSource & {
    concept: string;
    ressources: { nom: string; base: number }[];
    biography: string;
    notes: string;
    nomDeva?: string;
    nomArchonte?: string;
    reactions?: { prudence: number; danger: number };
    influences?: unknown;
  };
  items: ItemLike[];
  editable: boolean;
  isGM: boolean;
  /** Karma spent this round when the actor fights (null out of combat). */
  roundSpending: { lumiere: number; tenebres: number } | null;
}

/** A weapon on the combat tab: what the attack rolls with. */
export interface WeaponRow extends ItemRow {
  skill: string;
  skillLabel: string;
  score: number;
  damage: number;
  range: number;
  swordKind: boolean;
  area: boolean;
}

/** An armour on the combat tab, with whether it counts toward the protection worn. */
export interface ArmourRow extends ItemRow {
  protection: number;
}

function weaponRow(item: ItemLike, derived: TrinitesDerived): WeaponRow {
  const s = item.system;
  const skill = T.isSkillId(String(s.competence)) ? String(s.competence) : "melee";
  const lame = typeof s.lame === "string" ? s.lame : "aucune";
  return {
    ...itemRow(item),
    skill,
    skillLabel: `QUINTETTE.Trinites.Skill.${skill}`,
    score: derived.skills[skill]?.score ?? 0,
    damage: Number(s.degats ?? 0),
    range: Number(s.portee ?? 0),
    swordKind: T.BLADE_KINDS.some((b) => b.id === lame && b.swordKind),
    area: s.zone === true,
  };
}

/** A signed number as the sheet shows a bonus (`+3`, `−2`, `0`). */
export function signedLabel(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

/**
 * The Trinités part of the actor sheet's context (`tr` in the templates); the shared base sheet adds the header,
 * tabs, edit/play mode, items and biography around it.
 */
export function actorSheetContext(input: ActorSheetInput) {
  const derived: TrinitesDerived = deriveActor(input.source, input.kind);
  const trinite = input.kind === "trinite";
  const groups = ITEM_GROUPS.filter((t) => trinite || (t !== "tr-aura" && t !== "tr-verset")).map((type) => ({
    type,
    label: `TYPES.Item.${type}`,
    items: input.items.filter((i) => i.type === type).map(itemRow),
  }));
  const src = input.source;
  const spendable = (pool: number, spent: number | undefined) => input.editable && pool > 0 && (spent ?? 0) < 1;
  const karma = trinite
    ? {
        adam: {
          ...derived.karma!,
          label: ADAM_KEY(derived.karma!.adamType),
          value: src.adam?.value ?? 0,
          max: derived.karma!.adamValue,
        },
        deva: { value: src.deva?.value ?? 0, max: src.deva?.max ?? 0 },
        archonte: { value: src.archonte?.value ?? 0, max: src.archonte?.max ?? 0 },
        dettes: src.dettes ?? { deva: 0, archonte: 0 },
        credits: src.credits ?? { deva: 0, archonte: 0 },
        spending: input.roundSpending,
        canSpend: {
          deva: spendable(src.deva?.value ?? 0, input.roundSpending?.lumiere),
          archonte: spendable(src.archonte?.value ?? 0, input.roundSpending?.tenebres),
          adam:
            derived.karma!.adamType !== "aucun" &&
            spendable(src.adam?.value ?? 0, input.roundSpending?.[derived.karma!.adamType as "lumiere" | "tenebres"]),
        },
        canPay: input.editable && derived.xpAvailable > 0 && (src.dettes?.deva ?? 0) + (src.dettes?.archonte ?? 0) > 0,
        payChoice: input.editable && debtChoice(src.dettes ?? { deva: 0, archonte: 0 }, derived.xpAvailable),
      }
    : null;
  const weapons = input.items.filter((i) => i.type === "tr-arme").map((i) => weaponRow(i, derived));
  const xpSource = src as unknown as XpSource; // the same stored fields, read as the purchase rules want them
  const atouts = input.items.filter((i) => i.type === "tr-atout").length;
  const armours: ArmourRow[] = input.items
    .filter((i) => i.type === "tr-armure")
    .map((i) => ({ ...itemRow(i), protection: Number(i.system.protection ?? 0) }));
  return {
    kind: input.kind,
    trinite,
    editable: input.editable,
    isGM: input.isGM,
    system: src,
    derived,
    signs: derived.signs.map((sign) => ({
      ...sign,
      bonusLabel: signedLabel(sign.bonus),
      // The experience price of one more point, shown on the skill's spend button (play mode, editable sheets).
      skills: sign.skills.map((sk) => ({
        ...sk,
        xpPrice: input.editable ? xpPrice(xpSource, { kind: "competence", skill: sk.id as T.SkillId }) : null,
      })),
    })),
    life: derived.life,
    karma,
    regeneration: trinite ? regenerationButtons(input, derived) : null,
    groups,
    combat: {
      weapons,
      armours,
      protection: armours.filter((a) => a.equipped).reduce((sum, a) => sum + a.protection, 0),
      rapidite: derived.skills.rapidite?.score ?? 0,
      esquive: derived.skills.esquive?.score ?? 0,
      commandement: derived.skills.commandement?.score ?? 0,
      reactions:
        src.reactions && (src.reactions.prudence || src.reactions.danger)
          ? {
              ...src.reactions,
              next: signedLabel(T.reactionBonusModifier(src.reactions)),
              canClear: input.editable,
            }
          : null,
      influences: (["action", "reaction"] as const).flatMap((use) =>
        pendingFor({ influences: src.influences }, use).map((p) => ({
          action: p.action,
          /** The GM may drop one that lapsed (the scene ended before it was played). */
          canClear: input.isGM,
          key: `QUINTETTE.Trinites.Sheet.Influence.${p.action}.${use}`,
          source: p.source,
          value: signedLabel(p.value),
          tone: p.value > 0 ? "boon" : "bane",
        })),
      ),
    },
    resources: src.ressources.map((r, index) => ({
      ...r,
      index,
      // One more point with experience (desired base × 2), on the row it raises.
      xpPrice: input.editable ? xpPrice(xpSource, { kind: "ressource", index }) : null,
    })),
    xp: {
      ...src.xp,
      available: derived.xpAvailable,
      buy: input.editable
        ? [
            ...(trinite
              ? (["deva", "archonte"] as const).map((spirit) => ({
                  kind: "karma",
                  spirit,
                  label: `QUINTETTE.Trinites.Xp.Buy.${spirit}`,
                  price: xpPrice(xpSource, { kind: "karma", spirit }),
                }))
              : []),
            ...(["atout", ...(trinite ? (["auraAscendant", "auraDescendant", "verset"] as const) : [])] as const).map(
              (kind) => ({
                kind,
                spirit: "",
                label: `QUINTETTE.Trinites.Xp.Buy.${kind}`,
                price: xpPrice(xpSource, { kind }, atouts),
              }),
            ),
          ]
        : [],
      history: [...(src.xp.historique ?? [])].reverse().map((h) => ({
        ...h,
        label: `QUINTETTE.Trinites.Xp.Buy.${h.quoi === "karma" ? h.cible : h.quoi}`,
        skill: h.quoi === "competence" ? `QUINTETTE.Trinites.Skill.${h.cible}` : null,
      })),
    },
    names: { deva: src.nomDeva ?? "", archonte: src.nomArchonte ?? "" },
  };
}
export type ActorSheetContext = ReturnType<typeof actorSheetContext>;

/**
 * Which regeneration buttons work now: the state allows that kind, a reserve of that kind holds a point, and in
 * combat that kind's point of the round is unspent (rules core `canSpendKind`).
 */
function regenerationButtons(input: ActorSheetInput, derived: TrinitesDerived) {
  const src = input.source;
  const scores = { deva: src.deva?.max ?? 0, archonte: src.archonte?.max ?? 0 };
  const reserves = { deva: src.deva?.value ?? 0, archonte: src.archonte?.value ?? 0, adam: src.adam?.value ?? 0 };
  const can = (kind: T.KarmaKind) =>
    input.editable &&
    derived.life.regeneration.includes(kind) &&
    T.canSpendKind(scores, reserves, kind, input.roundSpending);
  return { lumiere: can("lumiere"), tenebres: can("tenebres") };
}

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

function purchaseOf(
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
 * Whether the player picks which debt XP pays first: the debts are equal and the XP cannot pay both (otherwise the
 * larger goes first, or the order changes nothing).
 */
export function debtChoice(dettes: { deva: number; archonte: number }, xpAvailable: number): boolean {
  return dettes.deva > 0 && dettes.deva === dettes.archonte && xpAvailable > 0 && xpAvailable < 2 * dettes.deva;
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
