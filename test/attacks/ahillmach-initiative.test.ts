/**
 * Ahill-Mach's initiative (issue 36, attack 5), played from a player's client with latency: the move card's band,
 * move and keep/lose flag are its author's fields, and its once-only record lives on one fight's combatants. A failed
 * roll reposted as a critical Défendre, and an honest critical asked again in the next fight, move nothing: the GM's
 * client reads the roll again from its dice and binds it to the combat and round it saw the card posted in.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../double/index.ts";
import { asGM } from "../double/index.ts";
import { asClient, DoubleCombat, setLatency, settle, type DoubleChatMessage } from "../double/shared-core.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { postCard } from "../../src/foundry/chat/post.ts";
import { rewriteCard } from "../cards.ts";
import { ahillmachWorld, HERO_ITEMS, rollAs, stored } from "../worlds/ahillmach.ts";

const DEFENDRE = { _id: "defendre", name: "Défendre", type: "am-action", system: { moveId: "defendre" } };
let state: DoubleState;
let hero: DoubleActor;
let brute: DoubleActor;

/** A fight where the opponents hold the initiative (the brute's marker), the active combat. */
async function fight(id: string): Promise<DoubleCombat> {
  const combat = await asGM(() => DoubleCombat.create({ _id: id }, { keepId: true }));
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      [
        { _id: `${id.slice(0, 11)}Hero`, name: "Ysolde", actorId: hero.id },
        { _id: `${id.slice(0, 11)}Brut`, name: "Garde", actorId: brute.id, system: { marker: true } },
      ],
      { keepId: true },
    ),
  );
  state.game.combats.set(combat.id, combat);
  Object.assign(state.game, { combat });
  await settle();
  return combat;
}
const markers = (combat: DoubleCombat) =>
  combat.combatants.contents.map((c) => (c.system as { marker: boolean }).marker);
const defend = (faces: number[]) => rollAs("player1", hero, { characteristic: "for" }, faces, { item: "defendre" });
const askInitiative = (m: DoubleChatMessage) =>
  asClient("player1", () => requestCardAction(m.id, "ahillmach.initiative"));

beforeEach(async () => {
  ({ state, hero } = await ahillmachWorld({ hero: { items: [...HERO_ITEMS, DEFENDRE] } }));
  brute = [...state.game.actors.values()].find((a) => a.name === "Garde")!;
  setLatency(5);
});

afterEach(() => setLatency(0));

describe("attack: the initiative read from the card's fields", () => {
  it("a failed Défendre reposted as a critical one does not take the initiative", async () => {
    const combat = await fight("combat0000000001");
    const failed = await defend([1, 2]);
    await settle();
    expect(markers(combat)).toEqual([false, true]);
    // The player posts the card again with the band, move and flag of a critical Défendre (the dice unchanged).
    const forged = structuredClone(stored(failed));
    forged.data = { ...forged.data, band: "reussiteCritique", keepsInitiative: true, moveId: "defendre", value: 2 };
    forged.done = [];
    const repost = (await asClient("player1", () => postCard(forged))) as unknown as DoubleChatMessage;
    await settle();
    await askInitiative(repost);
    await settle();
    expect(markers(combat)).toEqual([false, true]);
  });

  it("honest: a critical Défendre takes the initiative in its fight", async () => {
    const combat = await fight("combat0000000001");
    await defend([10, 10]);
    await settle();
    expect(markers(combat)).toEqual([true, false]);
  });

  it("an honest critical of the last fight, asked again in the next one, does not take it again", async () => {
    const first = await fight("combat0000000001");
    const critical = await defend([10, 10]);
    await settle();
    expect(markers(first)).toEqual([true, false]);
    const next = await fight("combat0000000002");
    expect(markers(next)).toEqual([false, true]);
    // The author clears what their card says was done, and asks again.
    const cleared = structuredClone(stored(critical));
    cleared.done = [];
    cleared.data = { ...cleared.data, initiative: null };
    await asClient("player1", () => rewriteCard(critical, cleared));
    const result = await askInitiative(critical);
    await settle();
    expect(result).toMatchObject({ status: "invalid", reason: "QUINTETTE.AhillMach.Card.NotThisConflict" });
    expect(markers(next)).toEqual([false, true]);
  });
});
