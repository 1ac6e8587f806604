/**
 * Saving a dying victim from the damage card (Médecine / Blessures): the helper's dialog with the exact odds, the
 * GM's roll, stabilised on the card and the sheet, a failed care's 1D6 and the next attempt, rights, reload.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  MAIL,
  answerRescue,
  dice,
  duel,
  herosOf,
  orcStrikesAlrik,
  player,
  rescueDialogs,
  setupWorld,
  stored,
  teardownWorld,
} from "../../worlds/oeilnoir.ts";
import type { DoubleActor } from "../../double/index.ts";
import { type DoubleState } from "../../double/index.ts";
import {
  asClient,
  buttonsIn,
  messageElement,
  reloadMessage,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { executeCardAction, requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { rescueCardFor } from "../../../src/foundry/oeilnoir/actions.ts";
import { rescueOdds } from "../../../src/foundry/oeilnoir/dialog-config.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;
let bruna: DoubleActor;

const rescue = (m: DoubleChatMessage, user: string, attempt = 0) =>
  asClient(user, () => requestCardAction(m.id, "oeilnoir.rescue", { attempt }));

/** The orc strikes Alrik (PR 4) for 10 PI, 6 damage, from `ev`: at 3 EV, he is left at −3, dying. */
async function strikeDown(ev = 3) {
  await alrik.update({ "system.ev.value": ev });
  return orcStrikesAlrik({ alrik, orc });
}

beforeEach(async () => {
  // Alrik without his sword: the orc's blow lands.
  ({ state, alrik, orc, bruna } = await setupWorld({ alrik: { items: [MAIL] } }));
  // Player 2 plays Bruna; player 3 has no character.
  player("player2", bruna);
  player("player3");
});

afterEach(teardownWorld);

describe("saving a dying hero from the damage card", () => {
  it("offers the save to anyone; the dialog starts at the healer's value with the odds of value − 2 × points below 0", async () => {
    const m = await strikeDown();
    expect(duel(m)?.hit).toMatchObject({ evAfter: -3, status: "mourant" });
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.rescue", "oeilnoir.close"]);
    expect(stored(m).buttons[0]).toMatchObject({ audience: "anyone", args: { attempt: 0 } });
    answerRescue(null);
    expect((await rescue(m, "player2")).status).toBe("invalid");
    const config = rescueDialogs[0];
    if (!config) throw new Error("no dialog");
    // Bruna's IN 14 to start with; −3 EV makes it 6 harder: under 8, 40 %.
    expect(config.inputs.find((i) => i.name === "skill")?.initial).toBe(14);
    expect(config.subtitle).toContain("Bruna → Alrik");
    expect(config.odds({ skill: 14, modifier: 0 }).map((o) => [o.id, o.probability])).toEqual([
      ["stabilized", expect.closeTo(0.4, 10)],
      ["failed", expect.closeTo(0.6, 10)],
    ]);
    // A natural 1 still saves him when the value is 0 or less; a 20 always fails.
    expect(
      rescueOdds({ healerName: "", victimName: "", ev: -10, skill: 12 }, { skill: 12, modifier: 0 })[0]?.probability,
    ).toBeCloseTo(0.05);
    // Cancelled: nothing rolled, nothing stored.
    expect(duel(m)?.rescue ?? []).toEqual([]);
  });

  it("success: a player's healer saves the victim through the GM; the card and the sheet say stabilised", async () => {
    const m = await strikeDown();
    answerRescue({ skill: 15, modifier: 1 });
    // Under 15 − 1 − 6 = 8: a 5 leaves 3 points, so the care takes 2 × 3 − 3 = 3 rounds.
    dice([5]);
    expect((await rescue(m, "player2")).status).toBe("applied");
    expect(duel(m)?.rescue).toEqual([
      expect.objectContaining({
        healerName: "Bruna",
        skill: 15,
        modifier: 1,
        ev: -3,
        test: expect.objectContaining({ d20: 5, value: 8, success: true }),
        pointsLeft: 3,
        rounds: 3,
        damage: null,
      }),
    ]);
    expect(m.updates.at(-1)?.userId).toBe("gm");
    expect(stored(m).outcome?.detail).toMatchObject({
      key: "QUINTETTE.OeilNoir.Card.Stabilized",
      value: 3,
      name: "Bruna",
    });
    expect(stored(m).buttons).toEqual([]);
    expect(herosOf(alrik)).toMatchObject({ stabilized: true, ev: { value: -3 }, derived: { stabilized: true } });
    // The value chosen became Bruna's Médecine field, the one the GM read.
    expect(herosOf(bruna).medecine).toBe(15);
    // Idempotent: the same attempt again changes nothing.
    expect((await rescue(m, "player2")).status).toBe("already");
    expect(duel(m)?.rescue).toHaveLength(1);
  });

  it("failure: 1D6 through the blow's update (no PR), undoable, and the card offers another attempt", async () => {
    const m = await strikeDown();
    answerRescue({ skill: 10, modifier: 0 });
    // Under 10 − 6 = 4: a 12 fails; the 1D6 takes 4 EV (armour does not count).
    dice([12], [4]);
    // Player 1 has only Alrik, who cannot save himself: refused on the clicking client.
    expect((await rescue(m, "player1")).status).toBe("invalid");
    expect(rescueDialogs).toHaveLength(0);
    expect((await rescue(m, "player2")).status).toBe("applied");
    expect(herosOf(alrik).ev.value).toBe(-7);
    expect(herosOf(alrik).wounds).toBe(0);
    expect(duel(m)?.rescue?.[0]).toMatchObject({
      test: { success: false },
      damage: { d6: 4, evAfter: -7, status: "mourant" },
    });
    expect(stored(m).outcome?.detail).toMatchObject({
      key: "QUINTETTE.OeilNoir.Card.RescueFailed",
      value: 4,
      detail: -7,
    });
    expect(stored(m).applied.at(-1)).toMatchObject({ action: "oeilnoir.rescue", undo: { "system.ev.value": -3 } });
    const again = stored(m).buttons.find((b) => b.action === "oeilnoir.rescue");
    expect(again).toMatchObject({ args: { attempt: 1 }, label: { key: "QUINTETTE.OeilNoir.Card.RescueAgainButton" } });
    // A stale first-attempt request is not a second roll.
    expect((await rescue(m, "player2", 0)).status).toBe("already");
    // Second attempt at −7 EV: 14 harder, under 15 − 14 = 1; a natural 1 saves him, with 0 points left: 14 rounds.
    answerRescue({ skill: 15, modifier: 0 });
    dice([1]);
    expect((await rescue(m, "player2", 1)).status).toBe("applied");
    expect(duel(m)?.rescue?.[1]).toMatchObject({
      test: { d20: 1, value: 1, success: true },
      pointsLeft: 0,
      rounds: 14,
    });
    expect(herosOf(alrik).stabilized).toBe(true);
    // A second card where he lay dying finds him already saved: no roll.
    const other = await strikeDown(-1);
    await alrik.update({ "system.stabilized": true });
    expect((await rescue(other, "player2")).status).toBe("already");
    expect(duel(other)?.rescue ?? []).toEqual([]);
    // A new blow puts him in danger again.
    await strikeDown(-7);
    expect(herosOf(alrik).stabilized).toBe(false);
  });

  it("the dying hero's sheet finds the card to act on, with the attempt its button carries, until he is saved", async () => {
    expect(rescueCardFor(alrik.uuid)).toBeNull();
    const m = await strikeDown();
    expect(rescueCardFor(alrik.uuid)).toEqual({ messageId: m.id, attempt: 0 });
    answerRescue({ skill: 10, modifier: 0 });
    dice([12], [1]);
    await rescue(m, "player2");
    const next = rescueCardFor(alrik.uuid);
    expect(next).toEqual({ messageId: m.id, attempt: 1 });
    // −4 EV now: under 10 − 8 = 2.
    dice([2]);
    expect(
      (await asClient("player2", () => requestCardAction(m.id, "oeilnoir.rescue", { attempt: next?.attempt ?? -1 })))
        .status,
    ).toBe("applied");
    expect(rescueCardFor(alrik.uuid)).toBeNull();
    expect(rescueCardFor(orc.uuid)).toBeNull();
  });

  it("a failed care that takes the victim below −CN kills him: no further attempt", async () => {
    const m = await strikeDown(-4);
    // −10 EV; CN 13: a 1D6 of 4 takes him to −14, dead.
    answerRescue({ skill: 10, modifier: 0 });
    dice([20], [4]);
    expect((await rescue(m, "gm")).status).toBe("applied");
    expect(duel(m)?.rescue?.[0]?.damage).toMatchObject({ evAfter: -14, status: "mort" });
    expect(stored(m).outcome?.detail).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.RescueDied" });
    expect(stored(m).buttons).toEqual([]);
  });

  it("rights: a player with no character at hand may not help; the GM always may", async () => {
    const m = await strikeDown();
    // Player 3: refused on their own client (no dialog), and by the GM if the request is forged.
    expect((await rescue(m, "player3")).status).toBe("invalid");
    expect(rescueDialogs).toHaveLength(0);
    const request = { messageId: m.id, action: "oeilnoir.rescue", args: { attempt: 0, skill: 15, modifier: 0 } };
    const player3 = state.game.users.get("player3") as never;
    expect(
      (await executeCardAction({ ...request, args: { ...request.args, healerUuid: bruna.uuid } }, player3)).status,
    ).toBe("denied");
    // Nor with the victim as healer, even for the victim's own player.
    const player1 = state.game.users.get("player1") as never;
    expect(
      (await executeCardAction({ ...request, args: { ...request.args, healerUuid: alrik.uuid } }, player1)).status,
    ).toBe("denied");
    expect(duel(m)?.rescue ?? []).toEqual([]);
    // The GM with no healer of his own rolls under the value he gives (10 by default).
    answerRescue({ modifier: 0 });
    dice([2]);
    expect((await rescue(m, "gm")).status).toBe("applied");
    expect(duel(m)?.rescue?.[0]).toMatchObject({ skill: 10, test: { value: 4, success: true }, rounds: 4 });
  });

  it("survives a reload: the stored attempts render the same, in French and in English, with no missing key", async () => {
    const m = await strikeDown();
    answerRescue({ skill: 10, modifier: 0 });
    dice([12], [2]);
    await rescue(m, "player2");
    const render = async (message: DoubleChatMessage, user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(message as never, html as never));
      return content.innerHTML;
    };
    const before = await render(m, "player2");
    const after = await render(reloadMessage(m), "player2");
    expect(after).toBe(before);
    expect(after).toContain("Soins ratés");
    expect(after).not.toContain("QUINTETTE.");
    expect(buttonsIn(after).map((b) => b.action)).toContain("oeilnoir.rescue");
    useSystemTemplates("en", ["oeilnoir"]);
    const english = await render(m, "gm");
    expect(english).toContain("Try again to save Alrik");
    expect(english).not.toContain("QUINTETTE.");
  });
});
