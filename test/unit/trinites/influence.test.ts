/**
 * Encourager and Intimider's other options on the test double: the roller picks on the card, the GM stores the ±3 on
 * a target the player has no right on, the target's next dialog pre-fills and names it, the roll spends it once, a
 * won reaction to an intimidation withdraws it, and it survives a reload.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DoubleActor } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import {
  asClient,
  buttonsIn,
  messageElement,
  reloadMessage,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { postCard } from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { buildTestCard, readData, turnEndShifts, type TestSetup } from "../../../src/foundry/trinites/card.ts";
import { chooseDice } from "../../double/dice.ts";
import { TrinitesActorSheet } from "../../../src/foundry/trinites/sheets.ts";
import { testRequest } from "../../../src/foundry/trinites/flow.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { consumeUpdate, pendingFor, storeUpdate } from "../../../src/foundry/trinites/influence.ts";
import { testSetup } from "./setup-fixture.ts";
import { cardOf } from "../../cards.ts";
import { trinitesWorld } from "../../worlds/trinites.ts";

let brune: DoubleActor;
let aelis: DoubleActor;
let thug: DoubleActor;

const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
type Slots = Record<"encourager" | "intimider", { sur: string; valeur: number; source: string }>;
const slots = (a: DoubleActor) => (a.system as unknown as { influences: Slots }).influences;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

const setup = (over: Partial<TestSetup> = {}): TestSetup =>
  testSetup(brune, "player1", { skill: "commandement", ...over });

async function post(card: CardState, userId = "player1"): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

async function render(message: DoubleChatMessage, userId: string) {
  const { html, content } = messageElement();
  await asClient(userId, () => enhanceCard(message as never, html as never));
  return content.innerHTML;
}

function modifierInput(actor: DoubleActor, reaction = false) {
  const request = testRequest(asActor(actor), reaction ? { reaction: true } : {});
  return request?.dialog.inputs.find((i) => i.name === "modifier");
}

beforeEach(async () => {
  // Aelis is player2's: the ally Brune's player has no right on.
  ({ aelis, brune, thug } = await trinitesWorld({
    realTemplates: true,
    cardActions: true,
    aelisOwner: "player2",
  }));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Encourager and Intimider: next action or reaction", () => {
  it("lets the roller pick on the card; the GM stores +3 on an ally the player has no right on, once", async () => {
    const turn = { combatId: "fight", round: 1, combatantId: "cB" };
    const message = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: aelis.uuid, name: "Aelis" }], turn }), {
        deva: [10],
        archonte: [],
      }),
    );
    // Success: three options (in a combat turn), for the roller only.
    const before = await render(message, "player1");
    expect(buttonsIn(before).map((b) => b.action)).toEqual([
      "trinites.influence",
      "trinites.influence",
      "trinites.influence",
    ]);
    expect(before).toContain("Pick what each encouraged ally gains");
    expect(before).toContain("+3 to its next action");
    // Player 1 cannot write Aelis: the request goes to the GM, who stores it.
    await expect(asClient("player1", () => aelis.update({ "system.concept": "x" }))).rejects.toThrow();
    const result = await asClient("player1", () =>
      requestCardAction(message.id, "trinites.influence", { use: "action" }),
    );
    expect(result.status).toBe("applied");
    expect(relayRequests()).toHaveLength(1);
    expect(slots(aelis).encourager).toMatchObject({ sur: "action", valeur: 3, source: "Brune" });
    expect(modifierInput(aelis)?.initial).toBe(3);
    expect(modifierInput(aelis)?.hint).toBe("Brune encourages you: +3 to this action.");
    expect(modifierInput(aelis, true)?.initial).toBe(0);
    // The initiative no longer moves, the buttons are gone, the card says what was given.
    expect(turnEndShifts(stored(message)).targets).toEqual([]);
    const after = await render(reloadMessage(message), "player2");
    expect(buttonsIn(after)).toEqual([]);
    expect(after).toContain("+3 to its next action");
    expect(after).toContain("Aelis");
    // A second pick, any option, changes nothing.
    const again = await asClient("player1", () =>
      requestCardAction(message.id, "trinites.influence", { use: "reaction" }),
    );
    expect(again.status).not.toBe("applied");
    expect(slots(aelis).encourager.sur).toBe("action");
    // Another player may not pick for the roller.
    const other = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    const denied = await asClient("player2", () =>
      requestCardAction(other.id, "trinites.influence", { use: "action" }),
    );
    expect(denied.status).toBe("denied");
    expect(slots(thug).encourager.sur).toBe("");
  });

  it("pre-fills the target's next dialog with its source, spends it once, and keeps it across a reload", async () => {
    const message = await post(
      buildTestCard(setup({ action: "intimider", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    // Out of combat: no initiative option.
    expect(buttonsIn(await render(message, "player1")).map((b) => JSON.parse(String(b.args)) as unknown)).toEqual([
      { use: "action" },
      { use: "reaction" },
    ]);
    await asClient("player1", () => requestCardAction(message.id, "trinites.influence", { use: "reaction" }));
    // Reloaded actor: the slot is stored data.
    const reloaded = new DoubleActor(thug.toObject());
    expect(pendingFor(reloaded.system, "reaction")).toEqual([{ action: "intimider", value: -3, source: "Brune" }]);
    expect(pendingFor(reloaded.system, "action")).toEqual([]);
    // An action dialog is untouched; a reaction dialog starts at −3 and names Brune.
    expect(modifierInput(thug)?.initial).toBe(0);
    const reaction = modifierInput(thug, true);
    expect(reaction?.initial).toBe(-3);
    expect(reaction?.hint).toContain("Brune");
    // The reaction, rolled by Thug's owner with the dialog's values, carries the −3 and spends it, once.
    const preset = { reaction: true, opposes: { messageId: message.id, key: thug.uuid } };
    const request = testRequest(asActor(thug), preset)!;
    // The double never rolls at random: the human's one die is chosen here.
    chooseDice(6);
    const rolled = (await asClient("player2", () =>
      request.roll({ values: defaultValues(request.dialog.inputs), rollMode: "publicroll" }),
    )) as unknown as DoubleChatMessage;
    expect(readData(stored(rolled)).setup.modifier).toBe(-3);
    expect(slots(thug).intimider.sur).toBe("");
    expect(modifierInput(thug, true)?.initial).toBe(0);
    expect(consumeUpdate(thug.system, "reaction")).toBeNull();
  });

  it("refuses a second encouragement before the first is played, and withdraws an intimidation resisted later", async () => {
    expect(storeUpdate(thug.system, "encourager", "initiative", "Brune", "m")).toBeNull();
    const first = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    await asClient("player1", () => requestCardAction(first.id, "trinites.influence", { use: "action" }));
    const second = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [11],
        archonte: [],
      }),
    );
    await asClient("player1", () => requestCardAction(second.id, "trinites.influence", { use: "reaction" }));
    expect(slots(thug).encourager).toMatchObject({ sur: "action", valeur: 3 });
    expect(readData(stored(second)).influence).toMatchObject({ given: [], refused: [thug.uuid] });
    expect(await render(second, "player1")).toContain("Already under a pending effect");

    // Intimidated Aelis, then she answers with Volonté and wins: the −3 is withdrawn.
    const threat = await post(
      buildTestCard(setup({ action: "intimider", targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    await asClient("player1", () => requestCardAction(threat.id, "trinites.influence", { use: "action" }));
    expect(slots(aelis).intimider).toMatchObject({ sur: "action", valeur: -3 });
    const answer = await post(
      buildTestCard(
        setup({
          rollerId: "player2",
          actorUuid: aelis.uuid,
          actorName: "Aelis",
          skill: "volonte",
          opposes: { messageId: threat.id, key: aelis.uuid },
        }),
        { deva: [12, 8], archonte: [] },
      ),
      "player2",
    );
    await asClient("player2", () =>
      requestCardAction(threat.id, "trinites.opposition", { key: aelis.uuid, source: answer.id }),
    );
    expect(readData(stored(threat)).opposition[0]?.winner).toBe("b");
    expect(slots(aelis).intimider.sur).toBe("");
  });

  it("shows what waits on the combat tab, and lets only the GM drop a lapsed one", async () => {
    const message = await post(
      buildTestCard(setup({ action: "encourager", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    await asClient("player1", () => requestCardAction(message.id, "trinites.influence", { use: "reaction" }));
    const sheet = new TrinitesActorSheet({ document: asActor(thug) } as never) as unknown as {
      render(): Promise<unknown>;
      renderedParts: Record<string, { tr: { combat: { influences: unknown[] } } }>;
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    };
    await asClient("player2", () => sheet.render());
    expect(sheet.renderedParts.combat?.tr.combat.influences).toEqual([
      {
        action: "encourager",
        canClear: false,
        key: "QUINTETTE.Trinites.Sheet.Influence.encourager.reaction",
        source: "Brune",
        value: "+3",
        tone: "boon",
      },
    ]);
    const target = { dataset: { kind: "encourager" } };
    await asClient("player2", () => sheet.runAction("influenceClear", {}, target));
    expect(slots(thug).encourager.sur).toBe("reaction");
    await asClient("gm", () => sheet.runAction("influenceClear", {}, target));
    expect(slots(thug).encourager.sur).toBe("");
  });
});
