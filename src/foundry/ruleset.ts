/**
 * The rule-set registry. Each rule set exports one `RulesetDescriptor` from `src/foundry/<ruleset>/ruleset.ts` (its
 * registration and its runtime, both imported statically); the entry registers them all at init. Every descriptor's
 * data models, card models, sheets and Roll classes are always registered (documents of another rule set still open
 * and save); the world setting `quintette.ruleset` picks the active one, the only one whose card actions, damage,
 * combat, dice colours, `init` (settings, menus, hooks), templates and compendia a world gets.
 */
import type { CreationView } from "./sheets/creation-view.ts";
import type { RulesetApi } from "./api/types.ts";
import type { CardModel } from "./chat/card-model.ts";
import type { CardAction } from "./chat/actions.ts";
import type { CombatBehaviour } from "./combat/behaviour.ts";
import type { DamageApplier } from "./damage/index.ts";
import type { DiceSoNiceColorset } from "./dice/colorsets.ts";
import type { MigrationStep } from "./migrations/steps.ts";

// The ids and the active one's id sit below the registry (ruleset-id.ts): chat and damage read them, and the registry
// names their types.
export {
  SYSTEM_ID,
  RULESET_IDS,
  DEFAULT_RULESET,
  isRulesetId,
  rulesetLabel,
  activeRulesetId,
  type RulesetId,
} from "./ruleset-id.ts";
import { RULESET_IDS, isRulesetId, activeRulesetId, type RulesetId } from "./ruleset-id.ts";

/** One document sub-type a rule set supplies: its data model and its sheet. */
export interface DocumentTypeSpec<Model, Sheet> {
  /** Sub-type id, unique across the system (`trinite`, `tr-arme`). */
  type: string;
  model: Model;
  /** Sheet class registered as default for this type. */
  sheet: Sheet;
  /** Bars a token may show (`["vie", "karma"]`): tell the lead for system.json's `trackableAttributes`. */
  trackable?: { bar?: string[]; value?: string[] };
  /**
   * Actor types only: a type players play. Its new actors get a linked prototype token (Foundry's default is
   * unlinked, so a dropped token would be a synthetic actor and damage to it would never reach the sheet).
   */
  playerCharacter?: boolean;
}

export type ActorTypeSpec = DocumentTypeSpec<
  foundry.abstract.TypeDataModel.AnyConstructor,
  foundry.applications.api.DocumentSheetV2.AnyConstructor
>;
export type ItemTypeSpec = ActorTypeSpec;

/**
 * What a rule set registers at init in every world (`src/foundry/<ruleset>/registration.ts`): its types with their
 * data models and sheets, its card models, Roll classes, packs and dice colours; and `settings` (settings and menus
 * its models and sheets read), registered for the active rule set only.
 */
export interface RulesetRegistration {
  id: RulesetId;
  /** Localization key of the name (`QUINTETTE.Ruleset.trinites`). */
  label: string;
  actorTypes: ActorTypeSpec[];
  itemTypes: ItemTypeSpec[];
  /** Roll subclasses, added to `CONFIG.Dice.rolls` so chat messages rebuild them. */
  rolls: foundry.dice.Roll.AnyConstructor[];
  /** Compendium packs this rule set ships (`quintette.trinites-armes`); hidden in the worlds of other rule sets. */
  packs?: string[];
  diceSoNice?: DiceSoNiceColorset[];
  /**
   * Its chat card sub-types (`documentTypes.ChatMessage`), each with the `CardModel` subclass that gives its kinds'
   * data a schema; registered at init in every world, as cards of another rule set still open.
   */
  cardTypes?: { type: string; model: typeof CardModel; kinds?: string[] }[];
  /** Its world settings and menus, registered at init for the active rule set only. */
  settings?(): void;
  /** Its steps of the world migration (migrations/steps.ts), registered at init in every world. */
  migrations?: MigrationStep[];
}

/**
 * What the active rule set runs (`src/foundry/<ruleset>/runtime.ts`, plugged in at init of a world that plays it):
 * card flows, combat, damage, templates, its hooks.
 */
export interface RulesetRuntime {
  /** Initiative, order, round changes and tracker parts (the combat base asks the active rule set). */
  combat?: CombatBehaviour;
  cardActions?: CardAction[];
  /** Its rolls and sheet actions as plain calls (`src/foundry/api/rolls.ts` reaches them for documents and macros). */
  api?: RulesetApi;
  /** The creation guide of its characters for a sheet (`sheets/creation-view.ts`), null when none. */
  creation?: (actor: Actor.Implementation, editable: boolean) => CreationView | null;
  /** Turns card damage into actor changes (the shared apply-damage action calls it). */
  damage?: DamageApplier;
  /** Templates to preload (partials by full `systems/quintette/…` path). */
  templates?: string[];
  /** Its hooks, relay handlers and controls. Runs at init, for the active rule set only. */
  init?(): void;
  /** Runs at ready, for the active rule set only. */
  ready?(): void;
}

/** A whole rule set: what tests and the registry see (`src/foundry/<ruleset>/ruleset.ts`). */
export interface RulesetDescriptor extends RulesetRegistration, RulesetRuntime {}

/**
 * One descriptor from the two halves, getters kept (some Roll classes are built when read, once Foundry's dice
 * exist); its `init` registers the settings, then the runtime's hooks.
 */
export function composeDescriptor(registration: RulesetRegistration, runtime: RulesetRuntime): RulesetDescriptor {
  const descriptor = Object.defineProperties(
    {},
    { ...Object.getOwnPropertyDescriptors(registration), ...Object.getOwnPropertyDescriptors(runtime) },
  ) as RulesetDescriptor;
  descriptor.init = () => {
    registration.settings?.();
    runtime.init?.();
  };
  return descriptor;
}

const registry = new Map<RulesetId, RulesetDescriptor>();

/** Registers a descriptor; a second descriptor for the same id, or a type id already taken, is a programming error. */
export function registerRuleset(descriptor: RulesetDescriptor): void {
  if (registry.has(descriptor.id)) throw new Error(`Quintette: rule set ${descriptor.id} registered twice`);
  const taken = new Set([...registry.values()].flatMap((d) => [...d.actorTypes, ...d.itemTypes].map((t) => t.type)));
  for (const spec of [...descriptor.actorTypes, ...descriptor.itemTypes]) {
    if (taken.has(spec.type)) throw new Error(`Quintette: document type ${spec.type} declared by two rule sets`);
    taken.add(spec.type);
  }
  registry.set(descriptor.id, descriptor);
}

export function getRuleset(id: string): RulesetDescriptor | undefined {
  return isRulesetId(id) ? registry.get(id) : undefined;
}

export function allRulesets(): RulesetDescriptor[] {
  return RULESET_IDS.flatMap((id) => registry.get(id) ?? []);
}

/** Test helper: forget every descriptor. */
export function clearRulesets(): void {
  registry.clear();
}

/** The active rule set's descriptor, or undefined while its folder has not registered one. */
export function activeRuleset(): RulesetDescriptor | undefined {
  return registry.get(activeRulesetId());
}

/** Sub-types the create dialogs offer: the active rule set's (empty when it registered none). */
export function activeTypes(documentName: "Actor" | "Item"): string[] {
  const d = activeRuleset();
  if (!d) return [];
  return (documentName === "Actor" ? d.actorTypes : d.itemTypes).map((t) => t.type);
}

/** The rule set that owns a document sub-type (`tr-arme` → trinites). */
export function rulesetOfType(type: string): RulesetDescriptor | undefined {
  return allRulesets().find((d) => [...d.actorTypes, ...d.itemTypes].some((t) => t.type === type));
}
