/**
 * Trinités end to end on the test double, one flow per block: the sheet on the shared base sheet, picks and debts,
 * confrontation and follow-ups relayed from a player, damage, Karma in combat, regeneration, dawn and dusk, the
 * three-place machine (initiative with surprise, waiting, pain, end-of-turn changes from primes, Encourager and
 * Intimider), always as the user who would click, with the GM's rights enforced like Foundry's server.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { settle, DoubleActor, DoubleItem, asGM, type DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import { DialogV2 } from "../../double/applications.ts";
import type { DoubleCombat } from "../../double/shared-core.ts";
import { asClient, reloadMessage, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { postCard, registerDamage } from "../../../src/foundry/chat/index.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import { rollRequest } from "../../../src/foundry/api/rolls.ts";
import { TrinitesActorSheet, TrinitesItemSheet } from "../../../src/foundry/trinites/sheets.ts";
import { buildTestCard, readData } from "../../../src/foundry/trinites/card.ts";
import { testSetup } from "./setup-fixture.ts";
import { canReactFor, pendingFollowUps } from "../../../src/foundry/trinites/flow.ts";
import { combatBehaviour, requestSeat, woundActorCombatants } from "../../../src/foundry/trinites/combat.ts";
import {
  comaNonLethal,
  computeDamage,
  damageApplier,
  woundEffects,
  wornProtection,
} from "../../../src/foundry/trinites/damage.ts";
import { refillWorld } from "../../../src/foundry/trinites/daylight.ts";
import { resolveValues, setupFrom, testDialogConfig } from "../../../src/foundry/trinites/dialog.ts";
import { nextReactionUpdate, rollerOf } from "../../../src/foundry/trinites/flow.ts";
import { defaultValues } from "../../../src/foundry/dialog/inputs.ts";
import { cardOf } from "../../cards.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../../worlds/trinites.ts";

let state: DoubleState;
let aelis: DoubleActor;
let brune: DoubleActor;
let thug: DoubleActor;

type Sys = Record<string, unknown> & {
  vie: { value: number };
  deva: { value: number; max: number };
  archonte: { value: number; max: number };
  adam: { value: number; max: number };
  dettes: { deva: number; archonte: number };
};
const sys = (a: DoubleActor) => a.system as unknown as Sys;
const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

const setup = testSetup;

async function post(card: CardState, userId: string): Promise<DoubleChatMessage> {
  return (await asClient(userId, () => postCard(card))) as unknown as DoubleChatMessage;
}

let world: TrinitesWorld;

beforeEach(async () => {
  // Aelis as these tests have always had her: without Esquive.
  world = await trinitesWorld({ aelis: { competences: { melee: { base: 3 }, rapidite: { base: 4 } } } });
  ({ state, aelis, brune, thug } = world);
});

describe("Trinité data model", () => {
  it("caps the Deva and Archonte reserves at their permanent scores when the GM lowers them", async () => {
    await aelis.update({ "system.deva.max": 3, "system.archonte.max": 1 });
    expect(sys(aelis).deva).toMatchObject({ value: 3, max: 3 });
    expect(sys(aelis).archonte).toMatchObject({ value: 1, max: 1 });
  });
});

describe("the actor sheet on the shared base sheet", () => {
  it("renders the base parts around the Trinités tabs, from the rules core, in play and edit mode", async () => {
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never) as unknown as {
      render(): Promise<unknown>;
      renderedParts: Record<string, Record<string, unknown>>;
      runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
    };
    await asClient("player1", () => sheet.render());
    expect(Object.keys(sheet.renderedParts)).toEqual([
      "header",
      "tabs",
      "main",
      "skills",
      "combat",
      "items",
      "effects",
      "biography",
    ]);
    const ctx = sheet.renderedParts.main as {
      tabList: { id: string }[];
      editMode: boolean;
      itemGroups: { type: string }[];
      tr: { life: { state: string }; karma: { adam: { adamType: string; max: number } }; signs: unknown[] };
    };
    expect(ctx.tabList.map((t) => t.id)).toEqual(["main", "skills", "combat", "items", "effects", "biography"]);
    expect(ctx.itemGroups.map((g) => g.type)).toEqual([
      "tr-arme",
      "tr-armure",
      "tr-aura",
      "tr-verset",
      "tr-atout",
      "tr-objet",
    ]);
    expect(ctx.tr.life.state).toBe("indemne");
    expect(ctx.tr.karma.adam).toMatchObject({ adamType: "lumiere", max: 4 });
    expect(ctx.tr.signs).toHaveLength(12);
    expect(ctx.editMode).toBe(false);
    await asClient("player1", () => sheet.runAction("toggleMode", {}, {}));
    expect(sheet.renderedParts.skills).toMatchObject({ editMode: true });
    // Another player sees the sheet without edit rights: no spending, no regeneration.
    await asClient("player2", () => sheet.render());
    expect(sheet.renderedParts.main).toMatchObject({ editable: false, tr: { karma: { canSpend: { deva: false } } } });
  });

  it("answers roll buttons with the Trinités dialog (skill, weapon, Encourager) and refuses unknown keys", async () => {
    await aelis.createEmbeddedDocuments(
      "Item",
      [{ _id: "w1", name: "Katana", type: "tr-arme", system: { degats: 4, lame: "katana", competence: "melee" } }],
      { keepId: true },
    );
    const actor = asActor(aelis);
    const skill = await rollRequest(actor, "skill:rapidite");
    expect(skill?.dialog.inputs.find((i) => i.name === "skill")?.initial).toBe("rapidite");
    const weapon = await rollRequest(actor, "weapon:w1");
    expect(weapon?.dialog.subtitle).toBe("Aelis — Katana");
    const encourage = await rollRequest(actor, "action:encourager");
    expect(encourage?.dialog.inputs.find((i) => i.name === "skill")?.initial).toBe("commandement");
    expect(await rollRequest(actor, "skill:nope")).toBeNull();
    expect(await rollRequest(actor, "weapon:none")).toBeNull();
  });

  it("embeds a dropped Trinités item and refuses an out-of-range edit, saving the rest", async () => {
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    const sword = new DoubleItem({ name: "Sabre", type: "tr-arme", system: { degats: 4, lame: "sabre" } });
    expect(await asClient("player1", () => sheet.embedItem(sword as never))).toBe(true);
    expect(aelis.items.getName("Sabre")?.type).toBe("tr-arme");
    const submit = (sheet as unknown as { submit(o: object): Promise<void> }).submit.bind(sheet);
    await asClient("player1", () => submit({ "system.competences.melee.base": "25", "system.concept": "Archiviste" }));
    expect(sys(aelis).competences).toMatchObject({ melee: { base: 3 } });
    expect(sys(aelis).concept).toBe("Archiviste");
    expect(state.notifications.at(-1)?.type).toBe("warn");
  });

  it("renders the item sheet with its details tab, values in play mode", async () => {
    const item = new DoubleItem({ name: "Katana", type: "tr-arme", system: { degats: 4, lame: "katana" } });
    const sheet = new TrinitesItemSheet({ document: item as never } as never) as unknown as {
      render(): Promise<unknown>;
      renderedParts: Record<string, Record<string, unknown>>;
    };
    await sheet.render();
    expect(Object.keys(sheet.renderedParts)).toEqual(["header", "tabs", "details", "description", "effects"]);
    const tr = sheet.renderedParts.details!.tr as { swordRule: boolean; values: { label: string; value: unknown }[] };
    expect(tr.swordRule).toBe(true);
    // An item made at the table is not marked as our suggestion (only the compendium's are).
    expect(tr.values[0]).toEqual({
      label: "QUINTETTE.Trinites.Field.Damage",
      value: 4,
      localized: false,
      suggested: false,
    });
  });
});

describe("the pick and its debt", () => {
  it("keeps the pick and adds the debt once when the roller and the GM click together", async () => {
    const message = await post(buildTestCard(setup(aelis, "player1"), { deva: [3], archonte: [12, 4] }), "player1");
    // The GM's click is served on the GM's own client first; the player's travels through the relay's round trip
    // and finds the pick made.
    const results = await Promise.all([
      asClient("player1", () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" })),
      asClient("gm", () => requestCardAction(message.id, "trinites.pick", { spirit: "archonte" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["already", "applied"]);
    await settle();
    expect(sys(aelis).dettes).toEqual({ deva: 0, archonte: 1 });
    const reloaded = reloadMessage(message);
    expect(readData(stored(reloaded)).pick).toBe("archonte");
    expect(readData(stored(reloaded)).debt).toBe("archonte");
  });
});

describe("confrontation and follow-ups relayed from a player", () => {
  it("records a player's reaction on the attacker's card through the GM, decides it, and keeps damage off", async () => {
    const weapon = {
      name: "Sabre",
      damage: 4,
      swordKind: true,
      area: false,
      steps: [],
      precise: false,
      nonLethal: false,
    };
    const attack = await post(
      buildTestCard(setup(brune, "player1", { weapon, targets: [{ uuid: thug.uuid, name: "Thug" }] }), {
        deva: [8],
        archonte: [],
      }),
      "player1",
    );
    // Thug's owner answers with Esquive: final 4 + 9 = 13 beats Brune's 5 + 8 = 13? Equal: the defender prevents.
    const reaction = await post(
      buildTestCard(setup(thug, "player2", { score: 4, opposes: { messageId: attack.id, key: thug.uuid } }), {
        deva: [9],
        archonte: [],
      }),
      "player2",
    );
    // Only the target's owner (or a GM) is offered the "react" button.
    expect(await asClient("player2", async () => canReactFor(thug.uuid))).toBe(true);
    expect(await asClient("player1", async () => canReactFor(thug.uuid))).toBe(false);
    expect(await asClient("gm", async () => canReactFor(thug.uuid))).toBe(true);
    // player2 may not write player1's message: the follow-up goes through the GM.
    const before = relayRequests().length;
    await settle(); // the double fires createChatMessage on every client, the GM's included
    expect(relayRequests().length).toBe(before + 1);
    expect(readData(stored(attack)).opposition).toMatchObject([{ key: thug.uuid, final: 13, winner: "b" }]);
    expect(damageApplier.apply(thug as never, stored(attack).damage!, stored(attack), attack.id)).toBeNull();
    // Nothing left to request, from any client.
    const lookup = (id: string) => (id === attack.id ? stored(attack) : null);
    expect(pendingFollowUps(reaction.id, stored(reaction), lookup)).toEqual([]);
    await settle(); // the double fires createChatMessage on every client, the GM's included
    expect(relayRequests().length).toBe(before + 1);
  });

  it("ranks a multiple confrontation with every answer", async () => {
    const luca = await asGM(() =>
      DoubleActor.create({ name: "Luca", type: "humain", ownership: { default: 0, player2: 3 } }, { keepId: true }),
    );
    const targets = [
      { uuid: thug.uuid, name: "Thug" },
      { uuid: luca.uuid, name: "Luca" },
    ];
    const attack = await post(
      buildTestCard(setup(brune, "player1", { targets }), { deva: [10], archonte: [] }),
      "player1",
    );
    for (const [actor, face] of [
      [thug, 4],
      [luca, 11],
    ] as const) {
      await post(
        buildTestCard(setup(actor, "player2", { score: 5, opposes: { messageId: attack.id, key: actor.uuid } }), {
          deva: [face],
          archonte: [],
        }),
        "player2",
      );
      await settle();
    }
    expect(readData(stored(attack)).ranking).toEqual([
      { rank: 1, names: ["Luca"], final: 16 },
      { rank: 2, names: ["Brune"], final: 15 },
    ]);
  });

  it("asks the reaction's skill from the attack: Volonté against Intimider, with Débordement's −3", () => {
    const roller = rollerOf(asActor(thug))!;
    const config = testDialogConfig(roller, { skill: "volonte", reaction: true, modifier: -3 });
    const values = defaultValues(config.inputs);
    expect(values).toMatchObject({ skill: "volonte", modifier: -3, engaged: 1 });
    expect(config.inputs.some((i) => i.name === "previousFailures")).toBe(false);
    // Engaged with three opponents: −3 more, and the odds follow (Volonté 0, final needs a natural 12+ … 18).
    const one = config.odds(values)[0]!.probability;
    const three = config.odds({ ...values, engaged: 3 })[0]!.probability;
    expect(three).toBeLessThan(one);
    expect(resolveValues(roller, { ...values, engaged: 3 }, { reaction: true }).modifier).toBe(-6);
    expect(resolveValues(roller, { ...values, engaged: 1 }, { reaction: true }).modifier).toBe(-3);
  });

  it("turns the dialog's primes and penalties into the card's end-of-turn and reaction effects", () => {
    const roller = rollerOf(asActor(aelis))!;
    const context = { rollerId: "player1", targets: [], opposes: null, initiative: null, turn: null };
    const base = defaultValues(testDialogConfig(roller, {}).inputs);
    const fast = setupFrom(roller, { ...base, prime: "acceleration", penalty: "ralentissement" }, {}, context);
    expect(fast.selfShift).toEqual({ always: -3, onSuccess: 3 });
    const over = setupFrom(roller, { ...base, prime: "debordement", penalty: "danger" }, {}, context);
    expect(over).toMatchObject({ targetReaction: -3, nextReaction: -3 });
    const cheer = setupFrom(
      roller,
      defaultValues(testDialogConfig(roller, { action: "encourager" }).inputs),
      { action: "encourager" },
      context,
    );
    expect(cheer).toMatchObject({ action: "encourager", skill: "commandement" });
    expect(() => setupFrom(roller, { ...base, prime: "efficacite" }, {}, context)).toThrow(RangeError);
  });

  it("keeps Prudence and Danger for the roller's next reactions, one of each spent per reaction", () => {
    const none = { prudence: 0, danger: 0 };
    const prudent = setup(brune, "player1", { prime: "prudence", penalties: ["danger"] });
    expect(nextReactionUpdate(none, prudent)).toEqual({ "system.reactions": { prudence: 1, danger: 1 } });
    expect(nextReactionUpdate(none, setup(brune, "player1"))).toBeNull();
    const reaction = setup(brune, "player1", { opposes: { messageId: "m", key: "k" } });
    expect(nextReactionUpdate({ prudence: 2, danger: 0 }, reaction)).toEqual({
      "system.reactions": { prudence: 1, danger: 0 },
    });
    expect(nextReactionUpdate(none, reaction)).toBeNull();
  });
});

describe("damage", () => {
  it("applies a card's hit to the clicking player's target through the GM, sword doubled on a Trinité", async () => {
    registerDamage();
    await aelis.createEmbeddedDocuments("Item", [
      { name: "Cuir", type: "tr-armure", system: { protection: 1, equipee: true } },
    ]);
    // The GM reads the weapon on the thug's own item (issue 22), never the card's numbers.
    const [katana] = await asGM(() =>
      thug.createEmbeddedDocuments("Item", [
        { name: "Katana", type: "tr-arme", system: { degats: 4, lame: "katana" } },
      ]),
    );
    const weapon = {
      itemId: (katana as { id: string }).id,
      name: "Katana",
      damage: 4,
      swordKind: true,
      area: false,
      steps: [],
      precise: false,
      nonLethal: false,
    };
    const attack = await post(
      buildTestCard(setup(thug, "player2", { weapon, targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
      "player2",
    );
    // Aelis's player applies it to her own token (she owns the actor; the GM writes the card).
    targetsOf("player1").add({ actor: aelis });
    const r = await asClient("player1", () => requestCardAction(attack.id, "quintette.applyDamage"));
    expect(r.status).toBe("applied");
    // 4 × 2 (sword against a Trinité) − 1 = 7 boxes.
    expect(sys(aelis).vie.value).toBe(17);
    expect(stored(attack).applied[0]?.summary).toMatchObject({ value: 7, target: 8, detail: 1 });
    // On a second hit, the attacker may not write Aelis himself: refused, nothing changes.
    const second = await post(
      buildTestCard(setup(thug, "player2", { weapon, targets: [{ uuid: aelis.uuid, name: "Aelis" }] }), {
        deva: [10],
        archonte: [],
      }),
      "player2",
    );
    targetsOf("player2").add({ actor: aelis });
    expect((await asClient("player2", () => requestCardAction(second.id, "quintette.applyDamage"))).status).toBe(
      "denied",
    );
    expect(sys(aelis).vie.value).toBe(17);
  });

  it("doubles a sword against a Trinité through worn armour, reports pain, and leaves humans at standard", async () => {
    await aelis.createEmbeddedDocuments("Item", [
      { name: "Cuir", type: "tr-armure", system: { protection: 2, equipee: true } },
      { name: "Gilet", type: "tr-armure", system: { protection: 5, equipee: false } },
    ]);
    const card = buildTestCard(
      setup(brune, "player1", {
        weapon: {
          name: "Katana",
          damage: 5,
          swordKind: true,
          area: false,
          steps: [],
          precise: false,
          nonLethal: false,
        },
      }),
      { deva: [10], archonte: [] },
    );
    // What the applier computes (the card's own damage is read by the GM from the weapon item, issue 22).
    const hit = (actor: DoubleActor, kind: "trinite" | "humain", damage = card.damage!) => {
      const vie = (actor.system as unknown as { vie: { value: number; nonLetal: boolean } }).vie;
      const r = computeDamage({ kind, value: vie.value, protection: wornProtection(actor as never) }, damage);
      return { value: r.value, nonLetal: comaNonLethal(vie.nonLetal, r.life, damage.nonLethal === true) };
    };
    // 5 × 2 = 10, minus the worn 2: 8 boxes, the whole first line (8 boxes).
    expect(hit(aelis, "trinite").value).toBe(16);
    expect(woundEffects("trinite", 16, 13)).toEqual({ pain: true, knockedOut: false, woke: false });
    expect(woundEffects("trinite", 4, 10)).toEqual({ pain: false, knockedOut: false, woke: true, healedTo: 14 });
    expect(hit(brune, "humain").value).toBe(7);
    // Brune already out cold from a lethal wound: a non-lethal blow keeps her coma lethal…
    await brune.update({ "system.vie.value": 3, "system.vie.nonLetal": false });
    const soft = { ...card.damage!, amount: 1, weaponDamage: 1, swordKind: false, nonLethal: true };
    expect(hit(brune, "humain", soft)).toEqual({ value: 2, nonLetal: false });
    // …while the blow that knocks someone out sets it.
    await brune.update({ "system.vie.value": 4, "system.vie.nonLetal": false });
    expect(hit(brune, "humain", soft)).toEqual({ value: 3, nonLetal: true });
  });
});

/** The GM's plain combat of the three (Foundry's class: the Trinités machine does not run), in round 1 if `started`. */
const fight = (started = true) =>
  trinitesFight(world, {
    fighters: { cA: aelis, cB: brune, cT: thug },
    machine: false,
    ...(started ? { round: 1 } : {}),
  });
const seat = (combat: DoubleCombat, id: string) => {
  const c = combat.combatants.get(id)!;
  return { initiative: c.initiative, ...(c.system as unknown as { phase: string; marker: boolean; acted: boolean }) };
};

describe("Karma in combat, regeneration, dawn and dusk", () => {
  const click = (sheet: TrinitesActorSheet, action: string, dataset: Record<string, string>) =>
    (sheet as unknown as { runAction(a: string, e: unknown, t: unknown): Promise<unknown> }).runAction(
      action,
      {},
      {
        dataset,
      },
    );

  it("spends at most one Lumière and one Ténèbres point per round, whatever the pool", async () => {
    const combat = await fight();
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    await asClient("player1", () => click(sheet, "spendKarma", { pool: "deva" }));
    expect(sys(aelis).deva.value).toBe(4);
    // The Adam' Karma is Lumière too: refused this round.
    await asClient("player1", () => click(sheet, "spendKarma", { pool: "adam" }));
    expect(sys(aelis).adam.value).toBe(4);
    expect(state.notifications.at(-1)?.type).toBe("warn");
    await asClient("player1", () => click(sheet, "spendKarma", { pool: "archonte" }));
    expect(sys(aelis).archonte.value).toBe(1);
    Object.assign(combat, { round: 2 });
    await asClient("player1", () => click(sheet, "spendKarma", { pool: "adam" }));
    expect(sys(aelis).adam.value).toBe(3);
  });

  it("lets the player pick which of two equal debts the XP pays first", async () => {
    await aelis.update({ "system.dettes": { deva: 2, archonte: 2 }, "system.xp": { total: 2, depense: 0 } });
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    await asClient("player1", () => click(sheet, "payDebts", { first: "archonte" }));
    const s = sys(aelis) as unknown as { dettes: unknown; credits: unknown; xp: { depense: number } };
    expect(s.dettes).toEqual({ deva: 2, archonte: 0 });
    expect(s.credits).toMatchObject({ archonte: 2, deva: 0 });
    expect(s.xp.depense).toBe(2);
  });

  it("regenerates 4 HP for a Karma point of the kind the state allows, from the reserve the player picks", async () => {
    await aelis.update({ "system.vie.value": 12 }); // 12 boxes checked: Blessé, Lumière only
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    DialogV2.calls.length = 0;
    await asClient("player1", () => click(sheet, "regenerate", { karma: "tenebres" }));
    expect(sys(aelis).vie.value).toBe(12);
    // The Deva and the Adam' (Lumière) both hold a point: the player is asked, and picks the Adam' (issue 33).
    DialogV2.nextAnswer = "adam";
    await asClient("player1", () => click(sheet, "regenerate", { karma: "lumiere" }));
    expect(DialogV2.calls.map((c) => (c.config.buttons as { action: string }[]).map((b) => b.action))).toEqual([
      ["deva", "adam"],
    ]);
    expect([sys(aelis).vie.value, sys(aelis).deva.value, sys(aelis).adam.value]).toEqual([16, 5, 3]);
    // The dialog closed: nothing spent.
    DialogV2.nextAnswer = null;
    await asClient("player1", () => click(sheet, "regenerate", { karma: "lumiere" }));
    expect([sys(aelis).vie.value, sys(aelis).deva.value, sys(aelis).adam.value]).toEqual([16, 5, 3]);
    DialogV2.nextAnswer = "deva";
    await asClient("player1", () => click(sheet, "regenerate", { karma: "lumiere" }));
    expect([sys(aelis).vie.value, sys(aelis).deva.value, sys(aelis).adam.value]).toEqual([20, 4, 3]);
  });

  it("offers the Archonte's regeneration from either Ténèbres reserve when the Adam' is Ténèbres; the GM's pick pays", async () => {
    const combat = await fight();
    // Archonte 6, Deva 2: a Ténèbres Adam' of 4. Unconscious.
    await aelis.update({
      "system.deva": { value: 2, max: 2 },
      "system.archonte": { value: 3, max: 6 },
      "system.adam": { value: 4, max: 4 },
      "system.vie.value": 4,
    });
    await asClient("gm", () => combatBehaviour.onEndRound!(combat as never, {} as never));
    const offer = (state.game.messages.contents as DoubleChatMessage[]).find(
      (m) => stored(m)?.kind === "regeneration",
    )!;
    expect(stored(offer).buttons.map((b) => b.args)).toEqual([{ pool: "archonte" }, { pool: "adam" }]);
    expect(
      (await asClient("gm", () => requestCardAction(offer.id, "trinites.regenerate", { pool: "adam" }))).status,
    ).toBe("applied");
    expect([sys(aelis).vie.value, sys(aelis).archonte.value, sys(aelis).adam.value]).toEqual([8, 3, 3]);
    expect(
      (await asClient("gm", () => requestCardAction(offer.id, "trinites.regenerate", { pool: "archonte" }))).status,
    ).toBe("already");
  });

  it("offers the GM the Archonte's regeneration of an unconscious Trinité at the end of the round, once", async () => {
    const combat = await fight();
    await aelis.update({ "system.vie.value": 4 }); // 20 boxes: Inconscient
    await asClient("gm", () => combatBehaviour.onEndRound!(combat as never, {} as never));
    const messages = (state.game.messages.contents as DoubleChatMessage[]).filter(
      (m) => stored(m)?.kind === "regeneration",
    );
    expect(messages).toHaveLength(1);
    const offer = messages[0]!;
    expect(stored(offer).buttons.map((b) => b.action)).toEqual(["trinites.regenerate"]);
    expect((await asClient("player1", () => requestCardAction(offer.id, "trinites.regenerate"))).status).toBe("denied");
    expect((await asClient("gm", () => requestCardAction(offer.id, "trinites.regenerate"))).status).toBe("applied");
    // One Ténèbres point from the Archonte: +4 HP, out of unconsciousness; counted for this round.
    expect(sys(aelis).vie.value).toBe(8);
    expect(sys(aelis).archonte.value).toBe(1);
    expect(sys(aelis).depenseRound).toMatchObject({ combat: "fight", round: 1, tenebres: 1 });
    expect(stored(offer).buttons).toEqual([]);
    expect((await asClient("gm", () => requestCardAction(offer.id, "trinites.regenerate"))).status).toBe("already");
    // Not unconscious any more: no offer at the next round's end.
    await asClient("gm", () => combatBehaviour.onEndRound!(combat as never, {} as never));
    expect(
      (state.game.messages.contents as DoubleChatMessage[]).filter((m) => stored(m)?.kind === "regeneration"),
    ).toHaveLength(1);
  });

  it("refills every Trinité of the world at dawn or dusk from the GM's directory buttons", async () => {
    const other = await asGM(() =>
      DoubleActor.create(
        {
          name: "Nox",
          type: "trinite",
          system: { deva: { value: 0, max: 1 }, archonte: { value: 0, max: 5 }, adam: { value: 0, max: 4 } },
        },
        { keepId: true },
      ),
    );
    await aelis.update({ "system.deva.value": 1, "system.adam.value": 0 });
    const actors = [aelis, brune, other].map(asActor);
    expect(await asClient("player1", () => refillWorld(actors, "aube"))).toBe(0);
    expect(sys(aelis).deva.value).toBe(1);
    expect(await asClient("gm", () => refillWorld(actors, "aube"))).toBe(2);
    expect([sys(aelis).deva.value, sys(aelis).adam.value, sys(other).deva.value, sys(other).adam.value]).toEqual([
      6, 4, 1, 0,
    ]);
    expect(await asClient("gm", () => refillWorld(actors, "crepuscule"))).toBe(1);
    expect([sys(other).archonte.value, sys(other).adam.value]).toEqual([5, 4]);
  });

  it("refills at dawn and dusk for the GM only", async () => {
    await aelis.update({ "system.deva.value": 0, "system.archonte.value": 0, "system.adam.value": 0 });
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    await asClient("player1", () => click(sheet, "refill", { moment: "aube" }));
    expect(sys(aelis).deva.value).toBe(0);
    await asClient("gm", () => click(sheet, "refill", { moment: "aube" }));
    expect([sys(aelis).deva.value, sys(aelis).archonte.value, sys(aelis).adam.value]).toEqual([6, 0, 4]);
    await asClient("gm", () => click(sheet, "refill", { moment: "crepuscule" }));
    expect(sys(aelis).archonte.value).toBe(2);
  });
});

describe("the three-place machine", () => {
  async function initiative(actor: DoubleActor, userId: string, id: string, face: number, surprised = false) {
    const card = buildTestCard(
      setup(actor, userId, {
        skill: "rapidite",
        score: 5,
        initiative: { combatId: "fight", combatantId: id, surprised },
      }),
      { deva: [face], archonte: actor.type === "trinite" ? [face] : [] },
    );
    const message = await post(card, userId);
    if (actor.type === "trinite") {
      await asClient(userId, () => requestCardAction(message.id, "trinites.pick", { spirit: "deva" }));
    }
    await settle(); // the message hooks run on every client after the round trip
    return message;
  }

  it("sets score and place from a player's initiative test through the GM; surprise starts en retrait", async () => {
    const combat = await fight(false);
    // A player may not move a die themselves (Foundry refuses phase changes to non-GMs).
    await expect(
      asClient("player1", () => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cB", "system.phase": "feu" }])),
    ).rejects.toThrow(/lacks permission/);
    // Rapidité 5 each, as the GM reads it on their actors (issue 25: never the card's own number).
    await asClient("player1", () => brune.update({ "system.competences.rapidite.base": 5 }));
    await initiative(aelis, "player1", "cA", 11); // 11 + 5 → 16, score 8
    await initiative(brune, "player1", "cB", 10, true); // 10 + 5 → 15, score 8, surprised
    expect(seat(combat, "cA")).toMatchObject({ initiative: 8, phase: "garde" });
    expect(seat(combat, "cB")).toMatchObject({ initiative: 8, phase: "retrait" });
    // Another player may not roll for someone else's combatant.
    const stolen = await post(
      buildTestCard(
        setup(thug, "player1", { initiative: { combatId: "fight", combatantId: "cT", surprised: false } }),
        {
          deva: [6],
          archonte: [],
        },
      ),
      "player1",
    );
    expect((await asClient("player1", () => requestCardAction(stolen.id, "trinites.initiative"))).status).toBe(
      "denied",
    );
  });

  it("runs rounds: garde into the fire, the highest acts; the owner waits; pain costs 3 through the GM", async () => {
    const combat = await fight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 9, "system.phase": "garde" },
        { _id: "cB", initiative: 8, "system.phase": "retrait" },
        { _id: "cT", initiative: 11, "system.phase": "garde" },
      ]),
    );
    await asGM(() => combatBehaviour.onStartRound!(combat as never, {} as never)); // the designated GM runs it
    expect([seat(combat, "cA").phase, seat(combat, "cB").phase, seat(combat, "cT").phase]).toEqual([
      "feu",
      "garde",
      "feu",
    ]);
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cT") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cT")).toMatchObject({ phase: "garde", marker: true });
    // Waiting: only the acting combatant's owner, only down.
    expect(
      (await asClient("player1", () => requestSeat({ op: "wait", combatId: "fight", combatantId: "cA", delta: -2 })))
        .status,
    ).toBe("denied");
    // The Thug waits 3: his die stays in the fire at 8, no longer acting; the turn passes to Aelis (9)…
    expect(
      (await asClient("player2", () => requestSeat({ op: "wait", combatId: "fight", combatantId: "cT", delta: -3 })))
        .status,
    ).toBe("applied");
    expect(seat(combat, "cT")).toMatchObject({ initiative: 8, phase: "feu", marker: false, acted: false });
    // (Foundry starts the turn the pointer was moved to.)
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cA") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cA")).toMatchObject({ initiative: 9, phase: "garde", marker: true });
    await asGM(() => combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cA") as never, {} as never)); // the designated GM runs it
    // …and the Thug acts later in the same round, at 8.
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cB") as never, {} as never)); // the designated GM runs it
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cT") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cT")).toMatchObject({ initiative: 8, phase: "garde", marker: true, acted: true });
    expect(combat.round).toBe(1);
    expect(
      (await asClient("player2", () => requestSeat({ op: "shift", combatId: "fight", combatantId: "cT", delta: 3 })))
        .status,
    ).toBe("denied");
    // Aelis is wounded into line 2 on her player's client: her die loses 3 in the fire; then knocked out, then awake
    // (her client's wound hooks report each to the GM, whose client reads it from her hit points). The first wound
    // checks the whole of line 2, so the knock-out checks none of it and costs no pain (RULES.md "Pain").
    await asClient("player1", () => aelis.update({ "system.vie.value": 8 }));
    await settle();
    expect(seat(combat, "cA")).toMatchObject({ initiative: 6, phase: "garde" });
    await asClient("player1", () => aelis.update({ "system.vie.value": 4 }));
    await settle();
    expect(seat(combat, "cA")).toMatchObject({ initiative: 6, phase: "retrait" });
    await asClient("player1", () => aelis.update({ "system.vie.value": 16 }));
    await settle();
    expect(seat(combat, "cA")).toMatchObject({ initiative: 6, phase: "garde" });
  });

  it("keeps an unconscious fighter's die en retrait round after round, and en garde once awake", async () => {
    const combat = await fight();
    await aelis.update({ "system.vie.value": 4 }); // 20 boxes: Inconscient
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 9, "system.phase": "retrait" },
        { _id: "cT", initiative: 5, "system.phase": "garde" },
      ]),
    );
    await asGM(() => combatBehaviour.onStartRound!(combat as never, {} as never)); // the designated GM runs it
    expect([seat(combat, "cA").phase, seat(combat, "cT").phase]).toEqual(["retrait", "feu"]);
    await asGM(() => combatBehaviour.onStartRound!(combat as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cA")).toMatchObject({ initiative: 9, phase: "retrait" });
    // She wakes: her die goes en garde, and into the fire at the next round.
    await aelis.update({ "system.vie.value": 16 });
    await woundActorCombatants(asActor(aelis), { pain: false, knockedOut: false, woke: true });
    expect(seat(combat, "cA")).toMatchObject({ initiative: 9, phase: "garde" });
    await asGM(() => combatBehaviour.onStartRound!(combat as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cA")).toMatchObject({ initiative: 9, phase: "feu" });
  });

  it("moves the die when a player ticks a box of line 2 on the sheet (the wound hooks, through the GM)", async () => {
    const combat = await fight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [{ _id: "cA", initiative: 9, "system.phase": "feu" }]),
    );
    await aelis.update({ "system.vie.value": 16 }); // the whole first line
    const sheet = new TrinitesActorSheet({ document: asActor(aelis) } as never);
    // The double runs preUpdateActor on the writer's client and updateActor on every client, as Foundry does.
    await asClient("player1", () =>
      (sheet as unknown as { runAction(a: string, e: unknown, t: unknown): Promise<unknown> }).runAction(
        "lifeBox",
        {},
        { dataset: { index: "10" } },
      ),
    );
    await settle();
    expect(sys(aelis).vie.value).toBe(14);
    expect(seat(combat, "cA")).toMatchObject({ initiative: 6, phase: "feu" });
  });

  it("applies Accélération, Ralentissement, Encourager and Intimider at the end of the acting turn, once", async () => {
    const combat = await fight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 11, "system.phase": "feu" },
        { _id: "cB", initiative: 12, "system.phase": "feu" },
        { _id: "cT", initiative: 2, "system.phase": "feu" },
      ]),
    );
    await asGM(() => combatBehaviour.onStartTurn!(combat as never, combat.combatants.get("cB") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cB")).toMatchObject({ phase: "garde", marker: true });
    const turn = { combatId: "fight", round: 1, combatantId: "cB" };
    // Brune attacks with Accélération (paid with Difficulté −3) and succeeds: +3 for her at the end of the turn.
    const fast = await post(
      buildTestCard(
        setup(brune, "player1", {
          prime: "acceleration",
          penalties: ["difficulte"],
          modifier: -3,
          selfShift: { always: 0, onSuccess: 3 },
          turn,
        }),
        { deva: [12, 5], archonte: [] },
      ),
      "player1",
    );
    expect(readData(stored(fast)).turnEnd).toMatchObject({ self: 3, targets: 0, selfLabel: "+3" });
    // Then she encourages Aelis (+3) and intimidates Thug (−3), who does not resist.
    await post(
      buildTestCard(
        setup(brune, "player1", {
          skill: "commandement",
          action: "encourager",
          targets: [{ uuid: aelis.uuid, name: "Aelis" }],
          turn,
        }),
        { deva: [10], archonte: [] },
      ),
      "player1",
    );
    await post(
      buildTestCard(
        setup(brune, "player1", {
          skill: "commandement",
          action: "intimider",
          targets: [{ uuid: thug.uuid, name: "Thug" }],
          turn,
        }),
        { deva: [10], archonte: [] },
      ),
      "player1",
    );
    // A failed Encourager changes nothing.
    await post(
      buildTestCard(
        setup(brune, "player1", { action: "encourager", targets: [{ uuid: thug.uuid, name: "Thug" }], turn }),
        {
          deva: [1],
          archonte: [],
        },
      ),
      "player1",
    );
    // Meanwhile the tracker shows what is due.
    const part = (await combatBehaviour.tracker!.partContext!("trinites", combat as never, {})) as {
      trinites: { places: { turns: { id: string; pending: string | null }[] }[] };
    };
    const pending = Object.fromEntries(part.trinites.places.flatMap((p) => p.turns.map((t) => [t.id, t.pending])));
    expect(pending).toEqual({ cA: "+3", cB: "+3", cT: "−3" });
    await asGM(() => combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cB") as never, {} as never)); // the designated GM runs it
    // Brune 12 en garde +3 → 15: back into the fire at 3. Aelis 11 in the fire +3 → 12 (capped). Thug 2 − 3 → garde 11.
    expect(seat(combat, "cB")).toMatchObject({ initiative: 3, phase: "feu", marker: false });
    expect(seat(combat, "cA")).toMatchObject({ initiative: 12, phase: "feu" });
    expect(seat(combat, "cT")).toMatchObject({ initiative: 11, phase: "garde" });
    expect(readData(stored(fast)).turnEndApplied).toBe(true);
    // The next turn end reads nothing twice.
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cB", "system.marker": true }]));
    await asGM(() => combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cB") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cB")).toMatchObject({ initiative: 3, phase: "feu" });
  });

  it("keeps a combatant the GM hid out of players' columns", async () => {
    const combat = await fight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 9, "system.phase": "feu" },
        { _id: "cT", initiative: 7, "system.phase": "garde", hidden: true },
      ]),
    );
    const ids = async (user: string) => {
      const part = (await asClient(user, async () =>
        combatBehaviour.tracker!.partContext!("trinites", combat as never, {}),
      )) as { trinites: { places: { turns: { id: string }[] }[] } };
      return part.trinites.places.flatMap((p) => p.turns.map((t) => t.id)).sort();
    };
    expect(await ids("gm")).toContain("cT");
    expect(await ids("player1")).not.toContain("cT");
    expect(await ids("player1")).toContain("cA");
  });

  it("applies a Trinité's Ralentissement picked after its turn ended at the next turn's end", async () => {
    const combat = await fight();
    await asGM(() =>
      combat.updateEmbeddedDocuments("Combatant", [
        { _id: "cA", initiative: 10, "system.phase": "garde", "system.marker": true },
        { _id: "cB", initiative: 5, "system.phase": "feu" },
      ]),
    );
    const slow = await post(
      buildTestCard(
        setup(aelis, "player1", {
          prime: "efficacite",
          penalties: ["ralentissement"],
          modifier: 3,
          selfShift: { always: -3, onSuccess: 0 },
          turn: { combatId: "fight", round: 1, combatantId: "cA" },
        }),
        { deva: [7], archonte: [2] },
      ),
      "player1",
    );
    // Aelis's turn ends before her player picks: nothing moves yet.
    await asGM(() => combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cA") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cA")).toMatchObject({ initiative: 10, phase: "garde", marker: false });
    await asClient("player1", () => requestCardAction(slow.id, "trinites.pick", { spirit: "deva" }));
    // Brune's turn then ends: Aelis's −3 applies now, once.
    await asGM(() => combat.updateEmbeddedDocuments("Combatant", [{ _id: "cB", "system.marker": true }]));
    await asGM(() => combatBehaviour.onEndTurn!(combat as never, combat.combatants.get("cB") as never, {} as never)); // the designated GM runs it
    expect(seat(combat, "cA")).toMatchObject({ initiative: 7, phase: "garde" });
    expect(readData(stored(slow)).turnEndApplied).toBe(true);
  });
});
