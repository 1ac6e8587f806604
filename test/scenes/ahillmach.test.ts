/**
 * Ahill-Mach at a whole table (issue 21): a GM and two players on their own clients with latency. The players
 * create their characters from the sidebar, the GM drops the tokens and an opponent, the fight runs two rounds in
 * the tracker, the players roll from their sheets with chosen dice and every card button is clicked by whoever sees
 * it (and refused to whoever does not), one roll goes in each private mode, and every card and sheet reads the same
 * when built again from stored data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { DoubleActor } from "../double/index.ts";
import { asClient, targetsOf, type DoubleCombat } from "../double/shared-core.ts";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { DoubleToken } from "../double/tokens.ts";
import { cardOf } from "../cards.ts";
import { chooseDice, facesLeft } from "./dice.ts";
import {
  buttonsByUser,
  clickCard,
  clickSheet,
  dialogsSeen,
  createCast,
  dropCast,
  expectCardsSameFromStore,
  expectSheetsSameFromStore,
  forceCardAction,
  lastMessage,
  messages,
  openSheet,
  rerender,
  openTable,
  rollInEachPrivateMode,
  sheetButton,
  startEncounter,
  tracker,
  turnOrder,
  type Cast,
  type OpenSheet,
  type Table,
} from "./table.ts";
import { gmReloadsMidFight, switchWorld } from "./reload.ts";

let table: Table;
let cast: Cast;
let kael: DoubleActor;
let mira: DoubleActor;
let brute: DoubleActor;
const tokens: Record<string, DoubleToken> = {};
const sheets: Record<string, OpenSheet> = {};
let combat: DoubleCombat;

type Hp = { hp: { value: number; max: number } };
const hp = (a: DoubleActor | null | undefined) => (a?.system as unknown as Hp | undefined)?.hp.value;
const markers = () =>
  Object.fromEntries(combat.combatants.contents.map((c) => [c.name, (c.system as { marker?: boolean }).marker]));
/** The move button of a character's sheet, by the move's name. */
function findRoll(sheet: OpenSheet, text: string): string {
  const found = sheet.html.match(new RegExp(`data-roll="(move:[^"]+)"[^>]*>\\s*(?:<[^>]+>\\s*)*${text}`));
  if (!found?.[1]) throw new Error(`No move ${text} on ${sheet.user}'s sheet`);
  return found[1];
}

beforeAll(async () => {
  table = await openTable("ahillmach");
});

describe.sequential("Ahill-Mach at a whole table", { timeout: 60_000 }, () => {
  it("the players create their characters from the sidebar; the GM an opponent", async () => {
    cast = await createCast({
      characters: { type: "personnage", names: ["Kael", "Mira"] },
      fresh: { prototypeToken: { bar1: { attribute: "hp" } } },
      npc: { type: "opposant", name: "Brute" },
    });
    [kael, mira] = cast.characters;
    brute = cast.npc!;
    for (const actor of [kael, mira]) {
      const source = actor.toObject() as { items: { type: string }[] };
      expect(source.items.filter((i) => i.type === "am-action")).toHaveLength(7);
      expect(hp(actor)).toBe((actor.system as unknown as Hp).hp.max);
    }
    expect(brute.items.size).toBe(0);
  });

  it("the GM drops their tokens: the characters linked, the opponent a synthetic actor", async () => {
    Object.assign(tokens, await dropCast(table, cast));
  });

  it("each player opens their sheet: the roll buttons are there and enabled", async () => {
    sheets.kael = await openSheet("player1", kael);
    sheets.mira = await openSheet("player2", mira);
    for (const sheet of [sheets.kael, sheets.mira]) {
      expect(sheetButton(sheet, "roll", { roll: "char:for" }).disabled).toBe(false);
      expect(sheetButton(sheet, "roll", { roll: findRoll(sheet, "Tailler en pièces") }).disabled).toBe(false);
    }
  });

  it("the GM opens the conflict: order by DEX, the characters hold the initiative", async () => {
    combat = await startEncounter(Object.values(tokens));
    // Initiative is DEX, shown as a constant formula: Foundry's Roll of "1" is 1, no die rolled.
    for (const actor of [kael, mira, brute])
      expect(combat.combatants.contents.find((c) => c.name === actor.name)!.getInitiativeRoll().formula).toMatch(
        /^\d+$/,
      );
    await tracker(combat, "rollAll");
    await tracker(combat, "startCombat");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: turnOrder(combat).order[0] });
    expect(markers()).toEqual({ Kael: true, Mira: true, Brute: false });
  });

  it("Kael's player hits the Brute from the sheet: the move card, its picks and damage for the roller only", async () => {
    targetsOf("player1").add(tokens.Brute!);
    chooseDice(9, 8);
    await clickSheet(sheets.kael!, "roll", { roll: findRoll(sheets.kael!, "Tailler en pièces") });
    const move = lastMessage();
    // Card: written by the roller's client; the roll keeps the characters' initiative (recorded on every combatant).
    expect(move.author?.id).toBe("player1");
    expect(cardOf(move)).toMatchObject({
      rollerId: "player1",
      actorUuid: kael.uuid,
      done: ["ahillmach.initiative"],
      data: { kept: [9, 8], total: 19, band: "totale", targets: [{ uuid: tokens.Brute!.actor!.uuid }] },
    });
    expect(markers()).toEqual({ Kael: true, Mira: true, Brute: false });
    expect(await buttonsByUser(move)).toEqual({
      gm: ["ahillmach.pick", "ahillmach.rollDamage"],
      player1: ["ahillmach.pick", "ahillmach.rollDamage"],
      player2: [],
    });
    // Mira's player, who is not shown them, is refused both, and nothing is written.
    const before = JSON.stringify(move.toObject());
    expect(await forceCardAction("player2", move, "ahillmach.pick", { key: "plus1d6" })).toBe("denied");
    expect(await forceCardAction("player2", move, "ahillmach.rollDamage")).toBe("denied");
    expect(JSON.stringify(move.toObject())).toBe(before);
    await clickCard("player1", move, "ahillmach.pick", { key: "plus1d6" });
    expect(cardOf(move).data).toMatchObject({ chosenCount: 1 });
    chooseDice(1, 2);
    await clickCard("player1", move, "ahillmach.rollDamage");
    const damage = lastMessage();
    // The damage card is the GM's client's (relayed), in the move card's mode, for the roller.
    expect(damage.author?.id).toBe("gm");
    expect(cardOf(damage)).toMatchObject({ kind: "damage", rollerId: "player1", damage: { amount: 3 } });
    expect(cardOf(move).data).toMatchObject({ damageRolled: true });
    expect(await buttonsByUser(damage)).toEqual({
      gm: ["quintette.applyDamage", "ahillmach.applyToTargets"],
      player1: ["quintette.applyDamage", "ahillmach.applyToTargets"],
      player2: ["quintette.applyDamage"],
    });
    expect(await forceCardAction("player2", damage, "ahillmach.applyToTargets")).toBe("denied");
    // The roller applies it to the Brute's token: its synthetic actor is hit, the Brute of the sidebar is not.
    await clickCard("player1", damage, "ahillmach.applyToTargets");
    expect(hp(tokens.Brute!.actor)).toBe(3);
    expect(hp(brute)).toBe(6);
    expect(tokens.Brute!.document.delta).toMatchObject({ system: { hp: { value: 3 } } });
    expect(cardOf(damage).applied).toEqual([
      expect.objectContaining({ targetUuid: tokens.Brute!.actor!.uuid, userId: "player1", undone: false }),
    ]);
    expect(facesLeft()).toBe(0);
  });

  it("the wounded Brute's morale and the undo go to its owner, the GM; the players are refused them", async () => {
    const damage = messages().find((m) => cardOf(m).kind === "damage")!;
    const line = cardOf(damage).applied[0]!;
    expect(line.followUp).toMatchObject({ action: "ahillmach.morale", done: false });
    expect(await buttonsByUser(damage)).toEqual({
      gm: ["quintette.applyDamage", "ahillmach.applyToTargets", "ahillmach.morale", "quintette.undo"],
      player1: ["quintette.applyDamage", "ahillmach.applyToTargets"],
      player2: ["quintette.applyDamage"],
    });
    for (const user of ["player1", "player2"] as const) {
      expect(await forceCardAction(user, damage, "ahillmach.morale", { key: line.id })).toBe("denied");
      expect(await forceCardAction(user, damage, "quintette.undo", { key: line.id })).toBe("denied");
    }
    expect(hp(tokens.Brute!.actor)).toBe(3);
    // The GM rolls the morale with one hinderer: a card of the Brute's, posted once.
    const count = messages().length;
    chooseDice(7, 6, 2);
    await clickCard("gm", damage, "ahillmach.morale", { key: line.id }, { values: { hinderers: 1 } });
    expect(messages()).toHaveLength(count + 1);
    const morale = lastMessage();
    expect(morale.author?.id).toBe("gm");
    expect(cardOf(morale)).toMatchObject({
      kind: "morale",
      actorUuid: tokens.Brute!.actor!.uuid,
      data: {
        rollKind: "morale",
        hinderers: 1,
        kept: [6, 2],
        band: "echec",
        outcomeDetail: "QUINTETTE.AhillMach.Card.Flees",
      },
    });
    expect(cardOf(damage).applied[0]!.followUp).toMatchObject({ done: true });
    // A second click rolls nothing new.
    expect(await forceCardAction("gm", damage, "ahillmach.morale", { key: line.id })).not.toBe("applied");
    expect(messages()).toHaveLength(count + 1);
    // The GM undoes the hit: the token is whole again, the record marked undone.
    await clickCard("gm", damage, "quintette.undo", { key: line.id });
    expect(hp(tokens.Brute!.actor)).toBe(6);
    expect(cardOf(damage).applied[0]).toMatchObject({ undone: true });
    expect(facesLeft()).toBe(0);
  });

  it("Mira's player takes the blow on her own token with the damage card's shared button, and undoes it", async () => {
    const damage = messages().find((m) => cardOf(m).kind === "damage")!;
    targetsOf("player2").add(tokens.Mira!);
    const before = hp(mira)!;
    // Not on a token she does not own: the Brute's.
    targetsOf("player1").clear();
    await clickCard("player2", damage, "quintette.applyDamage");
    expect(hp(mira)).toBe(before - 3);
    const line = cardOf(damage).applied.at(-1)!;
    expect(line).toMatchObject({ targetUuid: mira.uuid, userId: "player2", undone: false });
    expect((await buttonsByUser(damage)).player2).toContain("quintette.undo");
    expect(await forceCardAction("player1", damage, "quintette.undo", { key: line.id })).toBe("denied");
    await clickCard("player2", damage, "quintette.undo", { key: line.id });
    expect(hp(mira)).toBe(before);
    targetsOf("player2").clear();
  });

  it("two rounds in the tracker: Next turn to each fighter, a failed move hands the initiative over, Next round", async () => {
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Mira" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 1, current: "Brute" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Kael" });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 2, current: "Mira" });
    // Mira's player fails a Tailler en pièces: a failure hands the initiative to the opponents and earns 1 XP.
    const xp = (mira.system as unknown as { xp: number }).xp;
    chooseDice(1, 2);
    await clickSheet(sheets.mira!, "roll", { roll: findRoll(sheets.mira!, "Tailler en pièces") });
    const failed = lastMessage();
    expect(cardOf(failed)).toMatchObject({ rollerId: "player2", data: { band: "echec", xpAwarded: true } });
    expect((mira.system as unknown as { xp: number }).xp).toBe(xp + 1);
    expect(markers()).toEqual({ Kael: false, Mira: false, Brute: true });
    // Only the XP's undo, for those who own Mira.
    expect(await buttonsByUser(failed)).toEqual({ gm: ["quintette.undo"], player1: [], player2: ["quintette.undo"] });
    await tracker(combat, "nextRound");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Kael" });
    expect(markers()).toEqual({ Kael: false, Mira: false, Brute: true });
    expect(facesLeft()).toBe(0);
  });

  it("Mira's player rolls once in each private mode: the card reaches exactly its readers, a self roll none but its roller", async () => {
    await rollInEachPrivateMode(
      sheets.mira!,
      { roll: "char:aur" },
      { gmroll: [5, 5], blindroll: [6, 6], selfroll: [7, 7] },
      (message, faces) => expect(cardOf(message)).toMatchObject({ rollerId: "player2", data: { kept: faces } }),
    );
    expect(facesLeft()).toBe(0);
  });

  it("Kael's sheet takes the penchant line's punctuation from the language file (no French spacing in English)", async () => {
    await asClient("player1", () =>
      kael.update({ "system.scene": { active: true, mystique: 1, uses: 0, boosted: [], penchant: 3 } } as never),
    );
    const html = await rerender(sheets.kael!);
    expect(html).toContain("Points de penchant : <strong>3</strong>");
    const en = JSON.parse(readFileSync(join(import.meta.dirname, "../../lang/en.json"), "utf8")) as {
      QUINTETTE: { AhillMach: { Scene: { PenchantLabel: string } } };
    };
    expect(en.QUINTETTE.AhillMach.Scene.PenchantLabel).toBe("Penchant points:");
  });

  it("Kael's player surpasses his Force: his next Force roll shows the box ticked and fixed, its odds with the +1 (issue 33)", async () => {
    chooseDice(5, 5);
    await clickSheet(sheets.kael!, "roll", { roll: "char:for" }, { values: { surpass: true } });
    const first = dialogsSeen.at(-1)!;
    expect(cardOf(lastMessage()).data).toMatchObject({ surpass: true });
    expect((kael.system as unknown as { scene: { boosted: string[] } }).scene.boosted).toEqual(["for"]);
    chooseDice(5, 5);
    // The player tries to untick it: the box is the rules' (disabled), the +1 stays and the odds say so.
    await clickSheet(sheets.kael!, "roll", { roll: "char:for" }, { values: { surpassHeld: false } });
    const again = dialogsSeen.at(-1)!;
    const box = again.config.inputs.find((i) => i.name === "surpassHeld");
    expect(box).toMatchObject({ initial: true, fixed: true, hint: "QUINTETTE.AhillMach.Dialog.SurpassBoostedHint" });
    expect(
      again.config.inputs.some((i) => i.name === "surpass"),
      "no second use offered for Force",
    ).toBe(false);
    expect(again.odds).toEqual(first.odds);
    expect(cardOf(lastMessage()).data).toMatchObject({ surpass: true });
    expect(facesLeft()).toBe(0);
  });

  it("every card and sheet reads the same when built again from stored data", async () => {
    await expectCardsSameFromStore(messages());
    await expectSheetsSameFromStore([sheets.kael!, sheets.mira!]);
  });

  it("round 3, the Brute holds the initiative: the GM reloads as Kael's player takes the blow on his token, Mira's joins late and takes it too", async () => {
    const damage = messages().find((m) => cardOf(m).kind === "damage")!;
    const held = markers();
    expect(held).toEqual({ Kael: false, Mira: false, Brute: true });
    const kaelHp = hp(kael)!;
    const miraHp = hp(mira)!;
    targetsOf("player1").add(tokens.Kael!);
    const world = await gmReloadsMidFight("ahillmach", table, {
      waiting: { user: "player1", message: damage, action: "quintette.applyDamage", changes: ["Kael"] },
    });
    combat = world.combat!;
    expect(markers(), "who holds the initiative after the reload").toEqual(held);
    expect(hp(world.actor(kael.id))).toBe(kaelHp - 3);
    const served = world.message(damage.id);
    expect(cardOf(served).applied.at(-1)).toMatchObject({ targetUuid: kael.uuid, userId: "player1", undone: false });
    // Mira's player, who joined late, takes it on her own token from the reloaded card.
    targetsOf("player2").add(world.token("Mira"));
    await clickCard("player2", served, "quintette.applyDamage");
    targetsOf("player2").clear();
    expect(hp(world.actor(mira.id))).toBe(miraHp - 3);
    expect(cardOf(served).applied.at(-1)).toMatchObject({ targetUuid: mira.uuid, userId: "player2", undone: false });
    await tracker(combat, "nextTurn");
    expect(turnOrder(combat)).toMatchObject({ round: 3, current: "Mira" });
    expect(facesLeft()).toBe(0);
  });

  it("the world switched to L'Œil Noir: Ahill-Mach's cards read only, the GM's buttons refused", async () => {
    await switchWorld("ahillmach", "oeilnoir");
  });
});
