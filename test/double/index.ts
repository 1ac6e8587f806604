/**
 * The Foundry test double: a small fake of only the Foundry globals our adapters call, so adapter code runs in Node
 * under Vitest. It never ships. What is faked, and why:
 *
 * - `Hooks` (hooks.ts): on/once/off/call/callAll with real handler calls and a record of every call, so a test can run
 *   the system's init with `Hooks.callAll("init")` and assert which hooks fired.
 * - `CONFIG`: Actor/Item/Combat/Combatant/ChatMessage (`dataModels`, `documentClass`, `typeLabels`), `Dice.rolls`,
 *   `queries` (GM relay handlers), `ui`; plain objects the system fills at init, which tests read back.
 * - `game` (game.ts): settings register/get/set (defaults, choices, onChange), i18n localize/format backed by the real
 *   lang files, users with a GM and a player; the code runs on the player's client unless the test says otherwise
 *   (`asGM`, `asClient`, `setDoubleUser`): the double never assumes the GM; `user.query` calling `CONFIG.queries`,
 *   `system.id`, world collections of actors and items.
 * - `foundry.abstract.DataModel/TypeDataModel` and `foundry.data.fields.*` (fields.ts): schemas that clean and
 *   validate like Foundry for plain data (numbers cast from strings, integer/min/max/nullable, string choices,
 *   nested schemas, arrays, sets), atomic `updateSource`.
 * - `Actor`/`Item` documents (documents.ts): `system` from the registered data model, atomic `update`, embedded items,
 *   flags, ownership by user; each update recorded.
 * - `foundry.documents.collections.Actors/Items.registerSheet` and `foundry.applications.apps.DocumentSheetConfig
 *   .registerSheet`: record calls (the manifest test checks every type has a sheet).
 * - `foundry.applications.api/sheets` (applications.ts): ApplicationV2, HandlebarsApplicationMixin,
 *   DocumentSheetV2, ActorSheetV2, ItemSheetV2, ActiveEffectConfig, DialogV2 as shells that run context preparation
 *   and actions without a DOM; `foundry.applications.handlebars.loadTemplates/renderTemplate` record paths;
 *   `foundry.applications.ux.DragDrop` (applications.ts) binds drag starts and drops under their permissions;
 *   `foundry.applications.instances` holds the rendered applications by id.
 * - `foundry.applications.ux.TextEditor.implementation.enrichHTML` (text-editor.ts): runs `CONFIG.TextEditor
 *   .enrichers` on the content's text, as Foundry documents it.
 * - `ui.notifications`: info/warn/error record their messages for assertions.
 * - `Handlebars`: a fresh instance of the real package, so helper registration works.
 * - `foundry.utils`: the pure helpers we use (mergeObject, expandObject, flattenObject, get/setProperty, deepClone…).
 * - Chat modes of Foundry v13 (roll modes) or v14 (message modes), chosen at install (generation.ts).
 * - `ChatMessage`, `foundry.documents.Combat/Combatant`, `foundry.applications.sidebar.tabs.CombatTracker`
 *   (shared-core.ts); several clients in one process and real card rendering are opt-in (clients.ts, chat.ts).
 * Everything else is absent on purpose: a call to something not faked fails loudly instead of passing silently.
 */
import HandlebarsLib from "handlebars";
import { HooksDouble } from "./hooks.ts";
import { fields, DataModel, TypeDataModel, DataModelValidationError, DataModelValidationFailure } from "./fields.ts";
import { DoubleActor, DoubleItem, DoubleCollection, DoubleDocument, OWNERSHIP, worldCollections } from "./documents.ts";
import { createGame, type GameDouble, type DoubleUser } from "./game.ts";
import {
  ApplicationV2,
  HandlebarsApplicationMixin,
  DocumentSheetV2,
  ActorSheetV2,
  ItemSheetV2,
  ActiveEffectConfig,
  DialogV2,
  dropOn,
  FormDataExtended,
  DragDropDouble,
  renderedApplications,
} from "./applications.ts";
import { utils, resetRandomID, type Plain } from "./utils.ts";
import { extendDouble } from "./shared-core.ts";
import { asGM } from "./clients.ts";
import { userWrites } from "./permissions.ts";
import { presentGeneration, type Generation } from "./generation.ts";
import { permissionTable, resetPermissions, resetServer } from "./server.ts";
import { DoubleScene, resolveSceneUuid } from "./scenes.ts";
import { DoubleFolder } from "./folders.ts";
import { Die, NumericTerm, OperatorTerm, RollDouble, neverRandom, perClientRandomUniform, resetDice } from "./dice.ts";
import { resetChatLogs, updateMessageInLog } from "./chat-log.ts";
import { DoubleActiveEffect } from "./effects.ts";
import { enrichHTML } from "./text-editor.ts";

export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: unknown;
  options: { types?: string[]; makeDefault?: boolean; label?: string; [k: string]: unknown };
}
export interface Notification {
  type: "info" | "warn" | "error" | "success";
  message: string;
  options: unknown;
}

function documentConfig(documentClass: unknown) {
  return {
    documentClass,
    dataModels: {} as Record<string, unknown>,
    typeLabels: {} as Record<string, string>,
    typeIcons: {} as Record<string, string>,
    sheetClasses: {} as Record<string, unknown>,
    trackableAttributes: {} as Record<string, unknown>,
  };
}

function createState(lang: string) {
  const hooks = new HooksDouble();
  const sheets: SheetRegistration[] = [];
  const notifications: Notification[] = [];
  const templates: string[] = [];
  const game: GameDouble = createGame(lang);
  const notify =
    (type: Notification["type"]) =>
    (message: string, options: unknown = {}): Notification => {
      const n = { type, message, options };
      notifications.push(n);
      return n;
    };
  // fvtt-types `CONFIG.Actor.sheetClasses` ("Added by `DocumentSheetConfig._registerDefaultSheets`"): per type, the
  // registered sheets by `<scope>.<class name>` as `SheetClassConfig` (`id`, `cls`, `default`, `label`, `canBeDefault`,
  // `canConfigure`), which is what a world reads of them once booted.
  const sheetClasses = (documentName: string) =>
    (CONFIG as unknown as Record<string, { sheetClasses: Record<string, Record<string, Plain>> }>)[documentName]!
      .sheetClasses;
  const sheetCollection = (documentName: string) => ({
    registerSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}) {
      sheets.push({ documentName, scope, sheetClass, options });
      const id = `${scope}.${(sheetClass as { name: string }).name}`;
      for (const type of options.types ?? []) {
        const byId = (sheetClasses(documentName)[type] ??= {});
        byId[id] = {
          id,
          cls: sheetClass,
          default: options.makeDefault === true,
          label: options.label ?? id,
          canBeDefault: true,
          canConfigure: true,
        };
      }
    },
    unregisterSheet(scope: string, sheetClass: unknown, options: SheetRegistration["options"] = {}) {
      sheets.push({ documentName, scope, sheetClass, options: { ...options, unregister: true } });
      const id = `${scope}.${(sheetClass as { name: string }).name}`;
      for (const type of options.types ?? []) delete sheetClasses(documentName)[type]?.[id];
    },
  });
  const CONFIG = {
    Actor: documentConfig(DoubleActor),
    Item: documentConfig(DoubleItem),
    Combat: documentConfig(undefined),
    Combatant: documentConfig(undefined),
    ChatMessage: documentConfig(undefined),
    // fvtt-types client/config.d.mts: `CONFIG.ActiveEffect.documentClass` ("@defaultValue `ActiveEffect`") and
    // `legacyTransferral` (false since v11); `specialStatusEffects.DEFEATED` "@defaultValue `"dead"`".
    ActiveEffect: { documentClass: DoubleActiveEffect as unknown, legacyTransferral: false },
    specialStatusEffects: { DEFEATED: "dead" } as Record<string, string>,
    Dice: perClientRandomUniform({
      // fvtt-types `CONFIG.Dice.rolls` "@defaultValue `[Roll]`": the rule sets add their subclasses.
      rolls: [RollDouble] as unknown[],
      terms: {} as Record<string, unknown>,
      rollModes: { publicroll: {}, gmroll: {}, blindroll: {}, selfroll: {} } as Record<string, unknown>,
      // fvtt-types `CONFIG.Dice.randomUniform`; the double's never draws (dice.ts `neverRandom`), each client its own.
      randomUniform: neverRandom as () => number,
    }),
    queries: {} as Record<string, unknown>,
    // fvtt-types `CONFIG.time.turnTime` / `roundTime`: "@defaultValue `0`" (time.ts).
    time: { turnTime: 0, roundTime: 0 },
    // Scenes and folders a Quench batch makes for itself (scenes.ts, folders.ts).
    Scene: { documentClass: DoubleScene as unknown },
    Folder: { documentClass: DoubleFolder as unknown },
    ui: {} as Record<string, unknown>,
    statusEffects: [] as unknown[],
    supportedLanguages: { en: "English", fr: "Français" },
    // fvtt-types `CONFIG.TextEditor.enrichers`: "A collection of custom enrichers" (text-editor.ts runs them).
    TextEditor: { enrichers: [] as unknown[] },
  };
  const foundry = {
    utils,
    // fvtt-types `foundry.dice.terms`: the term classes the double's Roll makes (test/double/dice.ts).
    dice: { Roll: RollDouble, terms: { Die, NumericTerm, OperatorTerm } as Record<string, unknown> },
    abstract: { DataModel, TypeDataModel },
    data: { fields, validation: { DataModelValidationError, DataModelValidationFailure } },
    documents: {
      collections: { Actors: sheetCollection("Actor"), Items: sheetCollection("Item") },
      ActiveEffect: DoubleActiveEffect,
    },
    applications: {
      instances: renderedApplications,
      api: { ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2, DialogV2 },
      sheets: { ActorSheetV2, ItemSheetV2, ActiveEffectConfig },
      ux: {
        TextEditor: { implementation: { enrichHTML } },
        DragDrop: { implementation: DragDropDouble },
        FormDataExtended,
      },
      apps: {
        FilePicker: { implementation: FilePickerDouble },
        // fvtt-types `DocumentSheetConfig.registerSheet(documentClass, scope, sheetClass, options)`: recorded with the
        // collections' registrations, under the class's `documentName`.
        DocumentSheetConfig: {
          registerSheet(documentClass: { documentName?: string }, scope: string, sheetClass: unknown, options = {}) {
            sheets.push({ documentName: documentClass.documentName ?? "", scope, sheetClass, options });
          },
        },
      },
      handlebars: {
        /** The paths asked of `loadTemplates` so far (the double's record; templates.ts reads it). */
        recorded: templates,
        loadTemplates: async (paths: string[] | Record<string, string>) => {
          templates.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
          return [];
        },
        renderTemplate: async (path: string, _data: unknown) => `<template data-path="${path}"></template>`,
      },
    },
  };
  const ui = {
    chat: { updateMessage: updateMessageInLog },
    notifications: {
      info: notify("info"),
      warn: notify("warn"),
      error: notify("error"),
      success: notify("success"),
      notify: (message: string, type: Notification["type"] = "info", options: unknown = {}) =>
        notify(type)(message, options),
    },
  };
  const CONST = {
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    DICE_ROLL_MODES: { PUBLIC: "publicroll", PRIVATE: "gmroll", BLIND: "blindroll", SELF: "selfroll" },
    USER_ROLES: { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 },
  };
  const findByUuid = (uuid: string): DoubleDocument | null => {
    const parts = uuid.split(".");
    const [kind, id, sub, subId] = parts;
    // A User's uuid resolves like any world document's (Foundry's fromUuid does; what a forged card may name).
    if (kind === "User") return (game.users.get(id ?? "") as unknown as DoubleDocument | undefined) ?? null;
    if (kind === "Combat") {
      const combat = game.combats.get(id ?? "") as { combatants?: Map<string, DoubleDocument> } | undefined;
      if (!combat) return null;
      return sub === "Combatant"
        ? (combat.combatants?.get(subId ?? "") ?? null)
        : (combat as unknown as DoubleDocument);
    }
    if (kind === "ChatMessage") return (game.messages.get(id ?? "") as DoubleDocument | undefined) ?? null;
    if (kind === "Scene") return resolveSceneUuid(uuid);
    // Anything else (JournalEntry, Compendium…) is not modelled: fail loudly, never a silent null.
    if (kind !== "Actor" && kind !== "Item")
      throw new Error(`The double does not resolve ${String(kind)} uuids (${uuid})`);
    const root =
      kind === "Actor"
        ? worldCollections.actors.get(id ?? "")
        : kind === "Item"
          ? worldCollections.items.get(id ?? "")
          : undefined;
    if (!root) return null;
    // Embedded documents, each `<Name>.<id>` under its parent: an actor's items, effects of actors and items.
    let doc: DoubleDocument | null = root;
    for (let i = 2; doc && i < parts.length; i += 2) {
      const [name, embeddedId = ""] = [parts[i], parts[i + 1]];
      const effects: EffectLookup | undefined = (doc as { effects?: EffectLookup }).effects;
      if (name === "Item" && doc instanceof DoubleActor) doc = doc.items.get(embeddedId) ?? null;
      else if (name === "ActiveEffect" && effects)
        doc = (effects.get(embeddedId) as DoubleDocument | undefined) ?? null;
      else throw new Error(`The double does not resolve embedded ${String(name)} uuids (${uuid})`);
    }
    return doc;
  };
  return { hooks, sheets, notifications, templates, game, CONFIG, foundry, ui, CONST, findByUuid };
}

/** An actor's or item's effects, as a uuid walks them. */
interface EffectLookup {
  get(id: string): unknown;
}
/** FilePicker: `browse()` resolves at once and calls back with `FilePickerDouble.nextPath` when set. */
class FilePickerDouble {
  static nextPath: string | null = null;
  static opened: Plain[] = [];
  constructor(readonly options: Plain = {}) {
    FilePickerDouble.opened.push(options);
  }
  async browse(): Promise<void> {
    const cb = this.options.callback;
    if (FilePickerDouble.nextPath && typeof cb === "function") (cb as (p: string) => void)(FilePickerDouble.nextPath);
  }
}
export { DragDropDouble, FilePickerDouble, RollDouble };
export { chooseDice, facesLeft, emptyTray, trayFaces, rolledFormulas, rolledRolls } from "./dice.ts";

export type DoubleState = ReturnType<typeof createState>;
let state: DoubleState | undefined;

/** The current double's records (hooks, sheet registrations, notifications, preloaded templates, game). */
export function doubleState(): DoubleState {
  if (!state) throw new Error("The Foundry double is not installed");
  return state;
}

/** Installs fresh globals: game, CONFIG, CONST, foundry, Hooks, ui, Handlebars, Actor, Item, fromUuid(Sync). */
export function installFoundryDouble({
  lang = "en",
  generation = 13,
}: { lang?: string; generation?: Generation } = {}): DoubleState {
  resetRandomID();
  resetServer();
  resetChatLogs();
  resetPermissions();
  resetDice();
  userWrites.length = 0;
  worldCollections.actors.clear();
  worldCollections.items.clear();
  worldCollections.messages.clear();
  worldCollections.combats.clear();
  DialogV2.reset();
  renderedApplications.clear();
  FilePickerDouble.nextPath = null;
  FilePickerDouble.opened = [];
  state = createState(lang);
  const s = state;
  Object.assign(globalThis, {
    game: s.game,
    CONFIG: s.CONFIG,
    CONST: s.CONST,
    foundry: s.foundry,
    Hooks: s.hooks,
    ui: s.ui,
    Handlebars: HandlebarsLib.create(),
    Actor: DoubleActor,
    Item: DoubleItem,
    ActiveEffect: DoubleActiveEffect,
    Roll: RollDouble,
    fromUuid: async (uuid: string) => s.findByUuid(uuid),
    getDocumentClass: (name: string) => {
      const cls = (s.CONFIG as Record<string, { documentClass?: unknown } | undefined>)[name]?.documentClass;
      if (!cls) throw new Error(`The double has no ${name} document class`);
      return cls;
    },
    fromUuidSync: (uuid: string) => s.findByUuid(uuid),
  });
  extendDouble(s);
  presentGeneration(s, generation);
  // fvtt-types `Combat#settings`: the tracker's configuration, a world setting (`skipDefeated` false by default).
  s.game.settings.register("core", "combatTrackerConfig", {
    scope: "world",
    config: false,
    type: Object,
    default: { resource: "", skipDefeated: false },
  });
  Object.defineProperty(s.game, "permissions", { configurable: true, get: permissionTable });
  return s;
}

/** Back to a clean double (same classes, fresh state, English and Foundry v13 unless asked); call in `beforeEach`. */
export function resetFoundryDouble(options: { lang?: string; generation?: Generation } = {}): DoubleState {
  return installFoundryDouble({ lang: options.lang ?? "en", generation: options.generation ?? 13 });
}

/** Switches the default client's user (`"gm"` or `"player1"`, or any user added to `game.users`); `player1` at install. */
export function setDoubleUser(id: string): DoubleUser {
  const s = doubleState();
  const user = s.game.users.get(id);
  if (!user) throw new Error(`No user ${id} in the double`);
  s.game.user = user;
  return user;
}

/** Sheet classes registered for a document type. */
export function sheetsFor(documentName: "Actor" | "Item", type: string): SheetRegistration[] {
  return doubleState().sheets.filter(
    (r) => r.documentName === documentName && !r.options.unregister && (r.options.types ?? []).includes(type),
  );
}

export type { SchemaField } from "./fields.ts";
export { settle, setLatency, getLatency, setPermission, USER_ROLES, USER_PERMISSIONS } from "./server.ts";
export {
  asGM,
  DoubleDocument,
  HooksDouble,
  DataModel,
  TypeDataModel,
  fields,
  DataModelValidationError,
  DataModelValidationFailure,
  DoubleActor,
  DoubleItem,
  DoubleCollection,
  ApplicationV2,
  HandlebarsApplicationMixin,
  DocumentSheetV2,
  ActorSheetV2,
  ItemSheetV2,
  DialogV2,
  dropOn,
  OWNERSHIP,
  type Plain,
};
