/**
 * The double's hands for the Quench batches (src/foundry/quench/hands.ts): what the page's hands read and click in the
 * DOM, read and clicked in the chat log the double renders for each client (test/double/chat-log.ts), the roll dialog
 * answered as the table scenes answer it (test/scenes/table.ts `answering`), targets set as `user.targets`, the
 * compendium directory's entries as the system's render hook leaves them, and the combat tracker rendered as a page
 * renders it (`trackerPage`).
 */
import { readFileSync } from "node:fs";
import { vi } from "vitest";
import { fillInput, type Hands, type SeenButton } from "../../src/foundry/quench/hands.ts";
import {
  buttonsIn,
  chatLogOf,
  click,
  controlledTokens,
  settle,
  targetsOf,
  type DoubleChatMessage,
} from "../double/shared-core.ts";
import { htmlTree, type HtmlNode } from "../scenes/html.ts";
import { callAll } from "../double/server.ts";
import { renderMessageHTML } from "../double/chat-log.ts";
import { DoubleToken, type DoubleTokenDocument } from "../double/tokens.ts";
import { answering, editSheet, openSheet, storedMessage, type UserId } from "../scenes/table.ts";
import type { DoubleActor } from "../double/documents.ts";
import { asClient } from "../double/clients.ts";
import { DialogV2, type FormInput } from "../double/applications.ts";
import type { Plain } from "../double/utils.ts";

const userId = () => game.user?.id ?? "";
const contentOf = (message: { id: string | null }) =>
  chatLogOf(userId())
    .get(message.id ?? "")
    ?.querySelector(".message-content") ?? null;

/**
 * The system's CSS the double does not apply (styles/jetons/jetons.css): a Jetons question's controls for one side
 * (`data-jetons-only`) are hidden unless the message carries that viewer's class.
 */
function drawn(node: HtmlNode, message: { classList: { contains(name: string): boolean } }): boolean {
  for (let n: HtmlNode | null = node; n; n = n.parent) {
    const side = n.attrs["data-jetons-only"];
    if (side !== undefined && !message.classList.contains(`jetons-viewer-${side}`)) return false;
  }
  return true;
}

/** The card in this user's log as an element tree (its forms, as the user fills them), and its enabled controls. */
function controlsOf(message: { id: string | null }, attribute: string) {
  const element = chatLogOf(userId()).get(message.id ?? "");
  const content = element?.querySelector(".message-content") ?? null;
  const tree = htmlTree(content?.innerHTML ?? "");
  const controls = tree
    .querySelectorAll(`[${attribute}]`)
    .filter((n) => !n.hasAttribute("disabled") && !!element && drawn(n, element));
  return { element, content, controls };
}

/** What a prompt's config gives the page (the double reads its content and the OK button's callback). */
interface PromptConfig {
  content?: string;
  ok?: { callback?: (event: object, button: { form: { elements: FormInput[] } }) => unknown };
}

/** An option's value: its `value` attribute (the reader keeps no text, the value's fallback: an option without one reads ""). */
const optionValue = (option: HtmlNode) => option.attrs.value ?? "";

const dataOf = (node: HtmlNode) =>
  Object.fromEntries(Object.entries(node.attrs).filter(([k]) => k.startsWith("data-")));

function parseArgs(raw: string): Record<string, unknown> {
  try {
    return JSON.parse(raw || "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}

const manifest = JSON.parse(readFileSync(new URL("../../system.json", import.meta.url), "utf8")) as {
  packs: { name: string }[];
};

/** A compendium directory entry as the render hook reads it (compendia.ts `hidePacks`). */
class Entry {
  constructor(
    readonly dataset: { pack: string },
    readonly list: Entry[],
  ) {}
  parentElement = null;
  remove(): void {
    this.list.splice(this.list.indexOf(this), 1);
  }
  closest(): null {
    return null;
  }
  querySelector(): null {
    return null;
  }
}

interface TrackerApp {
  viewed: unknown;
  render(options: object): Promise<unknown>;
  renderedParts: Record<string, Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, { template: string }>;
}

/**
 * The combat tracker as this user's page renders it: the world's tracker class (`CONFIG.ui.combat`) viewing
 * `game.combat`, its parts rendered with the real templates (the rule set's; Foundry's own tracker, header and footer
 * templates are not in the double, so their controls are not offered here: scenarios call the combat's methods the
 * tracker's controls call), then Foundry's render hook for the tracker (fvtt-types `Hooks.renderApplicationV2`: each
 * render fires `render{Class}` for the application's classes, here `renderCombatTracker`) with the element, where the
 * system binds its clicks. The element is the rendered HTML's tree (test/scenes/html.ts), whose `click()` bubbles.
 */
async function trackerPage(): Promise<HtmlNode> {
  const Tracker = (CONFIG.ui as unknown as { combat?: new () => TrackerApp }).combat;
  if (!Tracker) throw new Error("No combat tracker class");
  const app = new Tracker();
  app.viewed = (game as unknown as { combat?: unknown }).combat ?? null;
  await app.render({ force: true });
  const parts = app._configureRenderParts({});
  const html: string[] = [];
  for (const [id, context] of Object.entries(app.renderedParts)) {
    const template = parts[id]?.template ?? "";
    if (!template.startsWith("systems/quintette/")) continue;
    html.push(
      `<section data-part="${id}">${await foundry.applications.handlebars.renderTemplate(template, context)}</section>`,
    );
  }
  const element = htmlTree(html.join("\n"));
  callAll("renderCombatTracker", app, element, {}, { force: true });
  return element;
}

/** The tracker's enabled controls carrying `attribute` in the combatant's rows, or (null) outside every row. */
async function trackerControls(combatant: { id: string | null } | null, attribute: string): Promise<HtmlNode[]> {
  await settle();
  const element = await trackerPage();
  return element.querySelectorAll(`[${attribute}]`).filter((n) => {
    const row = n.closest("[data-combatant-id]");
    const inScope = combatant ? row?.dataset.combatantId === combatant.id : !row;
    return inScope && !n.hasAttribute("disabled");
  });
}

interface WindowApp {
  render(options: object): Promise<unknown>;
  renderedParts: Record<string, Record<string, unknown>>;
  _configureRenderParts(options: object): Record<string, { template: string }>;
  runAction(action: string, event: unknown, target: unknown): Promise<unknown>;
}

/**
 * The open window `id` (fvtt-types `foundry.applications.instances`, the double's `renderedApplications`) rendered for
 * this user, its parts with the real templates, as an element tree.
 */
async function windowPage(id: string): Promise<{ app: WindowApp; html: string; element: HtmlNode }> {
  const app = foundry.applications.instances.get(id) as unknown as WindowApp | undefined;
  if (!app) throw new Error(`The window ${id} is not open on ${userId()}'s page`);
  await settle();
  await asClient(userId(), () => app.render({ force: true }));
  const parts = app._configureRenderParts({});
  const html: string[] = [];
  for (const [part, context] of Object.entries(app.renderedParts))
    html.push(await foundry.applications.handlebars.renderTemplate(parts[part]?.template ?? "", context));
  return { app, html: html.join("\n"), element: htmlTree(html.join("\n")) };
}

export const doubleHands: Hands = {
  patience: 50,
  async cardHtml(message) {
    await settle();
    return contentOf(message)?.innerHTML ?? "";
  },
  async cardButtons(message) {
    await settle();
    return buttonsIn(contentOf(message)?.innerHTML ?? "").map((b): SeenButton => ({
      action: b.action,
      args: parseArgs(b.args),
      disabled: b.disabled,
    }));
  },
  async clickCard(message, action, args) {
    await settle();
    const content = contentOf(message);
    const same = (raw: string) => !args || JSON.stringify(parseArgs(raw)) === JSON.stringify(args);
    const button = buttonsIn(content?.innerHTML ?? "").find((b) => b.action === action && !b.disabled && same(b.args));
    if (!content || !button) throw new Error(`${userId()} sees no enabled ${action} on the card ${message.id}`);
    await click(content, button);
  },
  async cardControls(message, attribute) {
    await settle();
    return controlsOf(message, attribute).controls.map(dataOf);
  },
  async fillAndClick(message, control, fields = {}) {
    await settle();
    const [attribute] = Object.keys(control);
    const { element, content, controls } = controlsOf(message, attribute ?? "data-action");
    const found = controls.find((n) => Object.entries(control).every(([name, value]) => n.attrs[name] === value));
    if (!element || !content || !found)
      throw new Error(`${userId()} sees no ${JSON.stringify(control)} on the card ${message.id}`);
    for (const [name, value] of Object.entries(fields)) {
      let inputs: HtmlNode[] = [];
      for (let n: HtmlNode | null = found; n && !inputs.length; n = n.parent)
        inputs = n.querySelectorAll(`[name="${name}"]`);
      if (!inputs.length) throw new Error(`No input ${name} around ${JSON.stringify(control)}`);
      for (const input of inputs) fillInput(input, value);
    }
    // The click bubbles from the control to the listeners the render hook bound on the content and the message.
    const event = { target: found, preventDefault: () => {}, stopPropagation: () => {} };
    await Promise.all([...content.listeners, ...element.listeners].map((listener) => listener(event as never)));
    await settle();
  },
  async clickSheet(actor, action, data = {}, fields = {}) {
    // The default sheet rendered for this user with the real templates, as the table scenes open it, read as an
    // element tree whose fields are typed; its action run as a click runs it (ApplicationV2's click listener calls
    // the action's handler with the element, whose `closest` and `querySelector` reach the typed fields).
    const sheet = await openSheet(userId() as UserId, actor as unknown as DoubleActor);
    // A field of the form (named) is submitted as typed, as the sheet's form does on change; then the sheet re-renders.
    const named = Object.entries(fields).filter(([name]) => htmlTree(sheet.html).querySelector(`[name="${name}"]`));
    if (named.length) await editSheet(sheet, Object.fromEntries(named));
    const tree = htmlTree(sheet.html);
    const button = tree
      .querySelectorAll("[data-action]")
      .find((n) => n.dataset.action === action && Object.entries(data).every(([k, v]) => n.dataset[k] === v));
    if (!button) throw new Error(`${userId()} sees no ${action} ${JSON.stringify(data)} on the sheet`);
    if (button.hasAttribute("disabled"))
      throw new Error(`${userId()}'s ${action} ${JSON.stringify(data)} is disabled on the sheet`);
    for (const [name, value] of Object.entries(fields)) {
      if (named.some(([n]) => n === name)) continue;
      const inputs = tree.querySelectorAll(`[data-field="${name}"]`);
      if (!inputs.length) throw new Error(`No field ${name} on ${actor.name ?? ""}'s sheet`);
      for (const input of inputs) fillInput(input, value);
    }
    await asClient(userId(), () => sheet.app.runAction(action, { shiftKey: false }, button));
    await settle();
  },
  async trackerControls(combatant, attribute) {
    return (await trackerControls(combatant, attribute)).map((n) => ({ ...n.attrs }));
  },
  async clickTracker(combatant, control) {
    const [attribute] = Object.keys(control);
    const controls = await trackerControls(combatant, attribute ?? "data-action");
    const found = controls.find((n) => Object.entries(control).every(([name, value]) => n.attrs[name] === value));
    const where = combatant ? `${combatant.name ?? ""}'s row` : "the tracker";
    if (!found) throw new Error(`${userId()} sees no ${JSON.stringify(control)} in ${where}`);
    // The listeners start the click's work unawaited, as in a browser: the table settles after.
    found.click();
    await settle();
  },
  async windowHtml(id) {
    return (await windowPage(id)).html;
  },
  async clickWindow(id, action, data = {}) {
    const { app, element } = await windowPage(id);
    const found = element
      .querySelectorAll("[data-action]")
      .find((n) => n.dataset.action === action && Object.entries(data).every(([k, v]) => n.dataset[k] === v));
    if (!found || found.hasAttribute("disabled"))
      throw new Error(`${userId()} sees no enabled ${action} ${JSON.stringify(data)} in ${id}`);
    // ApplicationV2's click listener calls the action's handler with the clicked element.
    await asClient(userId(), () => app.runAction(action, { shiftKey: false }, found));
    await settle();
  },
  async storedCardHtml(message) {
    const element = await renderMessageHTML(storedMessage(message as unknown as DoubleChatMessage));
    await settle();
    return element.querySelector(".message-content")?.innerHTML ?? "";
  },
  async target(tokens) {
    const targets = targetsOf(userId());
    targets.clear();
    for (const token of tokens) targets.add(DoubleToken.of(token as unknown as DoubleTokenDocument));
  },
  async control(tokens) {
    // The canvas's controlled tokens (clients.ts: one canvas, the running client's), as a click on each selects it.
    const controlled = controlledTokens();
    controlled.length = 0;
    for (const token of tokens) controlled.push(DoubleToken.of(token as unknown as DoubleTokenDocument));
  },
  answering(answer, fn) {
    return answering(answer, fn);
  },
  async answeringPrompt(fields, fn) {
    // The prompt's content read as the page shows it, `fields` set in it as a person picks, then its OK button's
    // callback given the form (fvtt-types `DialogV2.PromptConfig`: `ok`, "the button's callback"; the double's
    // FormDataExtended reads the form's named controls).
    const spy = vi.spyOn(DialogV2, "prompt").mockImplementation(async (raw: Plain = {}) => {
      DialogV2.calls.push({ method: "prompt", config: raw });
      const config = raw as PromptConfig;
      const tree = htmlTree(config.content ?? "");
      for (const [name, value] of Object.entries(fields)) {
        const inputs = tree.querySelectorAll(`[name="${name}"]`);
        if (!inputs.length) throw new Error(`No input ${name} in the prompt`);
        for (const input of inputs) {
          const options = input.tag === "select" ? input.querySelectorAll("option").map(optionValue) : null;
          if (options && !options.includes(String(value)))
            throw new Error(`The prompt's ${name} offers no ${String(value)} (${options.join(", ")})`);
          fillInput(input, value);
        }
      }
      const elements = tree.querySelectorAll("[name]").map((n): FormInput => {
        const selected = n.querySelector("option[selected]") ?? n.querySelector("option");
        const value = n.tag === "select" && !(n.attrs.name! in fields) && selected ? optionValue(selected) : n.value;
        // FormDataExtended casts a checkbox to its state and a number input to a number.
        const type = n.attrs.type === "checkbox" || n.attrs.type === "number" ? n.attrs.type : undefined;
        return {
          name: n.attrs.name!,
          value,
          checked: n.checked,
          disabled: n.hasAttribute("disabled"),
          ...(type ? { type } : {}),
        };
      });
      const button = { form: { elements } };
      return config.ok?.callback ? config.ok.callback({}, button) : null;
    });
    try {
      return await fn();
    } finally {
      spy.mockRestore();
    }
  },
  async shownPacks() {
    const list: Entry[] = [];
    for (const pack of manifest.packs) list.push(new Entry({ pack: `quintette.${pack.name}` }, list));
    const root = { querySelectorAll: () => [...list] };
    // The directory's render hook (fvtt-types `renderCompendiumDirectory`), as Foundry fires it once the list is drawn.
    (Hooks as unknown as { callAll(hook: string, ...args: unknown[]): boolean }).callAll(
      "renderCompendiumDirectory",
      {},
      root,
    );
    return list.map((e) => e.dataset.pack);
  },
  async idle() {
    await settle();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
  },
};
