/**
 * A tiny `foundry.dice.Roll` for the Ahill-Mach tests (the shared double has none): parses `NdF`, `NdFkh2`,
 * `NdFkl2` and whole numbers joined by + and −, and takes its faces from a queue the test fills. It marks kept and
 * dropped results like Foundry's keep modifiers, so the card reads the same data it reads in Foundry.
 */
interface Result {
  result: number;
  active: boolean;
  discarded?: boolean;
}
interface Term {
  number: number;
  faces: number;
  keep: { mode: "kh" | "kl"; count: number } | null;
  sign: number;
  results: Result[];
  options: Record<string, unknown>;
}

const queue: number[] = [];

/** Faces the next evaluations will draw, in order. */
export function queueFaces(...faces: number[]): void {
  queue.push(...faces);
}
export function pendingFaces(): number {
  return queue.length;
}
export function clearFaces(): void {
  queue.length = 0;
}

export class FakeRoll {
  static CHAT_TEMPLATE = "templates/dice/roll.html";
  formula: string;
  data: Record<string, unknown>;
  options: Record<string, unknown>;
  terms: Term[] = [];
  constants = 0;
  total: number | undefined;
  _evaluated = false;

  constructor(formula: string, data: Record<string, unknown> = {}, options: Record<string, unknown> = {}) {
    this.formula = formula;
    this.data = data;
    this.options = options;
    let sign = 1;
    for (const token of formula.replace(/\s+/g, " ").split(" ")) {
      if (token === "+") sign = 1;
      else if (token === "-" || token === "−") sign = -1;
      else {
        const m = /^(\d+)d(\d+)(?:(kh|kl)(\d+))?$/.exec(token);
        if (m) {
          const keep = m[3] ? { mode: m[3] as "kh" | "kl", count: Number(m[4]) } : null;
          this.terms.push({ number: Number(m[1]), faces: Number(m[2]), keep, sign, results: [], options: {} });
        } else if (/^\d+$/.test(token)) this.constants += sign * Number(token);
        else throw new Error(`FakeRoll cannot parse ${token} in ${formula}`);
      }
    }
  }
  static validate(formula: string): boolean {
    try {
      new FakeRoll(formula);
      return true;
    } catch {
      return false;
    }
  }
  get dice(): Term[] {
    return this.terms;
  }
  async evaluate(): Promise<this> {
    let total = this.constants;
    for (const term of this.terms) {
      term.results = Array.from({ length: term.number }, () => {
        const face = queue.shift();
        if (face === undefined) throw new Error("FakeRoll: no face queued");
        if (face < 1 || face > term.faces) throw new Error(`FakeRoll: ${face} is not a d${term.faces} face`);
        return { result: face, active: true };
      });
      if (term.keep) {
        const order = term.results.map((r, i) => ({ r, i })).sort((a, b) => b.r.result - a.r.result);
        const kept = term.keep.mode === "kh" ? order.slice(0, term.keep.count) : order.slice(-term.keep.count);
        const keptIdx = new Set(kept.map((k) => k.i));
        term.results.forEach((r, i) => {
          if (!keptIdx.has(i)) Object.assign(r, { active: false, discarded: true });
        });
      }
      total += term.sign * term.results.filter((r) => r.active).reduce((s, r) => s + r.result, 0);
    }
    this.total = total;
    this._evaluated = true;
    return this;
  }
  toJSON(): Record<string, unknown> {
    return { class: this.constructor.name, formula: this.formula, options: this.options, total: this.total };
  }
}

/** Puts the fake on `foundry.dice.Roll` (call after installing the double). */
export function installFakeRoll(): void {
  const f = (globalThis as { foundry: Record<string, unknown> }).foundry;
  f.dice = { Roll: FakeRoll };
  clearFaces();
}
