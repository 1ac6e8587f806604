/**
 * Attack 6 of issue 22, made by another player's client of the double against the real code: SYSTEMJ's hidden
 * Action/Movement choice must not be readable by other players before the GM reveals it. What a player's client
 * receives from Foundry's server: every User document and its updates, every Combat, every world setting, and the
 * chat messages that are not whispered to others. Queries go to the queried user only (fvtt-types `User#query`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DoubleState } from "../double/index.ts";
import { asClient, asGM, type DoubleCombat } from "../double/shared-core.ts";
import { userWrites } from "../double/permissions.ts";
import { relayToGM } from "../../src/foundry/relay/index.ts";
import { CHOOSE, OPEN_CHOICE, chooseFor, readPublic, revealChoices } from "../../src/foundry/systemj/combat.ts";
import { jetons, systemj } from "../../src/rules/index.ts";
import { fightCombat, restoreWorld, systemjWorld } from "../worlds/systemj.ts";

let state: DoubleState;

// The world's characters: Aude (player1's) and Brin (player2's), created by the GM and given to their players.
beforeEach(async () => {
  ({ state } = await systemjWorld());
});
afterEach(restoreWorld);

/** The GM starts the fight (only a GM creates combats here) with both characters in it. */
const combat = (): Promise<DoubleCombat> =>
  fightCombat(state, {
    round: 1,
    combatants: [
      { _id: "ca", name: "Aude", actorId: "aude" },
      { _id: "cb", name: "Brin", actorId: "brin" },
    ],
  });

/** Everything player2's client has received: User updates, the Combat, world settings, messages it may see. */
function seenBy(userId: string, c: DoubleCombat): string {
  const settings = [...state.game.settings.values.entries()].filter(
    ([k]) => !k.includes("|") || k.startsWith(`${userId}|`),
  );
  const messages = state.game.messages.contents.filter((m) => {
    const w = (m as unknown as { whisper: string[] }).whisper;
    return !w.length || w.includes(userId) || (m as unknown as { author: { id: string } | null }).author?.id === userId;
  });
  return JSON.stringify({ users: userWrites.map((w) => w.changes), combat: c.flags, settings, messages });
}

describe("attack: another player reads a hidden choice before the reveal (issue 22, attack 6)", () => {
  it('player2\'s client never receives "mouvement" before the GM reveals; the reveal shows it with its salt', async () => {
    const c = await combat();
    expect((await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"))).status).toBe("applied");
    expect(readPublic(c as never)).toMatchObject({ chosen: { ca: true }, choices: { ca: null } });
    expect(seenBy("player2", c)).not.toContain("mouvement");
    // The GM received it, by query, and holds it.
    const gm = state.game.users.get("gm") as unknown as { queries: { name: string; data: { choice: string } }[] };
    expect(gm.queries.map((q) => [q.name, q.data.choice])).toEqual([[OPEN_CHOICE, "mouvement"]]);
    await asClient("player2", () => chooseFor(c as never, "cb", "action"));
    expect((await asGM(() => revealChoices(c as never, false))).status).toBe("applied");
    const pub = readPublic(c as never);
    expect(pub.choices).toEqual({ ca: "mouvement", cb: "action" });
    // Any client checks the revealed choice against the commitment it saw before the reveal.
    const opening = { combatId: c.id, round: 1, combatantId: "ca", choice: "mouvement" as const, salt: pub.salts!.ca! };
    expect(systemj.verifyChoice(pub.commitments!.ca!, opening, jetons.sha256Hex)).toBe(true);
  });

  it("an opening sent by query that does not match the owner's commitment is refused (a query names no one)", async () => {
    const c = await combat();
    const salt = "0123456789abcdef0123456789abcdef";
    const opening = { combatId: c.id, round: 1, combatantId: "ca", choice: "action" as const, salt };
    // player2 commits nothing for Aude (not theirs): the relay refuses; their query finds no commitment to open.
    const commitment = systemj.commitChoice(opening, jetons.sha256Hex);
    expect(
      (await asClient("player2", () => relayToGM(CHOOSE, { combatId: c.id, combatantId: "ca", round: 1, commitment })))
        .status,
    ).toBe("denied");
    const gm = state.game.users.get("gm") as unknown as {
      query: (n: string, d: unknown) => Promise<{ status: string }>;
    };
    expect((await asClient("player2", () => gm.query(OPEN_CHOICE, opening))).status).toBe("invalid");
    // Aude's player commits to "mouvement"; an opening for "action" (another client's guess) does not match.
    await asClient("player1", () => chooseFor(c as never, "ca", "mouvement"));
    expect((await asClient("player2", () => gm.query(OPEN_CHOICE, opening))).status).toBe("invalid");
    expect(readPublic(c as never).chosen).toMatchObject({ ca: true, cb: false });
    expect((await asGM(() => revealChoices(c as never, true))).status).toBe("applied");
    expect(readPublic(c as never).choices.ca).toBe("mouvement");
  });
});
