/**
 * v14 deletions (issue 22): where Foundry has the `ForcedDeletion` operator (14.x, `foundry.data.operators`), the
 * GM's client deletes with it, never with the deprecated `-=key`; on 13.x it keeps `-=key`. Shown on the effect
 * nonces the GM's client clears from a target and on the world-scope card flag the migration moves.
 */
import { afterEach, describe, expect, it } from "vitest";
import { deletionOf, isDeletion, isDeletionOperator } from "../../../src/foundry/trust/deletion.ts";
import { toV1 } from "../../../src/foundry/migrations/steps.ts";
import { applyDamage, makeWorld, postDamageCard, target } from "../../attacks/world.ts";

/** 14.x's operator, as `foundry.data.operators` exposes it (a class with a static `create`). */
class ForcedDeletion {
  static create(): ForcedDeletion {
    return new ForcedDeletion();
  }
}

function presentV14Operators(): void {
  const data = (foundry as unknown as { data: Record<string, unknown> }).data;
  data.operators = { ForcedDeletion };
}

afterEach(() => {
  const data = (globalThis as { foundry?: { data?: Record<string, unknown> } }).foundry?.data;
  if (data) delete data.operators;
});

describe("deletions in the running generation's form", () => {
  it("13.x: `-=key`; 14.x: the operator, read back in either form", async () => {
    await makeWorld();
    expect(deletionOf("flags.quintette.effects", "k")).toEqual({ "flags.quintette.effects.-=k": null });
    presentV14Operators();
    const v14 = deletionOf("flags.quintette.effects", "k");
    expect(Object.keys(v14)).toEqual(["flags.quintette.effects.k"]);
    expect(v14["flags.quintette.effects.k"]).toBeInstanceOf(ForcedDeletion);
    expect(isDeletion("k", v14["flags.quintette.effects.k"])).toBe(true);
    expect(isDeletionOperator({ __$OPERATOR$__: "ForcedDeletion" })).toBe(true);
    expect(isDeletionOperator({ n: "x" })).toBe(false);
  });

  it("the GM's client clears a target's settled nonces with the operator on 14.x, with no `-=` key", async () => {
    const world = await makeWorld();
    presentV14Operators();
    // What the GM's client hands to Document#update, as it is (the double's own log keeps a plain copy).
    const sent: Record<string, unknown>[] = [];
    const update = world.villain.update.bind(world.villain);
    world.villain.update = ((changes: Record<string, unknown>, options?: Record<string, unknown>) => {
      sent.push(changes);
      return update(changes, options);
    }) as typeof world.villain.update;
    target("gm", world.villain);
    await applyDamage("gm", await postDamageCard("gm", 1));
    await applyDamage("gm", await postDamageCard("gm", 1));
    const last = sent.at(-1) ?? {};
    const flat = foundry.utils.flattenObject(last) as Record<string, unknown>;
    expect(Object.keys(flat).some((k) => k.includes("-="))).toBe(false);
    expect(Object.values(last).some((v) => v instanceof ForcedDeletion)).toBe(true);
  });

  it("the migration moves the world-scope card flag with the operator on 14.x", async () => {
    await makeWorld();
    const source = { flags: { world: { card: { kind: "x" } } } };
    expect(toV1.migrate("ChatMessage", source)).toEqual({
      "flags.quintette.card": { kind: "x" },
      "flags.world.-=card": null,
    });
    presentV14Operators();
    const v14 = toV1.migrate("ChatMessage", source) ?? {};
    expect(v14["flags.world.card"]).toBeInstanceOf(ForcedDeletion);
  });
});
