/**
 * Issue 33: the bound on a player's open duels counts only duels that can still change the world, and the GM closes
 * a duel from its card. Played as the player (Alrik's) and the GM on the double, cards rendered and reloaded.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { asGM, type DoubleActor, type DoubleState } from "../../double/index.ts";
import {
  DoubleCombat,
  asClient,
  buttonsIn,
  click,
  messageElement,
  reloadMessage,
  type DoubleChatMessage,
} from "../../double/shared-core.ts";
import { enhanceCard } from "../../../src/foundry/chat/render.ts";
import { requestCardAction } from "../../../src/foundry/chat/actions.ts";
import { OPEN_PER_USER, recordOf } from "../../../src/foundry/oeilnoir/duel-store.ts";
import { staleDuel } from "../../../src/foundry/oeilnoir/duel-stale.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";
import {
  SWORD,
  attack,
  dice,
  duel,
  orcStrikesAlrik,
  setupWorld,
  stored,
  teardownWorld,
} from "../../worlds/oeilnoir.ts";

let state: DoubleState;
let alrik: DoubleActor;
let orc: DoubleActor;

beforeEach(async () => {
  ({ state, alrik, orc } = await setupWorld({ alrik: { items: [SWORD] } }));
});
afterEach(teardownWorld);

/**
 * A combat the GM runs (in `game.combats`, as Foundry keeps it), in its first round. Its one row is a torch bearer:
 * Alrik and the orc stay outside the tracker, so the round's action count does not limit these attacks.
 */
async function fight(): Promise<DoubleCombat> {
  const combat = await asGM(() => DoubleCombat.create({ _id: "fight00000000001" }, { keepId: true }));
  await asGM(() =>
    combat.createEmbeddedDocuments("Combatant", [{ _id: "torch00000000001", name: "Torch", initiative: 5 }], {
      keepId: true,
    }),
  );
  Object.assign(state.game, { combat });
  await asGM(() => combat.nextRound());
  return combat;
}

/** Alrik's attack on the orc, taken by the GM's client: the orc lets it through, Alrik's damage roll is awaited. */
async function alrikHits(): Promise<DoubleChatMessage> {
  dice([4]);
  const m = await attack(alrik, orc);
  expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.noParry"))).status).toBe("applied");
  return m;
}

async function rendered(m: DoubleChatMessage, user: string) {
  const { html, content } = messageElement();
  await asClient(user, () => enhanceCard(m as never, html as never));
  return { html, content, actions: buttonsIn(content.innerHTML).map((b) => b.action) };
}

function openOf(roller: string): number {
  const store = JSON.parse(String(game.settings?.get("quintette", "oeilnoir.duels"))) as {
    open: Record<string, { roller: string }>;
  };
  return Object.values(store.open).filter((r) => r.roller === roller).length;
}

describe.each(["fr", "en"] as const)("stale duels do not lock a player out (%s)", (lang) => {
  it("fifty duels of a past round: the next attack is taken, the old cards closed, after a reload too", async () => {
    useSystemTemplates(lang, ["oeilnoir"]);
    const combat = await fight();
    const old: DoubleChatMessage[] = [];
    for (let i = 0; i < OPEN_PER_USER; i++) old.push(await alrikHits());
    expect(openOf("player1")).toBe(OPEN_PER_USER);
    // Still their round: each is live, and a fifty-first is refused.
    dice([4]);
    const early = await attack(alrik, orc);
    const refused = await asClient("gm", () => requestCardAction(early.id, "oeilnoir.noParry"));
    expect(refused).toMatchObject({ status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.TooManyOpen" });
    // The round passes: an exchange belongs to its moment, none of the fifty can change the world any more.
    await asGM(() => combat.nextRound());
    const m = await alrikHits();
    expect(duel(m)?.stage).toBe("hit");
    // Room was made by closing the stale ones: only the new duel is open, the old ones are tombstones.
    expect(openOf("player1")).toBe(1);
    const sample = old[0];
    if (!sample) throw new Error("no card");
    expect(recordOf(sample.id)).toBe("done");
    // Their cards no longer offer the damage roll, to the player or the GM, and say why; a reload shows the same.
    for (const message of [sample, reloadMessage(sample)]) {
      expect((await rendered(message, "player1")).actions).toEqual([]);
      expect((await rendered(message, "gm")).actions).toEqual([]);
    }
    expect(stored(sample).outcome?.detail).toMatchObject({ key: "QUINTETTE.OeilNoir.Card.ClosedDetail" });
    const text = (await rendered(sample, "player1")).content.innerHTML;
    expect(text).toContain(lang === "fr" ? "Duel clos" : "Duel closed");
    expect(text).not.toContain("QUINTETTE.");
    // A request sent anyway (an old client's button) changes nothing.
    dice([6]);
    expect((await asClient("player1", () => requestCardAction(sample.id, "oeilnoir.damage"))).status).toBe("already");
    expect(duel(sample)?.damage).toBeNull();
  });
});

describe("what makes a duel stale", () => {
  it("a deleted fighter, an ended combat, a deleted card; a rescue only once the victim no longer needs it", async () => {
    const combat = await fight();
    const m = await alrikHits();
    const record = () => {
      const r = recordOf(m.id);
      if (!r || r === "done") throw new Error("no open record");
      return r;
    };
    const at = { combat: combat.id, round: 1 };
    expect(staleDuel(m.id, record(), at)).toBe(false);
    // Outside a combat, no round passes: live while the card and the fighters are there.
    expect(staleDuel(m.id, record())).toBe(false);
    expect(staleDuel("nosuchmessage000", record())).toBe(true);
    expect(staleDuel(m.id, record(), { combat: combat.id, round: 2 })).toBe(true);
    expect(staleDuel(m.id, { ...record(), defender: { ...record().defender!, uuid: "Actor.gone000000000001" } })).toBe(
      true,
    );
    // The orc's blow leaves Alrik dying: his rescue outlives the round and the combat, not his recovery.
    await asGM(() => alrik.update({ "system.ev.value": 3 }));
    const blow = await orcStrikesAlrik({ alrik, orc });
    const dying = duel(blow);
    if (!dying) throw new Error("no duel");
    expect(dying.hit?.status).toBe("mourant");
    await asGM(() => combat.delete());
    expect(staleDuel(blow.id, dying, at)).toBe(false);
    expect(staleDuel(m.id, record(), at)).toBe(true);
    await asGM(() => alrik.update({ "system.ev.value": 5 }));
    expect(staleDuel(blow.id, dying, at)).toBe(true);
  });
});

describe.each(["fr", "en"] as const)("the GM closes a duel from its card (%s)", (lang) => {
  it("a player's duel: the GM's click closes it, no step left for anyone, after a reload too", async () => {
    useSystemTemplates(lang, ["oeilnoir"]);
    const m = await alrikHits();
    // Only the GM sees "Close the duel"; a player's request is refused.
    expect((await rendered(m, "player1")).actions).toEqual(["oeilnoir.damage"]);
    const gm = await rendered(m, "gm");
    expect(gm.actions).toEqual(["oeilnoir.damage", "oeilnoir.close"]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.close"))).status).toBe("denied");
    expect(duel(m)?.closed).toBeUndefined();
    const button = buttonsIn(gm.content.innerHTML).find((b) => b.action === "oeilnoir.close");
    if (!button) throw new Error("no close button");
    await asClient("gm", () => click(gm.content, button));
    expect(recordOf(m.id)).toBe("done");
    expect(duel(m)?.closed).toBe(true);
    for (const message of [m, reloadMessage(m)]) {
      expect((await rendered(message, "player1")).actions).toEqual([]);
      expect((await rendered(message, "gm")).actions).toEqual([]);
    }
    dice([6]);
    expect((await asClient("player1", () => requestCardAction(m.id, "oeilnoir.damage"))).status).toBe("already");
    expect((await asClient("gm", () => requestCardAction(m.id, "oeilnoir.close"))).status).toBe("already");
    expect(openOf("player1")).toBe(0);
  });

  it("the GM's own card, and a player's card the GM's client cannot take (its attacker deleted)", async () => {
    useSystemTemplates(lang, ["oeilnoir"]);
    // The orc's attack (the GM's card) awaits Alrik's parry; closed, the parry is gone.
    dice([2]);
    const blow = await attack(orc, alrik, "gm");
    expect((await rendered(blow, "player1")).actions).toContain("oeilnoir.parry");
    expect((await asClient("gm", () => requestCardAction(blow.id, "oeilnoir.close"))).status).toBe("applied");
    expect((await rendered(reloadMessage(blow), "player1")).actions).toEqual([]);
    dice([5]);
    expect((await asClient("player1", () => requestCardAction(blow.id, "oeilnoir.parry"))).status).toBe("already");
    expect(duel(blow)?.parry).toBeNull();
    // Alrik's fresh attack, never taken; then his sheet is deleted: the card cannot be taken, the GM still closes it.
    dice([4]);
    const orphan = await attack(alrik, orc);
    await asGM(() => alrik.delete());
    expect((await asClient("gm", () => requestCardAction(orphan.id, "oeilnoir.noParry"))).status).toBe("invalid");
    expect((await asClient("gm", () => requestCardAction(orphan.id, "oeilnoir.close"))).status).toBe("applied");
    expect(recordOf(orphan.id)).toBe("done");
    expect((await rendered(reloadMessage(orphan), "gm")).actions).toEqual([]);
  });
});
