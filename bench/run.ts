/**
 * `npm run bench`: every `bench/*.bench.ts` exports `register(bench)` and adds its tasks; one line per figure, with
 * its budget (bench/budgets.json). `npm run bench -- --check` also lists the figures over budget and exits non-zero
 * then; other arguments keep only the figures whose name contains one of them (`npm run bench -- trinites`).
 */
import { readFileSync } from "node:fs";
import { Bench } from "tinybench";
import { judge, quantile, type BudgetFile, type Figure } from "./budgets";
import { calibrationWork } from "./calibration";

type BenchModule = { register: (bench: Bench) => void | Promise<void> };
const modules = import.meta.glob<BenchModule>("./*.bench.ts", { eager: true });

const args = process.argv.slice(2);
const check = args.includes("--check");
const filters = args.filter((a) => !a.startsWith("--"));
const CALIBRATION = "calibration: fixed JavaScript workload (sort, JSON) of 5,000 rows";
const QUIET = 0.2;

const file = JSON.parse(readFileSync(new URL("./budgets.json", import.meta.url), "utf8")) as BudgetFile;
const bench = new Bench({ time: 300, iterations: 15, retainSamples: true });
for (const mod of Object.values(modules)) await mod.register(bench);
for (const task of [...bench.tasks])
  if (filters.length && !filters.some((f) => task.name.includes(f))) bench.remove(task.name);

// The calibration runs first and last: the quieter of the two is this machine's speed today.
const calibrate = async () => {
  const b = new Bench({ time: 300, iterations: 15, retainSamples: true });
  b.add(CALIBRATION, () => void calibrationWork());
  await b.run();
  return quietFigure(b.tasks[0]!.result);
};
const before = await calibrate();
await bench.run();
const calibrationMs = Math.min(before, await calibrate());

function quietFigure(r: Bench["tasks"][number]["result"]): number {
  if (!r || r.state !== "completed") return NaN;
  return quantile(r.latency.samples ?? [r.latency.min], QUIET);
}

const figures: Figure[] = [{ name: CALIBRATION, ms: calibrationMs }];
const medians = new Map<string, number>();
for (const task of bench.tasks) {
  const r = task.result;
  if (!r || r.state !== "completed") {
    console.log(`${task.name}: failed`);
    process.exitCode = 1;
    continue;
  }
  figures.push({ name: task.name, ms: quietFigure(r) });
  medians.set(task.name, r.latency.p50);
}
const verdicts = judge(file, figures, calibrationMs, CALIBRATION);
for (const v of verdicts) {
  const median = medians.get(v.name);
  const budget = v.limit === null ? "no budget" : `budget ${fmt(v.limit)}`;
  console.log(`${v.name}: ${fmt(v.ms)} ms (${median === undefined ? "" : `median ${fmt(median)}, `}${budget})`);
}
if (check) {
  const over = verdicts.filter((v) => v.over);
  console.log(over.length ? `\n${over.length} figure(s) over budget:` : "\nEvery figure is within its budget.");
  for (const v of over) console.log(`  ${v.name}: ${fmt(v.ms)} ms > ${v.limit === null ? "no budget" : fmt(v.limit)}`);
  if (over.length) process.exitCode = 1;
}

function fmt(ms: number): string {
  return ms >= 10 ? ms.toFixed(1) : ms >= 0.1 ? ms.toFixed(3) : ms.toFixed(5);
}
