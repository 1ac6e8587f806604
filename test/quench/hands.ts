/**
 * The double's hands for the Quench batches (src/foundry/quench/hands.ts): what the page's hands read and click in the
 * DOM, read and clicked in the chat log the double renders for each client (test/double/chat-log.ts), the roll dialog
 * answered as the table scenes answer it (test/scenes/table.ts `answering`), targets set as `user.targets`, and the
 * compendium directory's entries as the system's render hook leaves them.
 */
import { readFileSync } from "node:fs";
import type { Hands, SeenButton } from "../../src/foundry/quench/hands.ts";
import { buttonsIn, chatLogOf, click, settle, targetsOf, type DoubleChatMessage } from "../double/shared-core.ts";
import { renderMessageHTML } from "../double/chat-log.ts";
import { DoubleToken, type DoubleTokenDocument } from "../double/tokens.ts";
import { answering, openSheet, sheetButton, storedMessage, type UserId } from "../scenes/table.ts";
import type { DoubleActor } from "../double/documents.ts";
import { asClient } from "../double/clients.ts";

const userId = () => game.user?.id ?? "";
const contentOf = (message: { id: string | null }) =>
  chatLogOf(userId())
    .get(message.id ?? "")
    ?.querySelector(".message-content") ?? null;

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
  async clickSheet(actor, action, data = {}) {
    // The default sheet rendered for this user with the real templates, as the table scenes open it; its action run
    // as a click runs it (ApplicationV2's click listener calls the action's handler with the element).
    const sheet = await openSheet(userId() as UserId, actor as unknown as DoubleActor);
    const button = sheetButton(sheet, action, data);
    if (button.disabled) throw new Error(`${userId()}'s ${action} ${JSON.stringify(data)} is disabled on the sheet`);
    await asClient(userId(), () => sheet.app.runAction(action, { shiftKey: false }, button.target));
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
  answering(answer, fn) {
    return answering(answer, fn);
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
