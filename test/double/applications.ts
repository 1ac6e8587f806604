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
    if (first) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    return this;
  }
  async close(options: Plain = {}): Promise<this> {
    this._onClose(options);
    this.state = -1;
    this.closed = true;
    return this;
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
  /** Test helper: the path a form submission takes (prepare, then process). */
  async submit(object: Plain): Promise<void> {
    const data = this._prepareSubmitData(null, null, { object });
    await this._processSubmitData(null, null, data);
  }
}
export class ActorSheetV2 extends DocumentSheetV2 {
  get actor(): unknown {
    return this.document;
  }
}
export class ItemSheetV2 extends DocumentSheetV2 {
  get item(): unknown {
    return this.document;
  }
}

export interface DialogCall {
  method: "wait" | "prompt" | "confirm";
  config: Plain;
}

/** DialogV2: static helpers resolve with `DialogV2.nextAnswer` and record their config. */
export class DialogV2 extends ApplicationV2 {
  static calls: DialogCall[] = [];
  static nextAnswer: unknown = null;
  static async wait(config: Plain = {}): Promise<unknown> {
    DialogV2.calls.push({ method: "wait", config });
    return DialogV2.nextAnswer;
  }
  static async prompt(config: Plain = {}): Promise<unknown> {
    DialogV2.calls.push({ method: "prompt", config });
    return DialogV2.nextAnswer;
  }
  static async confirm(config: Plain = {}): Promise<unknown> {
    DialogV2.calls.push({ method: "confirm", config });
    return DialogV2.nextAnswer ?? true;
  }
  static reset(): void {
    DialogV2.calls = [];
    DialogV2.nextAnswer = null;
  }
}
