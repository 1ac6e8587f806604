/**
 * Sheets of L'Œil Noir: the héros and adversaire sheets extend the shared actor sheet with a "Combat" tab (view.ts)
 * whose roll buttons (attack with the exact odds of the exchange, D20 checks, Orientation) roll through `api.ts`; the item sheet
 * shows each type's fields with their ranges (item-view.ts).
 */
import { HandlebarsItemSheet } from "../sheets/mixed.ts";
import { QuintetteActorSheet, screenForm } from "../sheets/actor-sheet.ts";
import { act } from "../api/rolls.ts";
import { oeilNoirActor, woundEditWrite, type OeilNoirActorKind } from "./actors.ts";
import { itemContext } from "./item-view.ts";
import { plainItems } from "./models.ts";
import { adversaireView, herosView } from "./view.ts";
import { EFFECT_ACTIONS, EFFECTS_PART, effectsContext } from "../effects/sheet.ts";

const T = "systems/quintette/templates/oeilnoir";
export const SHEET_TEMPLATES = {
  heros: `${T}/sheet/heros-combat.hbs`,
  adversaire: `${T}/sheet/adversaire-combat.hbs`,
  item: `${T}/sheet/item.hbs`,
} as const;

const COMBAT_TAB = { id: "combat", label: "QUINTETTE.OeilNoir.Tab.combat", icon: "fa-solid fa-khanda" };

/** Submits the sheet, then moves the combatant's initiative by the wounds edited by hand (−2 each). */
async function submitWithWounds<R>(
  sheet: Pick<QuintetteActorSheet, "document">,
  submitData: unknown,
  submit: () => Promise<R>,
): Promise<R> {
  const wounds: unknown = foundry.utils.getProperty(submitData as object, "system.wounds");
  const write = woundEditWrite(sheet.document, wounds);
  const result = await submit();
  if (!write) return result;
  const combatant = await fromUuid<Combatant.Implementation>(write.uuid as Parameters<typeof fromUuid>[0]);
  if (combatant?.isOwner) await combatant.update(write.changes);
  return result;
}

/** The sheet's "Save (Médecine)" button: the same action as on the newest card where this actor lies dying. */
async function onRescue(this: QuintetteActorSheet): Promise<void> {
  await act(this.document, "onRescue");
}

/** Whether the sheet offers the save: dying, not saved yet, and a card to act on (looked up by `api.ts`). */
async function rescuable(actor: Actor.Implementation, derived: { status: string; stabilized: boolean }) {
  if (derived.status !== "mourant" || derived.stabilized) return false;
  return (await act(actor, "onCanRescue")) === true;
}

/** What both actor sheets share: the combat tab, roll requests, wounds that move initiative, the save button. */
abstract class OeilNoirActorSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: { rescue: onRescue },
  };
  static override SHEET_TABS = [COMBAT_TAB, ...QuintetteActorSheet.SHEET_TABS];

  /** The combat tab's view for this sheet's kind of actor; null for another kind. */
  protected abstract combatView(data: OeilNoirActorKind): object | null;

  // The return type is left to inference: v13 resolves void, v14 the submit result.
  protected override _processSubmitData(...args: Parameters<QuintetteActorSheet["_processSubmitData"]>) {
    return submitWithWounds(this, args[2], () => super._processSubmitData(...args));
  }

  protected override async _prepareContext(options: Parameters<QuintetteActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const data = oeilNoirActor(this.document);
    const on = data ? this.combatView(data) : null;
    if (!data || !on) return context;
    return { ...context, on: { ...on, rescuable: await rescuable(this.document, data.derived) } };
  }
}

export class HerosSheet extends OeilNoirActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["oeilnoir", "heros"],
  };
  static override PARTS = QuintetteActorSheet.composeParts({
    combat: { template: SHEET_TEMPLATES.heros, scrollable: [""] },
  });

  protected override combatView(data: OeilNoirActorKind) {
    return data.kind === "heros" ? herosView(data.system, data.derived, plainItems(this.document)) : null;
  }
}

export class AdversaireSheet extends OeilNoirActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    classes: ["oeilnoir", "adversaire"],
  };
  static override PARTS = QuintetteActorSheet.composeParts({
    combat: { template: SHEET_TEMPLATES.adversaire, scrollable: [""] },
  });

  protected override combatView(data: OeilNoirActorKind) {
    return data.kind === "adversaire" ? adversaireView(data.system, data.derived, plainItems(this.document)) : null;
  }
}

export class OeilNoirItemSheet extends HandlebarsItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["quintette", "sheet", "item", "oeilnoir"],
    position: { width: 460, height: "auto" as const },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...EFFECT_ACTIONS },
  };

  static override PARTS = { main: { template: SHEET_TEMPLATES.item }, effects: { template: EFFECTS_PART } };

  protected override async _prepareContext(
    options: Parameters<foundry.applications.sheets.ItemSheetV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    const item = this.document;
    const raw = (item.system as { description?: unknown }).description;
    const description = await foundry.applications.ux.TextEditor.implementation.enrichHTML(
      typeof raw === "string" ? raw : "",
      {
        relativeTo: item,
      },
    );
    return Object.assign(
      base,
      itemContext(
        { id: item.id ?? "", name: item.name ?? "", img: item.img ?? "", type: item.type, system: item.system },
        this.isEditable,
        description,
      ),
      { effects: await effectsContext(this, { tabbed: false, active: true }) },
    );
  }

  /** Out-of-range edits are refused with a message, as on the actor sheets. */
  protected override _processFormData(
    event: SubmitEvent | null,
    form: HTMLFormElement,
    formData: foundry.applications.ux.FormDataExtended,
  ): object {
    const expanded = super._processFormData(event, form, formData) as Record<string, unknown>;
    return screenForm(this, expanded);
  }
}
