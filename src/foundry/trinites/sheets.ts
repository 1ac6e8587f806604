/**
 * Trinités sheets (ApplicationV2): the actor sheet (signs and skills with their scores, life lines, Karma, debts,
 * weapons, items, biography) and one item sheet for every `tr-` type. Every rule behind a button is the rules core's,
 * through sheet-context.ts; rolls go through flow.ts.
 */
import { HandlebarsActorSheet, HandlebarsItemSheet } from "../sheets/mixed.ts";
import {
  actorSheetContext,
  karmaSpendUpdate,
  lifeBoxValue,
  payDebtsUpdate,
  refillUpdate,
  regenerationUpdate,
  type CombatMoment,
  type ItemLike,
  type KarmaSnapshot,
} from "./sheet-context.ts";
import { rollTest, weaponOf } from "./flow.ts";
import { HumainModel, TriniteModel } from "./models.ts";
import { itemSheetContext } from "./item-context.ts";

const TPL = "systems/quintette/templates/trinites";

export const ACTOR_PARTS = {
  header: `${TPL}/actor/header.hbs`,
  skills: `${TPL}/actor/skills.hbs`,
  combat: `${TPL}/actor/combat.hbs`,
  biography: `${TPL}/actor/biography.hbs`,
} as const;
export const ITEM_PART = `${TPL}/item/item.hbs`;

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

/** The fight the actor is in, for the Karma limit per round. */
function combatMoment(actor: Actor.Implementation): CombatMoment | null {
  const combat = game.combat;
  if (!combat || !combat.started) return null;
  const fights = combat.combatants.some((c) => c.actor?.id === actor.id);
  return fights ? { combat: combat.id ?? "", round: combat.round ?? 0 } : null;
}

export class TrinitesActorSheet extends HandlebarsActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["quintette", "trinites", "actor"],
    position: { width: 800, height: 860 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      roll: TrinitesActorSheet.#onRoll,
      attack: TrinitesActorSheet.#onAttack,
      lifeBox: TrinitesActorSheet.#onLifeBox,
      spendKarma: TrinitesActorSheet.#onSpendKarma,
      refill: TrinitesActorSheet.#onRefill,
      regenerate: TrinitesActorSheet.#onRegenerate,
      payDebts: TrinitesActorSheet.#onPayDebts,
      itemCreate: TrinitesActorSheet.#onItemCreate,
      itemEdit: TrinitesActorSheet.#onItemEdit,
      itemDelete: TrinitesActorSheet.#onItemDelete,
      itemEquip: TrinitesActorSheet.#onItemEquip,
      resourceAdd: TrinitesActorSheet.#onResourceAdd,
      resourceDelete: TrinitesActorSheet.#onResourceDelete,
    },
  };

  static override PARTS = {
    header: { template: ACTOR_PARTS.header },
    skills: { template: ACTOR_PARTS.skills },
    combat: { template: ACTOR_PARTS.combat },
    biography: { template: ACTOR_PARTS.biography },
  };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ActorSheetV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system;
    if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return base;
    const kind = system instanceof TriniteModel ? "trinite" : "humain";
    const items: ItemLike[] = actor.items.contents.map((i) => ({
      id: i.id ?? "",
      name: i.name ?? "",
      img: i.img ?? "",
      type: i.type,
      system: i.system as unknown as Record<string, unknown>, // plain read of the item's fields for the row summary
    }));
    const moment = combatMoment(actor);
    // The model's source is exactly the sheet input's shape (same schema); a plain read.
    const source = system.toObject() as unknown as Parameters<typeof actorSheetContext>[0]["source"];
    const spending =
      system instanceof TriniteModel && moment
        ? system.depenseRound.combat === moment.combat && system.depenseRound.round === moment.round
          ? { lumiere: system.depenseRound.lumiere, tenebres: system.depenseRound.tenebres }
          : { lumiere: 0, tenebres: 0 }
        : null;
    return Object.assign(
      base,
      actorSheetContext({
        name: actor.name ?? "",
        img: actor.img ?? "",
        kind,
        source,
        items,
        editable: this.isEditable,
        isGM: game.user?.isGM ?? false,
        roundSpending: spending,
      }),
    );
  }

  #karma(): KarmaSnapshot | null {
    const s = this.actor.system;
    return s instanceof TriniteModel
      ? { deva: s.deva, archonte: s.archonte, adam: s.adam, depenseRound: s.depenseRound }
      : null;
  }

  static async #onRoll(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const skill = target.dataset.skill;
    await rollTest(this.actor, skill ? { skill: skill as never } : {});
  }

  static async #onAttack(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    const weapon = item ? weaponOf(item) : null;
    if (weapon) await rollTest(this.actor, { weapon, skill: weapon.skill });
  }

  static async #onLifeBox(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.actor.system;
    if (!(s instanceof TriniteModel) && !(s instanceof HumainModel)) return;
    const kind = s instanceof TriniteModel ? "trinite" : "humain";
    const update: Record<string, unknown> = {
      "system.vie.value": lifeBoxValue(kind, s.vie.value, Number(target.dataset.index)),
    };
    await this.actor.update(update);
  }

  static async #onSpendKarma(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const k = this.#karma();
    const pool = target.dataset.pool;
    if (!k || (pool !== "deva" && pool !== "archonte" && pool !== "adam")) return;
    const r = karmaSpendUpdate(k, pool, combatMoment(this.actor));
    if ("error" in r) ui.notifications?.warn(localize("QUINTETTE.Trinites.Karma.Refused"));
    else await this.actor.update(r.update);
  }

  static async #onRefill(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const k = this.#karma();
    const moment = target.dataset.moment;
    if (!k || !game.user?.isGM || (moment !== "aube" && moment !== "crepuscule")) return;
    await this.actor.update(refillUpdate(k, moment));
  }

  static async #onRegenerate(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const k = this.#karma();
    const s = this.actor.system;
    const kind = target.dataset.karma;
    if (!k || !(s instanceof TriniteModel) || (kind !== "lumiere" && kind !== "tenebres")) return;
    const r = regenerationUpdate(k, s.vie.value, kind, combatMoment(this.actor));
    if ("error" in r) ui.notifications?.warn(localize("QUINTETTE.Trinites.Karma.RegenerationRefused"));
    else await this.actor.update(r.update);
  }

  static async #onPayDebts(this: TrinitesActorSheet) {
    const s = this.actor.system;
    if (!(s instanceof TriniteModel)) return;
    const update = payDebtsUpdate(s);
    if (update) await this.actor.update(update);
    else ui.notifications?.info(localize("QUINTETTE.Trinites.Karma.NothingToPay"));
  }

  static async #onItemCreate(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const type = target.dataset.type ?? "tr-objet";
    const name =
      game.i18n?.format("QUINTETTE.Trinites.Sheet.NewItem", { type: localize(`TYPES.Item.${type}`) }) ?? type;
    const created = await this.actor.createEmbeddedDocuments("Item", [{ name, type } as Item.CreateData]);
    created?.[0]?.sheet?.render(true);
  }

  static async #onItemEdit(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    item?.sheet?.render(true);
  }

  static async #onItemDelete(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    await item?.delete();
  }

  static async #onItemEquip(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const item = this.actor.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    const equipped = (item?.system as { equipee?: unknown } | undefined)?.equipee;
    const update: Record<string, unknown> = { "system.equipee": !equipped };
    if (item && typeof equipped === "boolean") await item.update(update);
  }

  static async #onResourceAdd(this: TrinitesActorSheet) {
    const s = this.actor.system;
    if (!(s instanceof TriniteModel) && !(s instanceof HumainModel)) return;
    const update: Record<string, unknown> = { "system.ressources": [...s.ressources, { nom: "", base: 0 }] };
    await this.actor.update(update);
  }

  static async #onResourceDelete(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.actor.system;
    if (!(s instanceof TriniteModel) && !(s instanceof HumainModel)) return;
    const index = Number(target.dataset.index);
    const update: Record<string, unknown> = { "system.ressources": s.ressources.filter((_, i) => i !== index) };
    await this.actor.update(update);
  }
}

export class TrinitesItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["quintette", "trinites", "item"],
    position: { width: 520, height: 560 },
    window: { resizable: true },
    form: { submitOnChange: true },
  };

  static override PARTS = { item: { template: ITEM_PART } };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    const item = this.item;
    return Object.assign(
      base,
      itemSheetContext({
        name: item.name ?? "",
        img: item.img ?? "",
        type: item.type,
        system: item.system as unknown as Record<string, unknown>, // plain read for the template
        editable: this.isEditable,
      }),
    );
  }
}
