/**
 * What a person does with Foundry's interface during a Quench scenario: read a card in their chat log and click one of
 * its buttons, click a sheet's, a window's or the combat tracker's controls, answer the roll dialog, target tokens,
 * look at the compendium directory, and wait for the table to settle. In Foundry these read and click the page (`ui.chat.element`,
 * `ui.combat.element`, a token's `setTarget`, the `renderRollDialog` hook). The test double has no DOM: its stand-in (test/double/quench.ts) gives its own hands through `useHands`, reading
 * the chat log the double renders for each client. Everything else a scenario does goes through Foundry's API.
 */

export interface SeenButton {
  action: string;
  args: Record<string, unknown>;
  disabled: boolean;
}

/** What the person answers in the roll dialogs `fn` opens: values typed, the mode picked (else the dialog's). */
export interface DialogAnswer {
  values?: Record<string, unknown>;
  rollMode?: string;
}

/** What a person types in a card's input, or the values they tick (a checkbox alone: `true` to tick it). */
export type FieldValue = string | boolean | string[];

export interface Hands {
  /** The card's content as this client's chat log shows it; "" when it is not there. */
  cardHtml(message: ChatMessage.Implementation): Promise<string>;
  /** The card's buttons as this client's chat log shows them. */
  cardButtons(message: ChatMessage.Implementation): Promise<SeenButton[]>;
  /** Clicks a shown, enabled button of the card (matching `args` when given); fails when there is none. */
  clickCard(message: ChatMessage.Implementation, action: string, args?: Record<string, unknown>): Promise<void>;
  /**
   * The card's enabled controls carrying `attribute` that this user is shown (a card whose buttons send a form, such as
   * a Jetons question's `data-jetons-action`), each as its `data-*` attributes.
   */
  cardControls(message: ChatMessage.Implementation, attribute: string): Promise<Record<string, string>[]>;
  /**
   * Fills the named inputs of the form around the card's shown, enabled control carrying `control`'s attributes (text
   * typed, or the values ticked), then clicks it; fails when there is none.
   */
  fillAndClick(
    message: ChatMessage.Implementation,
    control: Record<string, string>,
    fields?: Record<string, FieldValue>,
  ): Promise<void>;
  /** The card's content rendered again from the message's stored source, as a client loading the world renders it. */
  storedCardHtml(message: ChatMessage.Implementation): Promise<string>;
  /** This user targets exactly these tokens (their scene must be the one viewed). */
  target(tokens: TokenDocument.Implementation[]): Promise<void>;
  /**
   * This user controls (selects) exactly these tokens on the viewed scene, as a click on them does: what acts "with
   * the selected token" (a L'Œil Noir healer) reads them. `control([])` releases every token.
   */
  control(tokens: TokenDocument.Implementation[]): Promise<void>;
  /**
   * Opens the actor's sheet for this user and clicks its shown, enabled element for `action` whose `data-*` match
   * `data` (e.g. `{ roll: "skill:melee" }`); fails when there is none. `fields` are typed first, in the rendered
   * sheet, as a person types them: the inputs named so, or carrying that `data-field` (a field the form does not
   * submit, such as the Jetons "buy" text). Resolves once clicked: what the click starts (a roll dialog, a card)
   * comes later, so wrap it in `answering` and wait for its card (kit `rollFromSheet`).
   */
  clickSheet(
    actor: Actor.Implementation,
    action: string,
    data?: Record<string, string>,
    fields?: Record<string, FieldValue>,
  ): Promise<void>;
  /**
   * The combat tracker (rendered for this user) shows these enabled controls carrying `attribute`, each as its
   * attributes (`data-*`, `aria-pressed`, …): those in the combatant's rows (`[data-combatant-id]`), or for `null` those outside every row (the
   * tracker's own, such as SYSTEMJ's reveal).
   */
  trackerControls(combatant: Combatant.Implementation | null, attribute: string): Promise<Record<string, string>[]>;
  /**
   * Clicks the tracker's shown, enabled control whose attributes match `control` (e.g. `{ "data-sj-phase": "choose",
   * "data-choice": "action" }`), in the combatant's rows or, for `null`, outside them; fails when there is none.
   * Resolves once clicked: what the click starts (a relayed choice) lands later.
   */
  clickTracker(combatant: Combatant.Implementation | null, control: Record<string, string>): Promise<void>;
  /**
   * The content of the application window `id` (an ApplicationV2's id, such as SYSTEMJ's "quintette-chronoste") as
   * this user's page shows it, rendered again first; fails when that window is not open.
   */
  windowHtml(id: string): Promise<string>;
  /**
   * Clicks the shown, enabled element for `action` whose `data-*` match `data` in the open window `id` (rendered again
   * first); fails when there is none. Resolves once clicked: what the click starts comes later.
   */
  clickWindow(id: string, action: string, data?: Record<string, string>): Promise<void>;
  /** Runs `fn`, answering every roll dialog it opens with `answer`, then confirming it. */
  answering<T>(answer: DialogAnswer, fn: () => Promise<T>): Promise<T>;
  /**
   * Runs `fn`, answering every prompt (DialogV2, such as the Trinités waiting picker) it opens as a person does: the
   * inputs or selects of each `fields` name set (a select's value must be one of its options), then OK clicked.
   */
  answeringPrompt<T>(fields: Record<string, FieldValue>, fn: () => Promise<T>): Promise<T>;
  /** The system's packs the compendium directory shows this user (collection ids). */
  shownPacks(): Promise<string[]>;
  /** Lets the table move on a little (the socket, other clients, unawaited listeners). */
  idle(): Promise<void>;
  /** How many `idle()` a wait allows before it fails. */
  readonly patience: number;
}

const sameArgs = (a: Record<string, unknown>, b: Record<string, unknown>) => JSON.stringify(a) === JSON.stringify(b);

function parseArgs(raw: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(raw || "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The message's content element in the sidebar's chat log. */
function contentOf(message: ChatMessage.Implementation): HTMLElement | null {
  const log = (ui.chat as { element?: HTMLElement | null } | undefined)?.element ?? null;
  return log?.querySelector<HTMLElement>(`.chat-message[data-message-id="${message.id}"] .message-content`) ?? null;
}

function buttonsOf(content: HTMLElement | null): { button: HTMLButtonElement; seen: SeenButton }[] {
  if (!content) return [];
  return [...content.querySelectorAll<HTMLButtonElement>("button[data-action]")].map((button) => ({
    button,
    seen: { action: button.dataset.action ?? "", args: parseArgs(button.dataset.args), disabled: button.disabled },
  }));
}

/**
 * Whether the element is drawn: neither it nor its ancestors up to `root` (a message, the tracker) hidden (a side's
 * controls, by CSS). Above the root is the sidebar, whose inactive tabs are hidden but still clickable.
 */
function drawn(element: HTMLElement, root: (n: HTMLElement) => boolean): boolean {
  for (let n: HTMLElement | null = element; n && !root(n); n = n.parentElement)
    if (n.hidden || getComputedStyle(n).display === "none") return false;
  return true;
}

const matches = (element: Element, control: Record<string, string>) =>
  Object.entries(control).every(([name, value]) => element.getAttribute(name) === value);

/** The combat tracker rendered for this user, and its enabled, drawn elements carrying `attribute` in the scope. */
async function trackerElements(combatant: Combatant.Implementation | null, attribute: string): Promise<HTMLElement[]> {
  const tracker = ui.combat as unknown as SheetLike | undefined;
  if (!tracker) throw new Error("No combat tracker");
  await tracker.render({ force: true });
  const root = tracker.element ?? null;
  const found = [...(root?.querySelectorAll<HTMLElement>(`[${attribute}]`) ?? [])];
  return found.filter((el) => {
    const row = el.closest<HTMLElement>("[data-combatant-id]");
    const inScope = combatant ? row?.dataset.combatantId === combatant.id : !row;
    return inScope && !el.hasAttribute("disabled") && drawn(el, (n) => n === root);
  });
}

const attributesOf = (element: Element) => Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]));

const dataOf = (element: Element) =>
  Object.fromEntries([...element.attributes].filter((a) => a.name.startsWith("data-")).map((a) => [a.name, a.value]));

function controlsOf(message: ChatMessage.Implementation, attribute: string): HTMLElement[] {
  const content = contentOf(message);
  const found = content ? [...content.querySelectorAll<HTMLElement>(`[${attribute}]`)] : [];
  return found.filter((el) => !el.hasAttribute("disabled") && drawn(el, (n) => n.classList.contains("chat-message")));
}

/** The selector of a sheet's field `name`: an input of the form, or one its handler reads (`data-field`). */
export const fieldSelector = (name: string) => `[name="${name}"], [data-field="${name}"]`;

/** Sets an input as a person does: a box or a radio ticked when its value is among `value`, else the text typed. */
export function fillInput(input: { type: string; value: string; checked: boolean }, value: FieldValue): void {
  if (input.type === "checkbox" || input.type === "radio")
    input.checked = Array.isArray(value) ? value.includes(input.value) : value === true || value === input.value;
  else input.value = String(value);
}

interface RollDialogLike {
  changeValue(name: string, raw: unknown): Promise<void>;
  confirm(): unknown;
  close(): Promise<unknown>;
}

/** What a sheet or the tracker offers a click: ApplicationV2's `render` and `element`. */
interface SheetLike {
  render(options: { force: boolean }): Promise<unknown>;
  element?: HTMLElement | null;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The open window `id` (fvtt-types `foundry.applications.instances`: "currently rendered ApplicationV2 instances"). */
async function openWindow(id: string): Promise<SheetLike> {
  const app = foundry.applications.instances.get(id) as unknown as SheetLike | undefined;
  if (!app) throw new Error(`The window ${id} is not open on ${game.user?.name ?? ""}'s page: open it and run again`);
  await app.render({ force: true });
  return app;
}

/** Foundry's page. */
export const foundryHands: Hands = {
  patience: 150,
  async cardHtml(message) {
    return contentOf(message)?.innerHTML ?? "";
  },
  async cardButtons(message) {
    return buttonsOf(contentOf(message)).map((b) => b.seen);
  },
  async clickCard(message, action, args) {
    const found = buttonsOf(contentOf(message)).find(
      ({ seen }) => seen.action === action && !seen.disabled && (!args || sameArgs(seen.args, args)),
    );
    if (!found) throw new Error(`${game.user?.name ?? ""} sees no enabled ${action} on the card ${message.id}`);
    found.button.click();
  },
  async cardControls(message, attribute) {
    return controlsOf(message, attribute).map(dataOf);
  },
  async fillAndClick(message, control, fields = {}) {
    const [attribute] = Object.keys(control);
    const found = controlsOf(message, attribute ?? "data-action").find((el) => matches(el, control));
    if (!found)
      throw new Error(`${game.user?.name ?? ""} sees no ${JSON.stringify(control)} on the card ${message.id}`);
    for (const [name, value] of Object.entries(fields)) {
      // The form around the control: its nearest ancestor holding an input of that name.
      let inputs: HTMLInputElement[] = [];
      for (let n: HTMLElement | null = found; n && !inputs.length; n = n.parentElement)
        inputs = [...n.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)];
      if (!inputs.length) throw new Error(`No input ${name} around ${JSON.stringify(control)}`);
      for (const input of inputs) {
        fillInput(input, value);
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    found.click();
  },
  async clickSheet(actor, action, data = {}, fields = {}) {
    const sheet = actor.sheet as unknown as SheetLike | null;
    if (!sheet) throw new Error(`${actor.name} has no sheet`);
    await sheet.render({ force: true });
    for (const [name, value] of Object.entries(fields)) {
      const inputs = [...(sheet.element?.querySelectorAll<HTMLInputElement>(fieldSelector(name)) ?? [])];
      if (!inputs.length) throw new Error(`No field ${name} on ${actor.name}'s sheet`);
      for (const input of inputs) {
        fillInput(input, value);
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
    const shown = [...(sheet.element?.querySelectorAll<HTMLElement>("[data-action]") ?? [])].find(
      (el) =>
        el.dataset.action === action &&
        !(el as HTMLButtonElement).disabled &&
        Object.entries(data).every(([k, v]) => el.dataset[k] === v),
    );
    if (!shown)
      throw new Error(`${game.user?.name ?? ""} sees no enabled ${action} ${JSON.stringify(data)} on the sheet`);
    shown.click();
  },
  async trackerControls(combatant, attribute) {
    return (await trackerElements(combatant, attribute)).map(attributesOf);
  },
  async clickTracker(combatant, control) {
    const [attribute] = Object.keys(control);
    const found = (await trackerElements(combatant, attribute ?? "data-action")).find((el) => matches(el, control));
    const where = combatant ? `${combatant.name ?? ""}'s row` : "the tracker";
    if (!found) throw new Error(`${game.user?.name ?? ""} sees no ${JSON.stringify(control)} in ${where}`);
    found.click();
  },
  async windowHtml(id) {
    return (await openWindow(id)).element?.innerHTML ?? "";
  },
  async clickWindow(id, action, data = {}) {
    const app = await openWindow(id);
    const shown = [...(app.element?.querySelectorAll<HTMLElement>("[data-action]") ?? [])].find(
      (el) =>
        el.dataset.action === action &&
        !(el as HTMLButtonElement).disabled &&
        Object.entries(data).every(([k, v]) => el.dataset[k] === v),
    );
    if (!shown) throw new Error(`${game.user?.name ?? ""} sees no enabled ${action} ${JSON.stringify(data)} in ${id}`);
    shown.click();
  },
  async storedCardHtml(message) {
    const Cls = CONFIG.ChatMessage.documentClass as unknown as new (source: object) => ChatMessage.Implementation;
    const element = await new Cls(message.toObject()).renderHTML();
    // The system's render listener finishes the card after the render (templates, buttons): let it.
    for (let i = 0; i < 5; i += 1) await wait(100);
    return element.querySelector(".message-content")?.innerHTML ?? "";
  },
  async target(tokens) {
    const user = game.user;
    if (!user) throw new Error("No user");
    for (const token of [...user.targets]) token.setTarget(false, { releaseOthers: false });
    for (const token of tokens) {
      const placed = token.object;
      if (!placed) throw new Error(`${token.name} is not on the viewed scene`);
      placed.setTarget(true, { releaseOthers: false });
    }
  },
  async control(tokens) {
    canvas?.tokens?.releaseAll();
    for (const token of tokens) {
      const placed = token.object;
      if (!placed) throw new Error(`${token.name} is not on the viewed scene`);
      placed.control({ releaseOthers: false });
    }
  },
  async answering(answer, fn) {
    const id = Hooks.on(
      "renderRollDialog" as never,
      ((app: RollDialogLike) => {
        void (async () => {
          for (const [name, value] of Object.entries(answer.values ?? {})) await app.changeValue(name, value);
          if (answer.rollMode) await app.changeValue("rollMode", answer.rollMode);
          app.confirm();
          await app.close();
        })();
      }) as never,
    );
    try {
      return await fn();
    } finally {
      Hooks.off("renderRollDialog" as never, id);
    }
  },
  async answeringPrompt(fields, fn) {
    // fvtt-types `Hooks.renderApplicationV2` fires `renderDialogV2` with the dialog's element; a prompt's button is
    // its `ok` action (`DialogV2.PromptConfig`).
    const id = Hooks.on(
      "renderDialogV2" as never,
      ((_app: unknown, element: HTMLElement) => {
        for (const [name, value] of Object.entries(fields))
          for (const input of element.querySelectorAll<HTMLInputElement>(`[name="${name}"]`)) {
            fillInput(input, value);
            input.dispatchEvent(new Event("change", { bubbles: true }));
          }
        element.querySelector<HTMLButtonElement>('button[data-action="ok"]')?.click();
      }) as never,
    );
    try {
      return await fn();
    } finally {
      Hooks.off("renderDialogV2" as never, id);
    }
  },
  async shownPacks() {
    const directory = ui.compendium as unknown as { render(o: object): Promise<unknown>; element?: HTMLElement | null };
    await directory.render({ force: true });
    await wait(200);
    const entries = directory.element?.querySelectorAll<HTMLElement>("[data-pack]") ?? [];
    return [...entries].map((e) => e.dataset.pack ?? "").filter((id) => id.startsWith("quintette."));
  },
  async idle() {
    await wait(100);
  },
};

let hands: Hands = foundryHands;

/** The hands scenarios use: Foundry's page, unless the test double's stand-in gave its own. */
export function currentHands(): Hands {
  return hands;
}

/** The test double's stand-in replaces the page's hands (its chat logs have no DOM). */
export function useHands(replacement: Hands): void {
  hands = replacement;
}

/** Waits until `ready()` holds, letting the table move on between looks; fails with `what` when it never does. */
export async function waitFor(what: string, ready: () => boolean | Promise<boolean>): Promise<void> {
  const h = currentHands();
  for (let i = 0; i <= h.patience; i += 1) {
    if (await ready()) return;
    await h.idle();
  }
  throw new Error(`Waited in vain: ${what}`);
}
