/**
 * `foundry.applications`: minimal shells of ApplicationV2, HandlebarsApplicationMixin, DocumentSheetV2,
 * ActorSheetV2, ItemSheetV2 and DialogV2. They merge DEFAULT_OPTIONS along the class chain (so `actions` and
 * `form` are visible to tests), run `_prepareContext` and `_preparePartContext` on render and keep the result per part
 * in `renderedParts`; there is no DOM and no Handlebars here (the gallery renders templates for real).
 */
import { deepClone, isPlainObject, mergeObject, type Plain } from "./utils.ts";

function mergedDefaults(cls: unknown): Plain {
  const chain: Plain[] = [];
  let c: unknown = cls;
  while (typeof c === "function") {
    if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS")) {
      const own = (c as { DEFAULT_OPTIONS?: unknown }).DEFAULT_OPTIONS;
      if (isPlainObject(own)) chain.unshift(own);
    }
    c = Object.getPrototypeOf(c);
  }
  const out: Plain = {};
  for (const opts of chain) {
    const copy: Plain = { ...opts };
    if (Array.isArray(copy.classes)) {
      const prev = Array.isArray(out.classes) ? (out.classes as unknown[]) : [];
      copy.classes = [...prev, ...(copy.classes as unknown[])];
    }
    mergeObject(out, copy);
  }
  return out;
}

/**
 * fvtt-types `foundry.applications.instances`: "A registry of currently rendered ApplicationV2 instances", by id: an
 * application is there once rendered, until closed. One map for the double's pages (they share the system's modules).
 */
export const renderedApplications = new Map<string, ApplicationV2>();

export class ApplicationV2 {
  static DEFAULT_OPTIONS: Plain = { id: "app-{id}", classes: [], tag: "div", window: {}, actions: {}, position: {} };
  static RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 };
  static #ids = 0;
  readonly options: Plain;
  readonly id: string;
  state = 0;
  renderCount = 0;
  lastContext: Plain | undefined;
  /** An event target standing in for the rendered element (listeners can be attached and fired). */
  element: EventTarget = new EventTarget();
  closed = false;
  position: Plain = {};
  /** Active tab per group, as Foundry keeps it. */
  tabGroups: Record<string, string> = {};

  constructor(options: Plain = {}) {
    const defaults = mergedDefaults(this.constructor);
    this.options = mergeObject(deepClone(defaults), options);
    ApplicationV2.#ids += 1;
    this.id = String(this.options.id ?? "app").replace("{id}", String(ApplicationV2.#ids));
  }
  get title(): string {
    const w = this.options.window;
    return isPlainObject(w) && typeof w.title === "string" ? w.title : "";
  }
  get rendered(): boolean {
    return this.state === 2;
  }
  async _prepareContext(_options: Plain): Promise<Plain> {
    return {};
  }
  async _renderHTML(context: Plain, _options: Plain): Promise<unknown> {
    return context;
  }
  async _onFirstRender(_context: Plain, _options: Plain): Promise<void> {}
  async _onRender(_context: Plain, _options: Plain): Promise<void> {}
  _onClose(_options: Plain): void {}
  async render(options: Plain | boolean = {}): Promise<this> {
    const opts = typeof options === "boolean" ? { force: options } : options;
    const context = await this._prepareContext(opts);
    this.lastContext = context;
    await this._renderHTML(context, opts);
    const first = this.renderCount === 0;
    this.state = 2;
    this.renderCount += 1;
    renderedApplications.set(this.id, this);
    if (first) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    return this;
  }
  async close(options: Plain = {}): Promise<this> {
    this._onClose(options);
    this.state = -1;
    this.closed = true;
    if (renderedApplications.get(this.id) === this) renderedApplications.delete(this.id);
    return this;
  }
  /**
   * fvtt-types `ApplicationV2#_getHeaderControls`: "Configure the array of header control menu options", by default
   * the `window.controls` of the options (each `{ icon, label, action, visible? }`, `HeaderControlsEntry`).
   */
  _getHeaderControls(): Plain[] {
    const w = this.options.window;
    const controls = isPlainObject(w) && Array.isArray(w.controls) ? (w.controls as Plain[]) : [];
    return controls.map((c) => ({ ...c }));
  }
  /** Test helper: runs a declared `data-action` handler as a click would. */
  async runAction(action: string, event: unknown, target: unknown): Promise<unknown> {
    const actions = this.options.actions;
    const entry: unknown = isPlainObject(actions) ? actions[action] : undefined;
    const handler: unknown = isPlainObject(entry) ? entry.handler : entry;
    if (typeof handler !== "function") throw new Error(`No action "${action}"`);
    return (handler as (this: ApplicationV2, e: unknown, t: unknown) => unknown).call(this, event, target);
  }
  setPosition(position: Plain = {}): Plain {
    Object.assign(this.position, position);
    return this.position;
  }
}

/** Typed loosely on purpose: the system is typed against fvtt-types; at runtime Base is any of the shells above. */
export function HandlebarsApplicationMixin(Base: typeof ApplicationV2) {
  class HandlebarsApplication extends Base {
    static PARTS: Record<string, Plain> = {};
    /** Context each part was rendered with on the last render. */
    renderedParts: Record<string, Plain> = {};
    async _preparePartContext(_partId: string, context: Plain, _options: Plain): Promise<Plain> {
      return context;
    }
    _configureRenderParts(_options: Plain): Record<string, Plain> {
      return deepClone((this.constructor as unknown as { PARTS: Record<string, Plain> }).PARTS);
    }
    override async _renderHTML(context: Plain, options: Plain): Promise<unknown> {
      const parts = this._configureRenderParts(options);
      const wanted = Array.isArray(options.parts) ? (options.parts as string[]) : Object.keys(parts);
      this.renderedParts = {};
      for (const partId of wanted) {
        this.renderedParts[partId] = await this._preparePartContext(partId, { ...context }, options);
      }
      return this.renderedParts;
    }
  }
  return HandlebarsApplication;
}

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: Plain = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    form: { submitOnChange: true, closeOnSubmit: false },
    sheetConfig: true,
  };
  get document(): { isOwner?: boolean; isEditable?: boolean; update?: (c: Plain) => Promise<unknown> } & Plain {
    return this.options.document as never;
  }
  get isEditable(): boolean {
    const doc = this.document as { isEditable?: boolean; isOwner?: boolean };
    return Boolean(doc.isEditable ?? doc.isOwner);
  }
  override async _prepareContext(_options: Plain): Promise<Plain> {
    return {
      document: this.document,
      source: (this.document as { _source?: unknown })._source,
      editable: this.isEditable,
    };
  }
  /** Foundry turns the form into an expanded object and validates it; tests pass the flat object directly. */
  _processFormData(_event: unknown, _form: unknown, formData: { object: Plain }): Plain {
    return mergeObject({}, formData.object);
  }
  _prepareSubmitData(event: unknown, form: unknown, formData: { object: Plain }, updateData?: Plain): Plain {
    const submitData = this._processFormData(event, form, formData);
    if (updateData) mergeObject(submitData, updateData);
    return submitData;
  }
  async _processSubmitData(_event: unknown, _form: unknown, submitData: Plain): Promise<void> {
    await this.document.update?.(submitData);
  }
  /** Test helper: a form of inputs, cast by FormDataExtended, then the submission path. */
  async submitForm(elements: FormInput[]): Promise<void> {
    const formData = new FormDataExtended({ elements });
    const data = this._prepareSubmitData(null, null, formData);
    await this._processSubmitData(null, null, data);
  }
  /** Test helper: the path a form submission takes (prepare, then process). */
  async submit(object: Plain): Promise<void> {
    const data = this._prepareSubmitData(null, null, { object });
    await this._processSubmitData(null, null, data);
  }
}
/** A form control as the double sees it (no DOM): what FormDataExtended reads from an input. */
export interface FormInput {
  name: string;
  type?: "text" | "number" | "checkbox" | "select" | "hidden";
  value?: string;
  checked?: boolean;
  disabled?: boolean;
}

/**
 * fvtt-types `FormDataExtended`: "more opinionated about how input fields of certain types should be evaluated"
 * ("Support for defined data types and type conversion"); `Options.disabled`: "Include disabled fields? (default:
 * `false`)". A checkbox gives its checked state (unchecked: false), a number input a number ("" → null), others the
 * string; disabled inputs are left out.
 */
export class FormDataExtended {
  readonly object: Plain = {};
  constructor(form: { elements: FormInput[] }, options: { disabled?: boolean } = {}) {
    for (const input of form.elements) {
      if (input.disabled && !options.disabled) continue;
      const raw = input.value ?? "";
      if (input.type === "checkbox") this.object[input.name] = Boolean(input.checked);
      else if (input.type === "number") this.object[input.name] = raw.trim() === "" ? null : Number(raw);
      else this.object[input.name] = raw;
    }
  }
}

/** Drops in flight (the built-in handler and any DragDrop a sheet binds): `dropOn` awaits them all. */
export const pendingDrops: Promise<unknown>[] = [];

type DragAction = "dragstart" | "dragover" | "drop";
type DragPermission = "dragstart" | "drop";
/** A rendered element as the double's DragDrop reads it (tests pass their own; there is no DOM here). */
interface DragRoot extends EventTarget {
  querySelectorAll?(selector: string): Iterable<EventTarget & { draggable?: boolean }>;
}
export interface DragDropConfig {
  dragSelector?: string | null;
  dropSelector?: string | null;
  permissions?: Partial<Record<DragPermission, (selector: string | null | undefined) => boolean>>;
  callbacks?: Partial<Record<DragAction, (event: Event) => unknown>>;
}

/**
 * fvtt-types `foundry.applications.ux.DragDrop`, "A controller class for managing drag and drop workflows within an
 * Application instance": `dragSelector` "identifies draggable elements", `permissions` are "functions to control
 * authorization to begin drag workflows, and drop content", `can(action, selector)` "Test whether the current user has
 * permission to perform a step of the workflow", `bind(html)` "Bind the DragDrop controller to an HTML application".
 * So `bind` makes the elements of `dragSelector` draggable and listens to their drag starts only when
 * `can("dragstart")`; a drop on the element runs `callbacks.drop` when `can("drop")`. A missing permission function
 * controls nothing (allowed). An application binds again on every render while its element stays: one handler per
 * element and controller (a re-bound controller replaces its handlers), so each drop is handled once per controller.
 */
export class DragDropDouble {
  static bound = 0;
  readonly dragSelector: string | null;
  readonly dropSelector: string | null;
  readonly permissions: NonNullable<DragDropConfig["permissions"]>;
  readonly callbacks: NonNullable<DragDropConfig["callbacks"]>;
  readonly #dragBound = new WeakSet<EventTarget>();
  readonly #dropBound = new WeakSet<EventTarget>();
  constructor({ dragSelector = null, dropSelector = null, permissions = {}, callbacks = {} }: DragDropConfig = {}) {
    this.dragSelector = dragSelector;
    this.dropSelector = dropSelector;
    this.permissions = permissions;
    this.callbacks = callbacks;
  }
  can(action: DragPermission, selector?: string | null): boolean {
    const test = this.permissions[action];
    return test ? test(selector) : true;
  }
  callback(event: Event, action: DragAction): unknown {
    return this.callbacks[action]?.(event);
  }
  bind(html: DragRoot): this {
    DragDropDouble.bound += 1;
    const selector = this.dragSelector;
    if (selector && typeof html.querySelectorAll === "function" && this.can("dragstart", selector)) {
      for (const el of html.querySelectorAll(selector)) {
        el.draggable = true;
        if (this.#dragBound.has(el)) continue;
        this.#dragBound.add(el);
        el.addEventListener("dragstart", (event) => void this.callback(event, "dragstart"));
      }
    }
    if (this.callbacks.drop && !this.#dropBound.has(html)) {
      this.#dropBound.add(html);
      html.addEventListener("drop", (event) => {
        if (this.can("drop", this.dropSelector)) pendingDrops.push(Promise.resolve(this.callback(event, "drop")));
      });
    }
    return this;
  }
}

interface DropActor {
  id: string;
  uuid: string;
  isOwner?: boolean;
  items: { get(id: string): unknown };
  createEmbeddedDocuments(name: string, data: Plain[]): Promise<unknown[]>;
  updateEmbeddedDocuments(name: string, updates: Plain[]): Promise<unknown[]>;
}
interface DropEffect {
  parent?: unknown;
  toObject(): Plain;
}
interface DropItem {
  id: string;
  parent?: unknown;
  sort?: number;
  toObject(): Plain;
}

/**
 * ActorSheetV2's own drag and drop (fvtt-types 14.x `ActorSheetV2`; 13.345.1 does not declare it, Foundry v13 has
 * it, as working v13 systems rely on: dnd5e's actor sheets bind no DragDrop of their own, draw-steel and daggerheart
 * override `_onDropItem(event, item)` and call `super`). `_dragDrop` "Return a cached copy of a DragDrop instance,
 * creating one on first access", bound on every render (ActorSheetV2 overrides `_onRender`), wired as the DragDrop
 * class's own example: permissions `dragstart: _canDragStart`, `drop: _canDragDrop`; callbacks `dragstart:
 * _onDragStart`, `dragover: _onDragOver`, `drop: _onDrop`. Its drag selector is `.draggable` (dnd5e's rows carry that
 * class and nothing else of theirs binds them). `_canDragStart`/`_canDragDrop` answer `isEditable` ("Foundry blocks
 * this if sheet is not editable", the pf1 system's API docs of its `_canDragStart` override). The default
 * `_onDragStart` is not faked: it throws (our sheets override it).
 *
 * `_onDrop` reads the drag data, calls the `dropActorSheetData` hook
 * (https://foundryvtt.com/api/v13/functions/hookEvents.dropActorSheetData.html: "fires when some useful data is
 * dropped onto an ActorSheet"; false stops it), resolves the document and hands an Item to `_onDropItem`, which sorts
 * an item of this actor (`_onSortItem`) or creates a copy, an ActiveEffect to `_onDropActiveEffect`. Other document
 * drops (actors, folders) are not faked: they throw.
 */
export class ActorSheetV2 extends DocumentSheetV2 {
  #dragDrop: DragDropDouble | undefined;
  get actor(): DropActor {
    return this.document as unknown as DropActor;
  }
  get _dragDrop(): DragDropDouble {
    this.#dragDrop ??= new DragDropDouble({
      dragSelector: ".draggable",
      permissions: { dragstart: this._canDragStart.bind(this), drop: this._canDragDrop.bind(this) },
      callbacks: {
        dragstart: this._onDragStart.bind(this),
        dragover: this._onDragOver.bind(this),
        drop: this._onDrop.bind(this),
      },
    });
    return this.#dragDrop;
  }
  override async _onRender(context: Plain, options: Plain): Promise<void> {
    await super._onRender(context, options);
    this._dragDrop.bind(this.element);
  }
  _canDragStart(_selector: string | null | undefined): boolean {
    return this.isEditable;
  }
  _canDragDrop(_selector: string | null | undefined): boolean {
    return this.isEditable;
  }
  async _onDragStart(_event: Event): Promise<void> {
    throw new Error("The double's ActorSheetV2 does not fake its default drag start: the sheet overrides it");
  }
  _onDragOver(_event: Event): void {}
  async _onDrop(event: Event): Promise<unknown> {
    const raw = (event as Event & { dataTransfer?: { getData(t: string): string } }).dataTransfer?.getData(
      "text/plain",
    );
    const data = raw ? (JSON.parse(raw) as Plain) : {};
    const hooks = (globalThis as { Hooks?: { call(h: string, ...a: unknown[]): boolean } }).Hooks;
    if (hooks?.call("dropActorSheetData", this.actor, this, data) === false) return null;
    if (data.type === "ActiveEffect") {
      const g = globalThis as { fromUuidSync?: (uuid: unknown) => DropEffect | null };
      const effect = g.fromUuidSync?.(data.uuid) ?? null;
      return effect ? this._onDropActiveEffect(event, effect) : null;
    }
    if (data.type !== "Item") throw new Error(`The double's ActorSheetV2 does not fake ${String(data.type)} drops`);
    const g = globalThis as { Item?: { fromDropData(d: Plain): Promise<DropItem | null> } };
    const item = await g.Item?.fromDropData(data);
    return item ? this._onDropItem(event, item) : null;
  }
  /**
   * fvtt-types 14.x `ActorSheetV2#_onDropActiveEffect`: "The default implementation creates an Active Effect embedded
   * document on the Actor" (a copy: new id; needs `installEffectsDouble()`).
   */
  async _onDropActiveEffect(_event: Event, effect: DropEffect): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    return (await this.actor.createEmbeddedDocuments("ActiveEffect", [effect.toObject()]))[0] ?? null;
  }
  async _onDropItem(_event: Event, item: DropItem): Promise<unknown> {
    if (!this.actor.isOwner) return null;
    if (item.parent === (this.actor as unknown)) return this._onSortItem(_event, item);
    return (await this.actor.createEmbeddedDocuments("Item", [item.toObject()]))[0] ?? null;
  }
  /** Records the sort request (the double has no sibling geometry to sort against). */
  readonly sorted: string[] = [];
  async _onSortItem(_event: Event, item: DropItem): Promise<unknown[]> {
    this.sorted.push(item.id);
    return [item];
  }
}

/** Drops drag data on an application's element, as the browser would, and waits for every handler to finish. */
export async function dropOn(app: { element: EventTarget } | object, data: Plain): Promise<void> {
  if (!("element" in app) || !(app.element instanceof EventTarget)) throw new Error("dropOn needs a rendered app");
  const event = Object.assign(new Event("drop"), {
    dataTransfer: { getData: (type: string) => (type === "text/plain" ? JSON.stringify(data) : "") },
  });
  (app.element as EventTarget).dispatchEvent(event);
  await Promise.all(pendingDrops.splice(0));
  // A handler that does not return its promise (`void this.onDrop(event)`) still finishes before the test reads.
  await new Promise((resolve) => setTimeout(resolve, 0));
}
/**
 * Foundry v13's ItemSheetV2 binds no drag and drop of its own (fvtt-types 13.345.1 declares none; "ItemSheetV2 has no
 * drag/drop support", TheWitcherTRPG issue 514 on 13.350); v14's does, like ActorSheetV2's (fvtt-types 14.x). The
 * double is v13's.
 */
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

export interface DialogCall {
  method: "wait" | "prompt" | "confirm";
  config: Plain;
}

/** No answer chosen by the test: the double cannot know what the user would click. */
const NO_ANSWER = Symbol("no answer");

/**
 * DialogV2: static helpers resolve with `DialogV2.nextAnswer` and record their config. The test says what the user
 * does: an answer, or `null` for a dismissed dialog (fvtt-types `DialogV2.wait`: "If the dialog was dismissed, and
 * rejectClose is false, the Promise resolves to null"). With no answer chosen the double throws instead of guessing.
 */
export class DialogV2 extends ApplicationV2 {
  static calls: DialogCall[] = [];
  static nextAnswer: unknown = NO_ANSWER;
  static #answer(method: DialogCall["method"], config: Plain): unknown {
    DialogV2.calls.push({ method, config });
    if (DialogV2.nextAnswer === NO_ANSWER)
      throw new Error(`DialogV2.${method}: the test did not choose the user's answer (DialogV2.nextAnswer)`);
    return DialogV2.nextAnswer;
  }
  static async wait(config: Plain = {}): Promise<unknown> {
    return DialogV2.#answer("wait", config);
  }
  static async prompt(config: Plain = {}): Promise<unknown> {
    return DialogV2.#answer("prompt", config);
  }
  static async confirm(config: Plain = {}): Promise<unknown> {
    return DialogV2.#answer("confirm", config);
  }
  static reset(): void {
    DialogV2.calls = [];
    DialogV2.nextAnswer = NO_ANSWER;
  }
}

/**
 * ActiveEffectConfig (fvtt-types 14.366.0 client/applications/sheets/active-effect-config.d.mts; 13.345.1 declares
 * the class only): "The Application responsible for configuring a single ActiveEffect document within a parent Actor
 * or Item". `PARTS` "@defaultValue" header, tabs, details, duration, changes, footer (Foundry's templates: the double
 * renders none); `TABS.sheet` details, duration, changes with `initial: "details"`; `DEFAULT_OPTIONS` classes
 * `["active-effect-config"]`, `form: { closeOnSubmit: true }`. Its `_processFormData` turns the submitted change rows
 * (`changes.N.key`, `.mode`, `.value`, `.priority`) into the effect's array of changes, in row order
 * (`_processChangeSubmission`: "Process submission data for a single change object … its index in the submitted
 * array"). `changeTab(tab, group)` switches the shown tab, as a click on the tab does.
 */
// The mixin is typed on ApplicationV2: its result is read back as the document sheet it is at run time.
const HandlebarsDocumentSheet = HandlebarsApplicationMixin(DocumentSheetV2) as unknown as typeof DocumentSheetV2 & {
  PARTS: Record<string, Plain>;
};
export class ActiveEffectConfig extends HandlebarsDocumentSheet {
  static override DEFAULT_OPTIONS: Plain = {
    classes: ["active-effect-config"],
    position: { width: 560 },
    form: { closeOnSubmit: true },
  };
  static override PARTS: Record<string, Plain> = {
    header: { template: "templates/sheets/active-effect/header.hbs" },
    tabs: { template: "templates/generic/tab-navigation.hbs" },
    details: { template: "templates/sheets/active-effect/details.hbs", scrollable: [""] },
    duration: { template: "templates/sheets/active-effect/duration.hbs" },
    changes: { template: "templates/sheets/active-effect/changes.hbs", scrollable: ["ol[data-changes]"] },
    footer: { template: "templates/generic/form-footer.hbs" },
  };
  static TABS: Plain = {
    sheet: { tabs: [{ id: "details" }, { id: "duration" }, { id: "changes" }], initial: "details" },
  };
  constructor(options: Plain = {}) {
    super(options);
    this.tabGroups.sheet = "details";
  }
  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
  }
  override _processFormData(event: unknown, form: unknown, formData: { object: Plain }): Plain {
    const data = super._processFormData(event, form, formData);
    const rows = data.changes;
    if (isPlainObject(rows)) {
      data.changes = Object.entries(rows)
        .sort(([a], [b]) => Number(a) - Number(b))
        .map(([, row]) => row);
    }
    return data;
  }
}
