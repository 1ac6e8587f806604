/**
 * The Trinités actor's document methods (actor-methods.ts) as a macro or a module calls them, without a sheet, on the
 * player's client: Karma within a fight's round, regeneration, experience and debts, life boxes; the GM's harm, rest,
 * dawn and dusk. Each refusal resolves with the reason the sheet shows.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor } from "../../double/index.ts";
import { asClient } from "../../double/shared-core.ts";
import type { TriniteModel } from "../../../src/foundry/trinites/models.ts";
import { trinitesFight, trinitesWorld, type TrinitesWorld } from "../../worlds/trinites.ts";

let world: TrinitesWorld;
let aelis: DoubleActor;

beforeEach(async () => {
  // Aelis with 10 experience points and a Deva debt.
  world = await trinitesWorld({
    aelis: { competences: { melee: { base: 3 } }, xp: { total: 10, depense: 0 }, dettes: { deva: 1, archonte: 0 } },
  });
  aelis = world.aelis;
});

const sys = () => aelis.system as unknown as TriniteModel;

/** The world's combat of Aelis alone, started (round 1). */
const startedFight = () => trinitesFight(world, { fighters: { cA: aelis }, round: 1 });

describe("Trinités document methods", () => {
  it("spends one Lumière point per round in a fight, as the player, without a sheet", async () => {
    await startedFight();
    expect(await asClient("player1", () => sys().spendKarma("deva"))).toEqual({ ok: true, changed: true });
    expect(sys().deva.value).toBe(4);
    // The Adam' is Lumière too: the round's Lumière point is spent.
    expect(await asClient("player1", () => sys().spendKarma("adam"))).toEqual({
      ok: false,
      reason: "QUINTETTE.Trinites.Karma.Refused",
    });
    expect(sys().adam.value).toBe(4);
    expect(await asClient("player1", () => sys().spendKarma("archonte"))).toMatchObject({ ok: true });
    expect(sys().depenseRound).toMatchObject({ combat: "fight", round: 1, lumiere: 1, tenebres: 1 });
  });

  it("regenerates 4 with a Karma point of an allowed kind", async () => {
    await asClient("player1", () => aelis.update({ "system.vie.value": 12 })); // Blessé: Lumière only
    expect(await asClient("player1", () => sys().regenerate("tenebres"))).toMatchObject({ ok: false });
    expect(await asClient("player1", () => sys().regenerate("lumiere"))).toMatchObject({ ok: true });
    expect([sys().vie.value, sys().deva.value]).toEqual([16, 4]);
  });

  it("pays the debt before a purchase, records it, and the price is the rules core's", async () => {
    expect(await asClient("player1", () => sys().spendXp({ kind: "competence", skill: "melee" }))).toMatchObject({
      ok: true,
    });
    expect(sys().competences.melee.base).toBe(4);
    expect(sys().dettes).toEqual({ deva: 0, archonte: 0 });
    expect(sys().xp.depense).toBe(1 + 2);
    expect(sys().xp.historique.at(-1)).toMatchObject({ quoi: "competence", cible: "melee", cout: 2, dettes: 1 });
    expect(await asClient("player1", () => sys().payDebts())).toEqual({
      ok: false,
      reason: "QUINTETTE.Trinites.Karma.NothingToPay",
    });
  });

  it("clicks life boxes; the GM's harm, rest, dawn and dusk", async () => {
    await asClient("player1", () => sys().clickLifeBox(3));
    expect(sys().vie.value).toBe(21);
    await asGM(() => sys().harm({ kind: "chute", meters: 6, surface: "normal", dodged: false }));
    expect(sys().vie.value).toBeLessThan(21);
    const hurt = sys().vie.value;
    expect(await asGM(() => sys().rest())).toMatchObject({ ok: true });
    expect(sys().vie.value).toBe(hurt + 1);
    await asClient("player1", () => sys().spendKarma("deva"));
    expect(await asGM(() => sys().refill("crepuscule"))).toEqual({ ok: true, changed: false });
    expect(await asGM(() => sys().refill("aube"))).toEqual({ ok: true, changed: true });
    expect(sys().deva.value).toBe(6);
  });
});
