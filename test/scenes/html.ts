/**
 * The table's reading of rendered HTML, as the browser would have it: elements with a `data-action` and their
 * ancestors (for a handler's `closest`), and a small element tree of a card's HTML with the inputs a user fills
 * (`value`, `checked`) and the queries the system's form readers make (`querySelector(All)`, `closest`). Its
 * elements are what `instanceof HTMLElement` (and `Element`, `HTMLInputElement` for inputs) recognise while a
 * scene runs (Node has no DOM), and its selectors are a subset of the browser's, refused loudly beyond it.
 */

/** An element of rendered HTML with a `data-action`: its data attributes and its ancestors' (for `closest`). */
export interface HtmlButton {
  tag: string;
  action: string;
  dataset: Record<string, string>;
  disabled: boolean;
  text: string;
  /** What a click handler receives as its target. */
  target: FakeTarget;
}
export interface FakeTarget {
  dataset: Record<string, string>;
  classList: { contains(name: string): boolean };
  closest(selector: string): FakeTarget | null;
  hasAttribute(name: string): boolean;
  getAttribute(name: string): string | null;
}

const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "wbr"]);
const camel = (name: string) => name.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&#x3D;/g, "=")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attributesOf(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    const name = m[1];
    if (name) out[name.toLowerCase()] = unescapeHtml(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return out;
}

/** What a selector tests of an element: its tag name and attributes. */
interface Selectable {
  tag: string;
  attrs: Record<string, string>;
}

/**
 * One piece of a compound selector (Selectors Level 4, https://www.w3.org/TR/selectors-4/ §5-§6; MDN "Attribute
 * selectors"): a type (`button`, `*`), a class (`.x`), an attribute's presence (`[x]`) or exact value (`[x=v]`, the
 * value an identifier or a string in double or single quotes), or the comma between the selectors of a list.
 */
const PIECE =
  /\s*(,)\s*|([a-zA-Z][a-zA-Z0-9-]*|\*)|\.(-?[_a-zA-Z][-\w]*)|\[\s*([_a-zA-Z][-\w:.]*)\s*(?:=\s*(?:"([^"\\]*)"|'([^'\\]*)'|(-?[_a-zA-Z][-\w]*))\s*)?\]/y;

/**
 * The test of a selector list (`a, b`: an element matching any of them, MDN "Selector list") of compound selectors:
 * the system's handlers' `[data-x]`, `[data-x='v']`, `button[data-action]`, `.class`. In an HTML document type and
 * attribute names match whatever their case (the reader keeps them lower-case), values exactly. Combinators,
 * pseudo-classes, other attribute operators and escapes are not the reader's: it throws rather than guess.
 */
function matcher(selector: string): (node: Selectable) => boolean {
  const refuse = () => new Error(`The table's HTML reader does not know the selector ${selector}`);
  const list: ((node: Selectable) => boolean)[][] = [[]];
  const text = selector.trim();
  for (let at = 0; at < text.length;) {
    PIECE.lastIndex = at;
    const m = PIECE.exec(text);
    if (!m || m[0] === "") throw refuse();
    at = PIECE.lastIndex;
    const compound = list.at(-1)!;
    const [, comma, type, cls, name, double, single, bare] = m;
    if (comma) {
      if (!compound.length) throw refuse();
      list.push([]);
    } else if (type) {
      // A type selector only opens a compound (`a.b`, never `.b a`: that is a descendant combinator).
      if (compound.length) throw refuse();
      const tag = type.toLowerCase();
      compound.push((n) => tag === "*" || n.tag === tag);
    } else if (cls) {
      compound.push((n) => (n.attrs.class ?? "").split(/\s+/).includes(cls));
    } else if (name) {
      const key = name.toLowerCase();
      const value = double ?? single ?? bare;
      compound.push((n) => key in n.attrs && (value === undefined || n.attrs[key] === value));
    }
  }
  if (list.some((compound) => !compound.length)) throw refuse();
  return (node) => list.some((compound) => compound.every((test) => test(node)));
}

function targetOf(tag: string, attrs: Record<string, string>, parent: FakeTarget | null): FakeTarget {
  const dataset = Object.fromEntries(
    Object.entries(attrs)
      .filter(([k]) => k.startsWith("data-"))
      .map(([k, v]) => [camel(k.slice(5)), v]),
  );
  const classes = new Set((attrs.class ?? "").split(/\s+/).filter(Boolean));
  const self: FakeTarget = {
    dataset,
    classList: { contains: (name) => classes.has(name) },
    hasAttribute: (name) => name in attrs,
    getAttribute: (name) => attrs[name] ?? null,
    closest(selector) {
      // The element itself, then its ancestors (MDN "Element: closest() method").
      return matcher(selector)({ tag, attrs }) ? self : (parent?.closest(selector) ?? null);
    },
  };
  return self;
}

/** Every element with a `data-action` in rendered HTML, with its ancestors (for `closest`), as the browser has them. */
export function actionElements(html: string): HtmlButton[] {
  const out: HtmlButton[] = [];
  const stack: { tag: string; target: FakeTarget; button?: HtmlButton }[] = [];
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*?)?)(\/?)>|([^<]+)/g;
  for (const m of html.matchAll(re)) {
    if (m[5] !== undefined) {
      for (const open of stack) if (open.button) open.button.text += m[5];
      continue;
    }
    const tag = (m[2] ?? "").toLowerCase();
    if (m[1]) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      continue;
    }
    const attrs = attributesOf(m[3] ?? "");
    const target = targetOf(tag, attrs, stack.at(-1)?.target ?? null);
    let button: HtmlButton | undefined;
    if (attrs["data-action"]) {
      button = {
        tag,
        action: attrs["data-action"],
        dataset: target.dataset,
        disabled: "disabled" in attrs,
        text: "",
        target,
      };
      out.push(button);
    }
    if (!VOID.has(tag) && !m[4]) stack.push({ tag, target, ...(button ? { button } : {}) });
  }
  for (const b of out) b.text = b.text.replace(/\s+/g, " ").trim();
  return out;
}

// ---- An element tree, for cards with forms ---------------------------------------------------------------------

/** An element of a card's HTML: its attributes, children and, for inputs, what the user typed or ticked. */
export class HtmlNode {
  readonly children: HtmlNode[] = [];
  readonly dataset: Record<string, string>;
  readonly classList: { contains(name: string): boolean };
  value: string;
  checked: boolean;
  constructor(
    readonly tag: string,
    readonly attrs: Record<string, string>,
    readonly parent: HtmlNode | null,
  ) {
    this.dataset = Object.fromEntries(
      Object.entries(attrs)
        .filter(([k]) => k.startsWith("data-"))
        .map(([k, v]) => [camel(k.slice(5)), v]),
    );
    const classes = new Set((attrs.class ?? "").split(/\s+/).filter(Boolean));
    this.classList = { contains: (name) => classes.has(name) };
    this.value = attrs.value ?? (tag === "input" && attrs.type === "checkbox" ? "on" : "");
    this.checked = "checked" in attrs;
  }
  get type(): string {
    return this.attrs.type ?? "text";
  }
  hasAttribute(name: string): boolean {
    return name in this.attrs;
  }
  getAttribute(name: string): string | null {
    return this.attrs[name] ?? null;
  }
  closest(selector: string): HtmlNode | null {
    const test = matcher(selector);
    if (test(this)) return this;
    return this.parent?.closest(selector) ?? null;
  }
  querySelectorAll(selector: string): HtmlNode[] {
    const test = matcher(selector);
    const out: HtmlNode[] = [];
    const walk = (n: HtmlNode) => {
      for (const c of n.children) {
        if (test(c)) out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }
  querySelector(selector: string): HtmlNode | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  /** Click listeners a render hook binds (the tracker's phase buttons). */
  readonly listeners: ((event: NodeEvent) => unknown)[] = [];
  addEventListener(type: string, listener: (event: NodeEvent) => unknown): void {
    if (type === "click") this.listeners.push(listener);
  }
  /** A click as the browser dispatches it: this element's listeners, then each ancestor's (it bubbles). */
  click(): unknown[] {
    let stopped = false;
    const event: NodeEvent = { target: this, preventDefault: () => {}, stopPropagation: () => (stopped = true) };
    const results: unknown[] = [];
    const path: HtmlNode[] = [];
    for (let n = this.parent; n; n = n.parent) path.push(n);
    for (const node of [this, ...path]) {
      if (stopped) break;
      for (const listener of node.listeners) results.push(listener(event));
    }
    return results;
  }
}

export interface NodeEvent {
  target: HtmlNode;
  preventDefault(): void;
  stopPropagation(): void;
}

/** An `<input>`: what `instanceof HTMLInputElement` recognises while a scene runs (no DOM in Node). */
export class HtmlInput extends HtmlNode {}
/**
 * Every element the reader builds is an HTML element (it builds no SVG nor MathML one), so `instanceof HTMLElement`
 * and `instanceof Element` hold for each, as in a browser, where HTMLElement inherits from Element and
 * HTMLInputElement from HTMLElement (MDN "HTMLElement", "HTMLInputElement"; DOM Standard §4.9, HTML Standard §3.2.2).
 * A render hook checks its element so (`html instanceof HTMLElement`), a click handler its event's target.
 */
const g = globalThis as { HTMLInputElement?: unknown; HTMLElement?: unknown; Element?: unknown };
g.HTMLInputElement ??= HtmlInput;
g.HTMLElement ??= HtmlNode;
g.Element ??= HtmlNode;

/** The element tree of rendered HTML, under a root element. */
export function htmlTree(html: string): HtmlNode {
  const root = new HtmlNode("root", {}, null);
  let open = root;
  const re = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s[^>]*?)?)(\/?)>/g;
  for (const m of html.matchAll(re)) {
    const tag = (m[2] ?? "").toLowerCase();
    if (m[1]) {
      for (let n: HtmlNode | null = open; n && n !== root; n = n.parent)
        if (n.tag === tag) {
          open = n.parent ?? root;
          break;
        }
      continue;
    }
    const attrs = attributesOf(m[3] ?? "");
    const node = tag === "input" ? new HtmlInput(tag, attrs, open) : new HtmlNode(tag, attrs, open);
    open.children.push(node);
    if (!VOID.has(tag) && !m[4]) open = node;
  }
  return root;
}
