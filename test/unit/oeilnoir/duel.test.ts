/**
 * The duel flow on the double: attack card, parry relayed from the defender's player to the GM, damage, wounds and
 * initiative applied, fumble tables, idempotence, rights, reload.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import { relayRequests } from "../../double/permissions.ts";
import {
  addUser,
  asClient,
  buttonsIn,
  messageElement,
  reloadMessage,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { performAttack } from "../../../src/foundry/oeilnoir/launch.ts";
import { woundEditWrite } from "../../../src/foundry/oeilnoir/actors.ts";
import type { OeilNoirRoll } from "../../../src/foundry/oeilnoir/roll.ts";
import { registerOeilNoirSettings } from "../../../src/foundry/oeilnoir/settings.ts";
import {
  adversaireOf,
  attack,
  dice,
  duel,
  herosOf,
  inCombat,
  orcStrikesAlrik,
  rolled,
  setupWorld,
  stored,
  targets,
  teardownWorld,
  withStatuses,
} from "../../worlds/oeilnoir.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;
const orcOf = () => adversaireOf(orc);

beforeEach(async () => {
  ({ state, alrik, orc } = await setupWorld());
});

afterEach(() => teardownWorld());

describe("attack and parry", () => {
  it("an attack that lands waits for the defender's parry, which the defender's player answers through the GM", async () => {
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)).toMatchObject({ stage: "awaitParry", attack: { d20: 8, value: 12, success: true } });
    // Alrik may parry with his sword or bare-handed, dodge, or let the blow through.
    expect(stored(m).buttons.map((b) => b.action)).toEqual([
      "oeilnoir.parry",
      "oeilnoir.parry",
      "oeilnoir.dodge",
      "oeilnoir.noParry",
      // The GM's "Close the duel" (issue 33), on every card with a step left.
      "oeilnoir.close",
    ]);
    // Alrik parries with his sword's PRD 11: a 5 parries.
    dice([5]);
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { d20: 5, value: 11, success: true } });
    expect(m.updates.at(-1)?.userId).toBe("gm");
    expect(relayRequests()).toHaveLength(1);
    // The second answer changes nothing.
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("already");
  });

  it("never waits for Dice So Nice inside the GM's queue: a hung animation holds no request", async () => {
    const shown: unknown[] = [];
    // Dice So Nice active on the GM's client, its animation never ending (a background window, a stuck module).
    Object.assign(game, { dice3d: { showForRoll: (roll: unknown) => (shown.push(roll), new Promise(() => {})) } });
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    dice([5]);
    const answered = asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    const late = new Promise((resolve) => setTimeout(() => resolve("held"), 500));
    expect(await Promise.race([answered.then((r) => r.status), late])).toBe("applied");
    expect((shown as OeilNoirRoll[]).map((r) => r.faces)).toEqual([[5]]);
    expect(duel(m)).toMatchObject({ stage: "parried" });
  });

  it("shows a parry's die to the card's own audience: a whispered, blind attack stays so (issue 24)", async () => {
    const shown: unknown[][] = [];
    Object.assign(game, { dice3d: { showForRoll: (...args: unknown[]) => (shown.push(args), new Promise(() => {})) } });
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    await asGM(() => m.update({ whisper: ["gm", "player1"], blind: true } as never));
    dice([5]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"))).status).toBe("applied");
    expect(shown).toHaveLength(1);
    const [roll, user, sync, users, blind, messageId, speaker] = shown[0]!;
    expect({
      roll: (roll as OeilNoirRoll).faces,
      user: (user as { id: string }).id,
      sync,
      users,
      blind,
      messageId,
      speaker,
    }).toEqual({
      roll: [5],
      user: "gm",
      sync: true,
      users: ["gm", "player1"],
      blind: true,
      messageId: m.id,
      // The card's own speaker: the orc, its actor.
      speaker: { actor: "orc", alias: "Orc", scene: null, token: null },
    });
  });

  it("refuses the parry to a player who does not own the defender", async () => {
    dice([3]);
    const m = await attack(alrik, orc);
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(r.status).toBe("denied");
    expect(duel(m)?.stage).toBe("awaitParry");
  });

  it("halves the parry against a critical attack, and a master parry tests the attacker's weapon", async () => {
    dice([1]);
    const m = await attack(orc, alrik, "gm");
    expect(stored(m).outcome?.tone).toBe("critical");
    dice([6]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    // PRD 11 divided by 2 is 5.5: the die must show 5 or less, so a 6 fails and the critical lands.
    expect(duel(m)).toMatchObject({ stage: "hit", parry: { value: 5, success: false, againstCritical: true } });
    expect(targets().at(-1)).toBe(5);

    dice([4]);
    const m2 = await attack(alrik, orc);
    dice([1], [5, 6]);
    await asClient("gm", () => requestCardAction(m2.id, "oeilnoir.parry"));
    // Master parry: 2D6 = 11 > factor 1, the sword holds and its factor rises to 2.
    expect(duel(m2)).toMatchObject({ stage: "parried", breakage: { dice: [5, 6], factor: 2, broken: false } });
    expect((alrik.items.get("epee")?.system as { breakage: number }).breakage).toBe(2);
  });
});

describe("damage and wounds", () => {
  it("rolls the PI with the strength bonus, subtracts PR, counts wounds, applies them once, and undoes", async () => {
    dice([2]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    expect(duel(m)?.stage).toBe("hit");
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    expect(duel(m)?.damage).toEqual({ faces: [6], pi: 10, critical: false });
    // 10 PI − PR 4 = 6 damage: not above the first threshold (7), no wound.
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(herosOf(alrik).ev.value).toBe(24);
    expect(herosOf(alrik).wounds).toBe(0);
    expect(duel(m)?.hit).toMatchObject({ damage: 6, wounds: 0, evAfter: 24 });
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"))).status).toBe("already");
    expect(herosOf(alrik).ev.value).toBe(24);
    const entry = stored(m).applied[0];
    if (!entry) throw new Error("no applied entry");
    await asClient("gm", () => requestCardAction(m.id, "quintette.undo", { key: entry.id }));
    expect(herosOf(alrik).ev.value).toBe(30);
  });

  it("a critical doubles the PI, adds a serious wound that Volonté may cancel, and lowers initiative at once", async () => {
    const combat = await inCombat(state, [{ actor: orc, initiative: 15 }]);
    const combatant = combat.combatants.get("c-orc");
    if (!combatant) throw new Error("no combatant");

    dice([1]);
    const m = await attack(alrik, orc);
    dice([15]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    dice([5]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"));
    // PI 1D6+3 = 8, doubled 16, − PR 2 = 14 damage; orc CN 14: thresholds 7, 14, 21 → 1 wound + 1 serious.
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(duel(m)?.hit).toMatchObject({ damage: 14, wounds: 1, seriousWound: 1, totalWounds: 2, volonteTarget: -6 });
    expect(orcOf().ev.value).toBe(14);
    expect(orcOf().wounds).toBe(2);
    expect(combatant.initiative).toBe(11);
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.volonte", "oeilnoir.close"]);
    dice([1]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.volonte"));
    expect(duel(m)?.volonte?.success).toBe(true);
    expect(orcOf().wounds).toBe(1);
    // The serious wound's initiative loss goes with it.
    expect(combatant.initiative).toBe(13);
  });

  it("a player may not apply a blow to an adversaire they do not own", async () => {
    dice([3]);
    const m = await attack(alrik, orc);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"));
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    expect(r.status).toBe("denied");
    expect(orcOf().ev.value).toBe(28);
  });
});

describe("fumbles", () => {
  it("a natural 20 on the attack rolls the attack fumble table at once and applies the line", async () => {
    dice([20], [18]);
    const m = await attack(alrik, orc);
    expect(duel(m)?.stage).toBe("missed");
    expect(duel(m)?.fumble).toMatchObject({ table: "attack", d20: 18, key: "armeDetruite", iniChange: -4 });
    expect((alrik.items.get("epee")?.system as { broken: boolean }).broken).toBe(true);
    expect(rolled).toEqual(["1d20", "1d20"]);
  });

  it("a natural 20 on the parry rolls the parry table and the blow lands", async () => {
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [6]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)).toMatchObject({ stage: "hit", fumble: { table: "parry", key: "trebuche", iniChange: -1 } });
  });

  it("an adversaire without a weapon of its own goes down the table past the weapon lines", async () => {
    await asGM(() => orc.update({ "system.armed": false })); // the GM's adversaire
    dice([20], [16], [2]);
    const m = await attack(orc, alrik, "gm");
    // 16 (weapon damaged) cannot apply, nor can the lines below it up to 20 (self-inflicted).
    expect(duel(m)?.fumble?.key).toBe("seBlesse");
    // Its own PI 1D6+4 = 6, taken directly (its armour does not stop its own blow): under its threshold (7).
    expect(orcOf().ev.value).toBe(22);
    expect(orcOf().wounds).toBe(0);
    expect(duel(m)?.fumble?.detail).toBe("6 PI → −6");
  });
});

describe("the card survives a reload and renders in both languages", () => {
  it("renders the stored duel the same after a reload, with no missing key", async () => {
    dice([1]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [10]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    const render = async (message: DoubleChatMessage, user: string) => {
      const { html, content } = messageElement();
      await asClient(user, () => enhanceCard(message as never, html as never));
      return content.innerHTML;
    };
    const before = await render(m, "player1");
    const after = await render(reloadMessage(m), "player1");
    expect(after).toBe(before);
    expect(after).toContain("Chute");
    expect(after).not.toContain("QUINTETTE.");
    // Alrik's player sees only what he may do: his own check. The damage is the orc's (the GM's), and so is the
    // free attack.
    expect(buttonsIn(after).map((b) => b.action)).toEqual(["oeilnoir.fumbleCheck"]);
    expect(buttonsIn(await render(m, "gm")).map((b) => b.action)).toEqual([
      "oeilnoir.damage",
      "oeilnoir.fumbleCheck",
      "oeilnoir.freeAttack",
      "oeilnoir.close",
    ]);
    useSystemTemplates("en", ["oeilnoir"]);
    const english = await render(m, "gm");
    expect(english).toContain("Falls");
    expect(english).not.toContain("QUINTETTE.");
  });
});

/** Puts the orc in a running combat at `initiative`; returns its combatant. */
async function orcInCombat(initiative: number) {
  const combatant = (await inCombat(state, [{ actor: orc, initiative }])).combatants.get("c-orc");
  if (!combatant) throw new Error("no combatant");
  return combatant;
}

const messages = () => [...state.game.messages.values()] as unknown as DoubleChatMessage[];

describe("fumble lines on the card", () => {
  it("the parry fumble's check is rolled by the defender's player through the GM and stays on the card", async () => {
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [10]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    // Chute: getting up is an AG check harder by Enc (AG 14, mail shirt Enc 4).
    expect(duel(m)?.fumble?.check).toEqual({ kind: "AG", quality: 14, enc: 4, value: 10, result: null });
    dice([12]);
    const queries = relayRequests().length;
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"))).status).toBe("applied");
    expect(relayRequests().length).toBe(queries + 1);
    expect(duel(m)?.fumble?.check?.result).toMatchObject({ d20: 12, value: 10, success: false });
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"))).status).toBe("already");
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(reloadMessage(m) as never, html as never));
    expect(content.innerHTML).toContain("reste au sol");
    expect(content.innerHTML).not.toContain("QUINTETTE.");
  });

  it("refuses the fumbler's check to a player who does not own the fumbler", async () => {
    dice([3]);
    const m = await attack(alrik, orc);
    dice([20], [7]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.parry"));
    // The orc stumbles: its Contrôle du Corps rests on its AG 12.
    expect(duel(m)?.fumble).toMatchObject({ key: "trebuche", check: { kind: "controleDuCorps", value: 12 } });
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"))).status).toBe("denied");
    expect(duel(m)?.fumble?.check?.result).toBeNull();
  });

  it("a parry fumble opens the attacker's free attack: a new card, unparryable, easier by the line", async () => {
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [10]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)?.fumble?.freeAttack).toMatchObject({ attackerName: "Orc", unparryable: true, attackModifier: -2 });
    // Only the orc's side (the GM) strikes.
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.freeAttack"))).status).toBe("denied");
    const before = messages().length;
    dice([13]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"))).status).toBe("applied");
    expect(messages()).toHaveLength(before + 1);
    const free = messages().at(-1);
    if (!free) throw new Error("no free attack");
    // AT 12, two easier: a 13 lands, and Alrik cannot parry it.
    expect(duel(free)).toMatchObject({
      stage: "hit",
      attack: { d20: 13, value: 14, success: true },
      defender: { name: "Alrik", prd: null },
      free: { unparryable: true, attackModifier: -2 },
    });
    expect(stored(free).title.key).toBe("QUINTETTE.OeilNoir.Card.FreeAttackTitle");
    expect(duel(m)?.fumble?.freeAttack?.messageId).toBe(free.id);
    expect(free.whisper).toEqual([]);
    expect(stored(m).buttons.map((b) => b.action)).toEqual([
      "oeilnoir.damage",
      "oeilnoir.fumbleCheck",
      "oeilnoir.close",
    ]);
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"))).status).toBe("already");
    // The free attack flows to damage and wounds like any blow.
    dice([6]);
    await asClient("gm", () => requestCardAction(free.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(free.id, "oeilnoir.applyHit"));
    expect(herosOf(alrik).ev.value).toBe(24);
  });

  it("an attack fumble gives the defender a free attack that the fumbler parries at +2", async () => {
    dice([20], [2]);
    const m = await attack(alrik, orc);
    expect(duel(m)?.fumble).toMatchObject({ key: "desoriente", check: null, freeAttack: { parryPenalty: 2 } });
    dice([8]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"));
    const free = messages().at(-1);
    if (!free) throw new Error("no free attack");
    expect(duel(free)).toMatchObject({ stage: "awaitParry", attack: { value: 12 }, defender: { prd: 9 } });
    // Alrik's PRD 11 made 2 harder: a 10 fails.
    dice([10]);
    await asClient("player1", () => requestCardAction(free.id, "oeilnoir.parry"));
    expect(duel(free)).toMatchObject({ stage: "hit", parry: { d20: 10, value: 9, success: false } });
  });

  it("a defender who wounds himself on a fumbled parry uses his own weapon and strength bonus", async () => {
    // FO 15 over the sword's 11/4: +1 PI.
    await alrik.update({ "system.qualities.FO": 15 });
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [20], [6]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)?.fumble).toMatchObject({ who: "defender", key: "seBlesse" });
    // 1D6 (6) + 3 + 1 = 10 PI from his own sword, not the orc's attack.
    expect(duel(m)?.fumble?.detail).toMatch(/^10 PI/);
  });

  it("self-inflicted wounds cost initiative with the line's change, at once", async () => {
    const combatant = await orcInCombat(15);
    await asGM(() => orc.update({ "system.armed": false })); // the GM's adversaire
    dice([20], [16], [6]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)?.fumble).toMatchObject({ key: "seBlesse", iniChange: -4 });
    // 1D6+4 = 10 PI, taken directly > threshold 7: one wound, −2 more.
    expect(orcOf().wounds).toBe(1);
    expect(combatant.initiative).toBe(9);
  });
});

it("a free attack keeps a GM's secret fumble secret, and a player's free attack is public", async () => {
  dice([20], [2]);
  const m = (await asClient("gm", () =>
    performAttack(alrik as never, { weaponId: "epee", target: orc as never, rollMode: "gmroll" }),
  )) as unknown as DoubleChatMessage;
  expect(m.whisper).toEqual(["gm"]);
  dice([8]);
  await asClient("gm", () => requestCardAction(m.id, "oeilnoir.freeAttack"));
  expect(messages().at(-1)?.whisper).toEqual(["gm"]);

  dice([20], [2]);
  const m2 = (await asClient("gm", () =>
    performAttack(orc as never, { target: alrik as never, rollMode: "gmroll" }),
  )) as unknown as DoubleChatMessage;
  dice([8]);
  await asClient("player1", () => requestCardAction(m2.id, "oeilnoir.freeAttack"));
  const free = messages().at(-1);
  expect(free?.id).not.toBe(m2.id);
  expect(free?.whisper).toEqual([]);
  expect(stored(free as DoubleChatMessage).rollerId).toBe("player1");
});

describe("on the ground", () => {
  it("a fall puts the fumbler prone at once, and the AG check on the card gets him up", async () => {
    const statuses = withStatuses(alrik);
    dice([5]);
    const m = await attack(orc, alrik, "gm");
    dice([20], [10]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(duel(m)?.fumble?.key).toBe("chute");
    expect(statuses.has("prone")).toBe(true);
    dice([4]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(statuses.has("prone")).toBe(false);
  });

  it("a stumble ends on the ground only when Contrôle du Corps fails", async () => {
    const statuses = withStatuses(alrik);
    dice([20], [6]);
    const m = await attack(alrik, orc);
    expect(statuses.has("prone")).toBe(false);
    dice([18]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.fumbleCheck"));
    expect(duel(m)?.fumble?.check?.result?.success).toBe(false);
    expect(statuses.has("prone")).toBe(true);
  });
});

describe("wounds edited by hand", () => {
  it("move the running combat's initiative at once, 2 points per wound added or healed", async () => {
    const combatant = await orcInCombat(15);
    expect(woundEditWrite(orc as never, 2)).toEqual({ uuid: combatant.uuid, changes: { initiative: 11 } });
    expect(woundEditWrite(orc as never, 0)).toBeNull();
    expect(woundEditWrite(orc as never, "2")).toBeNull();
    await asGM(() => orc.update({ "system.wounds": 2 })); // the GM's adversaire
    expect(woundEditWrite(orc as never, 1)).toEqual({ uuid: combatant.uuid, changes: { initiative: 17 } });
    // Not fighting: nothing to move.
    expect(woundEditWrite(alrik as never, 3)).toBeNull();
  });
});

describe("ranged attacks", () => {
  async function crossbow(ammo: number, broken = false) {
    await alrik.update({ "system.ranged.arbaletes.points": 5 });
    await alrik.createEmbeddedDocuments(
      "Item",
      [
        {
          _id: "arbalete",
          name: "Arbalète",
          type: "on-arme-distance",
          system: { skill: "arbaletes", pi: { dice: 1, bonus: 6 }, ammo, broken },
        },
      ],
      { keepId: true },
    );
  }
  const shoot = (target: DoubleActor | null) =>
    asClient("player1", () => performAttack(alrik as never, { weaponId: "arbalete", target: target as never }));
  const bolts = () => (alrik.items.get("arbalete")?.system as { ammo: number }).ammo;

  it("a shot cannot be parried, goes to damage with the bolt's lower thresholds, and spends a bolt", async () => {
    await crossbow(2);
    dice([7]);
    const m = (await shoot(orc)) as unknown as DoubleChatMessage;
    // Distance base (13 + 12 + 13) / 5 = 7.6 → 8, + 5 points: 13.
    expect(duel(m)).toMatchObject({ stage: "hit", attack: { value: 13 }, defender: { prd: null } });
    expect(stored(m).title.key).toBe("QUINTETTE.OeilNoir.Card.RangedTitle");
    expect(stored(m).subtitle).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.AgainstRanged", value: 13 });
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.damage", "oeilnoir.close"]);
    expect(bolts()).toBe(1);
    dice([6]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    // 12 PI − PR 2 = 10; CN 14 with a bolt: thresholds 5, 12, 19 → one wound.
    expect(duel(m)?.hit).toMatchObject({ damage: 10, wounds: 1, thresholds: [5, 12, 19] });
    expect(orcOf().ev.value).toBe(18);
    expect(orcOf().wounds).toBe(1);
  });

  it("refuses a shot with no bolt left or a broken crossbow, and says why", async () => {
    await crossbow(0);
    const count = messages().length;
    expect(await shoot(orc)).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe("Plus de projectiles pour cette arme.");
    await alrik.createEmbeddedDocuments(
      "Item",
      [
        {
          _id: "brisee",
          name: "Arbalète brisée",
          type: "on-arme-distance",
          system: { skill: "arbaletes", broken: true },
        },
      ],
      { keepId: true },
    );
    expect(
      await asClient("player1", () => performAttack(alrik as never, { weaponId: "brisee", target: orc as never })),
    ).toBeUndefined();
    expect(state.notifications.at(-1)?.message).toBe("Cette arme est brisée.");
    expect(messages()).toHaveLength(count);
  });

  it("a fumbled shot skips the breakage line (no breakage factor) and breaks the crossbow", async () => {
    await crossbow(2);
    dice([20], [16]);
    const m = (await shoot(orc)) as unknown as DoubleChatMessage;
    expect(duel(m)?.fumble?.key).toBe("armeDetruite");
    expect((alrik.items.get("arbalete")?.system as { broken: boolean }).broken).toBe(true);
  });
});

describe("low-EV module", () => {
  it("is off by default; on, a defender under half its EV parries one point lower", async () => {
    registerOeilNoirSettings();
    expect(state.game.settings.get("quintette", "oeilnoirLowEv")).toBe(false);
    await alrik.update({ "system.ev.value": 14 });
    dice([5]);
    const before = await attack(orc, alrik, "gm");
    expect(duel(before)?.defender?.prd).toBe(11);
    await asGM(() => state.game.settings.set("quintette", "oeilnoirLowEv", true));
    await alrik.update({ "system.ev.value": 13 });
    dice([5]);
    const after = await attack(orc, alrik, "gm");
    expect(duel(after)?.defender?.prd).toBe(10);
  });
});

describe("life after a blow: permanent EV loss module, dying, out of the fight", () => {
  const blowDownTo = (user = "gm") => orcStrikesAlrik({ alrik, orc }, user);

  it("off by default: a blow below minus the threshold leaves base EV alone; on, it costs one point for good", async () => {
    registerOeilNoirSettings();
    await alrik.update({ "system.ev.value": -2 });
    // 10 PI − PR 4 = 6: EV −8, below −7 (Alrik's first threshold).
    await blowDownTo();
    expect(herosOf(alrik).ev).toMatchObject({ value: -8, max: 30 });
    await asGM(() => state.game.settings.set("quintette", "oeilnoirPermanentEvLoss", true));
    await alrik.update({ "system.ev.value": -2 });
    const m = await blowDownTo();
    expect(herosOf(alrik).ev).toMatchObject({ value: -8, max: 29 });
    expect(duel(m)?.hit?.status).toBe("mourant");
    // 3 × CN 13 rounds to save him.
    expect(duel(m)?.hit?.dying).toEqual({ d6: 3, rounds: 39 });
    expect(stored(m).outcome?.detail).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.DyingIn", value: 39 });
  });

  it("a victim left at 1…5 EV may roll Volonté to fight on; the result stays on the card", async () => {
    await alrik.update({ "system.ev.value": 10 });
    dice([2]);
    const m = await attack(orc, alrik, "gm");
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
    dice([6]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
    // 10 − 6 = 4 EV: out of the fight, unless Volonté 12.
    expect(duel(m)?.hit).toMatchObject({ evAfter: 4, status: "horsCombat", volonte: 12 });
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.stand", "oeilnoir.close"]);
    // Only the victim's side rolls it.
    addUser("player2");
    expect((await asClient("player2", () => requestCardAction(m.id, "oeilnoir.stand"))).status).toBe("denied");
    dice([9]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.stand"))).status).toBe("applied");
    expect(duel(m)?.standing).toMatchObject({ d20: 9, value: 12, success: true });
    // The sheet follows: fighting on, until the next blow asks again.
    expect(alrik.system).toMatchObject({ fightsOn: true, derived: { status: "horsCombat", fightsOn: true } });
    await blowDownTo();
    expect(alrik.system).toMatchObject({ fightsOn: false, derived: { fightsOn: false } });
    expect(stored(m).outcome?.detail).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.StandsFirm" });
    expect(stored(m).buttons).toEqual([]);
    const { html, content } = messageElement();
    await asClient("player1", () => enhanceCard(reloadMessage(m) as never, html as never));
    expect(content.innerHTML).toContain("continue le combat");
    expect(content.innerHTML).not.toContain("QUINTETTE.");
  });
});
