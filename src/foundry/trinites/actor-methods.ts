/**
 * The Trinités actor's document methods that change it between rolls (`actor.system.spendKarma("deva")`,
 * `actor.system.spendXp({ kind: "competence", skill: "melee" })`…): the sheet's buttons, the dawn and dusk buttons,
 * macros and modules all call them. The rule is the rules core's (`src/rules/trinites/upkeep.ts`); here only the
 * stored paths it writes and the fight the actor is in; the models' methods call these.
 */
import { trinites as T } from "../../rules/index.ts";
import * as U from "../../rules/trinites/upkeep.ts";
import { combatMoment, karmaUpdate, regenerationUpdate, type UpkeepResult } from "./actor-updates.ts";

export type { UpkeepResult };

/** The stored values of a Trinités actor model the methods read (both actor models have them, `humain` without Karma). */
export interface UpkeepModel {
  parent: Actor.Implementation | null;
  vie: { value: number; nonLetal: boolean };
  toObject(): unknown;
}
export interface KarmaModel extends UpkeepModel, U.KarmaState {}

function bookUpdate(book: U.DebtBook, depense: number): Record<string, unknown> {
  return {
    "system.dettes.deva": book.dettes.deva,
    "system.dettes.archonte": book.dettes.archonte,
    "system.credits.deva": book.credits.deva,
    "system.credits.archonte": book.credits.archonte,
    "system.deva.max": book.karma.deva,
    "system.archonte.max": book.karma.archonte,
    "system.xp.depense": depense,
  };
}

/** The update of a purchase with experience. */
export function xpUpdate(r: U.XpBought, state: U.XpState): Record<string, unknown> {
  const update: Record<string, unknown> = r.book ? bookUpdate(r.book, r.depense) : { "system.xp.depense": r.depense };
  if (r.raised?.kind === "competence") update[`system.competences.${r.raised.skill}.base`] = r.raised.to;
  if (r.raised?.kind === "ressource") {
    const { index, to } = r.raised;
    update["system.ressources"] = state.ressources.map((row, i) => (i === index ? { ...row, base: to } : { ...row }));
  }
  update["system.xp.historique"] = r.historique;
  return update;
}

/** Writes `update` unless every value is already stored (dawn on a full reserve changes nothing). */
async function write(model: UpkeepModel, update: Record<string, unknown>): Promise<UpkeepResult> {
  const actor = model.parent;
  if (!actor) return { ok: false, reason: "QUINTETTE.Card.TargetMissing" };
  const same = Object.entries(update).every(
    ([path, value]) => JSON.stringify(foundry.utils.getProperty(actor, path)) === JSON.stringify(value),
  );
  if (same) return { ok: true, changed: false };
  await actor.update(update);
  return { ok: true, changed: true };
}

const boxes = (model: UpkeepModel) => T.BOXES_PER_LINE[model.parent?.type === "trinite" ? "trinite" : "humain"];
const refused = (r: U.UpkeepRefusal): UpkeepResult => ({ ok: false, reason: r.reason });

/** Life box `index` (1-based) clicked: checks up to it, or unchecks it when it is the last checked one. */
export function clickLifeBox(model: UpkeepModel, index: number): Promise<UpkeepResult> {
  return write(model, { "system.vie.value": U.lifeBoxClicked(model.vie.value, index, boxes(model)) });
}

/** A harm outside a fight or an hour of coma (the GM's harm dialog). */
export function harm(model: UpkeepModel, choice: U.HarmChoice): Promise<UpkeepResult> {
  const r = U.harmOutsideFight(model.vie, choice, boxes(model));
  if (!r.ok) return Promise.resolve(refused(r));
  return write(model, { "system.vie.value": r.value, "system.vie.nonLetal": r.nonLetal });
}

/** One point of rest. */
export function rest(model: UpkeepModel): Promise<UpkeepResult> {
  const r = U.restPoint(model.vie, boxes(model));
  return r.ok ? write(model, { "system.vie.value": r.value }) : Promise.resolve(refused(r));
}

/** A purchase with experience; `atouts` counted from the actor's items. */
export function spendXp(model: UpkeepModel, target: U.XpTarget, first: T.Spirit = "deva"): Promise<UpkeepResult> {
  const state = model.toObject() as U.XpState; // the model's stored fields, a superset of the purchase's reading
  const atouts = model.parent?.items.filter((i) => i.type === "tr-atout").length ?? 0;
  const r = U.buyWithExperience(state, target, atouts, first);
  return r.ok ? write(model, xpUpdate(r, state)) : Promise.resolve(refused(r));
}

/** Experience pays the debts (equal debts: `first` first). */
export function payDebts(model: KarmaModel, first: T.Spirit = "deva"): Promise<UpkeepResult> {
  const s = model.toObject() as Parameters<typeof U.payDebtsWithExperience>[0];
  const r = U.payDebtsWithExperience(s, first);
  if (!r) return Promise.resolve({ ok: false, reason: "QUINTETTE.Trinites.Karma.NothingToPay" });
  return write(model, bookUpdate(r, r.depense));
}

/** One Karma point from a pool, with the limit per round when the actor is in a fight. */
export function spendKarma(model: KarmaModel, pool: T.KarmaPool): Promise<UpkeepResult> {
  const r = U.spendKarmaPoint(model, pool, combatMoment(model.parent));
  return r.ok ? write(model, karmaUpdate(r)) : Promise.resolve(refused(r));
}

/** Dawn or dusk for this actor: the reserves of that light back to their scores. */
export function refill(model: KarmaModel, moment: "aube" | "crepuscule"): Promise<UpkeepResult> {
  const r = U.reservesAt(model, moment);
  return write(model, {
    "system.deva.value": r.deva,
    "system.archonte.value": r.archonte,
    "system.adam.value": r.adam,
  });
}

/** A regeneration paid with one Karma point of `kind`, from the pool the player chose (default: the spirit's first). */
export function regenerate(model: KarmaModel, kind: T.KarmaKind, pool?: T.KarmaPool): Promise<UpkeepResult> {
  const r = U.regenerateWithKarma(model, model.vie.value, kind, combatMoment(model.parent), pool);
  return r.ok ? write(model, regenerationUpdate(r)) : Promise.resolve(refused(r));
}
