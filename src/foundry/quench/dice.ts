/**
 * Dice a Quench scenario chooses, through the seam Foundry documents for it: `CONFIG.Dice.randomUniform` ("A function
 * used to provide random uniform values", fvtt-types `client/config.d.mts`), replaced for the scenario's duration and
 * put back after. A face is turned into the uniform value that gives it by asking the die itself
 * (`DiceTerm#mapRandomFace`, "Maps a randomly-generated value in the interval [0, 1) to a face value on the die"), so
 * nothing here assumes how Foundry maps one to the other. The system's code is never patched.
 */

interface PlannedFace {
  faces: number;
  face: number;
}

/** The uniform value in [0, 1) a die of `faces` faces turns into `face` (the middle of that face's interval). */
export function uniformFor(faces: number, face: number): number {
  const die = new foundry.dice.terms.Die({ faces });
  for (let k = 0; k < faces; k += 1) {
    const u = (k + 0.5) / faces;
    if (die.mapRandomFace(u) === face) return u;
  }
  throw new Error(`${face} is not a face of a d${faces}`);
}

export class ChosenDice {
  readonly #planned: PlannedFace[] = [];
  #previous: (() => number) | null = null;
  /** Dice drawn while nothing was planned (they got the world's own random values). */
  unplanned = 0;

  /** From now on every die Foundry rolls on this client draws the planned faces first. */
  install(): void {
    if (this.#previous) return;
    this.#previous = CONFIG.Dice.randomUniform;
    CONFIG.Dice.randomUniform = () => this.#next();
  }

  /** Puts the world's own function back (idempotent). */
  restore(): void {
    if (!this.#previous) return;
    CONFIG.Dice.randomUniform = this.#previous;
    this.#previous = null;
    this.#planned.length = 0;
  }

  /** The next dice of `faces` faces show `values`, in order (e.g. `choose(12, 12, 4, 3)`: three d12). */
  choose(faces: number, ...values: number[]): void {
    for (const face of values) {
      uniformFor(faces, face);
      this.#planned.push({ faces, face });
    }
  }

  /** Planned faces not drawn yet. */
  get left(): number {
    return this.#planned.length;
  }

  #next(): number {
    const planned = this.#planned.shift();
    if (planned) return uniformFor(planned.faces, planned.face);
    this.unplanned += 1;
    const previous = this.#previous;
    if (!previous) throw new Error("Quench dice drawn after they were restored");
    return previous();
  }
}
