/**
 * `npm run bench`: every `bench/*.bench.ts` exports `register(bench)` and adds its tasks; one line per figure.
 */
import { Bench } from "tinybench";

type BenchModule = { register: (bench: Bench) => void };
const modules = import.meta.glob<BenchModule>("./*.bench.ts", { eager: true });

const bench = new Bench({ time: 200, iterations: 10 });
for (const mod of Object.values(modules)) mod.register(bench);
await bench.run();
for (const task of bench.tasks) {
  const r = task.result;
  if (!r || r.state !== "completed") {
    console.log(`${task.name}: failed`);
    process.exitCode = 1;
    continue;
  }
  console.log(
    `${task.name}: ${r.latency.mean.toFixed(4)} ms/op (±${r.latency.rme.toFixed(1)}%, ${r.latency.samplesCount} runs)`,
  );
}
