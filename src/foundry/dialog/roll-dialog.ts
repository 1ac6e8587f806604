/**
 * The roll dialog: one ApplicationV2 every rule set configures with its inputs and its odds function. It shows the
 * exact chance of each outcome, recomputed on every input change (only the odds part re-renders, so focus stays), plus
 * the roll mode, and resolves with the chosen values or null when closed.
 */
import { HandlebarsApplication } from "../sheets/mixed.ts";
import {
  buildRollDialogContext,
  defaultValues,
  parseValues,
  stepValue,
  type RollDialogConfig,
  type RollDialogContext,
  type RollDialogResult,
  type RollValues,
} from "./inputs.ts";

export { ROLL_DIALOG_TEMPLATES as ROLL_DIALOG_PARTS } from "./templates.ts";
import { ROLL_DIALOG_TEMPLATES as ROLL_DIALOG_PARTS } from "./templates.ts";

// The modes offered and the user's current one come from the one place that knows v13 and v14.
export { availableMessageModes as availableRollModes, currentMessageMode as currentRollMode } from "../chat/mode.ts";
import {
  availableMessageModes as availableRollModes,
  currentMessageMode as currentRollMode,
  normalizeMessageMode,
} from "../chat/mode.ts";

interface RollDialogRenderContext extends RollDialogContext, foundry.applications.api.ApplicationV2.RenderContext {}

export class RollDialog extends HandlebarsApplication<RollDialogRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["quintette", "roll-dialog"],
    tag: "form",
    window: { title: "QUINTETTE.Dialog.Title", icon: "fa-solid fa-dice", contentClasses: ["standard-form"] },
    position: { width: 420, height: "auto" as const },
    form: { handler: RollDialog.#onSubmit, submitOnChange: false, closeOnSubmit: true },
    actions: { increment: RollDialog.#onIncrement, decrement: RollDialog.#onDecrement, cancel: RollDialog.#onCancel },
  };

  static override PARTS = {
    inputs: { template: ROLL_DIALOG_PARTS.inputs },
    odds: { template: ROLL_DIALOG_PARTS.odds },
    footer: { template: ROLL_DIALOG_PARTS.footer },
  };

  /** Opens the dialog; resolves with the chosen values and roll mode, or null when the user closes it. */
  static prompt<V extends RollValues>(config: RollDialogConfig<V>): Promise<RollDialogResult<V> | null> {
    return new Promise((resolve) => {
      const dialog = new RollDialog(config as RollDialogConfig, (r) => resolve(r as RollDialogResult<V> | null));
      void dialog.render({ force: true });
    });
  }

  readonly config: RollDialogConfig;
  values: RollValues;
  rollMode: string;
  #resolve: ((result: RollDialogResult | null) => void) | null;

  constructor(
    config: RollDialogConfig,
    resolve: (result: RollDialogResult | null) => void,
    options: foundry.applications.api.ApplicationV2.Configuration | object = {},
  ) {
    super({
      ...options,
      classes: ["quintette", "roll-dialog", ...(config.cssClass ? [config.cssClass] : [])],
      window: { title: config.title, icon: "fa-solid fa-dice", contentClasses: ["standard-form"] },
    });
    this.config = config;
    this.values = defaultValues(config.inputs);
    this.rollMode = normalizeMessageMode(config.rollMode) ?? currentRollMode();
    this.#resolve = resolve;
  }

  override get title(): string {
    return game.i18n?.localize(this.config.title) ?? this.config.title;
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ): Promise<RollDialogRenderContext> {
    const base = await super._prepareContext(options);
    const lang = game.i18n?.lang ?? "fr";
    return {
      ...base,
      ...buildRollDialogContext(this.config, this.values, this.rollMode, availableRollModes(), lang, this.id),
    };
  }

  protected override async _onFirstRender(
    context: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[0],
    options: Parameters<foundry.applications.api.ApplicationV2["_onFirstRender"]>[1],
  ): Promise<void> {
    await super._onFirstRender(context, options);
    // One delegated listener: any input change recomputes the odds.
    this.element.addEventListener("change", (event) => {
      const target = event.target;
      if (!(target instanceof HTMLInputElement || target instanceof HTMLSelectElement) || !target.name) return;
      const raw = target instanceof HTMLInputElement && target.type === "checkbox" ? target.checked : target.value;
      void this.changeValue(target.name, raw);
    });
  }

  /** Applies one changed field and refreshes the odds (and the inputs when a value was clamped). */
  async changeValue(name: string, raw: unknown): Promise<void> {
    if (name === "rollMode") {
      if (typeof raw === "string" && availableRollModes().some((m) => m.value === raw)) this.rollMode = raw;
      return;
    }
    const next = parseValues(this.config.inputs, { [name]: raw }, this.values);
    const clamped = String(next[name]) !== String(raw);
    // An input shown only for some values of this one appears or goes: the inputs render again.
    const governs = this.config.inputs.some((input) => input.shownWhen?.name === name);
    this.values = next;
    await this.render({ parts: clamped || governs ? ["inputs", "odds"] : ["odds"] });
  }

  /** Ends the dialog with the current values. */
  confirm(): RollDialogResult {
    const result = { values: { ...this.values }, rollMode: this.rollMode };
    this.#resolve?.(result);
    this.#resolve = null;
    return result;
  }

  protected override _onClose(options: Parameters<foundry.applications.api.ApplicationV2["_onClose"]>[0]): void {
    super._onClose(options);
    this.#resolve?.(null);
    this.#resolve = null;
  }

  static async #onSubmit(
    this: RollDialog,
    _event: Event | SubmitEvent,
    _form: HTMLFormElement,
    formData: { object: object },
  ) {
    const raw: Record<string, unknown> = { ...formData.object, __fullForm: true };
    this.values = parseValues(this.config.inputs, raw, this.values);
    this.rollMode = normalizeMessageMode(raw.rollMode) ?? this.rollMode;
    this.confirm();
  }

  static async #onIncrement(this: RollDialog, _event: PointerEvent, target: HTMLElement) {
    this.values = stepValue(this.config.inputs, this.values, target.dataset.name ?? "", 1);
    await this.render({ parts: ["inputs", "odds"] });
  }

  static async #onDecrement(this: RollDialog, _event: PointerEvent, target: HTMLElement) {
    this.values = stepValue(this.config.inputs, this.values, target.dataset.name ?? "", -1);
    await this.render({ parts: ["inputs", "odds"] });
  }

  static async #onCancel(this: RollDialog) {
    await this.close();
  }
}
