/**
 * Ahill-Mach roll and damage cards as ChatMessage sub-types (issue 22): their `data` schemas refuse a card a
 * player's console writes out of shape; honest cards post and read back as typed messages; an older flag card is read
 * through `migrateData`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient, DoubleChatMessage, installClients } from "../../double/shared-core.ts";
import { postCard, registerChatHooks } from "../../../src/foundry/chat/index.ts";
import { registerCardModel } from "../../../src/foundry/chat/card-model.ts";
import { readCard } from "../../../src/foundry/chat/flags.ts";
import { buildMoveCard, type MoveRollSpec } from "../../../src/foundry/ahillmach/card.ts";
import { buildDamageCard } from "../../../src/foundry/ahillmach/damage-card.ts";
import {
  AhillMachDamageCardModel,
  AhillMachRollCardModel,
  DAMAGE_CARD_TYPE,
  ROLL_CARD_TYPE,
  ROLL_KINDS,
} from "../../../src/foundry/ahillmach/card-model.ts";
import { cardOf, rewriteCard } from "../../cards.ts";

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "en" }));
  registerCardModel(ROLL_CARD_TYPE, AhillMachRollCardModel, { ruleset: "ahillmach", kinds: ROLL_KINDS });
  registerCardModel(DAMAGE_CARD_TYPE, AhillMachDamageCardModel, { ruleset: "ahillmach", kinds: ["damage"] });
  registerChatHooks();
});

const roller = { userId: "player1", actorUuid: "Actor.ysolde", actorName: "Ysolde", img: null };
const spec: MoveRollSpec = {
  kind: "move",
  moveId: "taillerEnPieces",
  free: null,
  characteristic: "for",
  helpers: 0,
  hinderers: 0,
  advantage: 0,
  bonus: 2,
  surpass: false,
  parts: [{ label: "FOR", value: 2 }],
  dealsDamage: true,
  weapon: { die: 8, modifier: 1, name: "Épée" },
  level: 2,
};

describe("typed Ahill-Mach cards", () => {
  it("a move card posts as its sub-type and reads back; a rewrite out of shape is refused", async () => {
    const card = buildMoveCard(spec, [8, 9], roller);
    card.data.targets = [{ uuid: "Actor.garde", name: "Garde" }];
    const m = (await asClient("player1", () => postCard(card))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(ROLL_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({
      band: "totale",
      moveId: "taillerEnPieces",
      damageRolled: false,
    });
    const honest = cardOf(m);
    for (const bad of [
      { ...honest.data, band: "victoire" },
      { ...honest.data, options: 3 },
      { ...honest.data, kept: [1, 2, 3] },
      { ...honest.data, damage: { die: "d100", modifier: 0, name: "x" } },
      { ...honest.data, initiative: { before: "everyone", after: "opposants", roller: "x", afterKey: "" } },
    ]) {
      await expect(asClient("player1", () => rewriteCard(m, { ...honest, data: bad }))).rejects.toThrow();
    }
    expect(cardOf(m)).toEqual(honest);
  });

  it("a damage card posts as its sub-type", async () => {
    const card = buildDamageCard({ roller, formula: "1d8 + 1", faces: [5], amount: 6, source: "Épée" });
    const m = (await asClient("gm", () => postCard(card))) as unknown as DoubleChatMessage;
    expect((m as unknown as { type: string }).type).toBe(DAMAGE_CARD_TYPE);
    expect(readCard(m as never)?.data).toMatchObject({ amount: 6, formula: "1d8 + 1", targets: [] });
  });

  it("an older flag card, before the fields added since, is read through migrateData", async () => {
    const card = buildMoveCard(spec, [8, 9], roller);
    for (const key of ["initiative", "damageRolled", "level", "targets", "protects", "sceneEnd", "chosenCount"])
      delete card.data[key];
    const m = (await asClient("player1", () =>
      DoubleChatMessage.create({ flags: { quintette: { card } } }),
    )) as unknown as DoubleChatMessage;
    const read = readCard(m as never);
    expect(read?.data).toMatchObject({ band: "totale", damageRolled: false, chosenCount: 0, level: null });
  });
});
