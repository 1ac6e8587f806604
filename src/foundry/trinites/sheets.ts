/**
 * Trinités sheets on the shared base sheets (tabs, play/edit mode, portrait, items with drops, biography, limited
 * view, refused out-of-range edits). The actor sheet adds three tabs — the Adam' (life lines, Karma, debts,
 * resources, experience), signs and skills, combat (its roll buttons roll through `api.ts`); the item sheet
 * adds the type's details. Every button that changes the actor calls its document method (actor-methods.ts), whose
 * rule is the rules core's.
 */
import { QuintetteActorSheet } from "../sheets/actor-sheet.ts";
import { QuintetteItemSheet } from "../sheets/item-sheet.ts";
import { trinites as T } from "../../rules/index.ts";
import * as U from "../../rules/trinites/upkeep.ts";
import { actorSheetContext, type ActorSheetInput, type ItemLike } from "./sheet-context.ts";
import { itemSheetContext } from "./item-context.ts";
import { harmChoice, harmContext, type HarmAnswer } from "./harm-dialog.ts";
import { combatMoment, type UpkeepResult } from "./actor-updates.ts";
import { HumainModel, ObjectModel, TriniteModel } from "./models.ts";
import { EMPTY_SLOT } from "./influence.ts";
import { ACTOR_PARTS, ACTOR_TABS, HARM_DIALOG, ITEM_PART, ITEM_TABS } from "./sheet-paths.ts";

export { ACTOR_PARTS, ITEM_PART } from "./sheet-paths.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export { combatMoment } from "./actor-updates.ts";

/** A refused change is told to the user who clicked. */
function tell(r: UpkeepResult, level: "warn" | "info" = "warn"): void {
  if (!r.ok) ui.notifications?.[level](localize(r.reason));
}

const POOL_LABEL: Record<T.KarmaPool, string> = {
  deva: "QUINTETTE.Trinites.Field.Deva",
  archonte: "QUINTETTE.Trinites.Field.Archonte",
  adam: "QUINTETTE.Trinites.Field.Adam",
};

/** Which reserve pays a regeneration, among `pools` (spirit first, the default); null when the dialog is closed. */
export async function askRegenerationPool(pools: readonly T.KarmaPool[]): Promise<T.KarmaPool | null> {
  const answer: unknown = await foundry.applications.api.DialogV2.wait({
    window: { title: "QUINTETTE.Trinites.Karma.RegenPoolTitle" },
    content: `<p>${localize("QUINTETTE.Trinites.Karma.RegenPoolHint")}</p>`,
    buttons: pools.map((pool, i) => ({ action: pool, label: POOL_LABEL[pool], default: i === 0 })),
    rejectClose: false,
  });
  return pools.find((pool) => pool === answer) ?? null;
}

/** The Trinités part of the sheet's context from an actor document (null for another rule set's actor). */
export async function trinitesActorContext(
  actor: Actor.Implementation,
  viewer: { editable: boolean; isGM: boolean },
  moment: U.FightMoment | null,
) {
  const system = actor.system;
  if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return null;
  const kind = system instanceof TriniteModel ? "trinite" : "humain";
  const items: ItemLike[] = actor.items.contents.map((i) => ({
    id: i.id ?? "",
    name: i.name ?? "",
    img: i.img ?? "",
    type: i.type,
    system: i.system as unknown as Record<string, unknown>, // plain read of the item's fields for the row summary
  }));
  // The model's source is exactly the sheet input's shape (same schema); a plain read.
  const source = system.toObject() as unknown as ActorSheetInput["source"];
  const spending =
    system instanceof TriniteModel && moment
      ? system.depenseRound.combat === moment.combat && system.depenseRound.round === moment.round
        ? { lumiere: system.depenseRound.lumiere, tenebres: system.depenseRound.tenebres }
        : { lumiere: 0, tenebres: 0 }
      : null;
  return actorSheetContext({
    kind,
    source,
    items,
    editable: viewer.editable,
    isGM: viewer.isGM,
    roundSpending: spending,
  });
}

export class TrinitesActorSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["trinites"],
    position: { width: 820, height: 860 },
    actions: {
      lifeBox: TrinitesActorSheet.#onLifeBox,
      spendKarma: TrinitesActorSheet.#onSpendKarma,
      refill: TrinitesActorSheet.#onRefill,
      regenerate: TrinitesActorSheet.#onRegenerate,
      payDebts: TrinitesActorSheet.#onPayDebts,
      itemEquip: TrinitesActorSheet.#onItemEquip,
      resourceAdd: TrinitesActorSheet.#onResourceAdd,
      resourceDelete: TrinitesActorSheet.#onResourceDelete,
      specialityAdd: TrinitesActorSheet.#onSpecialityAdd,
      specialityDelete: TrinitesActorSheet.#onSpecialityDelete,
      influenceClear: TrinitesActorSheet.#onInfluenceClear,
      reactionsClear: TrinitesActorSheet.#onReactionsClear,
      harm: TrinitesActorSheet.#onHarm,
      spendXp: TrinitesActorSheet.#onSpendXp,
    },
  };

  static override PARTS: Record<string, Part> = QuintetteActorSheet.composeParts({
    main: { template: ACTOR_PARTS.main, scrollable: [""] },
    skills: { template: ACTOR_PARTS.skills, scrollable: [""] },
    combat: { template: ACTOR_PARTS.combat, scrollable: [""] },
  });

  static override SHEET_TABS = [...ACTOR_TABS, ...QuintetteActorSheet.SHEET_TABS];

  protected override async _prepareContext(
    options: Parameters<QuintetteActorSheet["_prepareContext"]>[0],
  ): ReturnType<QuintetteActorSheet["_prepareContext"]> {
    const context = await super._prepareContext(options);
    const actor = this.document;
    const tr = await trinitesActorContext(
      actor,
      { editable: context.editable, isGM: game.user?.isGM ?? false },
      combatMoment(actor),
    );
    if (!tr) return context;
    const value = tr.system.notes ?? "";
    const enriched = await foundry.applications.ux.TextEditor.implementation.enrichHTML(value, {
      secrets: actor.isOwner,
      relativeTo: actor,
    });
    return Object.assign(context, { tr, notes: { value, enriched } });
  }

  static async #onLifeBox(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    if (!this.isEditable || (!(s instanceof TriniteModel) && !(s instanceof HumainModel))) return;
    tell(await s.clickLifeBox(Number(target.dataset.index)));
  }

  static async #onSpendKarma(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    const pool = target.dataset.pool;
    if (!this.isEditable || !(s instanceof TriniteModel)) return;
    if (pool !== "deva" && pool !== "archonte" && pool !== "adam") return;
    tell(await s.spendKarma(pool));
  }

  static async #onRefill(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    const moment = target.dataset.moment;
    if (!game.user?.isGM || !(s instanceof TriniteModel) || (moment !== "aube" && moment !== "crepuscule")) return;
    tell(await s.refill(moment));
  }

  static async #onRegenerate(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    const kind = target.dataset.karma;
    if (!this.isEditable || !(s instanceof TriniteModel) || (kind !== "lumiere" && kind !== "tenebres")) return;
    // The player spends from the pool of their choice (the source): asked only when two pools of that kind hold a point
    // and the regeneration can happen (else the refusal is told at once).
    const possible = U.regenerateWithKarma(s, s.vie.value, kind, combatMoment(this.document)).ok;
    const pools = possible ? U.regenerationPools(s, kind) : [];
    const pool = pools.length > 1 ? await askRegenerationPool(pools) : pools[0];
    if (pool === null) return;
    tell(await s.regenerate(kind, pool));
  }

  static async #onPayDebts(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    if (!this.isEditable || !(s instanceof TriniteModel)) return;
    // Equal debts: the button the player clicked says which is paid first.
    tell(await s.payDebts({ first: target.dataset.first === "archonte" ? "archonte" : "deva" }), "info");
  }

  static async #onItemEquip(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    if (!this.isEditable) return;
    const item = this.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
    const equipped = (item?.system as { equipee?: unknown } | undefined)?.equipee;
    const update: Record<string, unknown> = { "system.equipee": !equipped };
    if (item && typeof equipped === "boolean") await item.update(update);
  }

  static async #onResourceAdd(this: TrinitesActorSheet) {
    const s = this.document.system;
    if (!this.isEditable || (!(s instanceof TriniteModel) && !(s instanceof HumainModel))) return;
    const update: Record<string, unknown> = { "system.ressources": [...s.ressources, { nom: "", base: 0 }] };
    await this.document.update(update);
  }

  /** The GM drops a pending encouragement or intimidation that lapsed. */
  static async #onInfluenceClear(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const kind = target.dataset.kind;
    if (!game.user?.isGM || (kind !== "encourager" && kind !== "intimider")) return;
    const update: Record<string, unknown> = { [`system.influences.${kind}`]: { ...EMPTY_SLOT } };
    await this.document.update(update);
  }

  /** A spend button: the price from the rules core, debts paid first, the purchase recorded. */
  static async #onSpendXp(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    if (!this.isEditable || (!(s instanceof TriniteModel) && !(s instanceof HumainModel))) return;
    const { kind, skill, spirit, index } = target.dataset;
    const want: U.XpTarget | null =
      kind === "competence" && T.isSkillId(skill ?? "")
        ? { kind, skill: skill ?? "" }
        : kind === "karma" && (spirit === "deva" || spirit === "archonte")
          ? { kind, spirit }
          : kind === "ressource"
            ? { kind, index: Number(index) }
            : kind === "atout" || kind === "auraAscendant" || kind === "auraDescendant" || kind === "verset"
              ? { kind }
              : null;
    if (!want) return;
    tell(await s.spendXp(want, { first: target.dataset.first === "archonte" ? "archonte" : "deva" }));
  }

  /** The GM's harm dialog: fire, a fall, a continuous harm, an hour of coma, a point of recovery (rules core). */
  static async #onHarm(this: TrinitesActorSheet) {
    const s = this.document.system;
    if (!game.user?.isGM || (!(s instanceof TriniteModel) && !(s instanceof HumainModel))) return;
    const kind = s instanceof TriniteModel ? "trinite" : "humain";
    const vie = { value: s.vie.value, nonLetal: s.vie.nonLetal };
    const content = await foundry.applications.handlebars.renderTemplate(HARM_DIALOG, harmContext(kind, vie));
    const answer: unknown = await foundry.applications.api.DialogV2.prompt({
      window: { title: "QUINTETTE.Trinites.Harm.Title" },
      content,
      ok: {
        label: "QUINTETTE.Trinites.Harm.Apply",
        callback: (_event: Event, button: HTMLButtonElement) =>
          new foundry.applications.ux.FormDataExtended(button.form!).object,
      },
    });
    if (!answer || typeof answer !== "object") return;
    const choice = harmChoice(answer as HarmAnswer);
    if (!choice) ui.notifications?.warn(localize("QUINTETTE.Trinites.Harm.Unknown"));
    else tell(await (choice === "repos" ? s.rest() : s.harm(choice)));
  }

  /** Prudence and Danger lapse at the next turn; out of combat (or after a missed turn) the owner clears them. */
  static async #onReactionsClear(this: TrinitesActorSheet) {
    if (!this.isEditable) return;
    const update: Record<string, unknown> = { "system.reactions": { ...T.NO_REACTION_BONUSES } };
    await this.document.update(update);
  }

  /** The stored speciality rows of the clicked skill (blanks included: rows being filled in). */
  #specialityRows(target: HTMLElement): { skill: T.SkillId; rows: string[] } | null {
    const s = this.document.system;
    const skill = target.dataset.skill ?? "";
    if (!this.isEditable || (!(s instanceof TriniteModel) && !(s instanceof HumainModel)) || !T.isSkillId(skill)) {
      return null;
    }
    return { skill: skill as T.SkillId, rows: [...s.competences[skill as T.SkillId].specialites] };
  }

  /** A blank row to name a further speciality (Arts (Peinture), then Arts (Sculpture)). */
  static async #onSpecialityAdd(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const found = this.#specialityRows(target);
    if (!found || found.rows.length >= T.SPECIALITIES_PER_SKILL_MAX) return;
    const update: Record<string, unknown> = { [`system.competences.${found.skill}.specialites`]: [...found.rows, ""] };
    await this.document.update(update);
  }

  static async #onSpecialityDelete(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const found = this.#specialityRows(target);
    const index = Number(target.dataset.index);
    if (!found || !Number.isInteger(index)) return;
    const update: Record<string, unknown> = {
      [`system.competences.${found.skill}.specialites`]: found.rows.filter((_, i) => i !== index),
    };
    await this.document.update(update);
  }

  static async #onResourceDelete(this: TrinitesActorSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    if (!this.isEditable || (!(s instanceof TriniteModel) && !(s instanceof HumainModel))) return;
    const index = Number(target.dataset.index);
    const update: Record<string, unknown> = { "system.ressources": s.ressources.filter((_, i) => i !== index) };
    await this.document.update(update);
  }
}

export class TrinitesItemSheet extends QuintetteItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["trinites"],
    position: { width: 540, height: 560 },
    actions: {
      objectBox: TrinitesItemSheet.#onObjectBox,
      objectHit: TrinitesItemSheet.#onObjectHit,
    },
  };

  /** A box of an object's life line: checks up to it, or unchecks the last checked one (rules core). */
  static async #onObjectBox(this: TrinitesItemSheet, _event: PointerEvent, target: HTMLElement) {
    const s = this.document.system;
    if (!this.isEditable || !(s instanceof ObjectModel)) return;
    const update: Record<string, unknown> = {
      "system.usure": T.clickObjectBox(s.pv, s.usure, Number(target.dataset.index)),
    };
    await this.document.update(update);
  }

  /** A blow to the object: what passes its material's protection checks boxes (rules core `damageObject`). */
  static async #onObjectHit(this: TrinitesItemSheet) {
    const s = this.document.system;
    if (!this.isEditable || !(s instanceof ObjectModel)) return;
    const label = localize("QUINTETTE.Trinites.Sheet.ObjectBlow");
    const answer: unknown = await foundry.applications.api.DialogV2.prompt({
      window: { title: "QUINTETTE.Trinites.Sheet.ObjectHit" },
      content: `<label>${label} <input type="number" name="blow" value="0" min="0" max="99" step="1" autofocus /></label>`,
      ok: {
        label: "QUINTETTE.Trinites.Sheet.ObjectHit",
        callback: (_event: Event, button: HTMLButtonElement) =>
          new foundry.applications.ux.FormDataExtended(button.form!).object,
      },
    });
    const blow = Math.trunc(Number((answer as { blow?: unknown } | null)?.blow));
    if (!Number.isInteger(blow) || blow < 0 || blow > 99) return;
    const r = T.damageObject(s.pv, Math.min(s.usure, s.pv), blow, s.protection);
    const update: Record<string, unknown> = { "system.usure": r.damage };
    await this.document.update(update);
    if (r.destroyed) ui.notifications?.info(localize("QUINTETTE.Trinites.Sheet.ObjectDestroyed"));
  }

  static override PARTS: Record<string, Part> = QuintetteItemSheet.composeParts({
    details: { template: ITEM_PART, scrollable: [""] },
  });

  static override SHEET_TABS = [...ITEM_TABS, ...QuintetteItemSheet.SHEET_TABS];

  protected override async _prepareContext(options: Parameters<QuintetteItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document;
    return Object.assign(context, {
      tr: itemSheetContext({
        type: item.type,
        system: item.system as unknown as Record<string, unknown>, // plain read for the template
      }),
    });
  }
}
