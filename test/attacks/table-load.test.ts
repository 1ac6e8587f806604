/**
 * A table under load (issue 36), on the double with latency: eight players each click ten buttons of their card
 * without waiting for the answers while the GM applies damage, the second half sent while the GM's other page holds
 * the service and is gone (this page takes it over). Every click is served once, in order per card, none lost, none
 * doubled, and the GM's side drains its queue within a bound of writes per click (counted, not timed). The same
 * scenario without latency or takeover is benched (`bench/load.bench.ts`).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setLatency } from "../double/shared-core.ts";
import { makeWorld, type World } from "./world.ts";
import { playLoad } from "./load.ts";

/**
 * Writes the server stores per click, measured: the player's request, the GM's answer with the request removed, the
 * card's write, the player's removal of the answer (4), plus the GM's own play and the page takeover's claim and
 * question. The bound leaves no room for a click served twice or retried.
 */
const WRITES_PER_CLICK = 4.5;

let world: World;

beforeEach(async () => {
  world = await makeWorld();
  setLatency(5);
});

afterEach(() => setLatency(0));

describe("a table under load", () => {
  it("80 clicks across two GM pages and the GM's play: each served once, in order per card, the queue drained", async () => {
    const figures = await playLoad(world, { players: 8, clicks: 10, gmHits: 5, pages: true });
    const ten = Array.from({ length: 10 }, (_, n) => n);
    expect(figures.perCard).toEqual(Array.from({ length: 8 }, () => ten));
    expect(figures.sent).toBe(80);
    expect(figures.applied).toBe(80);
    expect(figures.villainHp).toBe(5);
    expect(figures.drained).toBe(true);
    expect(figures.writes / figures.sent).toBeLessThanOrEqual(WRITES_PER_CLICK);
  });
});
