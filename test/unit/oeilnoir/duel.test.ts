/**
 * The duel flow on the double: attack card, parry relayed from the defender's player to the GM, damage, wounds and
 * initiative applied, fumble tables, idempotence, rights, reload.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble, type DoubleState } from "../../double/index.ts";
import {
  DoubleCombat,
  asClient,
  buttonsIn,
  installClients,
  messageElement,
  reloadMessage,
  useRealTemplates,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../../src/foundry/chat/index.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { registerRelay } from "../../../src/foundry/relay/index.ts";
import { registerDamage } from "../../../src/foundry/damage/index.ts";
import type { CardState } from "../../../src/foundry/chat/types.ts";
import {
  ACTOR_MODELS,
  ITEM_MODELS,
  type HerosModel,
  type AdversaireModel,
} from "../../../src/foundry/oeilnoir/models.ts";
import { OEILNOIR_CARD_ACTIONS } from "../../../src/foundry/oeilnoir/actions.ts";
import { performAttack } from "../../../src/foundry/oeilnoir/launch.ts";
import { duelOf } from "../../../src/foundry/oeilnoir/duel.ts";
import { setDiceRoller } from "../../../src/foundry/oeilnoir/roll.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;
let queue: number[][] = [];
const rolled: string[] = [];

/** Scripted dice: each roll takes the next list of faces. */
function dice(...rolls: number[][]) {
  queue = rolls.map((r) => [...r]);
}

const stored = (m: DoubleChatMessage) => m.getFlag("quintette", "card") as CardState;
const duel = (m: DoubleChatMessage) => duelOf(stored(m));
const herosOf = (a: DoubleActor) => a.system as unknown as HerosModel;
const orcOf = () => orc.system as unknown as AdversaireModel;

async function attack(by: DoubleActor, target: DoubleActor | null, user = "player1") {
  const m = await asClient(user, () =>
    performAttack(by as never, { weaponId: by === alrik ? "epee" : null, target: target as never }),
  );
  return m as unknown as DoubleChatMessage;
}

beforeEach(async () => {
  state = installClients(resetFoundryDouble({ lang: "fr" }));
  useRealTemplates("fr");
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerCardAction(...OEILNOIR_CARD_ACTIONS);
  setDiceRoller(async (formula) => {
    rolled.push(formula);
    const faces = queue.shift();
    if (!faces) throw new Error(`no scripted dice for ${formula}`);
    return { faces, total: faces.reduce((a, b) => a + b, 0), roll: null };
  });
  rolled.length = 0;
  alrik = await DoubleActor.create({
    _id: "alrik",
    name: "Alrik",
    type: "heros",
    ownership: { default: 0, player1: 3 },
    system: {
      qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
      ev: { value: 30, max: 30 },
      volonte: 12,
      skills: { epees: { points: 10, toAttack: 6 } },
    },
    items: [
      {
        _id: "epee",
        name: "Épée",
        type: "on-arme-melee",
        system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 }, breakage: 1 },
      },
      { _id: "maille", name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } },
    ],
  });
  orc = await DoubleActor.create({
    _id: "orc",
    name: "Orc",
    type: "adversaire",
    system: {
      at: 12,
      prd: 9,
      iniBase: 9,
      pi: { dice: 1, bonus: 4 },
      pr: 2,
      cn: 14,
      ev: { value: 28, max: 28 },
      volonte: 8,
    },
  });
});

afterEach(() => setDiceRoller(null));

describe("attack and parry", () => {
  it("an attack that lands waits for the defender's parry, which the defender's player answers through the GM", async () => {
    dice([8]);
    const m = await attack(orc, alrik, "gm");
    expect(duel(m)).toMatchObject({ stage: "awaitParry", attack: { d20: 8, value: 12, success: true } });
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.parry", "oeilnoir.noParry"]);
    // Alrik parries with his sword's PRD 11: a 5 parries.
    dice([5]);
    const r = await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    expect(r.status).toBe("applied");
    expect(duel(m)).toMatchObject({ stage: "parried", parry: { d20: 5, value: 11, success: true } });
    expect(m.updates.at(-1)?.userId).toBe("gm");
    expect(state.game.users.get("gm")?.queries).toHaveLength(1);
    // The second answer changes nothing.
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("already");
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
    dice([7]);
    await asClient("player1", () => requestCardAction(m.id, "oeilnoir.parry"));
    // PRD 11 halved to 6: a 7 fails, the critical lands.
    expect(duel(m)).toMatchObject({ stage: "hit", parry: { value: 6, success: false, againstCritical: true } });

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
    const combat = new DoubleCombat({ _id: "fight" });
    await combat.createEmbeddedDocuments("Combatant", [{ _id: "c-orc", name: "Orc", actorId: "orc", initiative: 15 }]);
    const combatant = combat.combatants.get("c-orc");
    if (!combatant) throw new Error("no combatant");
    Object.defineProperty(combatant, "actor", { get: () => orc });
    Object.assign(state.game, { combat });
    const resolve = globalThis.fromUuid;
    Object.assign(globalThis, {
      fromUuid: async (uuid: string) => (uuid === combatant.uuid ? combatant : resolve(uuid as never)),
    });

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
    expect(stored(m).buttons.map((b) => b.action)).toEqual(["oeilnoir.volonte"]);
    dice([1]);
    await asClient("gm", () => requestCardAction(m.id, "oeilnoir.volonte"));
    expect(duel(m)?.volonte?.success).toBe(true);
    expect(orcOf().wounds).toBe(1);
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
    dice([20], [16], [4]);
    const m = await attack(orc, alrik, "gm");
    // 16 (weapon damaged) cannot apply, nor can the lines below it up to 20 (self-inflicted).
    expect(duel(m)?.fumble?.key).toBe("seBlesse");
    // Its own PI 1D6+4 = 8 − PR 2: 6 damage, under its first threshold (7).
    expect(orcOf().ev.value).toBe(22);
    expect(orcOf().wounds).toBe(0);
    expect(duel(m)?.fumble?.detail).toBe("8 PI → −6");
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
    expect(buttonsIn(after).map((b) => b.action)).toEqual(["oeilnoir.damage"]);
    useRealTemplates("en");
    const english = await render(m, "gm");
    expect(english).toContain("Falls");
    expect(english).not.toContain("QUINTETTE.");
  });
});
