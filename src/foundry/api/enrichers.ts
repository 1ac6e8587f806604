/**
 * Journal links that roll, one enricher per rule set in `CONFIG.TextEditor.enrichers` (fvtt-types
 * `TextEditor.EnricherConfig`: a global `pattern` and an `enricher(match, options)` that "returns an HTML element to
 * be inserted into the final enriched content", or null for no replacement). The syntax (docs/api.md):
 *
 *   [[/trinites skill:rapidite difficulty=ardue]]{Rapidité, ardue}
 *   [[/ahillmach move item="Tailler en pièces"]]    [[/oeilnoir check:CO modifier=-2]]
 *   [[/systemj attribute.FOR free=-20]]              [[/jetons act:jeAsk]]{Poser une question}
 *
 * The first word is a roll key of docs/api.md (or `act:<name>`, a named action); `item=<name>` names the reader's
 * own item (its id completes a `weapon`, `move` or `attack` key, and is passed as `itemId`); any other `name=value`
 * presets the roll dialog's input of that name (a value the input refuses is ignored). A click rolls for the
 * reader's selected token, else their character, through `roll`/`act` (api/rolls.ts) as a sheet button or a macro
 * does, so its hooks fire and the GM's checks apply.
 */
import { RULESET_IDS, rulesetLabel, rulesetOfType, type RulesetId } from "../ruleset.ts";
import type { RollValue } from "../dialog/inputs.ts";
import { macroActor } from "../macros/hotbar.ts";
import { fastRollHeld } from "./keybindings.ts";
import { act, roll } from "./rolls.ts";

/** What a link holds: parsed from the journal's text, bounded. */
export interface RollLink {
  ruleset: RulesetId;
  key: string;
  item: string | null;
  values: Record<string, RollValue>;
  label: string | null;
}

export const LINK_CLASS = "quintette-roll-link";
const MAX_BODY = 200;
const MAX_PARAMS = 8;
const MAX_TEXT = 80;
/** Keys that end with the id of the item they roll (`move:<id>`); other keys take it as `itemId`. */
const ITEM_KEYS = new Set(["weapon", "move", "attack"]);

export function linkPattern(ruleset: RulesetId): RegExp {
  return new RegExp(`\\[\\[/${ruleset} ([^\\]]{1,${MAX_BODY}})\\]\\](?:\\{([^}]{1,${MAX_TEXT}})\\})?`, "g");
}

function value(raw: string): RollValue {
  if (raw === "true" || raw === "false") return raw === "true";
  const n = Number(raw);
  return raw !== "" && Number.isFinite(n) ? n : raw;
}

/** A link's body (`skill:rapidite difficulty=ardue`) read as a key and its parameters; null when malformed. */
export function parseLink(ruleset: RulesetId, body: string, label?: string | null): RollLink | null {
  const words = body.match(/[^\s=]+="[^"]*"|[^\s=]+=\S+|\S+/g) ?? [];
  const [key, ...params] = words;
  if (!key || key.includes("=") || key.length > MAX_TEXT || params.length > MAX_PARAMS) return null;
  const link: RollLink = { ruleset, key, item: null, values: {}, label: label?.trim() || null };
  for (const param of params) {
    const at = param.indexOf("=");
    if (at < 1) return null;
    const name = param.slice(0, at);
    const raw = param.slice(at + 1).replace(/^"(.*)"$/, "$1");
    if (raw.length > MAX_TEXT || !/^[A-Za-z][\w]*$/.test(name)) return null;
    if (name === "item") link.item = raw;
    else link.values[name] = value(raw);
  }
  return link;
}

function localize(key: string, data?: Record<string, string>): string {
  const i18n = game.i18n;
  if (!i18n) return key;
  return data ? i18n.format(key, data) : i18n.localize(key);
}

/** The text a link shows: its own label, else "Roll: <item or key>" in the reader's language. */
export function linkText(link: RollLink): string {
  if (link.label) return link.label;
  const what = link.item ?? link.key.replace(/^act:/, "");
  return localize(link.key.startsWith("act:") ? "QUINTETTE.Enricher.Act" : "QUINTETTE.Enricher.Roll", { what });
}

/** The link element (every text through `textContent`/attributes: nothing from the journal is parsed as HTML). */
export function linkElement(link: RollLink): HTMLElement {
  const a = document.createElement("a");
  a.className = `${LINK_CLASS} quintette`;
  a.dataset.ruleset = link.ruleset;
  a.dataset.key = link.key;
  if (link.item) a.dataset.item = link.item;
  a.dataset.values = JSON.stringify(link.values);
  a.setAttribute("role", "button");
  a.dataset.tooltipText = localize("QUINTETTE.Enricher.Tooltip", { game: localize(rulesetLabel(link.ruleset)) });
  const icon = document.createElement("i");
  icon.className = link.key.startsWith("act:") ? "fa-solid fa-comment-dots" : "fa-solid fa-dice";
  icon.setAttribute("inert", "");
  a.append(icon);
  const text = document.createElement("span");
  text.textContent = linkText(link);
  a.append(text);
  return a;
}

/** The enricher of one rule set: null (no replacement) when the world turned links off or the body is malformed. */
export function enricherOf(ruleset: RulesetId): foundry.applications.ux.TextEditor.EnricherConfig {
  return {
    pattern: linkPattern(ruleset),
    enricher: (match) => {
      if (CONFIG.QUINTETTE?.options.enrichers === false) return null;
      const link = parseLink(ruleset, match[1] ?? "", match[2]);
      return link ? linkElement(link) : null;
    },
  };
}

/** A link's data back from its element's dataset (as the click reads it); null when it is not one of ours. */
export function linkFromDataset(data: DOMStringMap): RollLink | null {
  const ruleset = RULESET_IDS.find((id) => id === data.ruleset);
  if (!ruleset || !data.key) return null;
  let values: Record<string, RollValue> = {};
  try {
    const parsed: unknown = JSON.parse(data.values ?? "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) values = parsed as Record<string, RollValue>;
  } catch {
    return null;
  }
  return { ruleset, key: data.key, item: data.item ?? null, values, label: null };
}

function warn(key: string, data: Record<string, string>): void {
  ui.notifications?.warn(localize(key, data));
}

/**
 * Rolls a link for the reader: the selected token's actor, else their character, owned by them and of the link's
 * game; the dialog opens unless the fast-roll key is held. Resolves with what `roll`/`act` resolves, or null.
 */
export async function rollLink(link: RollLink, event?: Event | null): Promise<unknown> {
  const actor = macroActor();
  const name = linkText(link);
  if (!actor) return (warn("QUINTETTE.Macro.NoActor", { name }), null);
  if (!actor.isOwner) return (warn("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name }), null);
  if (rulesetOfType(actor.type)?.id !== link.ruleset) {
    return (
      warn("QUINTETTE.Enricher.WrongGame", { actor: actor.name ?? "", game: localize(rulesetLabel(link.ruleset)) }),
      null
    );
  }
  if (link.key.startsWith("act:")) return act(actor, link.key.slice(4), {});
  let key = link.key;
  let itemId = "";
  if (link.item) {
    const item = actor.items.find((i) => i.name === link.item);
    if (!item?.id) return (warn("QUINTETTE.Macro.Missing", { actor: actor.name ?? "", name: link.item }), null);
    itemId = item.id;
    if (ITEM_KEYS.has(key)) key = `${key}:${itemId}`;
  }
  const skipDialog = fastRollHeld(event as Parameters<typeof fastRollHeld>[0]);
  return roll(actor, key, { skipDialog, values: link.values, ...(itemId ? { itemId } : {}) });
}

/** One listener for every link of every journal and chat message (as the links are re-rendered, none to re-bind). */
export function onLinkClick(event: Event): Promise<unknown> | null {
  const target = event.target as Element | null;
  const el = target?.closest?.<HTMLElement>(`a.${LINK_CLASS}`);
  const link = el ? linkFromDataset(el.dataset) : null;
  if (!link) return null;
  event.preventDefault();
  event.stopPropagation();
  return rollLink(link, event);
}

/** At init: one enricher per rule set (a journal may hold another game's link: it names that game), and the click. */
export function registerEnrichers(): void {
  const editor = CONFIG.TextEditor as { enrichers?: foundry.applications.ux.TextEditor.EnricherConfig[] } | undefined;
  if (!editor) return;
  editor.enrichers ??= [];
  for (const id of RULESET_IDS) editor.enrichers.push(enricherOf(id));
  if (typeof document !== "undefined") document.addEventListener("click", (event) => void onLinkClick(event));
}
