/**
 * A table brought up from the ready actors (issue 37): the GM imports two player characters of the game's pack, each
 * given to a player, and two opponents, drops them all on the scene (the characters' tokens are their actors, the
 * opponents' synthetic actors of their own), each player opens their character's sheet and the GM the opponents'
 * tokens' sheets, and the GM opens the encounter. Then one round: each combatant's turn is played by `act`, and the
 * GM's Next turn moves on until round 2 begins.
 */
import { expect } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import type { DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import type { RulesetId } from "../../src/foundry/ruleset.ts";
import { importReady, packSources, readyPack, type ReadyActor } from "../unit/ready-actors/ready.ts";
import {
  dropOnScene,
  GM,
  openSheet,
  openTable,
  startEncounter,
  tracker,
  turnOrder,
  type OpenSheet,
  type Table,
  type UserId,
} from "./table.ts";

export interface ReadyTable {
  table: Table;
  /** Actors of the world by name (an opponent's is the sidebar's, its token holds its own). */
  actors: Record<string, DoubleActor>;
  tokens: Record<string, DoubleToken>;
  /** Each character's sheet for its player, each opponent token's sheet for the GM. */
  sheets: Record<string, OpenSheet>;
  /** Who plays each combatant. */
  players: Record<string, UserId>;
  combat: DoubleCombat;
}

/** The ready actor of the game's pack named `name`. */
export function readySource(ruleset: RulesetId, name: string): ReadyActor {
  const source = packSources<ReadyActor>(readyPack(ruleset)).find((s) => s.name === name);
  if (!source) throw new Error(`${readyPack(ruleset)} has no ${name}`);
  return source;
}

export async function readyTable(
  ruleset: RulesetId,
  characters: readonly [string, string],
  opponents: readonly [string, string],
): Promise<ReadyTable> {
  const table = await openTable(ruleset);
  const actors: Record<string, DoubleActor> = {};
  const tokens: Record<string, DoubleToken> = {};
  const sheets: Record<string, OpenSheet> = {};
  const players: Record<string, UserId> = {};
  for (const [i, name] of characters.entries()) {
    const player = (["player1", "player2"] as const)[i]!;
    const actor = (actors[name] = await importReady(readySource(ruleset, name), player));
    players[name] = player;
    const token = (tokens[name] = await dropOnScene(table, actor));
    expect(token.actor, `${name}'s token is the character`).toBe(actor);
    sheets[name] = await openSheet(player, actor);
  }
  for (const name of opponents) {
    const actor = (actors[name] = await importReady(readySource(ruleset, name)));
    players[name] = GM;
    const token = (tokens[name] = await dropOnScene(table, actor));
    expect((token.actor as DoubleActor & { isToken: boolean }).isToken, `${name}'s token`).toBe(true);
    sheets[name] = await openSheet(GM, token.actor!);
  }
  const combat = await startEncounter(Object.values(tokens));
  return { table, actors, tokens, sheets, players, combat };
}

/**
 * Plays round 1 from its current turn: `act` plays each combatant's turn, then the GM clicks Next turn, until round 2
 * begins. The names that acted, in order.
 */
export async function playRound(t: ReadyTable, act: (name: string) => Promise<void>): Promise<string[]> {
  const acted: string[] = [];
  expect(turnOrder(t.combat).round).toBe(1);
  while (turnOrder(t.combat).round === 1) {
    const name = turnOrder(t.combat).current!;
    if (acted.length > 8) throw new Error(`round 1 never ends: ${acted.join(", ")}`);
    await act(name);
    acted.push(name);
    await tracker(t.combat, "nextTurn");
  }
  return acted;
}
