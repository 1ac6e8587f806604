/**
 * The system's Actor and Item classes on the double, with every real rule set registered: the create dialogs offer
 * the active rule set's types (and never an empty list, which Foundry refuses), and a new actor's token gets bars
 * that exist on its type.
 */
import { beforeEach, describe, expect, it } from "vitest";
import {
  DoubleDocument,
  doubleState,
  resetFoundryDouble,
  setDoubleUser,
  type SchemaField,
} from "../../double/index.ts";
import { initQuintette } from "../../../src/index.ts";
import { allRulesets } from "../../../src/foundry/ruleset.ts";

interface Creatable {
  create(data: object): Promise<{ type: string; toObject(): Record<string, unknown> }>;
  createDialog(data?: object, createOptions?: object, options?: object): Promise<unknown>;
}
/** The world's rule set is a world setting: the GM picks it (the double refuses a player's write). */
async function asGM<T>(fn: () => Promise<T>): Promise<T> {
  setDoubleUser("gm");
  try {
    return await fn();
  } finally {
    setDoubleUser("player1");
  }
}
const actorClass = () => CONFIG.Actor.documentClass as unknown as Creatable;
const itemClass = () => CONFIG.Item.documentClass as unknown as Creatable;

beforeEach(() => {
  resetFoundryDouble();
  initQuintette();
  DoubleDocument.createDialogCalls = [];
  setDoubleUser("player1");
});

describe("create dialogs", () => {
  it("in a Jetons world, Create Item warns that there is nothing to create instead of throwing", async () => {
    await asGM(() => doubleState().game.settings.set("quintette", "ruleset", "jetons"));
    await expect(itemClass().createDialog({}, {}, {})).resolves.toBeNull();
    expect(doubleState().notifications.at(-1)).toMatchObject({ type: "warn" });
    expect(doubleState().notifications.at(-1)?.message).toContain("Jetons");
    expect(DoubleDocument.createDialogCalls).toEqual([]);
  });

  it("offers the active rule set's types", async () => {
    await asGM(() => doubleState().game.settings.set("quintette", "ruleset", "jetons"));
    await actorClass().createDialog({}, {}, {});
    expect(DoubleDocument.createDialogCalls.at(-1)?.options.types).toEqual(["archetype"]);
    await asGM(() => doubleState().game.settings.set("quintette", "ruleset", "systemj"));
    await itemClass().createDialog({}, {}, {});
    expect(DoubleDocument.createDialogCalls.at(-1)?.options.types).toContain("sj-arme");
  });
});

describe("token bars of new actors", () => {
  it("every actor type's new token shows bars that exist on that type", async () => {
    const models = doubleState().CONFIG.Actor.dataModels as Record<string, { schema: SchemaField }>;
    for (const d of allRulesets()) {
      for (const spec of d.actorTypes) {
        const actor = await actorClass().create({ name: spec.type, type: spec.type });
        const token = actor.toObject().prototypeToken as Record<string, { attribute?: string }> | undefined;
        const bar1 = token?.bar1?.attribute;
        if (!spec.trackable?.bar?.length) {
          expect(bar1, spec.type).toBeUndefined();
          continue;
        }
        expect(bar1, spec.type).toBe(spec.trackable.bar[0]);
        const field = models[spec.type]?.schema.getField(String(bar1)) as SchemaField | undefined;
        expect(field?.has("value") && field.has("max"), `${spec.type} ${String(bar1)}`).toBe(true);
      }
    }
  });

  it("keeps a bar the creation data chose", async () => {
    const actor = await actorClass().create({
      name: "Aude",
      type: "sj-personnage",
      prototypeToken: { bar1: { attribute: "armourPoints" } },
    });
    expect(actor.toObject().prototypeToken).toMatchObject({
      bar1: { attribute: "armourPoints" },
      bar2: { attribute: "armourPoints" },
    });
  });
});

describe("linked tokens of player characters", () => {
  // Foundry's prototype token is unlinked by default: a dropped character would be a synthetic actor.
  const PLAYER_CHARACTERS = ["trinite", "personnage", "heros", "archetype", "sj-personnage"];

  it("links the token of every player-character type a player creates, and of no other type", async () => {
    const types = allRulesets().flatMap((d) => d.actorTypes.map((t) => t.type));
    expect(types).toEqual(expect.arrayContaining(PLAYER_CHARACTERS));
    for (const type of types) {
      // As player1, from the sidebar: Foundry's creation data holds a name and a type, no token.
      const actor = await actorClass().create({ name: type, type });
      const token = actor.toObject().prototypeToken as { actorLink?: boolean } | undefined;
      expect(token?.actorLink === true, type).toBe(PLAYER_CHARACTERS.includes(type));
    }
  });

  it("keeps the link the creation data chose (an imported or duplicated actor)", async () => {
    const actor = await actorClass().create({ name: "Copie", type: "heros", prototypeToken: { actorLink: false } });
    expect(actor.toObject().prototypeToken).toMatchObject({ actorLink: false });
  });
});
