/**
 * L'Œil Noir at a real table, on the double (issue 15): modifiers on the right fighter, attack kinds and PI(End),
 * dodge and bare hands, a defender named by the GM, fumbles that stick, permanent EV loss once, exclusive buttons,
 * who may attack and orient, played as the players who click.
 */
import { api as oeilNoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { addUser, asClient, buttonsIn, messageElement, type DoubleChatMessage } from "../../double/shared-core.ts";
import { targetsOf } from "../../double/clients.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { attackRefusal } from "../../../src/foundry/oeilnoir/actors.ts";
import { attackOdds } from "../../../src/foundry/oeilnoir/dialog-config.ts";
import { orientationRefusal, orientationSetupOf } from "../../../src/foundry/oeilnoir/combat.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";
import {
  adversaireOf,
  attack,
  dice,
  duel,
  herosOf,
  inCombat,
  setupWorld,
  stored,
  targets,
  teardownWorld,
  withStatuses,
} from "../../worlds/oeilnoir.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;
const orcOf = () => adversaireOf(orc);
/** The sheet's attack with the dialog's `values` (undefined when refused). */
const attackWith = (by: DoubleActor, target: DoubleActor | null, user: string, values: object, weaponId?: string) =>
  attack(by, target, user, { values, weaponId }) as Promise<DoubleChatMessage | undefined>;

beforeEach(async () => {
  ({ state, alrik, orc } = await setupWorld());
});

afterEach(teardownWorld);

const SITUATION = {
  modifier: 0,
  position: "debout",
  opponentPosition: "debout",
  light: "jour",
  water: "aucune",
  confined: false,
  flying: false,
  selfFlying: false,
  wrongHand: false,
};

describe("situational modifiers on the card, each on its fighter", () => {
  it("an orc attacking a lying Alrik: its AT 3 easier, Alrik's own parry 3 harder (not 5 easier)", async () => {
    dice([14]);
    const m = await attackWith(orc, alrik, "gm", { ...SITUATION, opponentPosition: "couche" });
    // Orc AT 12 + 3 = 15: a 14 lands. Alrik's sword PRD 11 − 3 = 8.
    expect(duel(m!)).toMatchObject({ stage: "awaitParry", attack: { value: 15 }, defender: { prd: 8 } });
    expect(duel(m!)?.defender?.situation).toEqual({ prd: 3, dodge: null });
  });

  it("the attacker's wrong hand: AT −9 and no PI/FO bonus; the target's parry is untouched", async () => {
    await alrik.update({ "system.qualities.FO": 15 });
    dice([2]);
    const m = await attackWith(alrik, orc, "player1", { ...SITUATION, wrongHand: true });
    // Sword 1D6+3, +1 for FO 15 over 11/4, lost with the wrong hand.
    expect(duel(m!)?.attacker.piBonus).toBe(3);
    expect(duel(m!)?.defender?.prd).toBe(9);
  });
});

describe("wrong-hand training", () => {
  it("Combat à Deux Mains I: the wrong hand costs 6 and keeps the PI/FO bonus; Main Gauche takes 3 more", async () => {
    await alrik.update({ "system.qualities.FO": 15 });
    await alrik.createEmbeddedDocuments("Item", [
      { _id: "cdm1", name: "Combat à Deux Mains I", type: "on-capacite", system: { key: "combatADeuxMainsI" } },
    ]);
    dice([2]);
    const m = await attackWith(alrik, orc, "player1", { ...SITUATION, wrongHand: true });
    // Sword AT 13 − 6; 1D6+3, +1 for FO 15 kept.
    expect(duel(m!)?.attack.value).toBe(7);
    expect(duel(m!)?.attacker.piBonus).toBe(4);
    await alrik.createEmbeddedDocuments("Item", [
      { _id: "mg", name: "Main Gauche", type: "on-capacite", system: { key: "mainGauche" } },
    ]);
    registerOeilNoirSettings();
    await asGM(() => state.game.settings.set("quintette", "oeilnoirSituational", true)); // a world setting
    targetsOf("player1").add({ actor: orc } as never);
    const request = await asClient("player1", async () => herosSheet(alrik).rollRequest("attack:epee"));
    // Both trainings: the sheet's dialog shows the odds of AT 13 − 3 = 10 against the orc's PRD 9.
    const plain = attackOdds({ at: 10, prd: 9, targetName: "Orc", situational: false, ranged: false }, { modifier: 0 });
    expect(request?.dialog.odds({ ...SITUATION, attackKind: "normal", wrongHand: true })).toEqual(plain);
  });
});

describe("attack kinds and PI(End)", () => {
  it("a Coup du Plat deals PI(End): PI − PR off Endurance, half off EV, thresholds +2", async () => {
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", { modifier: 0, attackKind: "coupDuPlat" });
    expect(duel(m!)?.attacker).toMatchObject({ kind: "coupDuPlat", woundKind: "coupDuPlat", endurance: true });
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    // 6 + 3 = 9 PI(End) − PR 2 = 7 Endurance, 3 EV; thresholds 7 + 2.
    expect(duel(m!)?.hit).toMatchObject({ damage: 3, endurance: 7, thresholds: [9, 16, 23], wounds: 0 });
    expect(orcOf().ev.value).toBe(25);
    expect(orcOf().endurance.value).toBe(18);
  });

  it("a Coup Ciblé lowers the thresholds by 2", async () => {
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", { modifier: 0, attackKind: "coupCible" });
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    // 9 PI − 2 = 7 > 7 − 2: one wound.
    expect(duel(m!)?.hit).toMatchObject({ damage: 7, thresholds: [5, 12, 19], wounds: 1 });
  });
});

describe("dodge and bare hands", () => {
  it("Alrik's player dodges instead of parrying: PRD base 8 − Enc 4 = 4", async () => {
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    dice([4]);
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.dodge"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { value: 4, dodge: true, success: true } });
    expect(targets().at(-1)).toBe(4);
  });

  it("a lying defender cannot dodge: no button, and the action is refused", async () => {
    withStatuses(alrik).add("prone");
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    expect(stored(m).buttons.map((b) => b.action)).not.toContain("oeilnoir.dodge");
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.dodge"))).status).toBe("invalid");
  });

  it("a héros without a weapon fights bare-handed: Bagarre, 1D6 PI(End)", async () => {
    await alrik.deleteEmbeddedDocuments("Item", ["epee"]);
    dice([3]);
    const m = await attackWith(alrik, orc, "player1", {}, "");
    expect(duel(m!)?.attacker).toMatchObject({ unarmed: true, endurance: true, woundKind: "sansArme", piDice: 1 });
  });

  it("the defender parries with the weapon its player chooses", async () => {
    dice([10]);
    const m = await attack(orc, alrik, "gm");
    const parries = stored(m).buttons.filter((b) => b.action === "oeilnoir.parry");
    expect(parries.map((b) => b.args.weapon)).toEqual(["epee", "sansArme"]);
    dice([9]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry", { weapon: "sansArme" }));
    // Bare hands: PRD base 8, no Bagarre points, EncE 4 (allowance 0) → 8 − 2 = 6: a 9 fails.
    expect(duel(m)?.parry).toMatchObject({ value: 6, success: false });
  });
});

describe("an attack with no target", () => {
  it("waits for the GM to name the defender, then for its parry; players do not see the GM's button", async () => {
    dice([5]);
    const m = await attack(alrik, null);
    expect(duel(m)?.stage).toBe("awaitDefender");
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(m as never, html as never));
    expect(buttonsIn(content.innerHTML)).toEqual([]);
    targetsOf("gm").add({ actor: orc } as never);
    const r = await asClient("gm", () => requestCardAction(m.id, "oeilnoir.chooseDefender"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "awaitParry", defender: { name: "Orc", prd: 9 } });
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.chooseDefender"))).status).not.toBe(
      "applied",
    );
  });
});

describe("an attack with no target, with the situational module", () => {
  it("the situation declared in the dialog holds for the defender the GM names: a lying orc parries 3 harder", async () => {
    dice([5]);
    const m = await attackWith(alrik, null, "player1", { ...SITUATION, opponentPosition: "couche" });
    expect(duel(m!)).toMatchObject({ stage: "awaitDefender", attack: { value: 16 } });
    targetsOf("gm").add({ actor: orc } as never);
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.chooseDefender"));
    expect(duel(m!)?.defender).toMatchObject({ prd: 6, situation: { prd: 3, dodge: null } });
    expect(stored(m!).buttons.map((b) => b.action)).not.toContain("oeilnoir.dodge");
    // The orc's PRD 9 − 3: a 7 fails.
    dice([7]);
    await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.parry"));
    expect(duel(m!)).toMatchObject({ stage: "hit", parry: { value: 6, success: false } });
  });
});

describe("fumbles that stick", () => {
  it("a dropped weapon is recorded, cannot attack, and is usable again once picked up", async () => {
    dice([20], [12]);
    const m = await attack(alrik, orc);
    expect(duel(m)?.fumble).toMatchObject({ key: "armeGlisse" });
    expect(alrik.items.get("epee")?.system).toMatchObject({ dropped: true });
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.WeaponDropped");
    expect(await attackWith(alrik, orc, "player1", {})).toBeUndefined();
    // DE 12 − Enc 4 = 8: a 3 picks it up.
    dice([3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(alrik.items.get("epee")?.system).toMatchObject({ dropped: false });
  });

  it("Alrik's sheet says his sword lies on the ground, with no attack button, until he picks it up", async () => {
    const sheet = new (
      HerosSheet as unknown as new (o: object) => {
        render(): Promise<unknown>;
        lastContext: Record<string, unknown>;
      }
    )({ document: alrik });
    const swordRow = async () => {
      await sheet.render();
      const html = await foundry.applications.handlebars.renderTemplate(
        "systems/quintette/templates/oeilnoir/sheet/heros-combat.hbs",
        sheet.lastContext,
      );
      return /<tr[^>]*data-item-id="epee"[^>]*>([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? "";
    };
    expect(await swordRow()).toContain('data-roll="attack:epee"');
    dice([20], [12]);
    const m = await attack(alrik, orc);
    const dropped = await swordRow();
    expect(dropped).toContain("À terre");
    expect(dropped).not.toContain('data-roll="attack:epee"');
    dice([3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(await swordRow()).not.toContain("À terre");
  });

  it("an armed adversaire's weapon flies away: it fights bare-handed until it picks it up", async () => {
    dice([20], [14]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)?.fumble?.key).toBe("armeEjectee");
    expect(orcOf()).toMatchObject({ weaponDropped: true });
    dice([3]);
    const next = await attack(orc, alrik, "gm");
    expect(duel(next)?.attacker).toMatchObject({ unarmed: true, endurance: true });
  });

  it("an armed adversaire's fumble can destroy its weapon", async () => {
    dice([20], [18]);
    await attack(orc, alrik, "gm");
    expect(orcOf()).toMatchObject({ weaponBroken: true });
  });

  it("an orc that fumbles a dodge keeps its weapon: no weapon met the blow, the table goes past the weapon lines", async () => {
    dice([5]);
    const m = await attack(alrik, orc);
    // Dodge 20, then 12 ("weapon slips"): down to 20, it hurts itself with its own blow (1D6 + 4 = 7, no armour).
    dice([20], [12], [3]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.dodge"));
    expect(duel(m)?.fumble).toMatchObject({ table: "parry", key: "seBlesse" });
    expect(orcOf()).toMatchObject({ weaponDropped: false, weaponBroken: false });
    expect(orcOf().ev.value).toBe(21);
  });

  it("an orc whose weapon already lies on the ground cannot lose it again on a fumbled parry", async () => {
    await asGM(() => orc.update({ "system.weaponDropped": true })); // the GM's adversaire
    dice([5]);
    const m = await attack(alrik, orc);
    // Parry 20, then 14 ("weapon thrown away"): nothing left to throw, down to 20, a bare-handed blow to itself.
    dice([20], [14], [4]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)?.fumble).toMatchObject({ table: "parry", key: "seBlesse" });
    expect(orcOf()).toMatchObject({ weaponDropped: true, weaponBroken: false });
  });

  it("a self-wound counts the weapon's PI directly, not through the armour", async () => {
    await alrik.update({ "system.qualities.FO": 15 });
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [20], [3]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry", { weapon: "epee" }));
    // 3 + 3 + 1 = 7 PI, the mail's PR 4 does not count: −7.
    expect(duel(m)?.fumble?.detail).toBe("7 PI → −7");
    expect(herosOf(alrik).ev.value).toBe(23);
  });
});

describe("permanent EV loss", () => {
  it("costs one point once per crossing, at the fighter's own threshold", async () => {
    registerOeilNoirSettings();
    await asGM(() => state.game.settings.set("quintette", "oeilnoirPermanentEvLoss", true));
    const blow = async (values: object) => {
      dice([2]);
      const m = await attackWith(orc, alrik, "gm", values);
      await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.noParry"));
      dice([3]);
      await asClient("gm", () => requestCardAction(m!.id, "oeilnoir.damage"));
      dice([3]);
      await asClient("player1", () => requestCardAction(m!.id, "oeilnoir.applyHit"));
    };
    // A Coup Ciblé shifts the blow's thresholds (7 → 5), not the limit: 7 PI − 4 = 3, EV −3 − 3 = −6 ≥ −7.
    await alrik.update({ "system.ev.value": -3 });
    await blow({ modifier: 0, attackKind: "coupCible" });
    expect(herosOf(alrik).ev).toMatchObject({ value: -6, max: 30 });
    await blow({});
    expect(herosOf(alrik).ev).toMatchObject({ value: -9, max: 29 });
    // Already below: the next blow costs nothing more.
    await blow({});
    expect(herosOf(alrik).ev).toMatchObject({ value: -12, max: 29 });
  });
});

describe("who may act", () => {
  it("a fighter out of the fight, or below 0 initiative, cannot attack", async () => {
    await alrik.update({ "system.ev.value": 3 });
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.OutOfFight");
    expect(await attackWith(alrik, orc, "player1", {})).toBeUndefined();
    await alrik.update({ "system.ev.value": 30 });
    await inCombat(state, [{ actor: alrik, initiative: -1 }]);
    expect(attackRefusal(alrik as never, "epee")).toBe("QUINTETTE.OeilNoir.Notify.DefenceOnly");
  });

  it("a fighter out of the fight cannot defend either: the blow lands unparried, unless a passed Volonté keeps him up", async () => {
    await alrik.update({ "system.ev.value": 3 });
    dice([10]);
    const down = await attack(orc, alrik, "gm");
    expect(duel(down)).toMatchObject({ stage: "hit", defender: { prd: null } });
    expect(stored(down).buttons.map((b) => b.action)).toEqual(["oeilnoir.damage", "oeilnoir.close"]);
    expect(stored(down).outcome?.detail).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.CannotDefend" });
    await alrik.update({ "system.fightsOn": true });
    dice([10]);
    const standing = await attack(orc, alrik, "gm");
    expect(duel(standing)).toMatchObject({ stage: "awaitParry", defender: { prd: 11 } });
  });

  it("Orientation is refused on the ground; an adversaire may orient itself with its Intuition", async () => {
    await inCombat(state, [
      { actor: alrik, initiative: 8 },
      { actor: orc, initiative: 6 },
    ]);
    expect(orientationRefusal(alrik as never)).toBeNull();
    withStatuses(alrik).add("prone");
    expect(orientationRefusal(alrik as never)).toBe("QUINTETTE.OeilNoir.Notify.Prone");
    expect(orientationSetupOf(orc as never)).toMatchObject({ intuition: 12, current: 6 });
  });
});

describe("buttons shown only to who may use them", () => {
  it("the parry, dodge and no-parry answers show to the defender's player and the GM, not to others", async () => {
    addUser("player2");
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    const shown = async (user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(m as never, html as never));
      return buttonsIn(content.innerHTML).map((b) => b.action);
    };
    expect(await shown("player1")).toEqual(["oeilnoir.parry", "oeilnoir.parry", "oeilnoir.dodge", "oeilnoir.noParry"]);
    expect(await shown("player2")).toEqual([]);
    // Parry, dodge, no parry and the GM's own "Close the duel".
    expect(await shown("gm")).toHaveLength(5);
  });
});

describe("the Volonté check after a critical, shown only to who may use it", () => {
  it("shows to the victim's player and the GM, not to another player", async () => {
    addUser("player2");
    dice([1]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    const shown = async (user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(m as never, html as never));
      return buttonsIn(content.innerHTML).map((b) => b.action);
    };
    expect(await shown("player1")).toContain("oeilnoir.volonte");
    expect(await shown("gm")).toContain("oeilnoir.volonte");
    expect(await shown("player2")).not.toContain("oeilnoir.volonte");
  });
});

describe("buttons of a fumble, shown only to who may use them", () => {
  it("the fumbler's check shows to the fumbler's side, the free attack to the opponent's, nothing to a stranger", async () => {
    addUser("player2");
    // The orc fumbles (20) and stumbles (6): Contrôle du Corps for the orc (the GM), a free attack for Alrik.
    dice([20], [6]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)?.fumble).toMatchObject({ key: "trebuche", check: { kind: "controleDuCorps" } });
    const shown = async (user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(m as never, html as never));
      return buttonsIn(content.innerHTML).map((b) => b.action);
    };
    expect(await shown("gm")).toEqual(["oeilnoir.fumbleCheck", "oeilnoir.freeAttack", "oeilnoir.close"]);
    expect(await shown("player1")).toEqual(["oeilnoir.freeAttack"]);
    expect(await shown("player2")).toEqual([]);
  });
});

/** The héros sheet's roll keys, as the rule set's `api` answers them (the sheet's buttons reach it). */
const herosSheet = (actor: DoubleActor) => ({
  rollRequest: (key: string) => oeilNoirApi.request(actor as unknown as Actor.Implementation, key, {}),
});

function selectOptions(request: RollRequest | null, name: string): string[] | null {
  const input = request?.dialog.inputs.find((i) => i.name === name);
  return input?.kind === "select" ? input.options.map((o) => o.value) : null;
}

describe("from the héros sheet's attack dialog", () => {
  it("with nothing targeted, Alrik's player names a fighter of the combat as defender, who then parries", async () => {
    await inCombat(state, [
      { actor: alrik, initiative: 8 },
      { actor: orc, initiative: 6 },
    ]);
    const request = await asClient("player1", async () => herosSheet(alrik).rollRequest("attack:epee"));
    // First choice: leave it to the GM (he names one on the card); then the other fighters, not Alrik himself.
    expect(selectOptions(request, "defender")).toEqual(["", orc.uuid]);
    dice([5]);
    const m = await asClient("player1", async () =>
      request?.roll({ values: { modifier: 0, defender: orc.uuid }, rollMode: "publicroll" }),
    );
    expect(duel(m as DoubleChatMessage)).toMatchObject({
      stage: "awaitParry",
      defender: { uuid: orc.uuid, name: "Orc", prd: 9 },
    });
  });

  it("declares the attack kind: a sword offers plain, Coup Ciblé and Coup du Plat; bare hands strike bare-handed", async () => {
    targetsOf("player1").add({ actor: orc } as never);
    const sword = await asClient("player1", async () => herosSheet(alrik).rollRequest("attack:epee"));
    expect(selectOptions(sword, "attackKind")).toEqual(["normal", "coupCible", "coupDuPlat"]);
    expect(selectOptions(sword, "defender")).toBeNull();
    dice([3]);
    const m = await asClient("player1", async () =>
      sword?.roll({ values: { modifier: 0, attackKind: "coupDuPlat" }, rollMode: "publicroll" }),
    );
    expect(duel(m as DoubleChatMessage)?.attacker).toMatchObject({ kind: "coupDuPlat", endurance: true });
    const hands = await asClient("player1", async () => herosSheet(alrik).rollRequest("attack:sansArme"));
    expect(selectOptions(hands, "attackKind")).toBeNull();
    dice([3]);
    const h = await asClient("player1", async () => hands?.roll({ values: { modifier: 0 }, rollMode: "publicroll" }));
    expect(duel(h as DoubleChatMessage)?.attacker).toMatchObject({ kind: "sansArme", woundKind: "sansArme" });
  });
});

describe("the dead", () => {
  it("are marked defeated in the running combat when the blow kills them", async () => {
    const combat = await inCombat(state, [{ actor: alrik, initiative: 8 }]);
    await alrik.update({ "system.ev.value": -10 });
    dice([2]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(duel(m)?.hit?.status).toBe("mort");
    // The double keeps fields it does not model in the document source (Combatant#defeated is a core field).
    expect(combat.combatants.get("c-alrik")?.toObject()).toMatchObject({ defeated: true });
  });
});
