/**
 * The shared "apply damage" action (damage/index.ts) on a SYSTEMJ fight card: its rule set's applier took the card's
 * `damage` as it stands. The card's author may rewrite that number and plant the shared Apply button on their card
 * (the frame draws the stored buttons); a GM who clicks it, the bear targeted, would apply the author's number, and
 * a second time beside the exchange's own Apply. Played from the author's client of the double.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, type DoubleChatMessage } from "../double/shared-core.ts";
import { CARD_ACTION_KIND, requestCardAction } from "../../src/foundry/chat/actions.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { APPLY_DAMAGE, registerDamageApplier } from "../../src/foundry/damage/index.ts";
import { damageApplier } from "../../src/foundry/systemj/actions.ts";
import { rewriteCard } from "../cards.ts";
import { card, dice, exchangeOf, postFight, systemjWorld } from "../worlds/systemj.ts";

let aude: DoubleActor;
let ours: DoubleActor;
type Points = { hitPoints: { value: number }; armourPoints: { value: number } };
const pts = (a: DoubleActor) => {
  const s = a.system as unknown as Points;
  return [s.armourPoints.value, s.hitPoints.value];
};

beforeEach(async () => {
  ({ aude, ours } = await systemjWorld());
  // What the SYSTEMJ runtime registers for the shared Apply (systemj/runtime.ts, chat/plugins.ts).
  registerDamageApplier("systemj", damageApplier);
});

afterEach(() => vi.restoreAllMocks());

/** The author plants a damage number and the shared Apply button on their own card. */
async function plantApply(m: DoubleChatMessage, amount: number): Promise<void> {
  const next = structuredClone(card(m));
  next.damage = { amount };
  next.buttons = [
    ...next.buttons,
    {
      action: APPLY_DAMAGE,
      label: { key: "QUINTETTE.Damage.Apply" },
      icon: "fa-heart-crack",
      audience: "owners",
      args: {},
    },
  ] as typeof next.buttons;
  await asClient("player1", () => rewriteCard(m, next));
}

/** The GM clicks the shared Apply with the bear targeted (its `collect` adds the targeted tokens). */
const gmApplies = (m: DoubleChatMessage) =>
  asClient("gm", () =>
    relayToGM(CARD_ACTION_KIND, { messageId: m.id, action: APPLY_DAMAGE, args: { targets: ours.uuid } }),
  );

describe("attack: a SYSTEMJ fight card's author plants the shared Apply with their own number", () => {
  it("before any damage roll: the GM's click applies nothing", async () => {
    const m = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    expect(exchangeOf(m)?.phase).toBe("defence");
    const before = pts(ours);
    await plantApply(m, 40);
    expect(card(m).damage).toEqual({ amount: 40 });
    const r = await gmApplies(m);
    expect(r.status).not.toBe("applied");
    expect(pts(ours)).toEqual(before);
  });

  it("after the GM's damage roll: the shared Apply applies nothing, the exchange's own Apply the rolled 5, once", async () => {
    const m = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    await asClient("gm", () => requestCardAction(m.id, "systemj.noDefence"));
    dice(5);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    await plantApply(m, 40);
    expect(card(m).damage).toEqual({ amount: 40 });
    const r = await gmApplies(m);
    expect(r.status).not.toBe("applied");
    expect(pts(ours)).toEqual([3, 22]);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.applyDamage"))).status).toBe("applied");
    expect(pts(ours)).toEqual([0, 20]);
  });
});
