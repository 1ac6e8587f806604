/**
 * Ahill-Mach at a real table (issue 16): the card paths a session hits, played as the player on the double with the
 * GM's client answering relays (Se surpasser on Mystique, Défendre, damage to the attack's target, late options).
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { type DoubleState } from "../../double/index.ts";
import { asClient, targetsOf, type DoubleChatMessage } from "../../double/shared-core.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import type { OpposantModel, PersonnageModel } from "../../../src/foundry/ahillmach/models.ts";
import { chooseDice } from "../../double/dice.ts";
import { rewriteCard } from "../../cards.ts";
import { ahillmachWorld, HACHE, rollAs, stored, TAILLE } from "../../worlds/ahillmach.ts";

let state: DoubleState;
let hero: DoubleActor;
let brute: DoubleActor;

const messages = () => [...state.game.messages.values()] as DoubleChatMessage[];
const last = () => messages().at(-1)!;
const heroSys = () => hero.system as unknown as PersonnageModel;

/** player1 rolls Ysolde's move or characteristic, the source opened on the dialog's characteristic. */
const roll = (
  values: Record<string, unknown>,
  faces: number[],
  options: { item?: string; kind?: "move" | "characteristic" } = {},
) =>
  rollAs("player1", hero, values, faces, {
    ...options,
    characteristic: typeof values.characteristic === "string" ? values.characteristic : null,
  });

// Ysolde on Mystique 2 and 17 HP, with Défendre instead of Salve and no métier.
beforeEach(async () => {
  ({ state, hero, brute } = await ahillmachWorld({
    hero: {
      system: { characteristics: { for: 2, dex: 1, con: 1, int: 1, mys: 2, aur: -1 }, hp: { value: 17 } },
      items: [TAILLE, { _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } }, HACHE],
    },
  }));
});

describe("Se surpasser on Mystique (Ahill-Mach 2)", () => {
  it("Mystique 2 gives +2 on the first surpassed Mystique roll, as on the later ones", async () => {
    await roll({ characteristic: "mys", surpass: true }, [5, 5], { kind: "characteristic" });
    expect(heroSys().scene).toMatchObject({ active: true, mystique: 2, uses: 1, boosted: ["mys"] });
    // 10 + Mystique spent to 1 + surpass 1 = 12.
    expect(stored(last()).data).toMatchObject({ surpass: true, total: 12 });
    await roll({ characteristic: "mys" }, [5, 5], { kind: "characteristic" });
    expect(stored(last()).data).toMatchObject({ surpass: true, total: 12 });
  });
});

const opposantHp = () => (brute.system as unknown as OpposantModel).hp.value;

describe("the roller applies the damage of their attack to its target (Ahill-Mach 1)", () => {
  it("records the targets at roll time; the roller applies the GM-rolled damage to them, once", async () => {
    targetsOf("player1").add({ actor: brute });
    const attack = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    expect(stored(attack).data.targets).toEqual([{ uuid: brute.uuid, name: "Garde" }]);
    targetsOf("player1").clear(); // targets may change afterwards: the attack's are on the card
    chooseDice(4);
    expect((await asClient("player1", () => requestCardAction(attack.id, "ahillmach.rollDamage"))).status).toBe(
      "applied",
    );
    const damage = last();
    expect(stored(damage).data).toMatchObject({ formula: "1d8", amount: 4, targets: [{ uuid: brute.uuid }] });
    // Another player cannot use the roller's button; the roller can.
    const other = await asClient("player2", () => requestCardAction(damage.id, "ahillmach.applyToTargets"));
    expect(other.status).toBe("denied");
    const applied = await asClient("player1", () => requestCardAction(damage.id, "ahillmach.applyToTargets"));
    expect(applied.status).toBe("applied");
    // 4 − protection 1 = 3: 6 → 3, written by the GM's client.
    expect(opposantHp()).toBe(3);
    expect(brute.updates.at(-1)?.userId).toBe("gm");
    expect(stored(damage).applied[0]).toMatchObject({ action: "quintette.applyDamage", targetUuid: brute.uuid });
    const again = await asClient("player1", () => requestCardAction(damage.id, "ahillmach.applyToTargets"));
    expect(again.status).toBe("already");
    // The shared button does not hit the same target twice either.
    targetsOf("gm").add({ actor: brute });
    expect((await asClient("gm", () => requestCardAction(damage.id, "quintette.applyDamage"))).status).toBe("already");
    expect(opposantHp()).toBe(3);
  });

  it("takes the weapon die from the documents and refuses a damage card the player wrote", async () => {
    targetsOf("player1").add({ actor: brute });
    const attack = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    // The player rewrites their own card: a d100 weapon and another target (their own character).
    const card = stored(attack);
    const forged = {
      ...card,
      data: { ...card.data, damage: { die: 100, modifier: 50, name: "x" }, targets: [{ uuid: hero.uuid, name: "x" }] },
    };
    await asClient("player1", () => rewriteCard(attack, forged));
    chooseDice(2);
    await asClient("player1", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const damage = last();
    expect(stored(damage).data).toMatchObject({ formula: "1d8", amount: 2, targets: [] });
    expect(stored(damage).buttons.map((b) => b.action)).not.toContain("ahillmach.applyToTargets");
    // A damage card the player posts with targets of their choice is not applied by the GM.
    const own = stored(damage);
    const mine = (await asClient("player1", () =>
      ChatMessage.create({
        flags: {
          quintette: {
            card: {
              ...own,
              rollerId: "player1",
              data: { ...own.data, targets: [{ uuid: brute.uuid, name: "Garde" }] },
            },
          },
        },
      } as never),
    )) as unknown as DoubleChatMessage;
    const refused = await asClient("player1", () => requestCardAction(mine.id, "ahillmach.applyToTargets"));
    expect(refused.status).toBe("denied");
    expect(opposantHp()).toBe(6);
  });
});

describe("options that change the damage (Ahill-Mach 5)", () => {
  it("cannot be picked once the damage is rolled: refused with a reason, not silently ignored", async () => {
    const attack = await roll({ characteristic: "for" }, [8, 9], { item: "taille" });
    chooseDice(5);
    await asClient("player1", () => requestCardAction(attack.id, "ahillmach.rollDamage"));
    const late = await asClient("player1", () => requestCardAction(attack.id, "ahillmach.pick", { key: "plus1d6" }));
    expect(late).toMatchObject({ status: "invalid", reason: "QUINTETTE.AhillMach.Card.DamageAlreadyRolled" });
    expect(stored(attack).data.chosenCount).toBe(0);
    const options = stored(attack).data.options as { id: string; changesDamage: boolean }[];
    expect(options.find((o) => o.id === "plus1d6")?.changesDamage).toBe(true);
  });
});
