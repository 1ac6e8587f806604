/**
 * Each document type's look (src/foundry/data/artwork.ts): a type icon registered at init and default artwork that a
 * new actor or item of that type gets when its creation data names no image, for every type of every rule set.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { doubleState, resetFoundryDouble, setDoubleUser, setPermission, USER_ROLES } from "../../double/index.ts";
import { initQuintette } from "../../../src/index.ts";
import { allRulesets } from "../../../src/foundry/ruleset.ts";
import { TYPE_ICONS, typeArtwork } from "../../../src/foundry/data/artwork.ts";

const root = join(import.meta.dirname, "..", "..", "..");
const fontAwesome = readFileSync(
  join(root, "node_modules", "@fortawesome", "fontawesome-free", "css", "all.css"),
  "utf8",
);

interface Created {
  img: string;
  toObject(): Record<string, unknown>;
}
interface Creatable {
  create(data: object, options?: object): Promise<Created>;
}
const actorClass = () => CONFIG.Actor.documentClass as unknown as Creatable;
const itemClass = () => CONFIG.Item.documentClass as unknown as Creatable;
const actorTypes = () => allRulesets().flatMap((d) => d.actorTypes.map((t) => t.type));
const itemTypes = () => allRulesets().flatMap((d) => d.itemTypes.map((t) => t.type));

beforeEach(() => {
  resetFoundryDouble();
  initQuintette();
  // Players create their characters and items from the sidebar: the table grants them both rights.
  setPermission("ACTOR_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
  setPermission("ITEM_CREATE", [USER_ROLES.PLAYER, USER_ROLES.TRUSTED, USER_ROLES.ASSISTANT]);
  setDoubleUser("player1");
});

describe("type icons and artwork", () => {
  it("gives every actor and item type of every rule set an icon at init, a Font Awesome class that exists", () => {
    const { CONFIG: config } = doubleState();
    const registered = {
      Actor: config.Actor.typeIcons as Record<string, string>,
      Item: config.Item.typeIcons as Record<string, string>,
    };
    expect(actorTypes().length).toBeGreaterThan(5);
    for (const [documentName, types] of [
      ["Actor", actorTypes()],
      ["Item", itemTypes()],
    ] as const) {
      for (const type of types) {
        const icon = registered[documentName][type];
        expect(icon, `${documentName} ${type}`).toMatch(/^fa-solid fa-[a-z-]+$/);
        const name = icon!.split(" ")[1]!;
        expect(fontAwesome, `${type}: ${name}`).toMatch(new RegExp(`\\.${name}\\s*\\{`));
      }
    }
    // Nothing beyond the declared types.
    expect(Object.keys(TYPE_ICONS).sort()).toEqual([...actorTypes(), ...itemTypes()].sort());
  });

  it("draws every type's artwork as a small self-contained SVG under assets/types", () => {
    for (const type of [...actorTypes(), ...itemTypes()]) {
      const path = typeArtwork(type);
      expect(path, type).toBe(`systems/quintette/assets/types/${type}.svg`);
      const file = join(root, "assets", "types", `${type}.svg`);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, "utf8");
      expect(svg, type).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 128 128">/);
      // Nothing fetched from elsewhere, nothing run.
      expect(svg, type).not.toMatch(/href|<script|url\(/i);
      expect(svg.length, type).toBeLessThan(4000);
    }
    expect(typeArtwork("base")).toBeUndefined();
    expect(typeArtwork(undefined)).toBeUndefined();
  });

  it("a new actor of each type gets its type's artwork as portrait and token, and a new item of each type its own", async () => {
    for (const type of actorTypes()) {
      const actor = await actorClass().create({ name: type, type });
      expect(actor.img, type).toBe(typeArtwork(type));
      expect(actor.toObject().prototypeToken, type).toMatchObject({ texture: { src: typeArtwork(type) } });
    }
    for (const type of itemTypes()) {
      const item = await itemClass().create({ name: type, type });
      expect(item.img, type).toBe(typeArtwork(type));
    }
  });

  it("an item made on an actor gets its artwork too, and an image the creation data chose is kept", async () => {
    const hero = await actorClass().create({ name: "Alrik", type: "heros", img: "worlds/w/alrik.webp" });
    expect(hero.img).toBe("worlds/w/alrik.webp");
    expect(hero.toObject().prototypeToken).toMatchObject({ texture: { src: "worlds/w/alrik.webp" } });
    const owned = (
      await (
        hero as unknown as { createEmbeddedDocuments(n: string, d: object[]): Promise<Created[]> }
      ).createEmbeddedDocuments("Item", [{ name: "Sabre", type: "on-arme-melee" }])
    )[0]!;
    expect(owned.img).toBe(typeArtwork("on-arme-melee"));
    const chosen = await itemClass().create({ name: "Dague", type: "on-arme-melee", img: "icons/svg/sword.svg" });
    expect(chosen.img).toBe("icons/svg/sword.svg");
  });
});
