/**
 * The table's dice: every Roll a client evaluates takes its faces from the tray the scene fills (`chooseDice`), in
 * order, whatever its class (every rule set's Roll extends `foundry.dice.Roll`). The double's Roll rolls nothing; the
 * tray reads the formula's dice terms (`NdF`, `kh`/`kl`, `x` exploding on the highest face, `[flavor]`, `+`/`−`
 * constants) and fills each term's `results` like Foundry's, so the code reads dice where it reads them in Foundry.
 * A roll with no face left fails loudly.
 */
import { vi } from "vitest";

interface DieResult {
  result: number;
  active: boolean;
  discarded?: boolean;
  exploded?: boolean;
}
interface Die {
  number: number;
  faces: number;
  modifiers: string[];
  flavor: string;
  sign: number;
  results: DieResult[];
  options: Record<string, unknown>;
}
interface Parsed {
  dice: Die[];
  constant: number;
}

const tray: number[] = [];
const parsed = new WeakMap<object, Parsed>();
/** Formulas evaluated, in order (what the scene may assert was rolled). */
export const rolledFormulas: string[] = [];

/** Faces the next evaluated dice take, in order. */
export function chooseDice(...faces: number[]): void {
  tray.push(...faces);
}
/** Faces still waiting in the tray (a step that rolled less than planned leaves some). */
export function facesLeft(): number {
  return tray.length;
}
export function emptyTray(): void {
  tray.length = 0;
}

function parse(formula: string): Parsed {
  const out: Parsed = { dice: [], constant: 0 };
  const compact = formula.replace(/\s+/g, "");
  if (compact === "") return out;
  for (const match of compact.matchAll(/([+\-−]?)([^+\-−]+)/g)) {
    const sign = match[1] === "-" || match[1] === "−" ? -1 : 1;
    const token = match[2] ?? "";
    const die = /^(\d*)d(\d+)((?:kh\d*|kl\d*|x|xo)*)(?:\[([^\]]*)\])?$/.exec(token);
    if (die) {
      out.dice.push({
        number: die[1] ? Number(die[1]) : 1,
        faces: Number(die[2]),
        modifiers: [...(die[3] ?? "").matchAll(/kh\d*|kl\d*|xo|x/g)].map((m) => m[0]),
        flavor: die[4] ?? "",
        sign,
        results: [],
        options: die[4] ? { flavor: die[4] } : {},
      });
    } else if (/^\d+$/.test(token)) out.constant += sign * Number(token);
    else throw new Error(`The table's dice cannot read ${token} in ${formula}`);
  }
  return out;
}

function draw(die: Die, formula: string): number {
  const face = tray.shift();
  if (face === undefined) throw new Error(`No face chosen for ${formula}`);
  if (!Number.isInteger(face) || face < 1 || face > die.faces)
    throw new Error(`${face} is not a face of a d${die.faces} (${formula})`);
  return face;
}

function roll(die: Die, formula: string): void {
  const explode = die.modifiers.includes("x") || die.modifiers.includes("xo");
  for (let i = 0; i < die.number; i += 1) {
    let face = draw(die, formula);
    die.results.push({ result: face, active: true });
    // An exploding die rolls again on its highest face (`xo`: once).
    let again = explode && face === die.faces;
    while (again) {
      const last = die.results.at(-1);
      if (last) last.exploded = true;
      face = draw(die, formula);
      die.results.push({ result: face, active: true });
      again = die.modifiers.includes("x") && face === die.faces;
    }
  }
  const keep = die.modifiers.find((m) => m.startsWith("k"));
  if (keep) {
    const count = Number(keep.slice(2) || "1");
    const order = die.results.map((r, i) => ({ r, i })).sort((a, b) => b.r.result - a.r.result);
    const kept = new Set((keep.startsWith("kh") ? order.slice(0, count) : order.slice(-count)).map((k) => k.i));
    die.results.forEach((r, i) => {
      if (!kept.has(i)) Object.assign(r, { active: false, discarded: true });
    });
  }
}

interface RollLike {
  formula: string;
  total: number | undefined;
  _evaluated: boolean;
}

/** Puts the tray under every Roll of the double (call once the double is installed); undone by `vi.restoreAllMocks`. */
export function installDiceTray(): void {
  emptyTray();
  rolledFormulas.length = 0;
  const proto = (globalThis as unknown as { foundry: { dice: { Roll: { prototype: object } } } }).foundry.dice.Roll
    .prototype;
  const termsOf = (r: RollLike): Parsed => {
    let p = parsed.get(r);
    if (!p) {
      p = parse(r.formula);
      parsed.set(r, p);
    }
    return p;
  };
  vi.spyOn(proto as { dice: unknown[] }, "dice", "get").mockImplementation(function (this: RollLike) {
    return termsOf(this).dice;
  });
  vi.spyOn(proto as { evaluate(): Promise<unknown> }, "evaluate").mockImplementation(async function (this: RollLike) {
    const p = termsOf(this);
    rolledFormulas.push(this.formula);
    let total = p.constant;
    for (const die of p.dice) {
      die.results = [];
      roll(die, this.formula);
      total += die.sign * die.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
    }
    this.total = total;
    this._evaluated = true;
    return this;
  });
}
