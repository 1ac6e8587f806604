/**
 * Sheets of L'Œil Noir: the héros and adversaire sheets extend the shared actor sheet with a "Combat" tab (view.ts)
 * whose roll buttons (attack with the exact odds of the exchange, D20 checks, Orientation) roll through `api.ts`; the item sheet
 * shows each type's fields with their ranges (item-view.ts).
 */
import { QuintetteActorSheet } from "../sheets/actor-sheet.ts";
import { act } from "../api/rolls.ts";
import { combatantOf, frenzyWrites, oeilNoirActor, woundEditWrite, type OeilNoirActorKind } from "./actors.ts";
import { turnRefusal } from "./refusals.ts";
import { adversaireView, herosView } from "./view.ts";
import { itemContext } from "./item-view.ts";
import { declareWrite, roundUnderway, roundView, spendOwn } from "./round-actions.ts";
import { plainItems } from "./models.ts";
import {
  ROUND_PLANS,
  gainSkillPoint,
  isLegalSplit,
  nearestLegalSplit,
  type RoundPlan,
} from "../../rules/oeilnoir/index.ts";
import { creationClosedOnce } from "../sheets/creation-view.ts";
import { QuintetteItemSheet } from "../sheets/item-sheet.ts";
import type { SheetTabSpec } from "../sheets/context.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

const T = "systems/quintette/templates/oeilnoir";
export const SHEET_TEMPLATES = {
  heros: `${T}/sheet/heros-combat.hbs`,
  adversaire: `${T}/sheet/adversaire-combat.hbs`,
  item: `${T}/sheet/item.hbs`,
} as const;
/** The item sheet's own tab, before the shared description and effects tabs. */
export const ITEM_TABS: SheetTabSpec[] = [
  { id: "details", label: "QUINTETTE.Sheet.Tabs.Details", icon: "fa-solid fa-list" },
];

const isRoundPlan = (v: string): v is RoundPlan => (ROUND_PLANS as readonly string[]).includes(v);

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

/**
 * Declares how this round is used (RULES.md): fight normally, two defences, two actions (the second at INI − 8) or
 * a long activity. The fighter declares before spending anything; afterwards only the GM changes it.
 */
async function declare(sheet: QuintetteActorSheet, plan: string): Promise<void> {
  const combatant = combatantOf(sheet.document);
  const gm = game.user?.isGM ?? false;
  // At the round's start (before anyone acted this round); afterwards only the GM changes it.
  const late = !gm && roundUnderway(combatant);
  const write = isRoundPlan(plan) && !late ? declareWrite(combatant, plan, gm) : "refused";
  if (!combatant || write === "refused" || !write || !combatant.isOwner) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.PlanLocked") ?? "");
    return;
  }
  await combatant.update(write.changes as never);
  await sheet.render();
}

async function onDeclarePlan(this: QuintetteActorSheet, _event: Event, target: HTMLElement): Promise<void> {
  await declare(this, target.dataset.plan ?? "");
}

/** Declares two actions this round (the defence given up): the tracker then shows the row at INI − 8. */
async function onSecondAction(this: QuintetteActorSheet): Promise<void> {
  await declare(this, "twoActions");
}

/** A non-combat action (reloading, a spell's gestures, moving): it spends the turn action like an attack. */
async function onOtherAction(this: QuintetteActorSheet): Promise<void> {
  const combatant = combatantOf(this.document);
  const refusal = combatant ? turnRefusal(combatant) : null;
  if (!combatant || refusal || !(await spendOwn(combatant, "turn"))) {
    ui.notifications?.warn(game.i18n?.localize(refusal ?? "QUINTETTE.OeilNoir.Notify.NoActionLeft") ?? "");
    return;
  }
  await this.render();
}

/** Enters or leaves the frenzy (Frénétique): the state and the initiative its wounds' penalties move. */
async function onToggleFrenzy(this: QuintetteActorSheet): Promise<void> {
  const data = oeilNoirActor(this.document);
  if (!data || !this.isEditable) return;
  const writes = frenzyWrites(this.document, !data.derived.frenzy);
  for (const write of writes ?? []) {
    const doc = await fromUuid(write.uuid as Parameters<typeof fromUuid>[0]);
    if (doc && "isOwner" in doc && doc.isOwner) await (doc as Actor.Implementation).update(write.changes);
  }
}

/** The refused split's fix button: the nearest legal split, written on the héros (its owner's edit). */
async function onFixSplit(this: QuintetteActorSheet, _event: Event, target: HTMLElement): Promise<void> {
  const key = target.dataset.skill ?? "";
  const data = oeilNoirActor(this.document);
  const skill = data?.kind === "heros" ? data.derived.skills.find((s) => s.key === key) : undefined;
  if (!skill || skill.attackOnly || !this.isEditable) return;
  const changes: Record<string, unknown> = {
    [`system.skills.${key}.toAttack`]: nearestLegalSplit(skill.points, skill.toAttack),
  };
  await this.document.update(changes);
}

/** A point gained after creation, given to attack or parry (`data-side`): the split itself is never rearranged. */
async function onGainPoint(this: QuintetteActorSheet, _event: Event, target: HTMLElement): Promise<void> {
  const key = target.dataset.skill ?? "";
  const data = oeilNoirActor(this.document);
  const skill = data?.kind === "heros" ? data.derived.skills.find((s) => s.key === key) : undefined;
  if (!skill || !this.isEditable) return;
  const side = target.dataset.side === "prd" ? "prd" : "at";
  const next = skill.attackOnly
    ? { points: skill.points + 1, toAttack: skill.toAttack + 1 }
    : gainSkillPoint(skill.points, skill.toAttack, side);
  if (!next || next.points > 30) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.GainRefused") ?? "");
    return;
  }
  await this.document.update({
    [`system.skills.${key}.points`]: next.points,
    [`system.skills.${key}.toAttack`]: next.toAttack,
  });
}

/**
 * Whether this user may type the skill points and pick their split: the GM in edit mode (corrections), and the
 * player while the héros is first built (the guide never closed) and not fighting in a started combat. Otherwise a
 * split once made is never rearranged (RULES.md), not after the guide is opened again, not mid-fight: a gained point
 * goes to a side.
 */
export function splitOpen(actor: Actor.Implementation, editMode: boolean): boolean {
  if (editMode && (game.user?.isGM ?? false)) return true;
  if (creationClosedOnce(actor)) return false;
  return !(game.combat?.started && combatantOf(actor));
}

/**
 * Skill points typed over a split they make illegal (10 points over 0 / 0): the split moves to the nearest legal one
 * in the same submit, so a sheet being built never stores a refused split.
 */
export function withLegalSplits(actor: Actor.Implementation, submitData: unknown): void {
  const data = oeilNoirActor(actor);
  const submitted = foundry.utils.getProperty(submitData as object, "system.skills") as
    Record<string, { points?: unknown; toAttack?: unknown }> | undefined;
  if (data?.kind !== "heros" || !submitted || typeof submitted !== "object") return;
  // Outside the creation guide the form carries no split to rearrange: the stored one holds (the GM's corrections
  // in edit mode aside).
  const open = splitOpen(actor, true);
  for (const [key, entry] of Object.entries(submitted)) {
    if (!open && entry && typeof entry === "object") {
      delete entry.toAttack;
      delete entry.points;
    }
    const line = data.derived.skills.find((s) => s.key === key);
    if (!line || line.attackOnly || !entry || typeof entry !== "object") continue;
    const points = typeof entry.points === "number" ? entry.points : line.points;
    const toAttack = typeof entry.toAttack === "number" ? entry.toAttack : line.toAttack;
    if (!Number.isInteger(points) || points < 0 || !Number.isInteger(toAttack)) continue;
    if (!isLegalSplit(points, toAttack)) entry.toAttack = nearestLegalSplit(points, toAttack);
  }
}

/** Whether the sheet offers the save: dying, not saved yet, and a card to act on (looked up by `api.ts`). */
async function rescuable(actor: Actor.Implementation, derived: { status: string; stabilized: boolean }) {
  if (derived.status !== "mourant" || derived.stabilized) return false;
  return (await act(actor, "onCanRescue")) === true;
}

/** What both actor sheets share: the combat tab, roll requests, wounds that move initiative, the save button. */
abstract class OeilNoirActorSheet extends QuintetteActorSheet {
  static override DEFAULT_OPTIONS: foundry.applications.api.DocumentSheetV2.DefaultOptions = {
    actions: {
      rescue: onRescue,
      secondAction: onSecondAction,
      declarePlan: onDeclarePlan,
      otherAction: onOtherAction,
      toggleFrenzy: onToggleFrenzy,
      gainPoint: onGainPoint,
      fixSplit: onFixSplit,
    },
  };
  static override SHEET_TABS = [COMBAT_TAB, ...QuintetteActorSheet.SHEET_TABS];

  /** The combat tab's view for this sheet's kind of actor; null for another kind. */
  protected abstract combatView(data: OeilNoirActorKind): object | null;

  // The return type is left to inference: v13 resolves void, v14 the submit result.
  protected override _processSubmitData(...args: Parameters<QuintetteActorSheet["_processSubmitData"]>) {
    withLegalSplits(this.document, args[2]);
    return submitWithWounds(this, args[2], () => super._processSubmitData(...args));
  }

  protected override async _prepareContext(options: Parameters<QuintetteActorSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const data = oeilNoirActor(this.document);
    const on = data ? this.combatView(data) : null;
    if (!data || !on) return context;
    const round = roundView(combatantOf(this.document), game.user?.isGM ?? false);
    // The frenzy toggle, only with Frénétique.
    const frenzy = data.derived.abilities.frenetique ? { on: data.derived.frenzy } : null;
    const open = this.isEditable && splitOpen(this.document, (context as { editMode?: boolean }).editMode === true);
    return {
      ...context,
      on: { ...on, rescuable: await rescuable(this.document, data.derived), round, frenzy, splitOpen: open },
    };
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

/** The shared item sheet with this rule set's details tab: each type's fields with their ranges (item-view.ts). */
export class OeilNoirItemSheet extends QuintetteItemSheet {
  static override DEFAULT_OPTIONS = {
    classes: ["oeilnoir"],
    position: { width: 460, height: 560 },
  };

  static override PARTS: Record<string, Part> = QuintetteItemSheet.composeParts({
    details: { template: SHEET_TEMPLATES.item, scrollable: [""] },
  });

  static override SHEET_TABS = [...ITEM_TABS, ...QuintetteItemSheet.SHEET_TABS];

  protected override async _prepareContext(options: Parameters<QuintetteItemSheet["_prepareContext"]>[0]) {
    const context = await super._prepareContext(options);
    const item = this.document;
    // Fields are live in edit mode only (the shared play/edit toggle); the description is the shared part's.
    return Object.assign(context, {
      on: itemContext(
        { id: item.id ?? "", name: item.name ?? "", img: item.img ?? "", type: item.type, system: item.system },
        context.editMode,
        context.description.enriched,
      ),
    });
  }
}
