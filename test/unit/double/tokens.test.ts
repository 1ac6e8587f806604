/**
 * Tokens and scenes on the double (test/double/tokens.ts, scenes.ts): linked tokens read and write the world actor,
 * unlinked ones a synthetic actor whose writes land on the token's delta; uuids resolve into scenes; targets are
 * placed tokens. And the product's side: a player's character dropped on a scene is linked, so damage to its token
 * reaches the sheet.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor } from "../../double/index.ts";
import { asGM, doubleState, resetFoundryDouble, settle } from "../../double/index.ts";
import {
  asClient,
  installClients,
  setPermission,
  targetsOf,
  USER_ROLES,
  type DoubleCombat,
} from "../../double/shared-core.ts";
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

  it("an unlinked token's synthetic actor follows later edits of its base actor, its delta still on top", async () => {
    // fvtt-types: TokenDocument `delta` "stores the differences between this token and the base actor it represents";
    // Actor#_updateDependentTokens "Update the active TokenDocument instances which represent this Actor", forwarding
    // to TokenDocument#_onUpdateBaseActor ("When the base Actor for a TokenDocument changes, we may need to update its
    // Actor instance"), which runs ActorDelta#updateSyntheticActor ("with changes from the delta or the base Actor").
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const token = await asGM(() => dropToken(createScene(), orc));
    const synthetic = token.actor!;
    await asGM(() => synthetic.update({ "system.vie.value": 1 }));
    const melee = (a: DoubleActor) =>
      (a.system as unknown as { competences: { melee: { base: number } } }).competences.melee.base;
    await asGM(() => orc.update({ name: "Orc chef", "system.competences.melee.base": 4, "system.vie.value": 3 }));
    await settle();
    // The same synthetic actor, on every client: the base actor's new values, the delta's own value kept.
    for (const user of ["gm", "player1"])
      asClient(user, () => {
        expect(token.actor).toBe(synthetic);
        expect([synthetic.name, melee(synthetic), vie(synthetic)]).toEqual(["Orc chef", 4, 1]);
      });
    expect(vie(orc)).toBe(3);
    expect(token.document.delta).toEqual({ system: { vie: { value: 1 } } });
  });

  it("a combatant of an unlinked token stands for its synthetic actor: a write through it lands on the delta", async () => {
    // fvtt-types Combatant#actor "A reference to the Actor document which this Combatant represents", Combatant#token
    // "A reference to the Token document which this Combatant represents".
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const token = await asGM(() => dropToken(createScene(), orc));
    const Combat = CONFIG.Combat.documentClass as unknown as { create(d: object): Promise<DoubleCombat> };
    const combat = await asGM(() => Combat.create({}));
    const [combatant] = await asGM(() =>
      combat.createEmbeddedDocuments("Combatant", [{ tokenId: token.id, actorId: orc.id, name: "Orc" }]),
    );
    expect(combatant!.actor).toBe(token.actor);
    const before = vie(orc);
    await asGM(() => (combatant!.actor as DoubleActor).update({ "system.vie.value": 1 }));
    await settle();
    expect([vie(token.actor), vie(orc)]).toEqual([1, before]);
  });

  it("a player may not write through a token of an actor they do not own", async () => {
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const token = await asGM(() => dropToken(createScene(), orc));
    await expect(asClient("player1", () => token.actor!.update({ "system.vie.value": 0 }))).rejects.toThrow(
      /permission/,
    );
  });
});

describe("token writes through the server (BaseToken metadata: TOKEN_CREATE, TOKEN_DELETE, update by an owner)", () => {
  it("createToken, updateToken and deleteToken run on every client with the writer's id", async () => {
    const seen: string[] = [];
    for (const hook of ["createToken", "updateToken", "deleteToken"])
      doubleState().hooks.on(
        hook,
        (...args: unknown[]) => void seen.push(`${hook}:${game.user?.id}:${String(args[args.length - 1])}`),
      );
    const orc = await asGM(() => actorClass().create({ name: "Orc", type: "humain" }));
    const scene = createScene();
    const token = await asGM(() => dropToken(scene, orc));
    await asGM(() => token.document.update({ name: "Orc 2" }));
    await asGM(() => token.document.delete());
    expect(seen).toEqual([
      "createToken:gm:gm",
      "createToken:player1:gm",
      "updateToken:gm:gm",
      "updateToken:player1:gm",
      "deleteToken:gm:gm",
      "deleteToken:player1:gm",
    ]);
    expect(scene.tokens.size).toBe(0);
  });

  it("a player may not drop a token (TOKEN_CREATE is an Assistant's by default) unless the GM grants it", async () => {
    const hero = await asGM(() =>
      actorClass().create({ name: "Ysolde", type: "trinite", ownership: { default: 0, player1: 3 } } as object),
    );
    const scene = createScene();
    await expect(asClient("player1", () => dropToken(scene, hero))).rejects.toThrow(/lacks permission to create Token/);
    setPermission("TOKEN_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
    const token = await asClient("player1", () => dropToken(scene, hero));
    await expect(asClient("player1", () => token.document.delete())).rejects.toThrow(
      /lacks permission to delete Token/,
    );
  });
});

describe("a player's character on the table", () => {
  it("is linked when dropped: damage to its targeted token reaches the sheet", async () => {
    // The player creates the character from the sidebar (the table grants players ACTOR_CREATE, an Assistant's right
    // by default); the GM drops it on the scene.
    setPermission("ACTOR_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
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
