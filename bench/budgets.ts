/**
 * Budgets of `npm run bench` (bench/budgets.json): each figure's bound in milliseconds on the machine the file
 * names, scaled by a calibration figure measured in the same run, so a slower machine gets proportionally more time
 * (never less than the stated bound). Pure: the runner measures, this reads and compares.
 */
export interface BudgetFile {
  /** The machine the bounds were set on. */
  machine: string;
  /** The calibration figure there (ms): `bench/calibration.ts`'s workload, quiet machine. */
  calibrationMs: number;
  /** Task name → bound in ms on that machine. */
  budgets: Record<string, number>;
}

export interface Figure {
  name: string;
  /** The quiet-machine figure (ms): the fastest fifth of the samples, where other processes weigh least. */
  ms: number;
}

export interface Verdict {
  name: string;
  ms: number;
  /** Bound on this machine (ms), null when the file has none for this figure. */
  limit: number | null;
  over: boolean;
}

/** How much slower this machine is than the budgets' (1 when as fast or faster). */
export function slowdown(file: BudgetFile, calibrationMs: number): number {
  return Math.max(1, calibrationMs / file.calibrationMs);
}

/**
 * Every figure against its bound; a figure without a budget counts as over (every figure must have one). The
 * calibration's own bound is not scaled: it says how much slower than the budgets' machine a run may be and still
 * judge (a machine busier than that fails on the calibration, not on every figure).
 */
export function judge(
  file: BudgetFile,
  figures: readonly Figure[],
  calibrationMs: number,
  calibrationName: string,
): Verdict[] {
  const factor = slowdown(file, calibrationMs);
  return figures.map(({ name, ms }) => {
    const budget = file.budgets[name];
    const limit = budget === undefined ? null : name === calibrationName ? budget : budget * factor;
    return { name, ms, limit, over: limit === null || ms > limit };
  });
}

/** The value at quantile q (0…1) of ascending samples. */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(q * (sorted.length - 1))));
  return sorted[i]!;
}
