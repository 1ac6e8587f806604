/**
 * Shared core: derived data of 1,000 actors per actor type (their data models' preparation), on the Foundry test
 * double. Every rule set whose descriptor is registered adds its types automatically.
 */
import "./double.ts";
import type { Bench } from "tinybench";
import { doubleState, DoubleActor } from "../test/double/index.ts";
import { table } from "./world.ts";

const ACTORS = 1000;

export async function register(bench: Bench): Promise<void> {
  await table();
  const { CONFIG } = doubleState();
  for (const type of Object.keys(CONFIG.Actor.dataModels).sort()) {
    const actors = Array.from(
      { length: ACTORS },
      (_, i) =>
        new DoubleActor({
          name: `A${i}`,
          type,
          items: [
            { name: "x", type: "any" },
            { name: "y", type: "other" },
          ],
        }),
    );
    // What Foundry runs of the system once an actor's source is initialized: its data model's preparation. The
    // double's own re-initialization (a deep copy of the whole source standing in for Foundry's) is left out: it is
    // neither the system's code nor a measure of Foundry's.
    const models = actors.map((a) => a.system as { prepareBaseData?(): void; prepareDerivedData?(): void });
    bench.add(`shared: derived data of ${ACTORS} actors (${type})`, () => {
      for (const model of models) {
        model.prepareBaseData?.();
        model.prepareDerivedData?.();
      }
    });
  }
}
