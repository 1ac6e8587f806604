/**
 * Issue 33, SYSTEMJ at a whole table, in French and in English: one action or one movement per round, bound by the
 * card each fighter revealed and by the count, played as the players and the GM from their own clients (the tracker's
 * choice and reveal buttons, sheet buttons, token moves); the GM's override, also from an unlinked creature's sidebar
 * actor; "Appliquer les dégâts" drawn only for the fight's sides; the Chronoste's record of what passed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { doubleState, type DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage, type DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseFor, revealChoices } from "../../src/foundry/systemj/combat.ts";
import { ChronosteApp } from "../../src/foundry/systemj/chronoste.ts";
import { SETTING_CHRONOSTE } from "../../src/foundry/systemj/settings.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  answering,
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  dropCast,
  lastMessage,
  messages,
  openSheet,
  openTable,
  seeCard,
  startEncounter,
  tracker,
  turnOrder,
  type Cast,
  type OpenSheet,
  type Table,
} from "./table.ts";

const LANGS = [
  {
    lang: "fr",
    actionSpent: "Aude a déjà agi ce tour : une action par tour (le MJ peut passer outre).",
    attackRefused: "Bertil a révélé Mouvement ce tour : pas d'attaque (le MJ peut passer outre).",
    moveSpent: "Bertil s'est déjà déplacé ce tour : un mouvement par tour (le MJ peut passer outre).",
    moveRefused: "Aude a révélé Action ce tour : l'action immobilise, pas de déplacement (le MJ peut passer outre).",
    bearSpent: "Ours a déjà agi ce tour : une action par tour (le MJ peut passer outre).",
    record: "Le temps passe (Chronoste)",
    moveAfterAction:
      "Bertil a déjà agi ce tour : une action ou un mouvement par tour, pas les deux (le MJ peut passer outre).",
    actionAfterMove:
      "Aude s'est déjà déplacé ce tour : une action ou un mouvement par tour, pas les deux (le MJ peut passer outre).",
  },
  {
    lang: "en",
    actionSpent: "Aude already took this round's action: one action per round (the GM may override).",
    attackRefused: "Bertil revealed Movement this round: no attack (the GM may override).",
    moveSpent: "Bertil already moved this round: one movement per round (the GM may override).",
    moveRefused: "Aude revealed Action this round: an action keeps them in place, no movement (the GM may override).",
    bearSpent: "Ours already took this round's action: one action per round (the GM may override).",
    record: "Time passes (Chronoste)",
    moveAfterAction:
      "Bertil already took this round's action: one action or one movement per round, not both (the GM may override).",
    actionAfterMove:
      "Aude already moved this round: one action or one movement per round, not both (the GM may override).",
  },
] as const;

const lastNote = () => doubleState().notifications.at(-1)?.message;
const exchangeOf = (m: DoubleChatMessage) => (cardOf(m).data as { exchange: Record<string, unknown> }).exchange;
type Movable = { document: { x?: number; update(changes: object): Promise<unknown> } };

describe.each(LANGS)("SYSTEMJ, issue 33 at the table ($lang)", (t) => {
  let table: Table;
  let cast: Cast;
  let aude: DoubleActor;
  let ours: DoubleActor;
  const tokens: Record<string, DoubleToken> = {};
  const sheets: Record<string, OpenSheet> = {};
  let combat: DoubleCombat;
  const combatantId = (name: string) => combat.combatants.contents.find((c) => c.name === name)!.id;
  /** A user drags a token on the canvas (Foundry's token update of x, on that user's client). */
  const drag = async (user: string, name: string, x: number) => {
    await asClient(user, () => (tokens[name] as unknown as Movable).document.update({ x }));
    await settle();
  };
  const xOf = (name: string) => (tokens[name] as unknown as Movable).document.x;

  beforeAll(async () => {
    table = await openTable("systemj", { lang: t.lang });
  });

  describe.sequential("a fight", { timeout: 60_000 }, () => {
    it("the fight starts; in the tracker each side picks its card and the GM reveals them", async () => {
      cast = await createCast({
        characters: { type: "sj-personnage", names: ["Aude", "Bertil"] },
        npc: { type: "creature", name: "Ours" },
      });
      [aude] = cast.characters;
      ours = cast.npc!;
      Object.assign(tokens, await dropCast(table, cast));
      sheets.aude = await openSheet("player1", aude);
      sheets.bertil = await openSheet("player2", cast.characters[1]);
      combat = await startEncounter(Object.values(tokens));
      for (const [user, name, face] of [
        ["player1", "Aude", 12],
        ["player2", "Bertil", 35],
      ] as const) {
        chooseDice(face);
        await answering({}, () => asClient(user, () => combat.rollInitiative([combatantId(name)])));
        await settle();
      }
      chooseDice(60);
      await tracker(combat, "rollNPC");
      await tracker(combat, "startCombat");
      expect(turnOrder(combat)).toMatchObject({ round: 1, order: ["Bertil", "Aude", "Ours"] });
      // The tracker's choice buttons, each on its user's client; then the GM's reveal.
      await asClient("player1", () => chooseFor(combat as never, combatantId("Aude"), "action"));
      await asClient("player2", () => chooseFor(combat as never, combatantId("Bertil"), "mouvement"));
      await asClient("gm", () => chooseFor(combat as never, combatantId("Ours"), "action"));
      await settle();
      expect((await asClient("gm", () => revealChoices(combat as never, false))).status).toBe("applied");
      await settle();
      expect(facesLeft()).toBe(0);
    });

    it("Aude's player attacks the bear once; her second attack in the round is refused before any die", async () => {
      targetsOf("player1").add(tokens.Ours!);
      chooseDice(30);
      await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
      const fight = lastMessage();
      expect(exchangeOf(fight)).toMatchObject({ phase: "defence", attacker: { uuid: aude.uuid } });
      const before = messages().length;
      await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
      targetsOf("player1").clear();
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.actionSpent);
      // Her card revealed Action: she may not move either.
      const x = xOf("Aude");
      await drag("player1", "Aude", (x ?? 0) + 100);
      expect(xOf("Aude")).toBe(x);
      expect(lastNote()).toBe(t.moveRefused);
      // The bear does not defend: hit. Bertil's player sees neither the damage nor its application.
      await clickCard("gm", fight, "systemj.noDefence");
      chooseDice(2);
      await clickCard("player1", fight, "systemj.damage");
      expect(await buttonsByUser(fight)).toEqual({
        gm: ["systemj.applyDamage"],
        player1: ["systemj.applyDamage"],
        player2: [],
      });
      expect(facesLeft()).toBe(0);
    });

    it("Bertil revealed Movement: no attack; one move, the second refused", async () => {
      targetsOf("player2").add(tokens.Ours!);
      const before = messages().length;
      await clickSheet(sheets.bertil!, "attack", { mode: "throw" });
      targetsOf("player2").clear();
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.attackRefused);
      const x = xOf("Bertil") ?? 0;
      await drag("player2", "Bertil", x + 100);
      expect(xOf("Bertil")).toBe(x + 100);
      await drag("player2", "Bertil", x + 200);
      expect(xOf("Bertil")).toBe(x + 100);
      expect(lastNote()).toBe(t.moveSpent);
      // The GM moves him anyway (the GM's moves are never refused).
      await drag("gm", "Bertil", x + 200);
      expect(xOf("Bertil")).toBe(x + 200);
    });

    it("the bear attacks once; a second attack, even from its sidebar actor, needs the GM's override", async () => {
      sheets.bear = await openSheet("gm", tokens.Ours!.actor!);
      targetsOf("gm").add(tokens.Aude!);
      chooseDice(95);
      await clickSheet(sheets.bear, "attack", { mode: "meleeForce" });
      expect(exchangeOf(lastMessage())).toMatchObject({ attacker: { uuid: tokens.Ours!.actor!.uuid } });
      // The unlinked bear's sidebar actor answers for its token: the override box, unticked, refuses.
      sheets.sidebarBear = await openSheet("gm", ours);
      const before = messages().length;
      await clickSheet(sheets.sidebarBear, "attack", { mode: "meleeForce" });
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.bearSpent);
      chooseDice(95);
      await clickSheet(sheets.sidebarBear, "attack", { mode: "meleeForce" }, { values: { roundOverride: true } });
      targetsOf("gm").clear();
      expect(messages().length).toBe(before + 1);
      expect(facesLeft()).toBe(0);
    });

    it("round 2: the cards are chosen again; what round 1 used is spent no longer", async () => {
      await tracker(combat, "nextRound");
      await asClient("player1", () => chooseFor(combat as never, combatantId("Aude"), "action"));
      await asClient("player2", () => chooseFor(combat as never, combatantId("Bertil"), "mouvement"));
      await asClient("gm", () => chooseFor(combat as never, combatantId("Ours"), "action"));
      await settle();
      await asClient("gm", () => revealChoices(combat as never, false));
      await settle();
      targetsOf("player1").add(tokens.Ours!);
      chooseDice(30);
      const before = messages().length;
      await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
      targetsOf("player1").clear();
      expect(messages().length).toBe(before + 1);
      const x = xOf("Bertil") ?? 0;
      await drag("player2", "Bertil", x + 100);
      expect(xOf("Bertil")).toBe(x + 100);
      expect(facesLeft()).toBe(0);
    });

    it("round 3: what a fighter does before the reveal counts: an attack then a move, or a move then an attack, is refused", async () => {
      await tracker(combat, "nextRound");
      await asClient("player1", () => chooseFor(combat as never, combatantId("Aude"), "action"));
      await asClient("player2", () => chooseFor(combat as never, combatantId("Bertil"), "mouvement"));
      await settle();
      // Before the reveal nothing is bound yet: Bertil throws at the bear (the GM says it does not see it coming) and
      // Aude's player drags her token.
      targetsOf("player2").add(tokens.Ours!);
      chooseDice(5);
      await clickSheet(sheets.bertil!, "attack", { mode: "throw" });
      targetsOf("player2").clear();
      await clickCard("gm", lastMessage(), "systemj.sight", { aware: false });
      const audeX = xOf("Aude") ?? 0;
      await drag("player1", "Aude", audeX + 100);
      expect(xOf("Aude")).toBe(audeX + 100);
      await asClient("gm", () => chooseFor(combat as never, combatantId("Ours"), "action"));
      await settle();
      await asClient("gm", () => revealChoices(combat as never, false));
      await settle();
      // Revealed: Bertil's movement, but he has thrown; Aude's action, but she has moved. One or the other, not both.
      const bertilX = xOf("Bertil") ?? 0;
      await drag("player2", "Bertil", bertilX + 100);
      expect(xOf("Bertil")).toBe(bertilX);
      expect(lastNote()).toBe(t.moveAfterAction);
      targetsOf("player1").add(tokens.Ours!);
      const before = messages().length;
      await clickSheet(sheets.aude!, "attack", { mode: "meleeForce" });
      targetsOf("player1").clear();
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.actionAfterMove);
      expect(facesLeft()).toBe(0);
    });

    it("the GM names Bertil's player Chronoste: his hour on the clock posts a public record everyone reads", async () => {
      await asClient("gm", () => game.settings?.set("quintette", SETTING_CHRONOSTE, "player2"));
      await settle();
      const app = new ChronosteApp() as unknown as {
        render(): Promise<unknown>;
        runAction(a: string, e: unknown, target: unknown): Promise<unknown>;
      };
      const before = messages().length;
      await asClient("player2", () => app.render());
      await asClient("player2", () => app.runAction("advance", {}, { dataset: { seconds: "3600" } }));
      await settle();
      expect(messages().length).toBe(before + 1);
      const record = lastMessage();
      expect(record.author?.id).toBe("gm");
      expect(cardOf(record)).toMatchObject({ kind: "time", data: { back: false, span: { hours: 1 } } });
      for (const user of ["gm", "player1", "player2"] as const)
        expect((await seeCard(user, record)).html).toContain(t.record);
    });
  });
});
