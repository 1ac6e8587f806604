/**
 * Trinités' fourth table pass (issue 33) played at a whole table, in French and in English: the GM's Brute strikes,
 * the GM applies the blow from the card, then the target's player clicks React on the rendered card and wins: the hit
 * comes off again, done by the GM's side, and the card shows the reaction. Ties in the tracker: 7/4/4 with Aymeric's
 * score corrected by the GM in the tracker; his player's direct write to his initiative is put back to the GM's value;
 * the tied pair acts in one turn and the next Next turn opens round 2.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf, type DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { buildRollDialogContext, defaultValues } from "../../src/foundry/dialog/inputs.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import { DialogV2 } from "../double/applications.ts";
import {
  buttonsByUser,
  cardTree,
  clickCard,
  clickInCard,
  clickSheet,
  createCast,
  dialogsSeen,
  dropCast,
  editSheet,
  expectCardsSameFromStore,
  forceCardAction,
  lastMessage,
  messages,
  openSheet,
  openTable,
  rerender,
  rollInitiativeAs,
  seeCard,
  startEncounter,
  tracker,
  turnOrder,
  type Table,
} from "./table.ts";

describe.each(["fr", "en"] as const)("Trinités' blows and ties at a whole table (%s, issue 33)", (lang) => {
  let table: Table;
  let aymeric: DoubleActor;
  let combat: DoubleCombat;
  const tokens: Record<string, DoubleToken> = {};
  const t = (key: string) => table.state.game.i18n.localize(key);
  const life = () => (aymeric.system as unknown as { vie: { value: number } }).vie.value;
  const world = (id: string) => messages().find((m) => m.id === id)!;

  beforeAll(async () => {
    table = await openTable("trinites", { lang });
  });

  describe.sequential("the table", { timeout: 60_000 }, () => {
    it("the players create their Trinités, the GM arms a humain and drops everyone on the scene", async () => {
      const cast = await createCast({
        characters: { type: "trinite", names: ["Ysolde", "Aymeric"] },
        npc: { type: "humain", name: "Brute" },
      });
      [, aymeric] = cast.characters;
      await asClient("gm", () =>
        cast.npc!.createEmbeddedDocuments("Item", [
          { name: "Gourdin", type: "tr-arme", system: { degats: 3, competence: "melee" } },
        ] as never),
      );
      await settle();
      Object.assign(tokens, await dropCast(table, cast));
    });

    it("the GM applies the Brute's blow; Aymeric's player then reacts on the card and his dodge wins: the hit comes off", async () => {
      const brute = tokens.Brute!.actor!;
      const club = brute.items.contents.find((i) => i.name === "Gourdin")!;
      const target = aymeric.uuid;
      const hp = life();
      const sheet = await openSheet("gm", brute);
      targetsOf("gm").add(tokens.Aymeric!);
      // A humain rolls one die: 12 then 1, final 13, a hit.
      chooseDice(12, 1);
      await clickSheet(sheet, "roll", { roll: `weapon:${club.id}` }, { values: { combatAction: "frapper" } });
      targetsOf("gm").clear();
      // The dialog as it rendered for Frapper: no advanced action's second penalty (it shows for Désarmer).
      const shown = (combatAction: string) => {
        const { config } = dialogsSeen.at(-1)!;
        const values = { ...defaultValues(config.inputs), combatAction };
        return buildRollDialogContext(config, values, "publicroll", [])
          .inputs.filter((i) => !i.hidden)
          .map((i) => i.name);
      };
      expect(shown("frapper")).not.toContain("penalty2");
      expect(shown("desarmer")).toContain("penalty2");
      const strike = lastMessage();
      expect(cardOf(strike)).toMatchObject({
        outcome: { tone: "success" },
        data: { setup: { combatAction: "frapper" } },
      });
      // The damage is the GM's and Aymeric's player's to apply: greyed out for Ysolde's player, saying why.
      expect(await buttonsByUser(strike)).toEqual({
        gm: ["trinites.damage"],
        player1: [],
        player2: ["trinites.damage"],
      });
      const tooltip = /<button[^>]*data-action="trinites\.damage"[^>]*data-tooltip="([^"]*)"/.exec(
        (await seeCard("player1", strike)).html,
      )?.[1];
      expect(tooltip?.replaceAll("&#x27;", "'")).toBe(t("QUINTETTE.Card.LockedOwner"));
      // The GM applies it at once, from the card: Aymeric loses the club's 3.
      await clickCard("gm", strike, "trinites.damage", { key: target });
      expect(life()).toBe(hp - 3);
      expect(cardOf(strike).applied).toMatchObject([{ targetUuid: target, userId: "gm", undone: false }]);

      // React is still Aymeric's to click, on the card in his own chat log: a declared reaction may still stop the hit.
      expect((await seeCard("player2", world(strike.id))).html).toContain(`data-trinites-react="${target}"`);
      const card = await cardTree("player2", world(strike.id));
      const react = card.tree.querySelector(`[data-trinites-react="${target}"]`)!;
      // The Deva die explodes (12, then 6): 18 against 13.
      chooseDice(12, 6, 2);
      await clickInCard("player2", card, react);
      const reaction = lastMessage();
      expect(reaction.author?.id).toBe("player2");
      // The reaction's dialog offers no free actions (they are the acting character's turn) nor the second penalty.
      const names = dialogsSeen.at(-1)!.config.inputs.map((i) => i.name);
      expect(names).not.toContain("freeActions");
      expect(names).toContain("engaged");
      await clickCard("player2", reaction, "trinites.pick", { spirit: "deva" });
      await settle();

      // The GM's side reverses the GM's own record as the rule's write: the hit is gone, the card says the dodge won.
      expect(life()).toBe(hp);
      expect(cardOf(world(strike.id))).toMatchObject({
        applied: [{ targetUuid: target, undone: true }],
        data: { opposition: [{ key: target, winner: "b" }] },
      });
      const html = (await seeCard("player2", world(strike.id))).html;
      expect(html).not.toContain(`data-trinites-react="${target}"`);
      // Nobody is offered the damage again, nor React.
      expect(await buttonsByUser(world(strike.id))).toEqual({ gm: [], player1: [], player2: [] });
      await expectCardsSameFromStore([world(strike.id), world(reaction.id)]);
      expect(facesLeft()).toBe(0);
    });

    it("the GM's Brute feints, then disarms, with its club's Attaquer button: no weapon damage is offered to anyone", async () => {
      const brute = tokens.Brute!.actor!;
      const club = brute.items.contents.find((i) => i.name === "Gourdin")!;
      const sheet = await openSheet("gm", brute);
      for (const [combatAction, values] of [
        ["feinter", {}],
        ["desarmer", { penalty2: "difficulte" }],
      ] as const) {
        targetsOf("gm").add(tokens.Aymeric!);
        // 12, 12, 6: 30, a success whatever the action's skill and difficulty.
        chooseDice(12, 12, 6);
        await clickSheet(sheet, "roll", { roll: `weapon:${club.id}` }, { values: { combatAction, ...values } });
        targetsOf("gm").clear();
        const m = lastMessage();
        expect(cardOf(m)).toMatchObject({
          outcome: { tone: "success" },
          data: { setup: { combatAction, weapon: null } },
        });
        const buttons = await buttonsByUser(m);
        for (const user of ["gm", "player1", "player2"] as const)
          expect(buttons[user]).not.toContain("trinites.damage");
        expect(await forceCardAction("gm", m, "trinites.damage", { key: aymeric.uuid })).not.toBe("applied");
      }
      expect(facesLeft()).toBe(0);
    });

    it("the tracker at 7/4/4: the GM corrects Aymeric's score, his player's own write is put back to it, the tie acts together", async () => {
      // The Brute joins first: the combat's own order of its combatants is not the turn order.
      combat = await startEncounter([tokens.Brute!, tokens.Ysolde!, tokens.Aymeric!]);
      const id = (name: string) => combat.combatants.contents.find((c) => c.name === name)!.id;
      const score = (name: string) =>
        (combat.combatants.get(id(name))!.system as unknown as { score: number | null }).score;
      const marks = () =>
        Object.fromEntries(
          combat.combatants.contents.map((c) => {
            const seat = c.system as unknown as { phase: string; marker: boolean };
            return [c.name, [c.initiative, seat.phase, seat.marker]];
          }),
        );
      // Ysolde's Deva explodes (12, 1): 13, score 7. Aymeric keeps his Archonte's 5: score 3. The Brute's 7: 4.
      chooseDice(12, 1, 2);
      await rollInitiativeAs("player1", combat, id("Ysolde"));
      await clickCard("player1", lastMessage(), "trinites.pick", { spirit: "deva" });
      chooseDice(3, 5);
      await rollInitiativeAs("player2", combat, id("Aymeric"));
      await clickCard("player2", lastMessage(), "trinites.pick", { spirit: "archonte" });
      chooseDice(7);
      await tracker(combat, "rollNPC");
      expect([combat.combatants.get(id("Aymeric"))!.initiative, score("Aymeric")]).toEqual([3, 3]);
      // The GM types 4 in Aymeric's initiative field of the tracker (a plain initiative write): his score now.
      await asClient("gm", () => combat.combatants.get(id("Aymeric"))!.update({ initiative: 4 }));
      await settle();
      expect(score("Aymeric")).toBe(4);
      // Aymeric's player writes his own initiative (a console, an old page): put back to the GM's 4.
      await asClient("player2", () => combat.combatants.get(id("Aymeric"))!.update({ initiative: 12 }));
      await settle();
      expect(marks()).toEqual({
        Ysolde: [7, "garde", false],
        Aymeric: [4, "garde", false],
        Brute: [4, "garde", false],
      });

      await tracker(combat, "startCombat");
      expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Ysolde" });
      // Ysolde's player ends her turn: the tied pair acts together, the pointer on one of them, on every client.
      await tracker(combat, "nextTurn", {}, "player1");
      expect(turnOrder(combat).round).toBe(1);
      expect(["Aymeric", "Brute"]).toContain(turnOrder(combat).current);
      expect(asClient("player2", () => combat.combatant?.name)).toBe(turnOrder(combat).current);
      expect(marks()).toEqual({
        Ysolde: [7, "garde", false],
        Aymeric: [4, "garde", true],
        Brute: [4, "garde", true],
      });
      // Nobody is left in the fire: the GM's Next turn opens round 2, Ysolde first again; nobody lost a turn.
      await tracker(combat, "nextTurn");
      expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Ysolde" });
      expect(marks()).toEqual({
        Ysolde: [7, "garde", true],
        Aymeric: [4, "feu", false],
        Brute: [4, "feu", false],
      });
      await tracker(combat, "nextTurn", {}, "player1");
      expect(turnOrder(combat).round).toBe(2);
      expect(marks().Aymeric).toEqual([4, "garde", true]);
      expect(marks().Brute).toEqual([4, "garde", true]);
      expect(facesLeft()).toBe(0);
    });

    it("Aymeric's player sets his Karma, takes the Brute's next blow, and regenerates from the Lumière pool he picks", async () => {
      const sys = () =>
        aymeric.system as unknown as {
          vie: { value: number; max: number };
          deva: { value: number };
          archonte: { value: number };
          adam: { value: number };
        };
      const sheet = await openSheet("player2", aymeric);
      // Deva 6, Archonte 2: a Lumière Adam' of 4; the reserves follow the scores set on the sheet.
      await editSheet(sheet, { "system.deva.max": 6, "system.archonte.max": 2 });
      expect([sys().deva.value, sys().archonte.value, sys().adam.value]).toEqual([6, 2, 4]);
      const brute = tokens.Brute!.actor!;
      const club = brute.items.contents.find((i) => i.name === "Gourdin")!;
      targetsOf("gm").add(tokens.Aymeric!);
      chooseDice(12, 1);
      await clickSheet(
        await openSheet("gm", brute),
        "roll",
        { roll: `weapon:${club.id}` },
        { values: { combatAction: "frapper" } },
      );
      targetsOf("gm").clear();
      await clickCard("gm", lastMessage(), "trinites.damage", { key: aymeric.uuid });
      expect(sys().vie.value).toBe(sys().vie.max - 3);
      // Endolori: Lumière may pay, from the Deva or the Adam'; the player is asked and picks the Adam'.
      await rerender(sheet);
      DialogV2.calls.length = 0;
      DialogV2.nextAnswer = "adam";
      let offered: string[][] = [];
      try {
        await clickSheet(sheet, "regenerate", { karma: "lumiere" });
        offered = DialogV2.calls.map((c) => (c.config.buttons as { action: string }[]).map((b) => b.action));
      } finally {
        DialogV2.reset();
      }
      expect(offered).toEqual([["deva", "adam"]]);
      expect(sys().vie.value).toBe(sys().vie.max);
      expect([sys().deva.value, sys().adam.value]).toEqual([6, 3]);
      expect(facesLeft()).toBe(0);
    });

    it("Aymeric falls unconscious; as the round ends the GM's card offers the Archonte's regeneration from each Ténèbres pool, and the GM's pick pays", async () => {
      const sys = () =>
        aymeric.system as unknown as {
          vie: { value: number; max: number };
          archonte: { value: number };
          adam: { value: number };
        };
      const sheet = await openSheet("player2", aymeric);
      // Deva 2, Archonte 8: a Ténèbres Adam'.
      await editSheet(sheet, { "system.deva.max": 2, "system.archonte.max": 8 });
      // The GM checks his life boxes on his sheet down to the third line: unconscious.
      const gmSheet = await openSheet("gm", aymeric);
      await clickSheet(gmSheet, "lifeBox", { index: "18" });
      const knocked = sys().vie.value;
      expect(knocked).toBeLessThanOrEqual(sys().vie.max - 17);
      const [archonte, adam] = [sys().archonte.value, sys().adam.value];
      expect(archonte).toBeGreaterThan(0);
      expect(adam).toBeGreaterThan(0);
      const count = messages().length;
      const round = combat.round;
      while (combat.round === round) await tracker(combat, "nextTurn");
      const offer = messages()
        .slice(count)
        .find((m) => cardOf(m).kind === "regeneration")!;
      // Whispered to the GM: the GM's decision for the Archonte, one button per Ténèbres pool holding a point.
      expect(await buttonsByUser(offer)).toEqual({
        gm: ["trinites.regenerate", "trinites.regenerate"],
        player1: [],
        player2: [],
      });
      expect(cardOf(offer).buttons.map((b) => b.args)).toEqual([{ pool: "archonte" }, { pool: "adam" }]);
      await clickCard("gm", offer, "trinites.regenerate", { pool: "adam" });
      expect([sys().vie.value, sys().archonte.value, sys().adam.value]).toEqual([knocked + 4, archonte, adam - 1]);
      expect(await buttonsByUser(offer)).toEqual({ gm: [], player1: [], player2: [] });
    });

    it("the cards speak the table's language: Archon in English, Archonte in French", async () => {
      const init = messages().find((m) => cardOf(m).kind === "initiative" && m.author?.id === "player2")!;
      const html = (await seeCard("player2", init)).html;
      expect(t("QUINTETTE.Trinites.Field.Archonte")).toBe(lang === "en" ? "Archon" : "Archonte");
      // The kept die is named on the card: the Archonte's in French, the Archon's in English, never the other word.
      expect(html).toMatch(lang === "en" ? /Archon\b/ : /Archonte/);
      expect(html).not.toMatch(lang === "en" ? /Archonte/ : /Archon\b/);
    });
  });
});
