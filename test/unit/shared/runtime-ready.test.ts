/**
 * A rule set's runtime chunk is imported at init and may arrive after Foundry's `ready` (issue 23): what it must do
 * at ready runs in its `ready` step, which the entry runs once both have come. No runtime listens to a lifecycle hook
 * itself, since such a listener registered late is never called.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, doubleState, resetFoundryDouble } from "../../double/index.ts";
import { activeRuntime, initQuintette, readyQuintette } from "../../../src/index.ts";
import {
  clearRulesets,
  registerRuleset,
  RULESET_IDS,
  type RulesetId,
  type RulesetRegistration,
} from "../../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { registration as trinites } from "../../../src/foundry/trinites/registration.ts";
import { registration as ahillmach } from "../../../src/foundry/ahillmach/registration.ts";
import { registration as oeilnoir } from "../../../src/foundry/oeilnoir/registration.ts";
import { registration as jetons } from "../../../src/foundry/jetons/registration.ts";
import { registration as systemj } from "../../../src/foundry/systemj/registration.ts";

const REGISTRATIONS: Record<RulesetId, RulesetRegistration> = { trinites, ahillmach, oeilnoir, jetons, systemj };
/** Hooks Foundry calls once while a world loads: a listener added after they fired is never called. */
const LIFECYCLE = ["init", "i18nInit", "setup", "ready", "canvasInit", "canvasReady", "diceSoNiceReady"];

/** A gate the test opens: the runtime chunk "arrives" then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A world of `id` whose runtime chunk arrives only when the gate opens. */
async function lateWorld(id: RulesetId, registration: RulesetRegistration, opened: Promise<void>): Promise<void> {
  resetFoundryDouble();
  clearRulesets();
  for (const other of RULESET_IDS)
    if (other !== id) registerRuleset({ id: other, label: other, actorTypes: [], itemTypes: [], rolls: [] });
  registerRuleset({
    ...registration,
    load: async () => {
      await opened;
      return registration.load!();
    },
  });
  registerCoreSettings();
  await asGM(() => doubleState().game.settings.set("quintette", "ruleset", id));
}

const listeners = () => new Map([...doubleState().hooks.events].map(([name, list]) => [name, list.length]));

describe("a runtime chunk that arrives after ready", () => {
  beforeEach(() => clearRulesets());

  it("still runs its ready step, once, after its init", async () => {
    const steps: string[] = [];
    const { open, opened } = gate();
    await lateWorld(
      "jetons",
      {
        id: "jetons",
        label: "jetons",
        actorTypes: [],
        itemTypes: [],
        rolls: [],
        load: async () => ({ runtime: { init: () => steps.push("init"), ready: () => steps.push("ready") } }),
      },
      opened,
    );
    initQuintette();
    // Foundry's ready: the entry's ready listener runs now, the chunk is still on its way.
    const ready = asGM(() => readyQuintette());
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(steps).toEqual([]);
    open();
    await ready;
    expect(steps).toEqual(["init", "ready"]);
  });

  it("no rule set's runtime listens to a hook of the world's loading (it would be missed)", async () => {
    for (const id of RULESET_IDS) {
      const { open, opened } = gate();
      await lateWorld(id, REGISTRATIONS[id], opened);
      initQuintette();
      const before = listeners();
      open();
      await activeRuntime();
      const added = [...listeners()].filter(([name, n]) => n > (before.get(name) ?? 0)).map(([name]) => name);
      // The runtime did register listeners of its own (else this would prove nothing)…
      expect(added.length, id).toBeGreaterThan(0);
      // …and none of a lifecycle hook.
      expect(
        added.filter((name) => LIFECYCLE.includes(name)),
        id,
      ).toEqual([]);
    }
  });
});
