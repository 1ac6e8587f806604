/**
 * `TextEditor.enrichHTML` as Foundry documents it (fvtt-types `TextEditor.enrichHTML`: "Enrich HTML content by
 * replacing or augmenting components of it"; its `custom` option, default true: "Apply custom enrichers?";
 * `_applyCustomEnrichers`: "Match any custom registered regex patterns and apply their replacements"): every
 * `CONFIG.TextEditor.enrichers` entry's global `pattern` is matched in the content's text (not inside tags), and its
 * `enricher(match, options)` result, "an HTML element to be inserted … or null to indicate that no replacement
 * should be made", replaces the match. Node has no DOM: while an enricher runs, `document.createElement` is the
 * double's small element (tag, class, dataset, attributes, text, children), serialized as Foundry would insert it.
 */
type Enricher = { pattern: RegExp; enricher: (match: RegExpMatchArray, options?: unknown) => unknown };

function escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The part of an HTMLElement an enricher builds with. */
export class DoubleElement {
  className = "";
  textContent = "";
  readonly dataset: Record<string, string> = {};
  readonly attributes = new Map<string, string>();
  readonly children: DoubleElement[] = [];
  constructor(readonly tagName: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  append(...nodes: DoubleElement[]): void {
    this.children.push(...nodes);
  }
  get outerHTML(): string {
    const attrs = [
      ...(this.className ? [`class="${escape(this.className)}"`] : []),
      ...Object.entries(this.dataset).map(([k, v]) => `data-${kebab(k)}="${escape(v)}"`),
      ...[...this.attributes].map(([k, v]) => (v === "" ? k : `${k}="${escape(v)}"`)),
    ];
    const inner = escape(this.textContent) + this.children.map((c) => c.outerHTML).join("");
    return `<${this.tagName}${attrs.length ? ` ${attrs.join(" ")}` : ""}>${inner}</${this.tagName}>`;
  }
}

const fakeDocument = { createElement: (tag: string) => new DoubleElement(tag) };

async function enrichText(text: string, config: Enricher, options: unknown): Promise<string> {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(new RegExp(config.pattern.source, config.pattern.flags))) {
    const index = match.index ?? 0;
    const g = globalThis as { document?: unknown };
    const before = g.document;
    g.document = fakeDocument;
    let element: unknown;
    try {
      element = await config.enricher(match, options);
    } finally {
      if (before === undefined) delete g.document;
      else g.document = before;
    }
    if (!(element instanceof DoubleElement)) continue;
    out += text.slice(last, index) + element.outerHTML;
    last = index + match[0].length;
  }
  return out + text.slice(last);
}

export async function enrichHTML(content: string, options: { custom?: boolean } = {}): Promise<string> {
  const enrichers = (globalThis as { CONFIG?: { TextEditor?: { enrichers?: Enricher[] } } }).CONFIG?.TextEditor
    ?.enrichers;
  if (options.custom === false || !enrichers?.length) return content;
  let html = content;
  for (const config of enrichers) {
    // Text between tags only: an attribute's value is never matched.
    const parts = html.split(/(<[^>]*>)/);
    for (let i = 0; i < parts.length; i += 2) parts[i] = await enrichText(parts[i] ?? "", config, options);
    html = parts.join("");
  }
  return html;
}
