/**
 * Issue 33, L'Œil Noir at a whole table, in French and in English: what a player could dodge and what a game night
 * tripped on, played as the players and the GM from their own clients (sheet buttons, card buttons, the tracker). The
 * AT/PRD split once made (not after the guide is opened again, not mid-fight), the armour's abbreviations, a first
 * attack on its own phase, the round's plan and Orientation's two actions, the frenzy toggle, the card's wording
 * ("Attaque d'Orc", whose AT), what a defence spends, the card's Volonté at low EV, the GM's close, a dying sheet,
 * and a long activity below 0 INI.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { doubleState, type DoubleActor } from "../double/index.ts";
import { asClient, settle, targetsOf, type DoubleChatMessage, type DoubleCombat } from "../double/shared-core.ts";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import { actionElements } from "./html.ts";
import {
  buttonsByUser,
  clickCard,
  clickSheet,
  createCast,
  dialogsSeen,
  dropCast,
  forceCardAction,
  editSheet,
  lastMessage,
  messages,
  openSheet,
  openTable,
  rerender,
  seeCard,
  sheetButton,
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
    armour: "PR 4 · Enc 4",
    notYourPhase: "Ce n'est pas la phase de ce combattant : agissez quand son tour vient dans le suivi de combat.",
    needsLong:
      "Deux actions nécessaires : déclarez une activité longue au début du round (sous 0 d'INI, une action par round).",
    planLong: "Activité longue déclarée ce round : ses actions y passent (le MJ peut autoriser un changement).",
    underway: "Une action engagée (1/2) : continuez au round suivant par une activité longue.",
    step: "Attaque d'Orc",
    against: "AT 12 de l'attaquant, contre Nadja",
    spends: "Votre seule défense de ce round : une seconde parade demande deux défenses déclarées",
    stand: "Volonté pour rester au combat (sous 1)",
    planLocked: "L'usage du round se déclare à son début : seul le MJ peut le changer maintenant.",
  },
  {
    lang: "en",
    armour: "AR 4 · Enc 4",
    notYourPhase: "Not this fighter's phase: act when its turn comes in the combat tracker.",
    needsLong:
      "Two actions needed: declare a long activity at the start of the round (below 0 INI, one action per round).",
    planLong: "A long activity declared this round: its actions go to it (the GM may allow a change).",
    underway: "One action put in (1/2): continue next round with a long activity.",
    step: "Orc's attack",
    against: "attacker's AT 12, against Nadja",
    spends: "Your one defence this round: a second parry needs two defences declared",
    stand: "Willpower to stay in the fight (under 1)",
    planLocked: "The round's plan is declared at its start: only the GM may change it now.",
  },
] as const;

const MAIL = { name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } };
const SWORD = { name: "Épée", type: "on-arme-melee", system: { skill: "epees" } };
const FRENETIQUE = { name: "Frénétique", type: "on-capacite", system: { key: "frenetique" } };
const SPLIT = 'name="system.skills.bagarre.toAttack"';

const lastNote = () => doubleState().notifications.at(-1)?.message;
const duelOf = (m: DoubleChatMessage) => (cardOf(m).data as { duel: Record<string, unknown> }).duel;
/** The bare-hands AT the sheet's Combat tab shows its user. */
const bareHandsAt = (sheet: OpenSheet) =>
  (
    sheet.app as unknown as { renderedParts: Record<string, { on?: { weapons?: { roll: string; at: number }[] } }> }
  ).renderedParts.combat?.on?.weapons?.find((w) => w.roll === "attack:sansArme")?.at;
const text = (html: string) => html.replace(/&#x27;|&#39;|&apos;/g, "'");

describe.each(LANGS)("L'Œil Noir, issue 33 at the table ($lang)", (t) => {
  let cast: Cast;
  let alrik: DoubleActor;
  let nadja: DoubleActor;
  const tokens: Record<string, DoubleToken> = {};
  const sheets: Record<string, OpenSheet> = {};
  let combat: DoubleCombat;
  let table: Table;
  let slip: DoubleChatMessage;
  const initiative = (name: string) => combat.combatants.contents.find((c) => c.name === name)?.initiative;

  beforeAll(async () => {
    table = await openTable("oeilnoir", { lang: t.lang });
  });

  describe.sequential("a fight", { timeout: 60_000 }, () => {
    it("the players build their héros: the split is picked while building, never after the guide is closed, even reopened", async () => {
      cast = await createCast({
        characters: { type: "heros", names: ["Alrik", "Nadja"] },
        npc: { type: "adversaire", name: "Orc" },
      });
      [alrik, nadja] = cast.characters;
      // Alrik's player drops his mail and Frénétique on his sheet.
      await asClient("player1", () => alrik.createEmbeddedDocuments("Item", [MAIL, FRENETIQUE]));
      // Nadja's player drops a sword on hers.
      await asClient("player2", () => nadja.createEmbeddedDocuments("Item", [SWORD]));
      await settle();
      sheets.alrik = await openSheet("player1", alrik);
      sheets.nadja = await openSheet("player2", nadja);
      expect(sheets.alrik.html).toContain(SPLIT);
      // Nadja's player gives Bagarre 4 points, 2 / 2, and closes her guide: the split is made.
      await editSheet(sheets.nadja, { "system.skills.bagarre.points": 4, "system.skills.bagarre.toAttack": 2 });
      await clickSheet(sheets.nadja, "creationDone");
      await rerender(sheets.nadja);
      expect(sheets.nadja.html).not.toContain(SPLIT);
      // She opens the guide again (the sheet's header menu): the split stays as made; a submitted one is dropped.
      await asClient("player2", () => sheets.nadja!.app.runAction("creationReopen", {}, null));
      await settle();
      await rerender(sheets.nadja);
      expect(sheets.nadja.html).toContain("q-creation");
      expect(sheets.nadja.html).not.toContain(SPLIT);
      await editSheet(sheets.nadja, { "system.skills.bagarre.toAttack": 4 });
      expect(nadja.toObject()).toMatchObject({ system: { skills: { bagarre: { points: 4, toAttack: 2 } } } });
      // The armour on Alrik's sheet, in the reader's abbreviations.
      expect(sheets.alrik.html).toContain(t.armour);
    });

    it("the fight starts: a héros still being built keeps his split while he fights; a first attack waits for its phase", async () => {
      Object.assign(tokens, await dropCast(table, cast));
      sheets.orc = await openSheet("gm", tokens.Orc!.actor!);
      await editSheet(sheets.orc, { "system.iniBase": 9 });
      combat = await startEncounter(Object.values(tokens));
      // Alrik 6 (INI base 10 − the mail's Enc 4) + 1, Nadja 10 + 2, the orc 9 + 6.
      chooseDice(1, 2, 6);
      for (const [user, name] of [
        ["player1", "Alrik"],
        ["player2", "Nadja"],
      ] as const) {
        const id = combat.combatants.contents.find((c) => c.name === name)!.id;
        await asClient(user, () => combat.rollInitiative([id]));
        await settle();
      }
      await tracker(combat, "rollNPC");
      await tracker(combat, "startCombat");
      expect(turnOrder(combat)).toEqual({ order: ["Orc", "Nadja", "Alrik"], round: 1, current: "Orc" });
      // Alrik never closed his guide, but he fights now: no split to rearrange, a submitted one is dropped.
      await rerender(sheets.alrik!);
      expect(sheets.alrik!.html).toContain("q-creation");
      expect(sheets.alrik!.html).not.toContain(SPLIT);
      await editSheet(sheets.alrik!, { "system.skills.bagarre.points": 6, "system.skills.bagarre.toAttack": 6 });
      expect(alrik.toObject()).toMatchObject({ system: { skills: { bagarre: { points: 0, toAttack: 0 } } } });
      // The orc's turn: Alrik's player attacks it anyway, from his sheet. Refused before any die: not his phase.
      targetsOf("player1").add(tokens.Orc!);
      const before = messages().length;
      await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.notYourPhase);
      // At the start of the round, before acting, he declares a long activity.
      await clickSheet(sheets.alrik!, "declarePlan", { plan: "long" });
      expect(facesLeft()).toBe(0);
    });

    it("the orc attacks Nadja: the card elides and says whose AT; her dodge dialog says what it spends", async () => {
      targetsOf("gm").add(tokens.Nadja!);
      chooseDice(5);
      await clickSheet(sheets.orc!, "roll", { roll: "attack" });
      targetsOf("gm").clear();
      const duel = lastMessage();
      const html = text((await seeCard("player2", duel)).html);
      expect(html).toContain(t.step);
      expect(html).toContain(t.against);
      chooseDice(2);
      await clickCard("player2", duel, "oeilnoir.dodge");
      const dialog = dialogsSeen.at(-1)!;
      expect(dialog.user).toBe("player2");
      const hint = dialog.config.inputs.find((i) => i.name === "modifier") as { hint?: string } | undefined;
      expect(game.i18n?.localize(hint?.hint ?? "")).toContain(t.spends);
      expect(duelOf(duel)).toMatchObject({ stage: "parried", parry: { d20: 2, success: true, dodge: true } });
      expect(facesLeft()).toBe(0);
    });

    it("Nadja's turn: Orientation needs two actions, refused in a normal round; Alrik's long activity orients him, then no attack", async () => {
      await tracker(combat, "nextTurn");
      expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Nadja" });
      const before = messages().length;
      await clickSheet(sheets.nadja!, "roll", { roll: "orientation" });
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.needsLong);
      expect(initiative("Nadja")).toBe(12);
      await tracker(combat, "nextTurn");
      expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Alrik" });
      // Intuition 12, a 5 passes: his initiative as if the die showed 6 (6 + 6).
      chooseDice(5);
      await clickSheet(sheets.alrik!, "roll", { roll: "orientation" });
      expect(messages().length).toBe(before + 1);
      expect(initiative("Alrik")).toBe(12);
      // Both his actions went to it: no attack this round.
      await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
      expect(messages().length).toBe(before + 1);
      expect(lastNote()).toBe(t.planLong);
      expect(facesLeft()).toBe(0);
    });

    it("Frénétique: Alrik's player enters the frenzy on his sheet; his wound's −2 INI waits for its end (Nadja has no toggle)", async () => {
      expect(() => sheetButton(sheets.nadja!, "toggleFrenzy")).toThrow();
      const unarmedAt = () => bareHandsAt(sheets.alrik!);
      const unwounded = unarmedAt() ?? 0;
      // The GM records a wound on Alrik's sheet: −2 INI, −2 AT.
      sheets.gmAlrik = await openSheet("gm", alrik);
      await editSheet(sheets.gmAlrik, { "system.wounds": 1 });
      expect(initiative("Alrik")).toBe(10);
      await rerender(sheets.alrik!);
      expect(unarmedAt()).toBe(unwounded - 2);
      expect(sheets.alrik!.html).toContain('data-action="toggleFrenzy" aria-pressed="false"');
      await clickSheet(sheets.alrik!, "toggleFrenzy");
      expect(alrik.toObject()).toMatchObject({ system: { frenzy: true, wounds: 1 } });
      expect(initiative("Alrik")).toBe(12);
      await rerender(sheets.alrik!);
      expect(unarmedAt()).toBe(unwounded);
      await clickSheet(sheets.alrik!, "toggleFrenzy");
      expect(alrik.toObject()).toMatchObject({ system: { frenzy: false, wounds: 1 } });
      expect(initiative("Alrik")).toBe(10);
    });

    it("round 2, low EV: the orc's blow leaves Nadja at 5 EV; her card's Volonté to stay up is 9 harder, as her sheet's", async () => {
      await asClient("gm", () => game.settings?.set("quintette", "oeilnoirLowEv", true));
      sheets.gmNadja = await openSheet("gm", nadja);
      await editSheet(sheets.gmNadja, { "system.ev.value": 9 });
      await tracker(combat, "nextRound");
      expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Orc" });
      targetsOf("gm").add(tokens.Nadja!);
      chooseDice(5);
      await clickSheet(sheets.orc!, "roll", { roll: "attack" });
      targetsOf("gm").clear();
      const duel = lastMessage();
      await clickCard("player2", duel, "oeilnoir.noParry");
      chooseDice(1);
      await clickCard("gm", duel, "oeilnoir.damage");
      await clickCard("player2", duel, "oeilnoir.applyHit");
      // 1D6 1 + 3 = 4 PI, no armour: EV 5, below a quarter of 30. Volonté 10 − 9.
      expect(nadja.toObject()).toMatchObject({ system: { ev: { value: 5 } } });
      expect(text((await seeCard("player2", duel)).html)).toContain(t.stand);
      expect((await buttonsByUser(duel)).player2).toContain("oeilnoir.stand");
      chooseDice(1);
      await clickCard("player2", duel, "oeilnoir.stand");
      expect(duelOf(duel)).toMatchObject({ standing: { d20: 1, value: 1, success: true } });
      expect(facesLeft()).toBe(0);
    });

    it("Alrik's blow waits for the orc's parry: the GM closes the duel; nobody has a step left", async () => {
      await tracker(combat, "nextTurn");
      await tracker(combat, "nextTurn");
      expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Alrik" });
      // Nothing spent by Alrik this round, but the round is under way (the orc struck): declaring two actions now,
      // having seen it, is the GM's call.
      await rerender(sheets.alrik!);
      const twoActions = sheetButton(sheets.alrik!, "declarePlan", { plan: "twoActions" });
      expect(twoActions.disabled).toBe(true);
      await asClient("player1", () => sheets.alrik!.app.runAction("declarePlan", {}, twoActions.target));
      expect(lastNote()).toBe(t.planLocked);
      expect(turnOrder(combat).order).toEqual(["Orc", "Nadja", "Alrik"]);
      // With the situational module the dialog asks only whether the space is confined: each weapon says its class.
      await asClient("gm", () => game.settings?.set("quintette", "oeilnoirSituational", true));
      chooseDice(2);
      await clickSheet(sheets.alrik!, "roll", { roll: "attack:sansArme" });
      const confined = dialogsSeen.at(-1)?.config.inputs.find((i) => i.name === "confined");
      expect(confined).toMatchObject({ kind: "checkbox" });
      const duel = lastMessage();
      expect(duelOf(duel)).toMatchObject({ stage: "awaitParry" });
      expect((await buttonsByUser(duel)).gm).toContain("oeilnoir.close");
      await clickCard("gm", duel, "oeilnoir.close");
      expect(await buttonsByUser(duel)).toEqual({ gm: [], player1: [], player2: [] });
      expect(facesLeft()).toBe(0);
    });

    it("round 3: Alrik below 0 INI puts one action of a long activity in; Nadja's sword slips and picking it up takes two actions", async () => {
      await tracker(combat, "nextRound");
      await asClient("gm", () =>
        combat.updateEmbeddedDocuments("Combatant", [
          { _id: combat.combatants.contents.find((c) => c.name === "Alrik")!.id, initiative: -1 },
        ]),
      );
      await settle();
      await rerender(sheets.alrik!);
      await clickSheet(sheets.alrik!, "declarePlan", { plan: "long" });
      while (turnOrder(combat).current !== "Nadja") await tracker(combat, "nextTurn");
      // Her sword: a natural 20, then 12 on the fumble table: it slips from her hand.
      targetsOf("player2").add(tokens.Orc!);
      chooseDice(20, 12);
      await rerender(sheets.nadja!);
      await clickSheet(sheets.nadja!, "roll", { roll: `attack:${nadja.items.contents[0]!.id}` });
      targetsOf("player2").clear();
      slip = lastMessage();
      expect(duelOf(slip)).toMatchObject({ fumble: { key: "armeGlisse" } });
      expect(nadja.items.contents[0]?.system).toMatchObject({ dropped: true });
      // Her turn action went to the attack: picking it up (two actions) is refused, before any die.
      expect((await buttonsByUser(slip)).player2).toContain("oeilnoir.fumbleCheck");
      expect(await forceCardAction("player2", slip, "oeilnoir.fumbleCheck")).toBe("invalid");
      while (turnOrder(combat).current !== "Alrik") await tracker(combat, "nextTurn");
      const before = messages().length;
      await clickSheet(sheets.alrik!, "roll", { roll: "orientation" });
      expect(messages().length).toBe(before);
      expect(lastNote()).toBe(t.underway);
      expect(facesLeft()).toBe(0);
    });

    it("round 4: Alrik's Orientation completes; Nadja's long activity picks her sword up on her phase", async () => {
      await tracker(combat, "nextRound");
      await rerender(sheets.alrik!);
      await clickSheet(sheets.alrik!, "declarePlan", { plan: "long" });
      await rerender(sheets.nadja!);
      await clickSheet(sheets.nadja!, "declarePlan", { plan: "long" });
      while (turnOrder(combat).current !== "Nadja") await tracker(combat, "nextTurn");
      // DE 12, no armour: a 3 picks it up.
      chooseDice(3);
      await clickCard("player2", slip, "oeilnoir.fumbleCheck");
      expect(duelOf(slip)).toMatchObject({ fumble: { check: { result: { d20: 3, success: true } } } });
      expect(nadja.items.contents[0]?.system).toMatchObject({ dropped: false });
      while (turnOrder(combat).current !== "Alrik") await tracker(combat, "nextTurn");
      const before = messages().length;
      chooseDice(5);
      await clickSheet(sheets.alrik!, "roll", { roll: "orientation" });
      expect(messages().length).toBe(before + 1);
      expect(initiative("Alrik")).toBe(10);
      expect(facesLeft()).toBe(0);
    });

    it("Nadja dying: her sheet offers no live attack", async () => {
      await editSheet(sheets.gmNadja!, { "system.ev.value": -3 });
      await rerender(sheets.nadja!);
      const attacks = actionElements(sheets.nadja!.html).filter(
        (b) => b.action === "roll" && (b.dataset.roll ?? "").startsWith("attack"),
      );
      expect(attacks.filter((b) => !b.disabled)).toEqual([]);
    });
  });
});
