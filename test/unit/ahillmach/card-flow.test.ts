/**
 * The Ahill-Mach roll from the dialog's values to the card and its actions, on the double with several clients:
 * kept dice and band from the rules core, options picked and persisted, XP awarded once, Se surpasser spending
 * Mystique and pouring penchant points, the initiative marker in a conflict, damage rolled and applied.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asGM, type DoubleState } from "../../double/index.ts";
import {
  DoubleCombat,
  asClient,
  messageElement,
  reloadMessage,
  setGMsConnected,
  targetsOf,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { OpposantModel, PersonnageModel } from "../../../src/foundry/ahillmach/models.ts";
import { setFollowUpPrompt } from "../../../src/foundry/ahillmach/actions.ts";
import type { RollDialogConfig, RollValues } from "../../../src/foundry/dialog/inputs.ts";
import { performRoll, personnageSource, opposantSource } from "../../../src/foundry/ahillmach/rolling.ts";
import { chooseDice, facesLeft } from "../../double/dice.ts";
import { ahillmachWorld, rollAs, stored } from "../../worlds/ahillmach.ts";

let state: DoubleState;
let hero: DoubleActor;
let brute: DoubleActor;
/** What the follow-up dialog answers (null: cancelled), and the dialogs it was asked for, with the asking user. */
let answer: RollValues | null;
let prompts: { userId: string; config: RollDialogConfig }[];

const messages = () => [...state.game.messages.values()] as DoubleChatMessage[];
const last = () => messages().at(-1)!;
const heroSys = () => hero.system as unknown as PersonnageModel;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

/** player1 rolls Ysolde's move (or characteristic) with the dialog's `values`. */
const roll = (values: Record<string, unknown>, faces: number[], options: { item?: string; kind?: "move" } = {}) =>
  rollAs("player1", hero, values, faces, options);

async function render(message: DoubleChatMessage, userId: string) {
  const { html, content } = messageElement();
  await asClient(userId, () => enhanceCard(message as never, html as never));
  return content.innerHTML;
}

beforeEach(async () => {
  ({ state, hero, brute } = await ahillmachWorld({ templates: true }));
  answer = {};
  prompts = [];
  setFollowUpPrompt(async (config) => {
    prompts.push({ userId: game.user?.id ?? "", config });
    return answer ? { values: { ...answer }, rollMode: "publicroll" } : null;
  });
});

afterEach(() => setFollowUpPrompt(null));

describe("the move card", () => {
  it("shows Discerner's questions with the line saying what each answer tells, in the reader's language", async () => {
    await hero.createEmbeddedDocuments(
      "Item",
      [{ _id: "discerner", name: "Discerner", type: "am-action", system: { moveId: "discernerLaRealite" } }],
      { keepId: true },
    );
    // MYS 2: 8 + 9 + 2 = 19, three questions.
    const message = await roll({ characteristic: "mys" }, [8, 9], { item: "discerner" });
    const html = await render(message, "player1");
    expect(html).toContain("Qu&#x27;est-ce qui, ici, pourrait m&#x27;être utile ou précieux ?");
    expect(html).toContain("Les stratèges : qui ils sont, où ils se tiennent.");
    expect(html.match(/class="am-hint"/g)).toHaveLength(6);
  });

  it("keeps the two best of 3D10 with one helper, caps the bonus and names the band", async () => {
    // FOR 2 + Hache 1 + Forgeron 2 + gear off the sheet 1 = 6 → capped at +5.
    const message = await roll(
      { characteristic: "for", gear: "hache", metier: "forge", helpers: 1, otherGear: 1 },
      [3, 9, 4],
      {
        item: "taille",
      },
    );
    const card = stored(message);
    expect(card.dice.map((d) => [d.value, d.kept])).toEqual([
      [3, false],
      [9, true],
      [4, true],
    ]);
    expect(card.data).toMatchObject({ band: "totale", total: 18, appliedBonus: 5, capped: true, picks: 1, xp: 0 });
    expect(card.data.poolFormula).toBe("3d10kh2");
    expect(card.outcome?.label.key).toBe("QUINTETTE.AhillMach.Answer.totale");
    const html = await render(message, "player1");
    expect(html).toContain("OUI");
    expect(html).toContain("Vos dégâts portent, vous évitez la riposte");
    expect(html).toContain("garde l&#x27;initiative");
    expect(html).not.toContain("QUINTETTE.");
  });

  it("reads the two kept 1s of a Désavantage as NON ET and awards 2 XP once", async () => {
    const message = await roll({ characteristic: "for", hinderers: 1 }, [1, 10, 1], { item: "taille" });
    expect(stored(message).data).toMatchObject({ band: "echecCritique", xp: 2, xpAwarded: true });
    expect(heroSys().xp).toBe(2);
    const again = await asClient("player1", () => requestCardAction(message.id, "ahillmach.xp"));
    expect(again.status).toBe("already");
    const gm = await asClient("gm", () => requestCardAction(message.id, "ahillmach.xp"));
    expect(gm.status).toBe("already");
    expect(heroSys().xp).toBe(2);
    expect(stored(message).applied.map((a) => a.summary.key)).toEqual(["QUINTETTE.AhillMach.Card.XpApplied"]);
    const html = await render(reloadMessage(message), "player2");
    expect(html).toContain("NON ET");
    expect(html).toContain("2 XP gagnés");
  });

  it("awards 1 XP on a plain failure, none on a partial success", async () => {
    await roll({ characteristic: "aur" }, [2, 3]);
    expect(heroSys().xp).toBe(1);
    await roll({ characteristic: "aur" }, [5, 6]);
    expect(stored(last()).data.band).toBe("partielle");
    expect(heroSys().xp).toBe(1);
  });

  it("spends a piece of ammunition when Salve's several tries are picked, and refuses it with none left (issue 33)", async () => {
    await asClient("player1", () =>
      hero.createEmbeddedDocuments(
        "Item",
        [
          {
            _id: "fleches",
            name: "Flèches",
            type: "am-equipement",
            system: { kind: "objet", tags: "munitions", quantity: 1 },
          },
        ],
        { keepId: true },
      ),
    );
    const arrows = () => (hero.items.get("fleches")!.system as unknown as { quantity: number }).quantity;
    const first = await roll({ characteristic: "dex" }, [5, 6], { item: "salve" });
    expect(stored(first).data).toMatchObject({ band: "partielle" });
    expect(
      (await asClient("player1", () => requestCardAction(first.id, "ahillmach.pick", { key: "munition" }))).status,
    ).toBe("applied");
    expect(arrows()).toBe(0);
    // Clicked again: once only.
    await asClient("player1", () => requestCardAction(first.id, "ahillmach.pick", { key: "munition" }));
    expect(arrows()).toBe(0);
    const second = await roll({ characteristic: "dex" }, [5, 6], { item: "salve" });
    expect(
      await asClient("player1", () => requestCardAction(second.id, "ahillmach.pick", { key: "munition" })),
    ).toMatchObject({
      status: "invalid",
      reason: "QUINTETTE.AhillMach.Card.NoAmmunition",
    });
    expect(arrows()).toBe(0);
  });

  it("lets the roller pick the band's options through the GM, persists them, and refuses extra picks", async () => {
    const message = await roll({ characteristic: "dex" }, [5, 6], { item: "salve" });
    expect(stored(message).data).toMatchObject({ band: "partielle", picks: 1, keepsInitiative: false });
    const other = await asClient("player2", () => requestCardAction(message.id, "ahillmach.pick", { key: "danger" }));
    expect(other.status).toBe("denied");
    const ok = await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "moins1d6" }));
    expect(ok.status).toBe("applied");
    expect(message.updates.at(-1)?.userId).toBe("gm");
    const more = await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "danger" }));
    expect(more.status).toBe("invalid");
    const reloaded = reloadMessage(message);
    const chosen = (stored(reloaded).data.options as { id: string; chosen: boolean }[]).filter((o) => o.chosen);
    expect(chosen.map((o) => o.id)).toEqual(["moins1d6"]);
    const html = await render(reloaded, "player1");
    expect(html).toContain("Tir au jugé");
    expect(html).toMatch(/aria-pressed="true"/);
  });

  it("greys out the picks and the damage button for viewers other than the roller and the GM", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    const enabled = (html: string, css: string) =>
      [...html.matchAll(new RegExp(`<button[^>]*class="${css}"[^>]*>`, "g"))].filter((m) => !/\sdisabled/.test(m[0]))
        .length;
    const roller = await render(message, "player1");
    const gm = await render(message, "gm");
    const other = await render(message, "player2");
    expect(enabled(roller, "am-pick")).toBeGreaterThan(0);
    expect(enabled(roller, "am-damage")).toBe(1);
    expect([enabled(gm, "am-pick"), enabled(gm, "am-damage")]).toEqual([enabled(roller, "am-pick"), 1]);
    expect(other).toContain('class="am-pick"');
    expect(other).toContain('class="am-damage"');
    expect([enabled(other, "am-pick"), enabled(other, "am-damage")]).toEqual([0, 0]);
  });

  it("picks work with no GM connected, as the roller writes only their own message", async () => {
    const message = await roll({ characteristic: "dex" }, [5, 6], { item: "salve" });
    setGMsConnected(false);
    const ok = await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "danger" }));
    expect(ok.status).toBe("applied");
  });
});

describe("Se surpasser", () => {
  it("spends Mystique before the roll and pours the points above 20 into the penchant", async () => {
    await roll({ characteristic: "for", gear: "hache", metier: "forge", surpass: true }, [10, 9], { item: "taille" });
    const scene = heroSys().scene;
    expect(scene).toMatchObject({ active: true, mystique: 1, uses: 1, boosted: ["for"], penchantIndex: 0 });
    // 19 + capped 5 = 24 → 4 points.
    expect(stored(last()).data).toMatchObject({ total: 24, surpass: true, penchantPoints: 4 });
    expect(scene.penchant).toBe(4);
    expect(heroSys().derived.surpass.adjustedMystique).toBe(0);
    // The +1 stays on FOR for the scene without spending again.
    await roll({ characteristic: "for" }, [5, 5], { item: "taille" });
    expect(stored(last()).data).toMatchObject({ surpass: true, total: 13 });
    expect(heroSys().scene.uses).toBe(1);
  });

  it("rolls Mystique at its spent value for the rest of the scene, and at its full value once it ends", async () => {
    const mystique = async (faces: number[]) => {
      chooseDice(...faces);
      const src = personnageSource(asActor(hero), "characteristic", { characteristic: "mys" });
      return (await asClient("player1", () =>
        performRoll(asActor(hero), src, { values: { characteristic: "mys" }, rollMode: "publicroll" }),
      )) as unknown as DoubleChatMessage;
    };
    expect(stored(await mystique([5, 5])).data).toMatchObject({ total: 11 });
    await roll({ characteristic: "for", surpass: true }, [5, 5], { item: "taille" });
    // Mystique 1, spent once: 0 until the end of the scene.
    expect(stored(await mystique([5, 5])).data).toMatchObject({ total: 10 });
    await hero.update({ "system.scene.active": false });
    expect(stored(await mystique([5, 5])).data).toMatchObject({ total: 11 });
  });

  it("ends the scene with a Mystique roll that reads the penchant table and resets the scene", async () => {
    await roll({ characteristic: "for", gear: "hache", metier: "forge", surpass: true }, [10, 9], { item: "taille" });
    chooseDice(1, 2);
    const src = personnageSource(asActor(hero), "sceneEnd");
    const message = (await asClient("player1", () =>
      performRoll(asActor(hero), src, { values: {}, rollMode: "publicroll" }),
    )) as unknown as DoubleChatMessage;
    // 4 points − (−1 for a failure) = 5: the last row.
    expect(stored(message).data.sceneEnd).toMatchObject({ score: 5, level: 5, penchant: "Impétueux" });
    expect(heroSys().scene.active).toBe(false);
    expect(heroSys().xp).toBe(0);
    expect(await render(message, "gm")).toContain("Réaction qui met en danger le personnage et les autres.");
  });
});

describe("conflicts and damage", () => {
  async function conflict() {
    const combat = await asGM(() => DoubleCombat.create({}, { keepId: true }));
    await asGM(() =>
      combat.createEmbeddedDocuments(
        "Combatant",
        [
          { _id: "cHero", name: "Ysolde", actorId: hero.id, system: { marker: true } },
          { _id: "cBrute", name: "Garde", actorId: brute.id },
        ],
        { keepId: true },
      ),
    );
    // The active combat is one of the world's combats (Foundry's `game.combat` reads `game.combats`).
    state.game.combats.set(combat.id, combat);
    Object.assign(state.game, { combat });
    return combat;
  }
  const marker = (combat: DoubleCombat, id: string) =>
    (combat.combatants.get(id)?.system as { marker: boolean }).marker;

  it("hands the initiative to the opponents on an even partial success, once", async () => {
    const combat = await conflict();
    const message = await roll({ characteristic: "for" }, [4, 6], { item: "taille" });
    expect(stored(message).data).toMatchObject({ total: 12, keepsInitiative: false });
    expect(stored(message).data.initiative).toMatchObject({ before: "personnages", after: "opposants" });
    expect([marker(combat, "cHero"), marker(combat, "cBrute")]).toEqual([false, true]);
    const again = await asClient("player1", () => requestCardAction(message.id, "ahillmach.initiative"));
    expect(again.status).toBe("already");
    expect(await render(message, "player1")).toContain("Les opposants ont l&#x27;initiative");
  });

  it("keeps the initiative on an odd partial success, and a Défendre total success takes it back", async () => {
    const combat = await conflict();
    await roll({ characteristic: "for" }, [4, 5], { item: "taille" });
    expect(marker(combat, "cHero")).toBe(true);
    await roll({ characteristic: "for" }, [1, 2], { item: "taille" });
    expect(marker(combat, "cBrute")).toBe(true);
    await hero.createEmbeddedDocuments(
      "Item",
      [{ _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } }],
      { keepId: true },
    );
    await roll({ characteristic: "con" }, [9, 9], { item: "defendre" });
    expect([marker(combat, "cHero"), marker(combat, "cBrute")]).toEqual([true, false]);
  });

  it("rolls the weapon's damage with the picked +1d6 and applies it through the opponent's protection", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "plus1d6" }));
    chooseDice(5, 3);
    const rolled = await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(rolled.status).toBe("applied");
    const damage = last();
    expect(stored(damage).data).toMatchObject({ formula: "1d8 + 1d6", amount: 8 });
    const twice = await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(twice.status).toBe("already");
    targetsOf("gm").add({ actor: brute });
    await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
    // 8 − protection 1 = 7 ≥ 6 HP: out.
    expect((brute.system as unknown as OpposantModel).hp.value).toBe(0);
    expect(stored(damage).applied[0]?.summary).toMatchObject({
      key: "QUINTETTE.AhillMach.Damage.OpponentOut",
      value: 7,
    });
    // Its side tests its morale when the blow takes it out (issue 33): offered to its owner, the GM.
    expect(stored(damage).applied[0]?.followUp).toMatchObject({ action: "ahillmach.morale", done: false });
    expect(await render(damage, "gm")).toContain("Jet de moral");
  });

  it("posts the damage card in the move card's mode and in the character's name, whichever client runs it", async () => {
    // The GM whispers their own rolls; the player rolls in public: the player's damage card stays public.
    await asClient("gm", () => state.game.settings.set("core", "rollMode", "gmroll"));
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(5);
    expect((await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"))).status).toBe(
      "applied",
    );
    const damage = last() as DoubleChatMessage;
    expect(damage.id).not.toBe(message.id);
    expect(damage.whisper).toEqual([]);
    expect(damage.speaker).toMatchObject({ actor: hero.id, alias: hero.name });
  });

  it("offers the wounded opponent's morale roll on the damage card, to its owner only, once", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(3);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const damage = last();
    targetsOf("gm").add({ actor: brute });
    await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
    // 3 − protection 1 = 2: wounded, not out, so its side tests morale.
    expect((brute.system as unknown as OpposantModel).hp.value).toBe(4);
    const entry = stored(damage).applied[0];
    expect(entry?.followUp).toMatchObject({ action: "ahillmach.morale", done: false });
    expect(await render(damage, "gm")).toContain("Jet de moral");
    // The garde is the GM's: a player sees its morale and undo buttons greyed out.
    expect(await render(damage, "player1")).toMatch(/class="card-follow-up"[^>]*disabled/);
    expect(await render(damage, "player1")).toMatch(/class="card-undo"[^>]*disabled/);
    expect(await render(damage, "gm")).not.toMatch(/class="card-follow-up"[^>]*disabled/);
    const args = { key: entry?.id ?? "" };
    expect((await asClient("player1", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe(
      "denied",
    );
    expect(prompts).toHaveLength(0);
    const before = messages().length;
    // The GM cancels the dialog: nothing rolls.
    answer = null;
    expect((await asClient("gm", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe("invalid");
    expect(messages()).toHaveLength(before);
    // Two helpers against one hinderer leave one level: 3D10 keeping the best two.
    answer = { helpers: 2, hinderers: 1 };
    chooseDice(9, 2, 8);
    expect((await asClient("gm", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe("applied");
    expect(prompts.map((p) => p.userId)).toEqual(["gm", "gm"]);
    expect(prompts[0]?.config.inputs.map((i) => i.name)).toEqual(expect.arrayContaining(["helpers", "hinderers"]));
    expect(facesLeft()).toBe(0);
    expect(messages()).toHaveLength(before + 1);
    expect(stored(last()).data).toMatchObject({ rollKind: "morale", advantage: 1, total: 16 });
    expect(stored(damage).applied[0]?.followUp?.done).toBe(true);
    expect(await render(damage, "gm")).not.toContain("Jet de moral");
    expect((await asClient("gm", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe("already");
  });

  it("offers a wounded character's fainting test to its owner, once the states are ticked, with help and hindrance", async () => {
    await hero.update({ "system.hp.value": 7 });
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(3);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const damage = last();
    targetsOf("gm").add({ actor: hero });
    await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
    // 7 − 3 = 4 HP: one bruise, two wounds, so two states and a fainting test.
    expect(heroSys().hp.value).toBe(4);
    const entry = stored(damage).applied[0];
    expect(entry?.followUp).toMatchObject({ action: "ahillmach.fainting", done: false });
    expect(await render(damage, "player1")).toContain("Test d&#x27;évanouissement");
    const args = { key: entry?.id ?? "" };
    const fainting = (userId: string) =>
      asClient(userId, () => requestCardAction(damage.id, "ahillmach.fainting", args));
    expect((await fainting("player2")).status).toBe("denied");
    // The test reads the last ticked state: not before the player has ticked the two owed.
    const before = messages().length;
    expect((await fainting("player1")).status).toBe("invalid");
    expect(prompts).toHaveLength(0);
    await hero.update({ "system.states.int": true, "system.states.con": true, "system.lastTicked": "con" });
    answer = { hinderers: 1 };
    chooseDice(2, 9, 5);
    expect((await fainting("player1")).status).toBe("applied");
    expect(prompts.map((p) => p.userId)).toEqual(["player1"]);
    expect(facesLeft()).toBe(0);
    expect(messages()).toHaveLength(before + 1);
    // CON 1 with Malade: 0; hindered, the worst two of 2, 9, 5 make 7: a failure, knocked out.
    expect(stored(last()).data).toMatchObject({ rollKind: "fainting", advantage: -1, total: 7, band: "echec" });
    // The failed test knocks the character out: the player's click on the GM's damage card runs through the relay,
    // so the GM's client rolls and writes it.
    expect(heroSys().fainted).toBe(true);
    expect(hero.updates.find((u) => JSON.stringify(u.changes).includes('"fainted"'))).toMatchObject({
      changes: { system: { fainted: true } },
      userId: "gm",
    });
    // The failure's XP too, awarded on the GM's client inside the same task (issue 16.6).
    expect(stored(last()).data).toMatchObject({ xp: 1, xpAwarded: true });
    expect(heroSys().xp).toBe(1);
    expect(stored(damage).applied[0]?.followUp?.done).toBe(true);
    expect(await render(damage, "player1")).not.toContain("Test d&#x27;évanouissement");
    expect((await fainting("player1")).status).toBe("already");
  });

  it("a fainting test rolled from the sheet by the player: a failure sets Évanoui once, a success leaves it", async () => {
    await hero.update({ "system.hp.value": 5, "system.states.con": true, "system.lastTicked": "con" });
    const test = (faces: number[]) => {
      chooseDice(...faces);
      const src = personnageSource(asActor(hero), "fainting");
      return asClient("player1", () => performRoll(asActor(hero), src, { values: {}, rollMode: "publicroll" }));
    };
    // CON 1 with Malade: +0; 9 + 8 = 17 passes: still conscious, nothing written.
    const writes = hero.updates.length;
    await test([9, 8]);
    expect(stored(last()).data.outcomeDetail).toBe("QUINTETTE.AhillMach.Card.StaysConscious");
    expect(heroSys().fainted).toBe(false);
    expect(hero.updates.length).toBe(writes);
    // 2 + 3 = 5 fails: fainted, shown on the token; a failure gives 1 XP like any other (issue 16.6).
    await test([2, 3]);
    expect(stored(last()).data.outcomeDetail).toBe("QUINTETTE.AhillMach.Card.Faints");
    expect(heroSys().fainted).toBe(true);
    const faintedWrites = () => hero.updates.filter((u) => JSON.stringify(u.changes).includes('"fainted"'));
    expect(faintedWrites()).toEqual([
      expect.objectContaining({ changes: { system: { fainted: true } }, userId: "player1" }),
    ]);
    expect(stored(last()).data).toMatchObject({ xp: 1, xpAwarded: true });
    expect(heroSys().xp).toBe(1);
    // A second failure (a repeated test) sets nothing more but gains its XP; a success does not wake the character.
    await test([1, 2]);
    await test([10, 9]);
    expect(faintedWrites()).toHaveLength(1);
    expect(heroSys().fainted).toBe(true);
    expect(heroSys().xp).toBe(2);
  });

  it("a failed recovery test gives XP, 2 on a critical failure (issue 16.6)", async () => {
    await hero.update({ "system.hp.value": 5, "system.states.con": true, "system.lastTicked": "con" });
    const test = (faces: number[]) => {
      chooseDice(...faces);
      const src = personnageSource(asActor(hero), "recovery");
      return asClient("player1", () => performRoll(asActor(hero), src, { values: {}, rollMode: "publicroll" }));
    };
    // CON 1 − 1 state = +0: 3 + 4 = 7 fails, a sequel; 1 XP.
    await test([3, 4]);
    expect(stored(last()).data).toMatchObject({ rollKind: "recovery", band: "echec", xp: 1, xpAwarded: true });
    expect(stored(last()).data.outcomeDetail).toBe("QUINTETTE.AhillMach.Card.Sequel");
    expect(heroSys().xp).toBe(1);
    await test([1, 1]);
    expect(heroSys().xp).toBe(3);
    await test([9, 9]);
    expect(heroSys().xp).toBe(3);
  });

  it("offers Défendre's level damage once the option is picked, as a fixed damage card", async () => {
    await hero.update({ "system.level": 3, "system.xp": 45 });
    await hero.createEmbeddedDocuments(
      "Item",
      [{ _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } }],
      { keepId: true },
    );
    const message = await roll({ characteristic: "con" }, [9, 9], { item: "defendre" });
    expect(stored(message).data.damage).toBeNull();
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "moitie" }));
    expect(stored(message).data.damage).toBeNull();
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key: "niveau" }));
    expect(stored(message).data.damage).toMatchObject({ die: 0, modifier: 3 });
    expect(await render(message, "player1")).toContain("Infliger 3 dégâts (votre niveau)");
    const rolled = await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(rolled.status).toBe("applied");
    expect(stored(last()).data).toMatchObject({ formula: "3", amount: 3 });
  });

  it("lets a defender spend two held options on halving, never a question twice", async () => {
    await hero.createEmbeddedDocuments(
      "Item",
      [{ _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } }],
      { keepId: true },
    );
    const message = await roll({ characteristic: "con" }, [9, 9], { item: "defendre" });
    const pick = (key: string) => asClient("player1", () => requestCardAction(message.id, "ahillmach.pick", { key }));
    expect((await pick("moitie")).status).toBe("applied");
    expect((await pick("moitie")).status).toBe("applied");
    const halve = (stored(message).data.options as { id: string; times: number }[]).find((o) => o.id === "moitie");
    expect(halve?.times).toBe(2);
    expect(stored(message).data.chosenCount).toBe(2);
    expect(await render(message, "player1")).toContain("Choisie 2 fois");
    expect((await pick("rediriger")).status).toBe("applied");
    // Three options held, three spent.
    expect((await pick("moitie")).status).not.toBe("applied");
  });

  it("wounds a character from 6 HP down: states to tick and a fainting test", async () => {
    await hero.update({ "system.hp.value": 8 });
    const { damageApplication } = await import("../../../src/foundry/ahillmach/damage.ts");
    const app = damageApplication(hero, 5);
    expect(app?.update).toEqual({ "system.hp.value": 3 });
    expect(app?.summary).toMatchObject({ key: "QUINTETTE.AhillMach.Damage.Wounds", value: 5, detail: 3 });
  });

  it("records the death of a character wounded with no state left to tick, and undo brings the HP back", async () => {
    const states = { for: true, dex: true, con: true, int: true, mys: true, aur: false };
    await hero.update({ "system.hp.value": 4, "system.states": states });
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(2);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const damage = last();
    targetsOf("gm").add({ actor: hero });
    await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
    // 2 points from 4 HP: two wounds for one state left, so death, shown as 0 HP.
    expect(stored(damage).applied[0]?.summary).toMatchObject({ key: "QUINTETTE.AhillMach.Damage.Dead", value: 2 });
    expect(heroSys().hp.value).toBe(0);
    expect(heroSys().derived.hpZone).toBe("mort");
    await asClient("gm", () =>
      requestCardAction(damage.id, "quintette.undo", { key: stored(damage).applied[0]?.id ?? "" }),
    );
    expect(heroSys().hp.value).toBe(4);
  });

  it("rolls an opponent's morale on its Mental and says whether it flees", async () => {
    chooseDice(3, 4);
    const src = opposantSource(asActor(brute));
    const message = (await asClient("gm", () =>
      performRoll(asActor(brute), src, { values: { helpers: 0 }, rollMode: "publicroll" }),
    )) as unknown as DoubleChatMessage;
    expect(stored(message).data).toMatchObject({
      total: 6,
      band: "echec",
      outcomeDetail: "QUINTETTE.AhillMach.Card.Flees",
      xp: 0,
    });
    expect(await render(message, "gm")).toContain("Ils prennent la fuite.");
  });
});
