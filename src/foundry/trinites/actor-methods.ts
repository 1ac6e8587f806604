/**
 * The Trinités actor's document methods that change it between rolls (`actor.system.spendKarma("deva")`,
 * `actor.system.spendXp({ kind: "competence", skill: "melee" })`…): the sheet's buttons, the dawn and dusk buttons,
 * macros and modules all call them. The rule is the rules core's (`src/rules/trinites/upkeep.ts`); here only the
 * stored paths it writes and the fight the actor is in.
 */
import { trinites as T } from "../../rules/index.ts";

/** What a method resolves with: done (`changed` false when nothing differed), or why not (a localization key). */
export type UpkeepResult = { ok: true; changed: boolean } | { ok: false; reason: string };

/** The stored values of a Trinités actor model the methods read (both actor models have them, `humain` without Karma). */
export interface UpkeepModel {
  parent: Actor.Implementation | null;
  vie: { value: number; nonLetal: boolean };
  toObject(): unknown;
}
export interface KarmaModel extends UpkeepModel, T.KarmaState {}

/** The fight the actor is in (a started combat it has a combatant in), for the Karma limit per round. */
export function combatMoment(actor: Actor.Implementation | null): T.FightMoment | null {
  const combat = game.combat;
  if (!actor || !combat || !combat.started) return null;
  const fights = combat.combatants.some((c) => c.actor?.id === actor.id);
  return fights ? { combat: combat.id ?? "", round: combat.round ?? 0 } : null;
}

const boxes = (model: UpkeepModel) => T.BOXES_PER_LINE[model.parent?.type === "trinite" ? "trinite" : "humain"];

/** The update of a Karma point spent (and of the round it counts in). */
export function karmaUpdate(r: T.KarmaSpent): Record<string, unknown> {
  const update: Record<string, unknown> = { [`system.${r.pool}.value`]: r.reserve };
  if (r.round) update["system.depenseRound"] = { ...r.round };
  return update;
}

/** The update of a regeneration: the Karma point and the life it bought. */
export function regenerationUpdate(r: T.KarmaSpent & { life: number }): Record<string, unknown> {
  return { ...karmaUpdate(r), "system.vie.value": r.life };
}

function bookUpdate(book: T.DebtBook, depense: number): Record<string, unknown> {
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
export function xpUpdate(r: T.XpBought, state: T.XpState): Record<string, unknown> {
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

const refused = (r: T.UpkeepRefusal): UpkeepResult => ({ ok: false, reason: r.reason });

/** Life box `index` (1-based) clicked: checks up to it, or unchecks it when it is the last checked one. */
export function clickLifeBox(model: UpkeepModel, index: number): Promise<UpkeepResult> {
  return write(model, { "system.vie.value": T.lifeBoxClicked(model.vie.value, index, boxes(model)) });
}

/** A harm outside a fight or an hour of coma (the GM's harm dialog). */
export function harm(model: UpkeepModel, choice: T.HarmChoice): Promise<UpkeepResult> {
  const r = T.harmOutsideFight(model.vie, choice, boxes(model));
  if (!r.ok) return Promise.resolve(refused(r));
  return write(model, { "system.vie.value": r.value, "system.vie.nonLetal": r.nonLetal });
}

/** One point of rest. */
export function rest(model: UpkeepModel): Promise<UpkeepResult> {
  const r = T.restPoint(model.vie, boxes(model));
  return r.ok ? write(model, { "system.vie.value": r.value }) : Promise.resolve(refused(r));
}

/** A purchase with experience; `atouts` counted from the actor's items. */
export function spendXp(model: UpkeepModel, target: T.XpTarget, first: T.Spirit = "deva"): Promise<UpkeepResult> {
  const state = model.toObject() as T.XpState; // the model's stored fields, a superset of the purchase's reading
  const atouts = model.parent?.items.filter((i) => i.type === "tr-atout").length ?? 0;
  const r = T.buyWithExperience(state, target, atouts, first);
  return r.ok ? write(model, xpUpdate(r, state)) : Promise.resolve(refused(r));
}

/** Experience pays the debts (equal debts: `first` first). */
export function payDebts(model: KarmaModel, first: T.Spirit = "deva"): Promise<UpkeepResult> {
  const s = model.toObject() as Parameters<typeof T.payDebtsWithExperience>[0];
  const r = T.payDebtsWithExperience(s, first);
  if (!r) return Promise.resolve({ ok: false, reason: "QUINTETTE.Trinites.Karma.NothingToPay" });
  return write(model, bookUpdate(r, r.depense));
}

/** One Karma point from a pool, with the limit per round when the actor is in a fight. */
export function spendKarma(model: KarmaModel, pool: T.KarmaPool): Promise<UpkeepResult> {
  const r = T.spendKarmaPoint(model, pool, combatMoment(model.parent));
  return r.ok ? write(model, karmaUpdate(r)) : Promise.resolve(refused(r));
}

/** Dawn or dusk for this actor: the reserves of that light back to their scores. */
export function refill(model: KarmaModel, moment: "aube" | "crepuscule"): Promise<UpkeepResult> {
  const r = T.reservesAt(model, moment);
  return write(model, {
    "system.deva.value": r.deva,
    "system.archonte.value": r.archonte,
    "system.adam.value": r.adam,
  });
}

/** A regeneration paid with one Karma point of `kind`. */
export function regenerate(model: KarmaModel, kind: T.KarmaKind): Promise<UpkeepResult> {
  const r = T.regenerateWithKarma(model, model.vie.value, kind, combatMoment(model.parent));
  return r.ok ? write(model, regenerationUpdate(r)) : Promise.resolve(refused(r));
}
