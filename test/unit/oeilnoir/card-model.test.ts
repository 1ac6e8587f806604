/**
 * L'Œil Noir duel and check cards as ChatMessage sub-types (issue 22): the `data` schemas refuse a card its author's
 * console rewrites out of shape; honest cards post and read back as typed messages; an older flag duel card, without the
 * fields added since the first version (all optional), is read through the model.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient, DoubleChatMessage, installClients } from "../../double/shared-core.ts";
import { postCard, registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import type { JsonObject } from "../../../src/foundry/chat/types.ts";
import { checkCard, duelCard, startAttack, type DuelData } from "../../../src/foundry/oeilnoir/duel.ts";
import {
  CHECK_CARD_TYPE,
  DUEL_CARD_TYPE,
  registerOeilNoirCardModels,
} from "../../../src/foundry/oeilnoir/card-model.ts";
import { cardOf, rewriteCard } from "../../cards.ts";

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  registerChatHooks();
  registerOeilNoirCardModels();
});

const base = { rollerId: "player1", actorUuid: "Actor.alrik", actorName: "Alrik", img: null };
const attack = () =>
  duelCard(
    startAttack({
      attacker: {
        uuid: "Actor.alrik",
        name: "Alrik",
        weaponUuid: "Actor.alrik.Item.sword",
        weaponName: "Épée",
        breakage: 2,
        piDice: 1,
        piBonus: 4,
        woundKind: "normal",
        ranged: false,
      },
      defender: { uuid: "Actor.orc", name: "Orc", prd: 9 },
      d20: 7,
      value: 12,
    }),
    base,
  );

const BAD: [string, (d: DuelData) => unknown][] = [
  ["a stage of no duel", (d) => ({ ...d, stage: "victory" })],
  ["a die that is no D20", (d) => ({ ...d, attack: { ...d.attack, d20: "x" } })],
  ["a 400-character name", (d) => ({ ...d, attacker: { ...d.attacker, name: "x".repeat(400) } })],
  ["another wound kind", (d) => ({ ...d, attacker: { ...d.attacker, woundKind: "laser" } })],
  ["rescue attempts as a string", (d) => ({ ...d, rescue: "saved" })],
  ["damage whose PI are no number", (d) => ({ ...d, damage: { faces: [3], pi: "x", critical: false } })],
];

describe("typed L'Œil Noir cards", () => {
  it("a duel card and a check card post as their sub-types and read back", async () => {
    const m = (await asClient("player1", () => postCard(attack()))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(DUEL_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({ duel: { stage: "awaitParry", attack: { d20: 7 } } });
    const c = (await asClient("player1", () =>
      postCard(checkCard({ label: "QUINTETTE.OeilNoir.Card.Volonte", d20: 3, value: 11 }, base)),
    )) as unknown as DoubleChatMessage;
    expect((c as unknown as { type: string }).type).toBe(CHECK_CARD_TYPE);
    expect(readCard(c as never)?.data).toMatchObject({ check: { test: { d20: 3, success: true } } });
  });

  it.each(BAD)("its author's rewrite out of shape is refused: %s", async (_, change) => {
    const m = (await asClient("player1", () => postCard(attack()))) as unknown as DoubleChatMessage;
    const honest = cardOf(m);
    const duel = change(structuredClone(honest.data.duel) as unknown as DuelData) as JsonObject;
    await expect(asClient("player1", () => rewriteCard(m, { ...honest, data: { duel } }))).rejects.toThrow();
    expect(cardOf(m)).toEqual(honest);
  });

  it("an older flag duel card, without the fields added since the first version, reads through the model", async () => {
    const card = attack();
    const duel = card.data.duel as Record<string, unknown>;
    for (const key of ["standing", "free", "rescue", "situation"]) delete duel[key];
    const m = await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card } } }),
    );
    expect(readCard(m as never)?.data).toMatchObject({ duel: { declined: false, stage: "awaitParry" } });
    (duel as { stage: string }).stage = "victory";
    const n = await asClient("player1", () =>
      DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card } } }),
    );
    expect(readCard(n as never)).toBeNull();
  });
});
