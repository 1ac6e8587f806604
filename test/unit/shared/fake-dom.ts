/**
 * Rendered elements for tests that need a few (Node has no DOM): attributes, `dataset`, `classList`, `closest`,
 * `querySelectorAll` for simple selectors (tags, classes, `[attr]`, `[attr='value']`, `:not(…)`, comma lists), and
 * listeners as an EventTarget's. `fireDrag` starts a drag on an element as the browser does: the `dragstart` event
 * bubbles from it through its ancestors until a listener stops it; it returns what the listeners put in the transfer.
 */
export class FakeElement extends EventTarget {
  readonly dataset: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  parent: FakeElement | null = null;
  draggable = false;
  readonly #listeners = new Map<string, EventListener[]>();

  constructor(
    readonly tag: string,
    readonly attributes: Record<string, string> = {},
    children: FakeElement[] = [],
  ) {
    super();
    for (const [name, value] of Object.entries(attributes)) {
      if (name.startsWith("data-"))
        this.dataset[name.slice(5).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
    }
    for (const child of children) {
      child.parent = this;
      this.children.push(child);
    }
  }
  get classList(): { contains(name: string): boolean } {
    const names = (this.attributes.class ?? "").split(/\s+/);
    return { contains: (name: string) => names.includes(name) };
  }
  get textContent(): string {
    return this.attributes.text ?? "";
  }
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null): void {
    super.addEventListener(type, listener);
    if (typeof listener === "function") this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  listeners(type: string): EventListener[] {
    return this.#listeners.get(type) ?? [];
  }
  matches(selector: string): boolean {
    return selector.split(",").some((part) => matchesCompound(this, part.trim()));
  }
  closest(selector: string): FakeElement | null {
    if (this.matches(selector)) return this;
    return this.parent?.closest(selector) ?? null;
  }
  querySelectorAll(selector: string): FakeElement[] {
    const out: FakeElement[] = [];
    const walk = (el: FakeElement) => {
      for (const child of el.children) {
        if (child.matches(selector)) out.push(child);
        walk(child);
      }
    };
    walk(this);
    return out;
  }
}

/** A compound selector without combinators: `button[data-roll]`, `.draggable`, `[data-x]:not([data-x=''])`. */
function matchesCompound(el: FakeElement, selector: string): boolean {
  const token = /^(?:([a-z][\w-]*)|\.([\w-]+)|\[([\w-]+)(?:=(['"]?)(.*?)\4)?\]|:not\((.+?)\))/i;
  let rest = selector;
  while (rest) {
    const m = token.exec(rest);
    if (!m) throw new Error(`The fake DOM does not match "${selector}"`);
    const [whole, tag, cls, attr, , value, not] = m;
    if (tag !== undefined && el.tag !== tag) return false;
    if (cls !== undefined && !el.classList.contains(cls)) return false;
    if (attr !== undefined) {
      const has = Object.prototype.hasOwnProperty.call(el.attributes, attr);
      if (!has || (value !== undefined && el.attributes[attr] !== value)) return false;
    }
    if (not !== undefined && el.matches(not)) return false;
    rest = rest.slice(whole.length);
  }
  return true;
}

/** `new FakeElement` for short trees. */
export function h(tag: string, attributes: Record<string, string> = {}, ...children: FakeElement[]): FakeElement {
  return new FakeElement(tag, attributes, children);
}

/** A drag started on `el`: the transfer's data by type after every listener on the way up ran. */
export function fireDrag(el: FakeElement): Record<string, string> {
  const transfer: Record<string, string> = {};
  let stopped = false;
  const event = {
    type: "dragstart",
    target: el,
    currentTarget: el as FakeElement | null,
    dataTransfer: { setData: (type: string, value: string) => void (transfer[type] = value) },
    stopPropagation: () => void (stopped = true),
  };
  for (let node: FakeElement | null = el; node && !stopped; node = node.parent) {
    event.currentTarget = node;
    for (const listener of node.listeners("dragstart")) listener(event as unknown as Event);
  }
  return transfer;
}

/** The JSON a drag start put in `text/plain`, or null when nothing did. */
export function dragData(el: FakeElement): unknown {
  const text = fireDrag(el)["text/plain"];
  return text === undefined ? null : (JSON.parse(text) as unknown);
}
