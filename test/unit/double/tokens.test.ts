/**
 * Tokens and scenes on the double (test/double/tokens.ts, scenes.ts): linked tokens read and write the world actor,
 * unlinked ones a synthetic actor whose writes land on the token's delta; uuids resolve into scenes; targets are
 * placed tokens. And the product's side: a player's character dropped on a scene is linked, so damage to its token
 * reaches the sheet.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asGM, resetFoundryDouble } from "../../double/index.ts";
import { asClient, installClients, targetsOf } from "../../double/shared-core.ts";
import { createScene, createToken, dropToken } from "../../double/scenes.ts";
import type { DoubleTokenDocument } from "../../double/tokens.ts";
import { initQuintette } from "../../../src/index.ts";

type Creatable = { create(data: object): Promise<DoubleActor> };
const actorClass = () => CONFIG.Actor.documentClass as unknown as Creatable;
const vie = (a: DoubleActor | null) => (a?.system as { vie?: { value: number } } | undefined)?.vie?.value;

beforeEach(() => {
  installClients(resetFoundryDouble({ lang: "fr" }));
  initQuintette();
});

describe("tokens on the double", () => {
  it("a linked token's actor is the world actor; an unlinked one's writes go to its delta only", async () => {
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const scene = createScene();
    const [a, b] = await asGM(() => Promise.all([dropToken(scene, orc), dropToken(scene, orc)]));
    expect(a!.document.isLinked).toBe(false);
    const synthetic = a!.actor as DoubleActor & { isToken: boolean; token: DoubleTokenDocument };
    expect(synthetic).not.toBe(orc);
    expect([synthetic.isToken, synthetic.token, synthetic.id]).toEqual([true, a!.document, orc.id]);
    expect(synthetic.uuid).toBe(`Scene.${scene.id}.Token.${a!.id}.Actor.${orc.id}`);
    const before = vie(orc);
    await asGM(() => synthetic.update({ "system.vie.value": 1 }));
    expect(vie(synthetic)).toBe(1);
    expect(vie(orc)).toBe(before);
    expect(vie(b!.actor)).toBe(before);
    expect(a!.document.delta).toMatchObject({ system: { vie: { value: 1 } } });
    // fromUuid reaches the scene, the token and its synthetic actor.
    expect(await fromUuid(a!.document.uuid as never)).toBe(a!.document);
    expect(await fromUuid(synthetic.uuid as never)).toBe(synthetic);
    expect(await fromUuid(`Scene.${scene.id}.Token.nope` as never)).toBeNull();
    // A linked token (the link ticked) reads and writes the world actor.
    const linked = await asGM(() => createToken({ actorId: orc.id, actorLink: true, name: "Orc" }, { parent: scene }));
    expect(linked.actor).toBe(orc);
  });

  it("a player may not write through a token of an actor they do not own", async () => {
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const token = await asGM(() => dropToken(createScene(), orc));
    await expect(asClient("player1", () => token.actor!.update({ "system.vie.value": 0 }))).rejects.toThrow(
      /permission/,
    );
  });
});

describe("a player's character on the table", () => {
  it("is linked when dropped: damage to its targeted token reaches the sheet", async () => {
    // The player creates the character from the sidebar; the GM drops it on the scene.
    const hero = await asClient("player1", () => actorClass().create({ name: "Ysolde", type: "trinite" }));
    const token = await asGM(() => dropToken(createScene(), hero));
    expect(token.document.isLinked).toBe(true);
    // The GM targets it: what the damage action collects is the world actor's uuid.
    targetsOf("gm").add(token);
    const uuids = asClient("gm", () => [...(game.user?.targets ?? [])].map((t) => t.actor?.uuid));
    expect(uuids).toEqual([hero.uuid]);
    const target = (await fromUuid(hero.uuid as never)) as unknown as DoubleActor;
    await asGM(() => target.update({ "system.vie.value": 2 }));
    expect(vie(hero)).toBe(2);
  });
});
