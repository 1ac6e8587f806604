/**
 * Checks Foundry makes on what we ship, done statically because no Foundry runs here:
 *
 * - an ApplicationV2 Handlebars part renders exactly one root element: fvtt-types
 *   `HandlebarsApplicationMixin#_renderHTML` "@returns A single rendered HTMLElement for each requested part"
 *   (project lesson in /work/shared/FOUNDRY-NOTES.md: a part with two roots does not open). We count the root
 *   elements of a template on every path through its top-level `{{#if}}`/`{{#each}}` blocks;
 * - `{{editor}}` (fvtt-types `handlebars.d.mts` `editor`: "Construct an editor element for rich text editing") draws
 *   a toggle button only ApplicationV1 activates; ApplicationV2 templates use `<prose-mirror>` (see the shared
 *   sheet templates and FOUNDRY-NOTES.md);
 * - document ids: fvtt-types `foundry.data.validators.isValidId` "Test whether a string is a valid 16 character UID".
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** `isValidId` of foundry.data.validators. */
export function isValidId(id: unknown): boolean {
  return typeof id === "string" && /^[a-zA-Z0-9]{16}$/.test(id);
}

/** The repository file of a `systems/quintette/…` template path. */
export function templateFile(template: string): string {
  return path.join(ROOT, template.replace(/^systems\/quintette\//, ""));
}

/** Least and greatest number of root elements a template can render (Infinity for a top-level `{{#each}}`). */
export interface RootRange {
  min: number;
  max: number;
}

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

type Token =
  | { kind: "open"; tag: string; selfClosing: boolean }
  | { kind: "close"; tag: string }
  | { kind: "block"; name: string }
  | { kind: "else" }
  | { kind: "end" }
  | { kind: "partial"; name: string };

/** Skips a `{{…}}` starting at i (handles `{{{…}}}`); returns the index after it. */
function skipMustache(src: string, i: number): number {
  if (src.startsWith("{{!--", i)) return src.indexOf("--}}", i) + 4;
  const triple = src.startsWith("{{{", i);
  const end = src.indexOf(triple ? "}}}" : "}}", i);
  if (end < 0) throw new Error(`Unclosed mustache at ${i}`);
  return end + (triple ? 3 : 2);
}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    if (src.startsWith("{{", i)) {
      const end = skipMustache(src, i);
      const body = src
        .slice(i, end)
        .replace(/^\{\{\{?~?/, "")
        .replace(/~?\}?\}\}$/, "")
        .trim();
      if (body.startsWith("#>")) throw new Error("Partial blocks are not supported by the render check");
      if (body.startsWith("#")) out.push({ kind: "block", name: body.slice(1).split(/\s/)[0] ?? "" });
      else if (body.startsWith("^") && body.length > 1) out.push({ kind: "block", name: "unless" });
      else if (body === "else" || body === "^" || body.startsWith("else ")) out.push({ kind: "else" });
      else if (body.startsWith("/")) out.push({ kind: "end" });
      else if (body.startsWith(">")) out.push({ kind: "partial", name: body.slice(1).trim().split(/\s/)[0] ?? "" });
      i = end;
    } else if (src.startsWith("<!--", i)) {
      i = src.indexOf("-->", i) + 3;
    } else if (src.startsWith("</", i)) {
      const end = src.indexOf(">", i);
      out.push({
        kind: "close",
        tag: src
          .slice(i + 2, end)
          .trim()
          .toLowerCase(),
      });
      i = end + 1;
    } else if (src[i] === "<" && /[a-zA-Z]/.test(src[i + 1] ?? "")) {
      // A tag may hold mustaches (`class="{{#if a}}b{{/if}}"`): they do not change the element structure.
      let j = i + 1;
      while (j < src.length && src[j] !== ">") j = src.startsWith("{{", j) ? skipMustache(src, j) : j + 1;
      const raw = src.slice(i + 1, j);
      const tag = (/^[a-zA-Z][\w-]*/.exec(raw)?.[0] ?? "").toLowerCase();
      out.push({ kind: "open", tag, selfClosing: raw.trimEnd().endsWith("/") || VOID.has(tag) });
      i = j + 1;
    } else i += 1;
  }
  return out;
}

const add = (a: RootRange, b: RootRange): RootRange => ({ min: a.min + b.min, max: a.max + b.max });
const either = (a: RootRange, b: RootRange): RootRange => ({
  min: Math.min(a.min, b.min),
  max: Math.max(a.max, b.max),
});

/**
 * The range of root elements of a template; `partial` returns a partial's source (by its registered name) so a
 * top-level `{{> …}}` counts what it renders.
 */
export function rootElementRange(source: string, partial: (name: string) => string): RootRange {
  const tokens = tokenize(source);
  let pos = 0;
  let depth = 0;
  /** Parses until an `else`/`end` at this block level; returns the range and what stopped it. */
  const sequence = (): { range: RootRange; stop: "else" | "end" | "eof" } => {
    let range: RootRange = { min: 0, max: 0 };
    while (pos < tokens.length) {
      const t = tokens[pos++]!;
      if (t.kind === "open") {
        if (depth === 0) range = add(range, { min: 1, max: 1 });
        if (!t.selfClosing) depth += 1;
      } else if (t.kind === "close") depth -= 1;
      else if (t.kind === "partial" && depth === 0) range = add(range, rootElementRange(partial(t.name), partial));
      else if (t.kind === "else") return { range, stop: "else" };
      else if (t.kind === "end") return { range, stop: "end" };
      else if (t.kind === "block") {
        const atRoot = depth === 0;
        const first = sequence();
        // An `{{#each}}` over a non-empty list repeats its body; an empty list, or a false `{{#if}}`, takes the
        // `{{else}}` branches, or renders nothing without one.
        const branches: RootRange[] = [
          t.name === "each" && first.range.max > 0
            ? { min: first.range.min, max: Number.POSITIVE_INFINITY }
            : first.range,
        ];
        let stop = first.stop;
        while (stop === "else") {
          const next = sequence();
          branches.push(next.range);
          stop = next.stop;
        }
        if (branches.length === 1) branches.push({ min: 0, max: 0 });
        if (atRoot) range = add(range, branches.reduce(either));
      }
    }
    return { range, stop: "eof" };
  };
  return sequence().range;
}

/** Root range of a `systems/quintette/…` template file, partials resolved the same way. */
export function templateRootRange(template: string): RootRange {
  const read = (name: string) => {
    const file = templateFile(name);
    if (!existsSync(file)) throw new Error(`No template ${name}`);
    return readFileSync(file, "utf8");
  };
  return rootElementRange(read(template), read);
}

/**
 * The Handlebars helpers Foundry registers for every template. fvtt-types client/applications/handlebars.d.mts
 * declares `checked`, `disabled`, `concat`, `editor`, `ifThen`, `localize`, `numberFormat`, `numberInput`,
 * `radioBoxes`, `selectOptions`, `formInput`, `formGroup`, `filePicker`, `colorPicker`, `select`, `rangePicker`
 * (`editor` is refused separately, `select` is gone in v14); Foundry registers the comparison and logic helpers
 * `eq`, `ne`, `lt`, `gt`, `lte`, `gte`, `and`, `or`, `not` beside them (the type package does not declare those: they
 * are the list this project has relied on since its first templates). `json` and `object` are not Foundry's.
 */
export const FOUNDRY_HELPERS: readonly string[] = [
  "checked",
  "disabled",
  "concat",
  "editor",
  "ifThen",
  "localize",
  "numberFormat",
  "numberInput",
  "radioBoxes",
  "selectOptions",
  "formInput",
  "formGroup",
  "filePicker",
  "colorPicker",
  "rangePicker",
  "eq",
  "ne",
  "lt",
  "gt",
  "lte",
  "gte",
  "and",
  "or",
  "not",
];

/** Handlebars' own block and inline helpers. */
const BUILT_IN = new Set(["if", "unless", "each", "with", "lookup", "log", "else"]);

/**
 * The helpers a template calls: the first name of a block (`{{#name …}}`), of a mustache given arguments
 * (`{{name a b}}`, `{{name key=v}}`) and of every subexpression (`(name …)`). A bare `{{name}}` is a value lookup.
 */
export function helperCalls(source: string): string[] {
  const out = new Set<string>();
  const name = /^[A-Za-z_][\w-]*/;
  for (const match of source.matchAll(/\{\{\{?~?([^}]*)\}\}/g)) {
    const body = (match[1] ?? "").replace(/~$/, "").trim();
    if (!body || /^(!|>|\/|else\b|\^$)/.test(body)) continue;
    const block = body.startsWith("#") || body.startsWith("^");
    const inner = block ? body.slice(1).trim() : body;
    const first = name.exec(inner)?.[0];
    if (first && (block || /\s/.test(inner.slice(first.length, first.length + 1)))) out.add(first);
    for (const sub of inner.matchAll(/\(\s*([A-Za-z_][\w-]*)/g)) if (sub[1]) out.add(sub[1]);
  }
  return [...out].filter((h) => !BUILT_IN.has(h));
}
