/**
 * An effect's name is its owner's text (issue 36, attack 8), played from a player's client with latency: a player
 * names an effect on their own character with markup. The GM's client shows it as written: the tooltip of the field
 * it changes is `data-tooltip-text` (Foundry renders `data-tooltip` as HTML), and the GM's delete confirmation
 * escapes it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asClient, setLatency, settle } from "../double/shared-core.ts";
import { DialogV2 } from "../double/applications.ts";
import { addEffect, installEffectsDouble } from "../double/effects.ts";
import { EFFECT_HANDLERS, markModified } from "../../src/foundry/effects/actions.ts";
import { effectsContextOf } from "../../src/foundry/effects/sheet-context.ts";
import { setupWorld, teardownWorld } from "../worlds/oeilnoir.ts";
import type { DoubleActor } from "../double/index.ts";

const MARKUP = `<img src="x" onerror="window.pwned=1">`;
let alrik: DoubleActor;

beforeEach(async () => {
  ({ alrik } = await setupWorld());
  installEffectsDouble();
  setLatency(5);
});

afterEach(() => {
  setLatency(0);
  DialogV2.reset();
  teardownWorld();
});

/** A rendered field as `markModified` reaches it. */
function field() {
  const el = { dataset: {} as Record<string, string>, classes: [] as string[] };
  const node = { dataset: el.dataset, classList: { add: (c: string) => el.classes.push(c) } };
  return { el, root: { querySelectorAll: () => [node] } };
}

describe("attack: markup in an effect's name, shown on the GM's client", () => {
  it("the modified field's tooltip is text, not HTML", async () => {
    await asClient("player1", () =>
      addEffect(alrik as never, { name: MARKUP, changes: [{ key: "system.qualities.CO", mode: 2, value: "1" }] }),
    );
    await settle();
    const { el, root } = field();
    await asClient("gm", () => {
      const ctx = effectsContextOf(alrik as never, { editable: true, tabbed: true, active: true });
      markModified(root, ctx.tooltips);
    });
    expect(el.dataset.tooltipText).toContain(MARKUP);
    expect(el.dataset.tooltip).toBeUndefined();
    expect(el.classes).toContain("modified");
  });

  it("the GM's delete confirmation shows the name escaped", async () => {
    const effect = await asClient("player1", () => addEffect(alrik as never, { name: MARKUP }));
    await settle();
    DialogV2.nextAnswer = false;
    const sheet = { document: alrik, isEditable: true };
    const target = { dataset: { effectId: effect.id, itemId: "" }, closest: () => null } as unknown as HTMLElement;
    await asClient("gm", () => EFFECT_HANDLERS.deleteEffect.call(sheet, new Event("click"), target));
    const content = String(DialogV2.calls.at(-1)?.config.content ?? "");
    expect(content).not.toContain("<img");
    expect(content).toContain("&#60;img");
  });
});
