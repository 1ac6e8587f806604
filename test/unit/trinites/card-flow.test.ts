/**
 * The Trinité roll's card on the test double: the pick relayed from a player to the GM, stored on the message and
 * the actor once, rendered the same after a reload and for every client; reactions and damage.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { type DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import {
  asClient,
  buttonsIn,
  messageElement,
  reloadMessage,
  setGMsConnected,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { postCard } from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { executeCardAction, requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { debtWrite } from "../../../src/foundry/trinites/actions.ts";
import { applyPick, buildTestCard, readData, type TestSetup } from "../../../src/foundry/trinites/card.ts";
import { damageApplier, computeDamage } from "../../../src/foundry/trinites/damage.ts";
import type { trinites as T } from "../../../src/rules/index.ts";
import { testSetup } from "./setup-fixture.ts";
import { cardOf } from "../../cards.ts";
import { trinitesWorld } from "../../worlds/trinites.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let hero: DoubleActor;
let thug: DoubleActor;

const setup = (over: Partial<TestSetup> = {}): TestSetup => testSetup(hero, "player1", over);

const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const dettes = () => (hero.system as unknown as { dettes: { deva: number; archonte: number } }).dettes;

async function post(card: CardState, userId = "player1"): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage; // the double's message
}

async function render(message: DoubleChatMessage, userId: string) {
  const { html, content } = messageElement();
  await asClient(userId, () => enhanceCard(message as never, html as never));
  return content.innerHTML;
}

beforeEach(async () => {
  // Aelis with Mêlée 3 and Bélier 2 only: her Mêlée score is 5.
  ({
    state,
    aelis: hero,
    thug,
  } = await trinitesWorld({
    realTemplates: true,
    cardActions: true,
    flowHooks: true,
    aelis: { competences: { melee: { base: 3 } }, signes: { belier: 2 } },
  }));
});

describe("Trinité roll card", () => {
  it("derives the skill score and the Adam' Karma from the rules core", () => {
    const system = hero.system as unknown as {
      derived: { skills: Record<string, { score: number }>; karma: { adamType: string; adamValue: number } };
    };
    expect(system.derived.skills.melee?.score).toBe(5);
    expect(system.derived.karma).toMatchObject({ adamType: "lumiere", adamValue: 4 });
  });

  it("shows both dice pending, then the pick: Archonte kept on a success costs a Ténèbres debt, once", async () => {
    // Deva 3 → final 8 (failure); Archonte 12, 4 → natural 16, final 21 (success).
    const message = await post(buildTestCard(setup(), { deva: [3], archonte: [12, 4] }));
    expect(stored(message).dice.map((d) => d.kept)).toEqual([null, null]);
    expect(stored(message).dice.map((d) => d.tone)).toEqual(["light", "dark"]);
    const html = await render(message, "player1");
    expect(buttonsIn(html).map((b) => b.action)).toEqual(["trinites.pick", "trinites.pick"]);
    const result = await asClient("player1", () =>
      requestCardAction(message.id, "trinites.pick", { spirit: "archonte" }),
    );
    expect(result.status).toBe("applied");
    expect(relayRequests()).toHaveLength(1);
    const card = stored(message);
    expect(readData(card)).toMatchObject({ pick: "archonte", debt: "archonte", result: { final: 21, success: true } });
    expect(card.dice.map((d) => d.kept)).toEqual([false, true]);
    expect(dettes()).toEqual({ deva: 0, archonte: 1 });
    // Either button again, from the roller or the GM: nothing more.
    const again = await asClient("gm", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    expect(again.status).toBe("already");
    expect(dettes()).toEqual({ deva: 0, archonte: 1 });
    expect(readData(stored(message)).pick).toBe("archonte");
  });

  it("offers no reaction against an ally's Encourager, but does against Intimider", async () => {
    const target = [{ uuid: thug.uuid, name: "Thug" }];
    const cheer = await post(
      buildTestCard(setup({ trinite: false, action: "encourager", targets: target }), { deva: [10], archonte: [] }),
    );
    const scare = await post(
      buildTestCard(setup({ trinite: false, action: "intimider", targets: target }), { deva: [10], archonte: [] }),
    );
    expect(readData(stored(cheer)).result).toBeTruthy();
    expect(await render(cheer, "player2")).not.toContain("data-trinites-react");
    expect(await render(scare, "player2")).toContain("data-trinites-react");
  });

  it("renders React buttons only for the viewer who answers for the target (the GM too), not hidden afterwards", async () => {
    // Foundry's Hooks.callAll does not await the async card render, so a later listener cannot hide buttons in it:
    // the HTML each client inserts must already be right for that client.
    const scare = await post(
      buildTestCard(setup({ trinite: false, action: "intimider", targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [10],
        archonte: [],
      }),
    );
    expect(await render(scare, "player1")).not.toContain("data-trinites-react");
    expect(await render(scare, "player2")).toContain(`data-trinites-react="${thug.uuid}"`);
    expect(await render(scare, "gm")).toContain(`data-trinites-react="${thug.uuid}"`);
  });

  it("renders the same after a reload and for every client", async () => {
    const message = await post(buildTestCard(setup(), { deva: [9], archonte: [2] }));
    await asClient("gm", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    const before = await render(message, "gm");
    const reloaded = reloadMessage(message);
    expect(await render(reloaded, "gm")).toBe(before);
    expect(await render(reloaded, "player2")).toBe(before);
    expect(before).toContain("Deva die kept");
    expect(before).not.toContain("QUINTETTE.");
    useSystemTemplates("fr", ["trinites"]);
    const fr = await render(reloaded, "player1");
    expect(fr).toContain("Dé du Deva gardé");
    expect(fr).not.toContain("QUINTETTE.");
  });

  it("refuses a pick from another player, and lets the roller pick alone when no GM is connected", async () => {
    const message = await post(buildTestCard(setup(), { deva: [9], archonte: [2] }));
    const other = await asClient("player2", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    expect(other.status).toBe("denied");
    setGMsConnected(false);
    const alone = await asClient("player1", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    expect(alone.status).toBe("applied");
    expect(readData(stored(message)).pick).toBe("deva");
  });

  it("never adds a debt twice for the same message, even if the card write were lost", () => {
    const write = debtWrite(
      { uuid: "Actor.x", type: "trinite", system: { dettes: { deva: 0, archonte: 2 }, dettesMessages: [] } },
      "m1",
      "archonte",
    );
    expect(write?.changes).toEqual({ "system.dettes.archonte": 3, "system.dettesMessages": ["m1"] });
    expect(
      debtWrite(
        { uuid: "Actor.x", type: "trinite", system: { dettes: { archonte: 3 }, dettesMessages: ["m1"] } },
        "m1",
        "archonte",
      ),
    ).toBeNull();
    expect(debtWrite({ uuid: "Actor.x", type: "humain", system: {} }, "m1", "deva")).toBeNull();
  });

  it("applies the natural-1 rule to the kept die and charges no debt on a failure", () => {
    const card = buildTestCard(setup({ score: 20 }), { deva: [5], archonte: [1] });
    const picked = applyPick(card, "archonte");
    expect(picked.debt).toBeNull();
    expect(readData(picked.card).result).toMatchObject({ fumble: true, success: false });
    expect(picked.card.outcome?.tone).toBe("fumble");
  });

  it("resolves a human's single die at once, with no pick buttons", () => {
    const card = buildTestCard(setup({ trinite: false, adamKarma: "aucun" }), { deva: [12, 12, 3], archonte: [] });
    expect(card.dice).toHaveLength(1);
    expect(readData(card).result).toMatchObject({ natural: 27, final: 32, success: true });
    expect(card.buttons).toEqual([]);
  });
});

describe("confrontation and damage", () => {
  it("records a reaction, decides the confrontation and lets damage reach only a beaten target", async () => {
    const [katana] = await asClient("player1", () =>
      hero.createEmbeddedDocuments("Item", [
        { name: "Katana", type: "tr-arme", system: { degats: 4, lame: "katana" } },
      ]),
    );
    const weapon = {
      itemId: (katana as { id: string }).id,
      name: "Katana",
      damage: 4,
      swordKind: true,
      area: false,
      steps: [] as T.DamageStep[],
      precise: false,
      nonLethal: false,
    };
    const attack = await post(
      buildTestCard(
        setup({ trinite: false, adamKarma: "aucun", weapon, targets: [{ uuid: thug.uuid, name: "Thug" }] }),
        { deva: [10], archonte: [] },
      ),
    );
    expect(stored(attack).damage).toMatchObject({ amount: 4, swordKind: true });
    const reaction = await post(
      buildTestCard(
        setup({
          rollerId: "player2",
          actorUuid: thug.uuid,
          actorName: "Thug",
          trinite: false,
          adamKarma: "aucun",
          score: 2,
          opposes: { messageId: attack.id, key: thug.uuid },
        }),
        { deva: [4], archonte: [] },
      ),
      "player2",
    );
    const r = await asClient("gm", () =>
      executeCardAction(
        { messageId: attack.id, action: "trinites.opposition", args: { key: thug.uuid, source: reaction.id } },
        state.game.users.get("player2") as never,
      ),
    );
    expect(r.status).toBe("applied");
    expect(readData(stored(attack)).opposition).toMatchObject([
      { key: thug.uuid, final: 6, success: false, winner: "a" },
    ]);
    const applied = damageApplier.apply(thug as never, stored(attack).damage!, stored(attack), attack.id);
    // A human takes the katana's standard 4 (the sword rule only doubles against a Trinité): line 2 reached.
    expect(applied?.update).toMatchObject({ "system.vie.value": 8 });
  });

  it("doubles a sword's damage against a Trinité, halves protection on Blessure précise, honours non-lethal", () => {
    const base = { amount: 4, weaponDamage: 4, swordKind: true, steps: [], precise: false, nonLethal: false };
    expect(computeDamage({ kind: "trinite", value: 24, protection: 2 }, base)).toMatchObject({
      raw: 8,
      lost: 6,
      value: 18,
    });
    expect(computeDamage({ kind: "trinite", value: 24, protection: 3 }, { ...base, precise: true })).toMatchObject({
      protection: 2,
      lost: 6,
    });
    const nonLethal = computeDamage(
      { kind: "humain", value: 1, protection: 0 },
      { ...base, swordKind: false, nonLethal: true },
    );
    expect(nonLethal.life.state).toBe("inconscient");
    expect(nonLethal.value).toBe(1);
  });
});
