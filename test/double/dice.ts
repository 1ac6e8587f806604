/**
 * Dice: Foundry's `Roll` as far as the double needs it, and how a ChatMessage stores its rolls.
 *
 * - `evaluate()` sums the `forcedResults` option and throws without it: tests choose faces, they never roll at random.
 * - A message stores each Roll as JSON (fvtt-types `ChatMessage.Schema.rolls`: "Serialized content of any Roll
 *   instances attached to the ChatMessage"; v14 API `ChatMessageData.rolls?: string[]`), made by `Roll#toJSON`
 *   ("Represent the data of the Roll as an object suitable for JSON serialization": `class`, `options`, `dice`,
 *   `formula`, `terms`, `total`, `evaluated`). Every client rebuilds them (fvtt-types `ChatMessage#prepareDerivedData`:
 *   "Initializes `this.rolls` from an array of JSON-serializable objects to instances of their listed Roll class,
 *   dropping any that throw when passed to `Roll.fromData`"), the class found by its name in `CONFIG.Dice.rolls`
 *   ("Configured Roll class definitions"; FOUNDRY-NOTES: "register in CONFIG.Dice.rolls so messages rebuild the right
 *   class (by class name)"). So a Roll subclass not registered is lost from the message, and state a subclass keeps
 *   outside `toJSON` (outside `options`, `terms`, `total`) does not reach any client, the writer's included.
 */
import { deepClone, isPlainObject, type Plain } from "./utils.ts";

export class RollDouble {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  total: number | undefined = undefined;
  _evaluated = false;
  terms: unknown[] = [];
  readonly formula: string;
  readonly data: Plain;
  options: Plain;
  constructor(formula: string, data: Plain = {}, options: Plain = {}) {
    this.formula = formula;
    this.data = data;
    this.options = options;
  }
  async evaluate(): Promise<this> {
    const forced = this.options.forcedResults;
    // No chosen faces: the double rolls no dice, so it refuses instead of inventing a total.
    if (!Array.isArray(forced)) throw new Error(`The double's Roll has no forcedResults for ${this.formula}`);
    this.total = forced.reduce((s: number, v: unknown) => s + Number(v), 0);
    this._evaluated = true;
    return this;
  }
  get dice(): unknown[] {
    return [];
  }
  /** fvtt-types `Roll#toJSON`. */
  toJSON(): Plain {
    return {
      class: this.constructor.name,
      options: deepClone(this.options),
      dice: [],
      formula: this.formula,
      terms: deepClone(this.terms),
      total: this.total,
      evaluated: this._evaluated,
    };
  }
  /**
   * fvtt-types `Roll.fromData`: "Recreate a Roll instance using a provided data object", of the class named in the data
   * among `CONFIG.Dice.rolls`; an unknown class throws.
   */
  static fromData(data: Plain): RollDouble {
    const cls = rollClasses().find((c) => c.name === data.class);
    if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
    const roll = new cls(
      String(data.formula ?? ""),
      {},
      isPlainObject(data.options) ? deepClone(data.options) : {},
    ) as RollDouble;
    roll.terms = Array.isArray(data.terms) ? deepClone(data.terms) : [];
    roll.total = typeof data.total === "number" ? data.total : undefined;
    roll._evaluated = data.evaluated === true;
    return roll;
  }
  /** fvtt-types `Roll.fromJSON`: "Recreate a Roll instance using a provided JSON string". */
  static fromJSON(json: string): RollDouble {
    return this.fromData(JSON.parse(json) as Plain);
  }
}
// Foundry's class is named `Roll`: what a base roll's `toJSON` writes as its class.
Object.defineProperty(RollDouble, "name", { value: "Roll" });

type RollClass = (new (formula: string, data?: Plain, options?: Plain) => unknown) & { name: string };

function rollClasses(): RollClass[] {
  const cfg = (globalThis as { CONFIG?: { Dice?: { rolls?: unknown[] } } }).CONFIG;
  return (cfg?.Dice?.rolls ?? []).filter((c): c is RollClass => typeof c === "function");
}

/**
 * What a message's `rolls` field stores from the given values (a JSONField cleans a value to its JSON string: a Roll
 * through its `toJSON`).
 */
export function storeRolls(values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  return values.map((value) => (typeof value === "string" ? value : JSON.stringify(value)));
}

/** The Roll instances a client rebuilds from a message's stored rolls; one that cannot be rebuilt is dropped. */
export function rebuildRolls(stored: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const json of stored) {
    try {
      const data = JSON.parse(json) as Plain;
      const cls = rollClasses().find((c) => c.name === data.class) as
        (RollClass & { fromData?: (d: Plain) => unknown }) | undefined;
      if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
      if (typeof cls.fromData !== "function") throw new Error(`${cls.name} has no fromData`);
      out.push(cls.fromData(data));
    } catch {
      // Dropped, as Foundry drops a roll that `Roll.fromData` cannot rebuild.
    }
  }
  return out;
}
