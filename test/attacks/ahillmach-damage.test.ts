/**
 * Attacks on Ahill-Mach card actions made by a player client of the double (issue 12): a side effect of an action (the
 * damage card the GM posts, the initiative markers it moves) must happen once, whatever the author rewrites on the
 * move card or adds to the request. Setup as card-flow.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asGM, type DoubleState } from "../double/index.ts";
import { asClient, DoubleChatMessage, DoubleCombat, targetsOf } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { setFollowUpPrompt } from "../../src/foundry/ahillmach/actions.ts";
import type { RollDialogConfig, RollValues } from "../../src/foundry/dialog/inputs.ts";
import { setHolder } from "../../src/foundry/ahillmach/combat.ts";
import { chooseDice, facesLeft } from "../double/dice.ts";
import { rewriteCard } from "../cards.ts";
import { ahillmachWorld, rollAs, stored } from "../worlds/ahillmach.ts";

let state: DoubleState;
let hero: DoubleActor;
/** What the follow-up dialog answers (null: cancelled), and the dialogs it was asked for, with the asking user. */
let answer: RollValues | null;
let prompts: { userId: string; config: RollDialogConfig }[];

const messages = () => [...state.game.messages.values()] as DoubleChatMessage[];

/** player1 rolls Ysolde's move (or characteristic) with the dialog's `values`. */
const roll = (values: Record<string, unknown>, faces: number[], options: { item?: string; kind?: "move" } = {}) =>
  rollAs("player1", hero, values, faces, options);

beforeEach(async () => {
  ({ state, hero } = await ahillmachWorld({ templates: true }));
  answer = {};
  prompts = [];
  setFollowUpPrompt(async (config) => {
    prompts.push({ userId: game.user?.id ?? "", config });
    return answer ? { values: { ...answer }, rollMode: "publicroll" } : null;
  });
});

afterEach(() => {
  setFollowUpPrompt(null);
  vi.restoreAllMocks();
});

describe("attack: the move card's author replays its damage roll", () => {
  const damageCards = () => messages().filter((m) => stored(m)?.kind === "damage");

  it("a card whose done list and damage flag are cleared gets the damage card already posted, not a new roll", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(5);
    expect((await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"))).status).toBe(
      "applied",
    );
    expect(damageCards()).toHaveLength(1);
    // The author may rewrite their own message: clear the record of the roll and ask again (a replay, or a retry
    // after the card's write failed).
    const cleared = structuredClone(stored(message));
    cleared.done = [];
    cleared.data = { ...cleared.data, damageRolled: false };
    await asClient("player1", () => rewriteCard(message, cleared));
    chooseDice(6);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(damageCards()).toHaveLength(1);
    expect(stored(damageCards()[0]!).data).toMatchObject({ amount: 5 });
    expect(stored(message).data).toMatchObject({ damageRolled: true });
  });

  it("a damage card posted by the player themself is not taken for the GM's", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    const fake = structuredClone(stored(message));
    fake.kind = "damage";
    await asClient("player1", () =>
      DoubleChatMessage.create({
        author: "player1",
        flags: { quintette: { card: fake, origin: `${message.id}:ahillmach.rollDamage` } },
      }),
    );
    chooseDice(5);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(damageCards().filter((m) => m.author?.id === "gm")).toHaveLength(1);
  });
});

describe("a follow-up roll whose card record fails", () => {
  it("the morale roll is posted once: a retry after the damage card's write failed reuses it", async () => {
    const brute = [...state.game.actors.values()].find((a) => a.name === "Garde") as DoubleActor;
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(3);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const damage = messages().at(-1)!;
    targetsOf("gm").add({ actor: brute });
    await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"));
    const args = { key: stored(damage).applied[0]?.id ?? "" };
    const morales = () => messages().filter((m) => stored(m)?.data.rollKind === "morale");
    // The damage card's write (the line marked done) fails once, after the morale roll was posted.
    const original = DoubleChatMessage.prototype.update;
    let fail = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(DoubleChatMessage.prototype, "update").mockImplementation(async function (
      this: DoubleChatMessage,
      ...update: Parameters<DoubleChatMessage["update"]>
    ) {
      if (fail && this.id === damage.id) {
        fail = false;
        throw new Error("connection lost");
      }
      return original.apply(this, update);
    });
    chooseDice(9, 2);
    expect((await asClient("gm", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe("error");
    expect(morales()).toHaveLength(1);
    chooseDice(1, 1);
    expect((await asClient("gm", () => requestCardAction(damage.id, "ahillmach.morale", args))).status).toBe("applied");
    expect(morales()).toHaveLength(1);
    // Nothing rolled again: the first roll (9 + 2, Mental −1) stands.
    expect(facesLeft()).toBe(2);
    expect(stored(morales()[0]!).data).toMatchObject({ total: 10 });
    expect(stored(damage).applied[0]?.followUp?.done).toBe(true);
  });
});

describe("attack: the move card's author replays its initiative change", () => {
  let combat: DoubleCombat;
  beforeEach(async () => {
    const brute = [...state.game.actors.values()].find((a) => a.name === "Garde");
    combat = await asGM(() => DoubleCombat.create({}, { keepId: true }));
    await asGM(() =>
      combat.createEmbeddedDocuments(
        "Combatant",
        [
          { _id: "cHero", name: "Ysolde", actorId: hero.id, system: { marker: true } },
          { _id: "cBrute", name: "Garde", actorId: brute?.id },
        ],
        { keepId: true },
      ),
    );
    // The active combat is one of the world's combats (Foundry's `game.combat` reads `game.combats`).
    state.game.combats.set(combat.id, combat);
    Object.assign(state.game, { combat });
  });
  const markers = () =>
    ["cHero", "cBrute"].map((id) => (combat.combatants.get(id)?.system as { marker: boolean }).marker);
  /** An even partial success: the holder loses the initiative (the move card asks for it at once). */
  async function losingRoll() {
    const message = await roll({ characteristic: "for" }, [4, 6], { item: "taille" });
    expect(markers()).toEqual([false, true]);
    // Later in the conflict the characters win it back (the GM, from the tracker).
    await asClient("gm", () => setHolder(combat as unknown as foundry.documents.Combat, "personnages"));
    expect(markers()).toEqual([true, false]);
    return message;
  }

  it("a card whose done list and initiative are cleared does not hand the initiative over again", async () => {
    const message = await losingRoll();
    const cleared = structuredClone(stored(message));
    cleared.done = [];
    cleared.data = { ...cleared.data, initiative: null };
    await asClient("player1", () => rewriteCard(message, cleared));
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.initiative"));
    expect(markers()).toEqual([true, false]);
    // The card shows again the change the roll made, read back from the GM's records on the combatants.
    expect(stored(message).data.initiative).toMatchObject({ before: "personnages", after: "opposants" });
  });

  it("an argument added by a script does not make a new initiative change", async () => {
    const message = await losingRoll();
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.initiative", { key: "again" }));
    expect(markers()).toEqual([true, false]);
  });

  it("a failure after the markers moved (the card's write) is not repeated by a retry", async () => {
    // The move card's write fails once, after the markers moved: the card does not record the change.
    const original = DoubleChatMessage.prototype.update;
    let fail = true;
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(DoubleChatMessage.prototype, "update").mockImplementation(async function (
      this: DoubleChatMessage,
      ...args: Parameters<DoubleChatMessage["update"]>
    ) {
      if (fail && JSON.stringify(args[0]).includes('"initiative":{')) {
        fail = false;
        throw new Error("connection lost");
      }
      return original.apply(this, args);
    });
    const message = await losingRoll();
    expect(stored(message).done).not.toContain("ahillmach.initiative");
    // The player clicks the button again (or the client retries).
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.initiative"));
    expect(markers()).toEqual([true, false]);
    expect(stored(message).done).toContain("ahillmach.initiative");
    expect(stored(message).data.initiative).toMatchObject({ before: "personnages", after: "opposants" });
  });

  it("honest path: a GM's later change stays, and the card shows the change it made", async () => {
    const message = await losingRoll();
    expect(stored(message).data.initiative).toMatchObject({ before: "personnages", after: "opposants" });
    const again = await asClient("player1", () => requestCardAction(message.id, "ahillmach.initiative"));
    expect(again.status).toBe("already");
    expect(markers()).toEqual([true, false]);
  });
});

describe("attack (issue 22): the damage card's state and amount come from a player's message", () => {
  const garde = () => [...state.game.actors.values()].find((a) => a.name === "Garde") as DoubleActor;
  const gardeHp = () => (garde().system as unknown as { hp: { value: number } }).hp.value;
  const damageCards = () => messages().filter((m) => stored(m)?.kind === "damage");

  it("a damage card of 40 posted by the player: the GM's Apply on the guard deals nothing", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(5);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const real = structuredClone(stored(damageCards()[0]!));
    const forged = { ...real, rollerId: "player1", damage: { amount: 40 }, applied: [], done: [] };
    const fake = (await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", flags: { quintette: { card: forged } } }),
    )) as unknown as DoubleChatMessage;
    const before = gardeHp();
    targetsOf("gm").add({ actor: garde() });
    await asClient("gm", () => requestCardAction(fake.id, "quintette.applyDamage"));
    expect(gardeHp()).toBe(before);
  });

  it("a miss rewritten as a hit: the GM's client rolls no damage card", async () => {
    const message = await roll({ characteristic: "for" }, [1, 2], { item: "taille" });
    const forged = structuredClone(stored(message));
    forged.data = { ...forged.data, band: "totale", damage: { die: 8, modifier: 1, name: "Hache" } };
    await asClient("player1", () => rewriteCard(message, forged));
    chooseDice(5);
    const r = await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    expect(r.status).not.toBe("applied");
    expect(damageCards()).toHaveLength(0);
  });

  it("honest path: the GM's damage card of the hit is applied to the guard", async () => {
    const message = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(5);
    await asClient("player1", () => requestCardAction(message.id, "ahillmach.rollDamage"));
    const before = gardeHp();
    targetsOf("gm").add({ actor: garde() });
    expect((await asClient("gm", () => requestCardAction(damageCards()[0]!.id, "quintette.applyDamage"))).status).toBe(
      "applied",
    );
    expect(gardeHp()).toBeLessThan(before);
  });
});
