/**
 * Dice: Foundry's `Roll` with its dice terms, as far as the product's formulas need them, the tray tests fill with the
 * faces the dice show, and how a ChatMessage stores its rolls.
 *
 * - Formulas (fvtt-types `Roll.parse`: "Parse a formula expression"; FOUNDRY-NOTES "Formula modifiers"): `NdF` dice
 *   (`dF` and parentheses are not used by the product and are refused), the modifiers `kh`/`kl`/`k` with a count,
 *   `x` and `xo` exploding, a `[flavor]` after a term, whole numbers, and `+`/`-` operators between terms. `@attr` data,
 *   other modifiers and other terms throw: the double does not guess what Foundry would make of them.
 * - Terms (fvtt-types `Roll#terms` "The identified terms of the Roll"): a `Die` (`number`, `faces`, `modifiers`,
 *   `results` of `DiceTerm.Result`: `result`, `active`, `discarded`, `exploded`; `options.flavor`), a `NumericTerm`
 *   (`number`) and an `OperatorTerm` (`operator`). `Roll#dice` ("the individual DiceTerm instances contained within this
 *   Roll") is the Die terms; `Roll#formula` ("a standardized representation", `Roll.getFormula`) is rebuilt from them.
 * - Faces: every Roll evaluated, whatever its class (the rule sets' classes extend this one), draws its faces in order
 *   from ONE tray the test fills (`chooseDice`). Never random: a die with no face left in the tray throws, a face
 *   outside the die throws. Foundry documents no option to force faces (fvtt-types `Roll.Options`: `allowInteractive`,
 *   `strict`, `minimize`, `maximize`, `allowStrings`), so the double has none.
 * - A message stores each Roll as JSON (fvtt-types `ChatMessage.Schema.rolls`: "Serialized content of any Roll
 *   instances attached to the ChatMessage"; v14 API `ChatMessageData.rolls?: string[]`), made by `Roll#toJSON`
 *   ("Represent the data of the Roll as an object suitable for JSON serialization": `class`, `options`, `dice`,
 *   `formula`, `terms`, `total`, `evaluated`; each term through `RollTerm#toJSON`, a DiceTerm with its
 *   `SERIALIZE_ATTRIBUTES` `["number", "faces", "modifiers", "results", "method"]`). Every client rebuilds them
 *   (fvtt-types `ChatMessage#prepareDerivedData`: "Initializes `this.rolls` from an array of JSON-serializable objects
 *   to instances of their listed Roll class, dropping any that throw when passed to `Roll.fromData`"), the class found
 *   by its name in `CONFIG.Dice.rolls` ("Configured Roll class definitions"; FOUNDRY-NOTES: "register in
 *   CONFIG.Dice.rolls so messages rebuild the right class (by class name)"), each term by its class
 *   (`RollTerm.fromData`). So a Roll subclass not registered is lost from the message, and state a subclass keeps
 *   outside `toJSON` (outside `options`, `terms`, `total`) does not reach any client, the writer's included.
 */
import { deepClone, isPlainObject, type Plain } from "./utils.ts";

// ---------------------------------------------------------------------------------------------------------------
// The tray
// ---------------------------------------------------------------------------------------------------------------

const tray: number[] = [];
/** Formulas evaluated since the double was installed, in order (what a test may assert was rolled). */
export const rolledFormulas: string[] = [];
/** The Rolls evaluated since the double was installed, in order (their options: what a roll carried). */
export const rolledRolls: RollDouble[] = [];

/** Faces the next dice evaluated take, in order, whatever Roll they belong to. */
export function chooseDice(...faces: number[]): void {
  tray.push(...faces);
}
/** Faces still waiting in the tray (a step that rolled fewer dice than the test planned leaves some). */
export function facesLeft(): number {
  return tray.length;
}
/** The faces waiting in the tray, in order. */
export function trayFaces(): number[] {
  return [...tray];
}
/** Empties the tray (a test replacing the faces it chose). */
export function emptyTray(): void {
  tray.length = 0;
}
/** A fresh tray and record of rolls (done when the double is installed). */
export function resetDice(): void {
  tray.length = 0;
  rolledFormulas.length = 0;
  rolledRolls.length = 0;
}

/**
 * `CONFIG.Dice.randomUniform` as the double installs it: never random, so a die with no face left in the tray and no
 * other function configured fails loudly. fvtt-types `CONFIG.Dice.randomUniform`: "A function used to provide random
 * uniform values"; a test or a Quench batch may replace it for a while (src/foundry/quench/dice.ts).
 */
export function neverRandom(): number {
  throw new Error("The double's dice are never random");
}

/**
 * fvtt-types `DiceTerm#mapRandomFace`: "Maps a randomly-generated value in the interval [0, 1) to a face value on the
 * die". The double's own mapping (the high end of the interval is face 1): whoever picks a face inverts this method,
 * never a formula of their own.
 */
export function mapRandomFace(randomUniform: number, faces: number): number {
  return Math.min(faces, Math.max(1, Math.ceil((1 - randomUniform) * faces)));
}

/**
 * `CONFIG.Dice` with a `randomUniform` of each client's own: CONFIG is a global of each page (fvtt-types
 * `client/config.d.mts`, "Runtime configuration settings for Foundry VTT"), so a function one client puts there (a
 * Quench batch's chosen dice in a player's browser) is not the one another client draws from (the GM's, serving that
 * player's relayed action). Each client starts with the double's own (`neverRandom`).
 */
export function withClientRandomUniform<T extends object>(dice: T): T {
  const byClient = new Map<string, () => number>();
  const client = () => (globalThis as { game?: { user?: { id?: string } } }).game?.user?.id ?? "";
  Object.defineProperty(dice, "randomUniform", {
    enumerable: true,
    get: () => byClient.get(client()) ?? neverRandom,
    set: (fn: () => number) => void byClient.set(client(), fn),
  });
  return dice;
}

function uniformDraw(faces: number, formula: string): number | undefined {
  const cfg = (globalThis as { CONFIG?: { Dice?: { randomUniform?: () => number } } }).CONFIG;
  const uniform = cfg?.Dice?.randomUniform;
  if (!uniform || uniform === neverRandom) return undefined;
  const u = uniform();
  if (!(u >= 0 && u < 1)) throw new Error(`CONFIG.Dice.randomUniform gave ${u}, outside [0, 1) (${formula})`);
  return mapRandomFace(u, faces);
}

function draw(faces: number, formula: string): number {
  // The tray first; with the tray empty, the configured `CONFIG.Dice.randomUniform` (fvtt-types `DiceTerm#randomFace`:
  // "Generate a random face value for this die using the configured PRNG"), unless it is the double's own.
  const face = tray.shift() ?? uniformDraw(faces, formula);
  if (face === undefined) throw new Error(`The double's dice tray has no face left for ${formula}`);
  if (!Number.isInteger(face) || face < 1 || face > faces)
    throw new Error(`${String(face)} is not a face of a d${faces} (${formula})`);
  return face;
}

// ---------------------------------------------------------------------------------------------------------------
// Terms
// ---------------------------------------------------------------------------------------------------------------

/** fvtt-types `DiceTerm.Result`. */
export interface DieResultDouble {
  /** "The numeric result." */
  result: number;
  /** "Is this result active, contributing to the total?" */
  active: boolean;
  /** "Was this result discarded?" */
  discarded?: boolean;
  /** "Was this result exploded?" */
  exploded?: boolean;
}

/** fvtt-types `RollTerm`: the options (flavor, Dice So Nice's `appearance`) and the evaluated state. */
abstract class RollTermDouble {
  options: Plain;
  _evaluated = false;
  constructor(options: Plain = {}) {
    this.options = options;
  }
  /** fvtt-types `RollTerm#flavor`: "A convenience reference to the flavor text of the term". */
  get flavor(): string {
    return typeof this.options.flavor === "string" ? this.options.flavor : "";
  }
  abstract get expression(): string;
  /** fvtt-types `RollTerm#formula`: the expression, with `[flavor]` when it has one. */
  get formula(): string {
    return this.flavor ? `${this.expression}[${this.flavor}]` : this.expression;
  }
  abstract get total(): number | string | undefined;
  /** fvtt-types `RollTerm#toJSON`: class, options, evaluated, and the term's serialized attributes. */
  toJSON(): Plain {
    return { class: this.constructor.name, options: deepClone(this.options), evaluated: this._evaluated };
  }
}

/** fvtt-types `Die`: "a fair n-sided die". */
export class Die extends RollTermDouble {
  number: number;
  faces: number;
  modifiers: string[];
  results: DieResultDouble[] = [];
  constructor({
    number = 1,
    faces = 6,
    modifiers = [],
    results = [],
    options = {},
  }: { number?: number; faces?: number; modifiers?: string[]; results?: DieResultDouble[]; options?: Plain } = {}) {
    super(options);
    this.number = number;
    this.faces = faces;
    this.modifiers = modifiers;
    this.results = results;
  }
  /** fvtt-types `DiceTerm#denomination`. */
  get denomination(): string {
    return "d";
  }
  get expression(): string {
    return `${this.number}d${this.faces}${this.modifiers.join("")}`;
  }
  /** fvtt-types `DiceTerm#mapRandomFace` (see `mapRandomFace` above). */
  mapRandomFace(randomUniform: number): number {
    return mapRandomFace(randomUniform, this.faces);
  }
  /** fvtt-types `DiceTerm#values`: "an array of rolled values which are still active within this term". */
  get values(): number[] {
    return this.results.filter((r) => r.active).map((r) => r.result);
  }
  /** fvtt-types `DiceTerm#total`: the active results summed, undefined before evaluation. */
  get total(): number | undefined {
    return this._evaluated ? this.values.reduce((s, v) => s + v, 0) : undefined;
  }
  /** fvtt-types `DiceTerm#evaluate`: each die draws a face, then each modifier runs in order. */
  evaluate(formula: string): void {
    this.results = [];
    for (let i = 0; i < this.number; i += 1) this.results.push({ result: draw(this.faces, formula), active: true });
    for (const modifier of this.modifiers) {
      if (modifier === "x" || modifier === "xo") this.explode(modifier === "xo", formula);
      else this.keep(modifier);
    }
    this._evaluated = true;
  }
  /**
   * fvtt-types `Die#explode`: "rolling additional results for any values which match the target set. If no target
   * number is specified, explode the highest possible result"; `Die#explodeOnce` (`xo`) explodes each die once.
   * A result that explodes is marked `exploded`; the extra result is rolled like any other, after those already there.
   */
  private explode(once: boolean, formula: string): void {
    const initial = this.results.length;
    for (let i = 0; i < (once ? initial : this.results.length); i += 1) {
      const r = this.results[i];
      if (!r || !r.active || r.result !== this.faces) continue;
      r.exploded = true;
      this.results.push({ result: draw(this.faces, formula), active: true });
    }
  }
  /**
   * fvtt-types `Die#keep`: "Keep a certain number of highest or lowest dice rolls from the result set" (`20d20k`,
   * `kh`: the 1 highest; `kh10`: the 10 highest; `kl`, `kl10` the lowest). A result not kept is `discarded` and no
   * longer `active` (`DiceTerm._keepOrDrop`: "flagging certain results are kept or dropped").
   */
  private keep(modifier: string): void {
    const match = /^k([hl]?)(\d*)$/.exec(modifier);
    if (!match) throw new Error(`The double's Die does not know the modifier ${modifier}`);
    const count = match[2] ? Number(match[2]) : 1;
    const lowest = match[1] === "l";
    const ranked = this.results
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r.active)
      .sort((a, b) => (lowest ? a.r.result - b.r.result : b.r.result - a.r.result));
    const kept = new Set(ranked.slice(0, count).map(({ i }) => i));
    for (const { r, i } of ranked) {
      if (kept.has(i)) continue;
      r.active = false;
      r.discarded = true;
    }
  }
  override toJSON(): Plain {
    return {
      ...super.toJSON(),
      number: this.number,
      faces: this.faces,
      modifiers: [...this.modifiers],
      results: deepClone(this.results),
      method: null,
    };
  }
}

/** fvtt-types `NumericTerm`: "A type of RollTerm used to represent static numbers". */
export class NumericTerm extends RollTermDouble {
  number: number;
  constructor({ number = 0, options = {} }: { number?: number; options?: Plain } = {}) {
    super(options);
    this.number = number;
  }
  get expression(): string {
    return String(this.number);
  }
  get total(): number {
    return this.number;
  }
  override toJSON(): Plain {
    return { ...super.toJSON(), number: this.number };
  }
}

/** fvtt-types `OperatorTerm`: "A type of RollTerm used to denote and perform an arithmetic operation". */
export class OperatorTerm extends RollTermDouble {
  operator: "+" | "-";
  constructor({ operator = "+", options = {} }: { operator?: "+" | "-"; options?: Plain } = {}) {
    super(options);
    this.operator = operator;
  }
  get expression(): string {
    return ` ${this.operator} `;
  }
  // An operator has no flavor of its own.
  override get formula(): string {
    return this.expression;
  }
  get total(): string {
    return this.operator;
  }
  override toJSON(): Plain {
    return { ...super.toJSON(), operator: this.operator };
  }
}

export type RollTermDoubleAny = Die | NumericTerm | OperatorTerm;

/** fvtt-types `RollTerm.fromData`: "Construct a RollTerm from a provided data object", by its `class`. */
function termFromData(data: unknown): RollTermDoubleAny {
  if (!isPlainObject(data)) throw new Error("A roll term's data must be an object");
  const options = isPlainObject(data.options) ? deepClone(data.options) : {};
  let term: RollTermDoubleAny;
  if (data.class === "Die") {
    const results = Array.isArray(data.results) ? (deepClone(data.results) as DieResultDouble[]) : [];
    term = new Die({
      number: Number(data.number),
      faces: Number(data.faces),
      modifiers: Array.isArray(data.modifiers) ? data.modifiers.map(String) : [],
      results,
      options,
    });
  } else if (data.class === "NumericTerm") term = new NumericTerm({ number: Number(data.number), options });
  else if (data.class === "OperatorTerm" && (data.operator === "+" || data.operator === "-"))
    term = new OperatorTerm({ operator: data.operator, options });
  else throw new Error(`The double has no roll term ${String(data.class)}`);
  term._evaluated = data.evaluated === true;
  return term;
}

const DIE = /^(\d*)d(\d+)((?:kh\d*|kl\d*|k\d*|xo|x)*)/;
const NUMBER = /^\d+(?:\.\d+)?/;
const FLAVOR = /^\[([^\]]*)\]/;

/** The terms of a formula (see the header for what is read); anything else throws. */
function parseFormula(formula: string): RollTermDoubleAny[] {
  const terms: RollTermDoubleAny[] = [];
  let rest = formula.trim();
  const fail = (): never => {
    throw new Error(`The double's Roll cannot parse "${rest}" in "${formula}"`);
  };
  while (rest) {
    const expectOperator = terms.length > 0 && !(terms.at(-1) instanceof OperatorTerm);
    if (expectOperator) {
      const op = rest[0];
      if (op !== "+" && op !== "-") fail();
      terms.push(new OperatorTerm({ operator: op as "+" | "-" }));
      rest = rest.slice(1).trimStart();
      continue;
    }
    let term: Die | NumericTerm;
    const die = DIE.exec(rest);
    const number = NUMBER.exec(rest);
    if (die) {
      const modifiers = [...(die[3] ?? "").matchAll(/kh\d*|kl\d*|k\d*|xo|x/g)].map((m) => m[0]);
      term = new Die({ number: die[1] ? Number(die[1]) : 1, faces: Number(die[2]), modifiers });
      rest = rest.slice(die[0].length);
    } else if (number) {
      term = new NumericTerm({ number: Number(number[0]) });
      rest = rest.slice(number[0].length);
    } else return fail();
    const flavor = FLAVOR.exec(rest);
    if (flavor) {
      term.options.flavor = flavor[1] ?? "";
      rest = rest.slice(flavor[0].length);
    }
    // A term ends at a space or an operator ("1d6x2" or "1d6y" is not something the double reads).
    if (rest && !/^[\s+-]/.test(rest)) fail();
    terms.push(term);
    rest = rest.trimStart();
  }
  if (!terms.length || terms.at(-1) instanceof OperatorTerm) fail();
  return terms;
}

// ---------------------------------------------------------------------------------------------------------------
// Roll
// ---------------------------------------------------------------------------------------------------------------

export class RollDouble {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  /** fvtt-types `Roll#terms`: "The identified terms of the Roll". */
  terms: RollTermDoubleAny[];
  readonly data: Plain;
  options: Plain;
  /** fvtt-types `Roll#_evaluated`: "Once evaluated the Roll is immutable". */
  _evaluated = false;
  _total: number | undefined = undefined;
  constructor(formula: string, data: Plain = {}, options: Plain = {}) {
    this.data = data;
    this.options = options;
    this.terms = parseFormula(formula);
  }
  /** fvtt-types `Roll.validate`: "Is the provided input a valid dice formula?" (one the double reads). */
  static validate(formula: string): boolean {
    try {
      parseFormula(formula);
      return true;
    } catch {
      return false;
    }
  }
  /** fvtt-types `Roll.getFormula`: "Transform an array of RollTerm objects into a cleaned string formula". */
  static getFormula(terms: readonly RollTermDoubleAny[]): string {
    return terms.map((t) => t.formula).join("");
  }
  /** fvtt-types `Roll#formula`. */
  get formula(): string {
    return RollDouble.getFormula(this.terms);
  }
  /** fvtt-types `Roll#dice`: "the individual DiceTerm instances contained within this Roll". */
  get dice(): Die[] {
    return this.terms.filter((t): t is Die => t instanceof Die);
  }
  /** fvtt-types `Roll#total`: "the total result of the Roll expression if it has been evaluated". */
  get total(): number | undefined {
    return this._total;
  }
  /** fvtt-types `Roll#evaluate`: "Execute the Roll, replacing dice and evaluating the total result". */
  async evaluate(): Promise<this> {
    if (this._evaluated) throw new Error(`The ${this.formula} Roll has already been evaluated and is now immutable`);
    const formula = this.formula;
    rolledFormulas.push(formula);
    rolledRolls.push(this);
    let total = 0;
    let sign = 1;
    for (const term of this.terms) {
      if (term instanceof OperatorTerm) sign = term.operator === "-" ? -1 : 1;
      else {
        if (term instanceof Die) term.evaluate(formula);
        else term._evaluated = true;
        total += sign * (term.total ?? 0);
      }
    }
    for (const term of this.terms) term._evaluated = true;
    this._total = total;
    this._evaluated = true;
    return this;
  }
  /** fvtt-types `Roll#toJSON`. */
  toJSON(): Plain {
    return {
      class: this.constructor.name,
      options: deepClone(this.options),
      // Foundry's `_dice`: dice resolved outside the terms, which no formula of the double has.
      dice: [],
      formula: this.formula,
      terms: this.terms.map((t) => t.toJSON()),
      total: this._total,
      evaluated: this._evaluated,
    };
  }
  /**
   * fvtt-types `Roll.fromData`: "Recreate a Roll instance using a provided data object", of the class named in the data
   * among `CONFIG.Dice.rolls` (an unknown class throws), its terms rebuilt from theirs with their results.
   */
  static fromData(data: Plain): RollDouble {
    const cls = rollClasses().find((c) => c.name === data.class);
    if (!cls) throw new Error(`Unable to recreate ${String(data.class)} instance from provided data`);
    const roll = new cls(
      String(data.formula ?? ""),
      {},
      isPlainObject(data.options) ? deepClone(data.options) : {},
    ) as RollDouble;
    if (Array.isArray(data.terms)) roll.terms = data.terms.map(termFromData);
    roll._total = typeof data.total === "number" ? data.total : undefined;
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
