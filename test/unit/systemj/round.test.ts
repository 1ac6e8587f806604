/**
 * Issue 25, SYSTEMJ at the table: the revealed Action / Mouvement binds the round (an attack refused to a fighter who
 * showed Mouvement, a token move to one who showed Action; the GM overrides), "Lancer les dégâts" drawn only for
 * those who may click it, and the card's own rolls shown by Dice So Nice with the message's audience.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import {
  asClient,
  messageElement,
  settle,
  targetsOf,
  type DoubleChatMessage,
  type DoubleCombat,
} from "../../double/shared-core.ts";
import { createScene, dropToken } from "../../double/scenes.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { chooseFor, revealChoices } from "../../../src/foundry/systemj/combat.ts";
import { SystemJActorSheet } from "../../../src/foundry/systemj/sheets.ts";
import { allowTokenMove } from "../../../src/foundry/systemj/binding.ts";
import { attackRequest } from "../../../src/foundry/systemj/rolling.ts";
import {
  dice,
  exchangeOf,
  facesLeft,
  fightCombat,
  postFight,
  restoreWorld,
  systemjWorld,
  type SystemJWorld,
} from "../../worlds/systemj.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let world: SystemJWorld;
let state: DoubleState;
let aude: DoubleActor;
let ours: DoubleActor;

interface SheetHandle {
  runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
}
const sheetOf = (a: DoubleActor) =>
  new SystemJActorSheet({ document: a as unknown as Actor.Implementation }) as unknown as SheetHandle;
const inItem = (itemId: string, dataset: Record<string, string> = {}) => ({
  dataset,
  closest: () => ({ dataset: { itemId } }),
});
const messages = () => state.game.messages.contents as DoubleChatMessage[];

/** Aude's player (or the GM) clicks her sword's attack on her sheet, the bear targeted; Shift: dialog defaults. */
async function swordAttack(user: string, shift = true) {
  targetsOf(user).add({ actor: ours });
  await asClient(user, () =>
    sheetOf(aude).runAction("attack", { shiftKey: shift }, inItem("epee", { mode: "meleeForce" })),
  );
}

/** A round where Aude showed `audes` and the bear `bears`, revealed by the GM. */
async function revealed(audes: "action" | "mouvement", bears: "action" | "mouvement"): Promise<DoubleCombat> {
  const c = await fightCombat(state);
  await asGM(() => c.startCombat());
  await settle();
  await asClient("player1", () => chooseFor(c as never, "ca", audes));
  await asGM(() => chooseFor(c as never, "co", bears));
  expect((await asGM(() => revealChoices(c as never, false))).status).toBe("applied");
  return c;
}

beforeEach(async () => {
  world = await systemjWorld();
  ({ state, aude, ours } = world);
});
afterEach(() => restoreWorld());

describe("the revealed Action / Mouvement binds the round (issue 25)", () => {
  it("a fighter who showed Mouvement is refused an attack, in French and English; nothing is rolled", async () => {
    await revealed("mouvement", "action");
    const before = messages().length;
    await swordAttack("player1");
    expect(messages().length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({
      type: "warn",
      message: "Aude a révélé Mouvement ce tour : pas d'attaque (le MJ peut passer outre).",
    });
    state.game.i18n.setLanguage("en");
    await swordAttack("player1");
    expect(state.notifications.at(-1)?.message).toBe(
      "Aude revealed Movement this round: no attack (the GM may override).",
    );
    expect(messages().length).toBe(before);
  });

  it("a fight card the player posts anyway is not taken by the GM's client: the bear is never hit", async () => {
    await revealed("mouvement", "action");
    const forged = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    expect((await asGM(() => requestCardAction(forged.id, "systemj.noDefence"))).status).not.toBe("applied");
    expect(exchangeOf(forged)?.phase).toBe("defence");
  });

  it("the GM may override: the attack dialog asks, and only a ticked override rolls", async () => {
    await revealed("mouvement", "action");
    const before = messages().length;
    // Shift-click (the dialog's defaults): the override is not ticked, so the GM is told and nothing rolls.
    await swordAttack("gm");
    expect(messages().length).toBe(before);
    expect(world.dialogs.opened).toEqual([]);
    world.dialogs.next = { roundOverride: true };
    dice(20);
    await swordAttack("gm", false);
    const inputs = world.dialogs.opened.at(-1)?.config.inputs.map((i) => i.name);
    expect(inputs).toContain("roundOverride");
    expect(messages().length).toBe(before + 1);
    expect(exchangeOf(messages().at(-1)!)).toMatchObject({ phase: "defence", attacker: { uuid: aude.uuid } });
    expect(facesLeft()).toBe(0);
  });

  it("a fighter who showed Action attacks; before the reveal and out of combat nothing is bound", async () => {
    dice(20);
    await swordAttack("player1");
    expect(exchangeOf(messages().at(-1)!)?.phase).toBe("defence");
    await revealed("action", "mouvement");
    const before = messages().length;
    dice(20);
    await swordAttack("player1");
    expect(messages()).toHaveLength(before + 1);
    expect(exchangeOf(messages().at(-1)!)?.phase).toBe("defence");
    expect(state.notifications.filter((n) => n.type === "warn")).toEqual([]);
  });

  it("the reverse: a fighter who showed Action is refused a token move; the GM's move goes through", async () => {
    await revealed("action", "mouvement");
    const scene = createScene();
    const token = await asGM(() => dropToken(scene, aude, { actorLink: true }));
    const refused = asClient("player1", () => allowTokenMove(token.document as never, { x: 200 }));
    expect(refused).toBe(false);
    expect(state.notifications.at(-1)).toMatchObject({
      type: "warn",
      message: "Aude a révélé Action ce tour : l'action immobilise, pas de déplacement (le MJ peut passer outre).",
    });
    expect(asClient("gm", () => allowTokenMove(token.document as never, { x: 200 }))).toBe(true);
    // Other changes than a move are not the round's business.
    expect(asClient("player1", () => allowTokenMove(token.document as never, { name: "x" }))).toBe(true);
    // The bear showed Mouvement: it may move.
    const bear = await asGM(() => dropToken(scene, ours));
    expect(asClient("player1", () => allowTokenMove(bear.document as never, { y: 10 }))).toBe(true);
  });
});

describe("one action or one movement per round (issue 33)", () => {
  it("a second attack in the round is refused to the player, in French and English; nothing is rolled", async () => {
    await revealed("action", "mouvement");
    dice(20);
    await swordAttack("player1");
    await settle();
    const before = messages().length;
    await swordAttack("player1");
    expect(messages().length).toBe(before);
    expect(state.notifications.at(-1)).toMatchObject({
      type: "warn",
      message: "Aude a déjà agi ce tour : une action par tour (le MJ peut passer outre).",
    });
    state.game.i18n.setLanguage("en");
    await swordAttack("player1");
    expect(state.notifications.at(-1)?.message).toBe(
      "Aude already took this round's action: one action per round (the GM may override).",
    );
    expect(messages().length).toBe(before);
  });

  it("a second fight card posted anyway is closed by the GM's client: never taken, this round or the next", async () => {
    const c = await revealed("action", "mouvement");
    const first = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    const second = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    await settle();
    expect((await asGM(() => requestCardAction(second.id, "systemj.noDefence"))).status).not.toBe("applied");
    expect(exchangeOf(second)?.phase).toBe("defence");
    // The first card is the round's action: it goes on.
    expect((await asGM(() => requestCardAction(first.id, "systemj.noDefence"))).status).toBe("applied");
    await asGM(() => c.nextRound());
    await settle();
    expect((await asGM(() => requestCardAction(second.id, "systemj.noDefence"))).status).not.toBe("applied");
  });

  it("the GM's second attack asks for the override, and rolls when ticked", async () => {
    await revealed("action", "mouvement");
    dice(20);
    await swordAttack("gm");
    await settle();
    const before = messages().length;
    world.dialogs.next = { roundOverride: true };
    dice(20);
    await swordAttack("gm", false);
    const override = world.dialogs.opened.at(-1)?.config.inputs.find((i) => i.name === "roundOverride");
    expect(override).toMatchObject({ hint: "QUINTETTE.SystemJ.Round.OverrideSpentHint" });
    expect(messages().length).toBe(before + 1);
    expect(facesLeft()).toBe(0);
  });

  it("a second token move in the round is refused to the player; the GM's goes through", async () => {
    await revealed("mouvement", "action");
    const scene = createScene();
    const token = await asGM(() => dropToken(scene, aude, { actorLink: true }));
    expect(asClient("player1", () => allowTokenMove(token.document as never, { x: 200 }))).toBe(true);
    await asClient("player1", () => token.document.update({ x: 200 } as never));
    await settle();
    expect(asClient("player1", () => allowTokenMove(token.document as never, { x: 300 }))).toBe(false);
    expect(state.notifications.at(-1)?.message).toBe(
      "Aude s'est déjà déplacé ce tour : un mouvement par tour (le MJ peut passer outre).",
    );
    expect(asClient("gm", () => allowTokenMove(token.document as never, { x: 300 }))).toBe(true);
  });

  it("an unlinked creature's sidebar actor is bound like its token", async () => {
    await asGM(() => ours.update({ ownership: { default: 0, player1: 3 } } as never));
    const scene = createScene();
    const token = await asGM(() => dropToken(scene, ours, { actorLink: false }));
    const c = await fightCombat(state, {
      combatants: [
        { _id: "ca", name: "Aude", actorId: "aude" },
        { _id: "co", name: "Ours", actorId: "ours", tokenId: token.document.id } as never,
      ],
    });
    await asGM(() => c.startCombat());
    await settle();
    await asClient("player1", () => chooseFor(c as never, "ca", "action"));
    await asClient("player1", () => chooseFor(c as never, "co", "mouvement"));
    expect((await asGM(() => revealChoices(c as never, false))).status).toBe("applied");
    targetsOf("player1").add({ actor: aude });
    expect(asClient("player1", () => attackRequest(ours as never, null))).toBeNull();
    expect(state.notifications.at(-1)?.message).toBe(
      "Ours a révélé Mouvement ce tour : pas d'attaque (le MJ peut passer outre).",
    );
  });
});

describe("Lancer les dégâts, and the card's dice (issue 25)", () => {
  async function render(message: DoubleChatMessage, userId: string) {
    const { html, content } = messageElement();
    await asClient(userId, () => enhanceCard(message as never, html as never));
    return content.innerHTML;
  }

  it("is drawn only for the dealer's side and the GM; the dice of every step reach Dice So Nice with the card's audience", async () => {
    useSystemTemplates("fr", ["systemj"]);
    const shown: unknown[][] = [];
    // Never resolves: the GM's queue must not wait for it.
    Object.assign(game, { dice3d: { showForRoll: (...args: unknown[]) => (shown.push(args), new Promise(() => {})) } });
    // A blind blow, whispered to the GM: its dice stay blind and whispered.
    const blind = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    await asGM(() => blind.update({ whisper: ["gm"], blind: true, speaker: { alias: "Aude" } } as never));
    dice(95); // the bear's dodge fails
    expect((await asGM(() => requestCardAction(blind.id, "systemj.defend", { kind: "dodge" }))).status).toBe("applied");
    expect(shown).toHaveLength(1);
    const [, user, sync, users, isBlind, messageId, speaker] = shown[0]!;
    expect({ user: (user as { id: string }).id, sync, users, isBlind, messageId, speaker }).toEqual({
      user: "gm",
      sync: true,
      users: ["gm"],
      isBlind: true,
      messageId: blind.id,
      speaker: { alias: "Aude" },
    });
    // A public blow: the dice are for everyone.
    const m = await postFight("player1", aude, ours, { roll: 10, score: 56 });
    dice(95);
    expect((await asGM(() => requestCardAction(m.id, "systemj.defend", { kind: "dodge" }))).status).toBe("applied");
    expect(shown[1]?.slice(3, 6)).toEqual([null, false, m.id]);
    // Aude hits: her sword's damage is for her side (the roller, her owner) and the GM, not for player2.
    expect(await render(m, "player1")).toContain("Lancer les dégâts");
    expect(await render(m, "gm")).toContain("Lancer les dégâts");
    expect(await render(m, "player2")).not.toContain("Lancer les dégâts");
    expect((await asClient("player2", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("denied");
    dice(5);
    expect((await asClient("player1", () => requestCardAction(m.id, "systemj.damage"))).status).toBe("applied");
    expect(shown).toHaveLength(3);
    expect(shown[2]?.[5]).toBe(m.id);
    expect(exchangeOf(m)?.damage).toBe(5);
  });
});
