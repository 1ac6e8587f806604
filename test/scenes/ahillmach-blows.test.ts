/**
 * Ahill-Mach's fourth table pass (issue 33) played at a whole table, in French and in English: Kael's player shoots
 * a Salve from the sheet and picks "several tries" on the card: a piece of his ammunition is gone, and with none left
 * the pick is refused; his Tailler en pièces then takes the Brute out, and the damage card offers the Brute's morale
 * to the GM, who rolls it; the sheet's penchant line reads with the language's own punctuation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  dropCast,
  expectCardsSameFromStore,
  forceCardAction,
  lastMessage,
  messages,
  openSheet,
  openTable,
  rerender,
  seeCard,
  type OpenSheet,
  type Table,
} from "./table.ts";

type Hp = { hp: { value: number; max: number } };
const hp = (a: DoubleActor | null | undefined) => (a?.system as unknown as Hp | undefined)?.hp.value;

describe.each(["fr", "en"] as const)("Ahill-Mach's blows at a whole table (%s, issue 33)", (lang) => {
  let table: Table;
  let kael: DoubleActor;
  let sheet: OpenSheet;
  const tokens: Record<string, DoubleToken> = {};
  const t = (key: string) => table.state.game.i18n.localize(key);
  /** The move button of Kael's sheet, by the move's key, whatever the language names it. */
  const moveRoll = (moveId: string) => {
    const item = kael.items.contents.find((i) => (i.system as { moveId?: string }).moveId === moveId)!;
    return `move:${item.id}`;
  };
  const arrows = () =>
    (kael.items.contents.find((i) => i.name === "Flèches")!.system as unknown as { quantity: number }).quantity;

  beforeAll(async () => {
    table = await openTable("ahillmach", { lang });
  });

  describe.sequential("the table", { timeout: 60_000 }, () => {
    it("the players create their characters, the GM an opponent; everyone on the scene; Kael takes one arrow", async () => {
      const cast = await createCast({
        characters: { type: "personnage", names: ["Kael", "Mira"] },
        npc: { type: "opposant", name: "Brute" },
      });
      [kael] = cast.characters;
      Object.assign(tokens, await dropCast(table, cast));
      await asClient("player1", () =>
        kael.createEmbeddedDocuments("Item", [
          { name: "Flèches", type: "am-equipement", system: { kind: "objet", tags: "munitions", quantity: 1 } },
        ] as never),
      );
      await settle();
      sheet = await openSheet("player1", kael);
    });

    it("Kael's player picks Salve's several tries on the card: his arrow is spent; with none left the pick is greyed out, and refused when forced", async () => {
      const shoot = async () => {
        targetsOf("player1").add(tokens.Brute!);
        // 5 + 6 = 11: a partial success, one option to pick.
        chooseDice(5, 6);
        await clickSheet(sheet, "roll", { roll: moveRoll("salve") });
        targetsOf("player1").clear();
        const card = lastMessage();
        expect(cardOf(card)).toMatchObject({ rollerId: "player1", data: { band: "partielle", picks: 1 } });
        return card;
      };
      const first = await shoot();
      expect((await buttonsByUser(first)).player1).toContain("ahillmach.pick");
      await clickCard("player1", first, "ahillmach.pick", { key: "munition" });
      expect(arrows()).toBe(0);
      expect(await forceCardAction("player1", first, "ahillmach.pick", { key: "munition" })).not.toBe("applied");
      expect(arrows()).toBe(0);

      // With none left the option is greyed out on the card, saying why, for the player and the GM alike.
      const second = await shoot();
      for (const user of ["player1", "gm"] as const) {
        const seen = await seeCard(user, second);
        const munition = seen.buttons.find((b) => b.action === "ahillmach.pick" && b.args.includes("munition"));
        expect(munition?.disabled, `${user}'s several tries`).toBe(true);
        expect(seen.html).toContain(t("QUINTETTE.AhillMach.Card.NoAmmunition").replaceAll('"', "&quot;"));
      }
      // A page that sends the pick anyway is refused by the GM's client, which reads the shooter's items itself.
      expect(await forceCardAction("player1", second, "ahillmach.pick", { key: "munition" })).not.toBe("applied");
      expect(arrows()).toBe(0);
      const options = (cardOf(second).data as { options: { id: string; chosen: boolean }[] }).options;
      expect(options.filter((o) => o.chosen)).toEqual([]);
      // Two arrows bought: the card offers several tries again on every page, without a new roll.
      const quiver = kael.items.contents.find((i) => i.name === "Flèches")!;
      await asClient("player1", () => quiver.update({ "system.quantity": 2 } as never));
      await settle();
      for (const user of ["player1", "gm"] as const) {
        const seen = await seeCard(user, second);
        const munition = seen.buttons.find((b) => b.action === "ahillmach.pick" && b.args.includes("munition"));
        expect(munition?.disabled, `${user}'s several tries, arrows bought`).toBe(false);
      }
      await clickCard("player1", second, "ahillmach.pick", { key: "munition" });
      expect(arrows()).toBe(1);
      expect(facesLeft()).toBe(0);
    });

    it("Kael's blow takes the Brute out: the damage card offers its morale to the GM alone, who rolls it", async () => {
      const fallen = tokens.Brute!.actor!;
      targetsOf("player1").add(tokens.Brute!);
      // 10 + 9: a total success.
      chooseDice(10, 9);
      await clickSheet(sheet, "roll", { roll: moveRoll("taillerEnPieces") });
      const move = lastMessage();
      expect(cardOf(move)).toMatchObject({ data: { band: "totale" } });
      await clickCard("player1", move, "ahillmach.pick", { key: "plus1d6" });
      // 1d4 + 1d6 at their highest faces: 10, past the Brute's 6 hit points.
      chooseDice(4, 6);
      await clickCard("player1", move, "ahillmach.rollDamage");
      const damage = lastMessage();
      await clickCard("player1", damage, "ahillmach.applyToTargets");
      targetsOf("player1").clear();
      expect(hp(fallen)).toBe(0);
      const line = cardOf(damage).applied[0]!;
      expect(line.summary).toMatchObject({ key: "QUINTETTE.AhillMach.Damage.OpponentOut" });
      expect(line.followUp).toMatchObject({ action: "ahillmach.morale", done: false });
      const byUser = await buttonsByUser(damage);
      expect(byUser.gm).toContain("ahillmach.morale");
      expect(byUser.player1).not.toContain("ahillmach.morale");
      expect(byUser.player2).not.toContain("ahillmach.morale");
      expect((await seeCard("gm", damage)).html).toContain(t("QUINTETTE.AhillMach.Damage.RollMorale"));
      expect(await forceCardAction("player1", damage, "ahillmach.morale", { key: line.id })).toBe("denied");

      chooseDice(7, 6);
      await clickCard("gm", damage, "ahillmach.morale", { key: line.id });
      const morale = lastMessage();
      expect(morale.author?.id).toBe("gm");
      expect(cardOf(morale)).toMatchObject({ kind: "morale", actorUuid: fallen.uuid, data: { rollKind: "morale" } });
      expect(cardOf(damage).applied[0]!.followUp).toMatchObject({ done: true });
      await expectCardsSameFromStore(messages());
      expect(facesLeft()).toBe(0);
    });

    it("Kael's sheet writes the penchant line with the language's punctuation", async () => {
      await asClient("player1", () =>
        kael.update({ "system.scene": { active: true, mystique: 1, uses: 0, boosted: [], penchant: 3 } } as never),
      );
      const html = await rerender(sheet);
      expect(html).toContain(
        lang === "en" ? "Penchant points: <strong>3</strong>" : "Points de penchant : <strong>3</strong>",
      );
      if (lang === "en") expect(html).not.toContain("points :");
    });
  });
});
