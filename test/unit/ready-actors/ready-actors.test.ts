/**
 * Every game's ready actors (issue 37): each loads through the data models with every value it carries, the player
 * characters are legal by the creation guide (nothing to fix, every step done) and their tokens linked, the opponents'
 * not, each token shows the rule set's bars, and every roll button of every ready actor's sheet rolls on the GM's
 * client (a card is posted).
 */
import { describe, expect, it } from "vitest";
import { RULESET_IDS, rulesetOfType, type RulesetId } from "../../../src/foundry/ruleset.ts";
import type { DoubleActor } from "../../double/index.ts";
import { chooseDice, emptyTray } from "../../double/dice.ts";
import { actionElements } from "../../scenes/html.ts";
import {
  clickSheet,
  dropOnScene,
  GM,
  messages,
  openSheet,
  openTable,
  startEncounter,
  tracker,
} from "../../scenes/table.ts";
import { doubleState } from "../../double/index.ts";
import { asClient, settle, targetsOf } from "../../double/shared-core.ts";
import type { DoubleToken } from "../../double/tokens.ts";
import type { CreationCheck } from "../../../src/rules/shared/creation.ts";
import { trinitesGuideOf } from "../../../src/foundry/trinites/creation.ts";
import { ahillMachGuideOf } from "../../../src/foundry/ahillmach/creation.ts";
import { oeilNoirGuideOf } from "../../../src/foundry/oeilnoir/creation.ts";
import { jetonsGuideOf } from "../../../src/foundry/jetons/creation.ts";
import { startingTokens, traitPoints } from "../../../src/foundry/jetons/settings.ts";
import { systemJGuideOf } from "../../../src/foundry/systemj/creation.ts";
import { worldSpecials } from "../../../src/foundry/systemj/settings.ts";
import { importReady, packSources, readyPack, type ReadyActor } from "./ready.ts";

/** The guide of an actor as the sheet shows it (null: closed and legal, or no guide for its type). */
async function shownGuide(actor: DoubleActor) {
  return (await rulesetOfType(actor.type)?.creation?.(actor as unknown as Actor.Implementation, true)) ?? null;
}

/** The creation guide's check of an actor, as while it is being built (the strictest), or null for a type without. */
function creationCheck(ruleset: RulesetId, actor: DoubleActor): CreationCheck | null {
  const system = actor.system as never;
  switch (ruleset) {
    case "trinites":
      return actor.type === "trinite" ? trinitesGuideOf(system, true) : null;
    case "ahillmach":
      return actor.type === "personnage" ? ahillMachGuideOf(system, true) : null;
    case "oeilnoir":
      return actor.type === "heros"
        ? oeilNoirGuideOf(
            system,
            actor.items.contents.map((i) => i.type),
            true,
          )
        : null;
    case "jetons":
      return jetonsGuideOf(system, traitPoints(), startingTokens());
    case "systemj":
      return actor.type === "sj-personnage" ? systemJGuideOf(system, worldSpecials(), true) : null;
  }
}

/** Clickable roll elements of a sheet: a roll action or anything carrying `data-roll`, enabled. */
function rollButtons(html: string) {
  return actionElements(html).filter(
    (b) => !b.disabled && (b.action === "roll" || b.action === "askQuestion" || b.dataset.roll !== undefined),
  );
}

describe.each(RULESET_IDS.map((id) => [id]))("%s: the ready actors", (ruleset: RulesetId) => {
  const sources = packSources<ReadyActor>(readyPack(ruleset));

  it("hold three or four player characters and opponents", () => {
    const pcs = sources.filter(isPlayer);
    for (const source of sources)
      expect(source.prototypeToken, source.name).toMatchObject({
        actorLink: isPlayer(source),
        disposition: isPlayer(source) ? 1 : -1,
      });
    expect(pcs.length).toBeGreaterThanOrEqual(3);
    expect(pcs.length).toBeLessThanOrEqual(4);
    expect(sources.length - pcs.length).toBeGreaterThanOrEqual(2);
  });

  it("load through the data models with every value they carry; tokens linked for the players only", async () => {
    await openTable(ruleset);
    for (const source of sources) {
      const actor = await importReady(source);
      const stored = actor.toObject() as unknown as ReadyActor;
      expect(stored.system, source.name).toMatchObject(source.system);
      expect(stored.items.map((i) => i.name)).toEqual(source.items.map((i) => i.name));
      for (const item of source.items)
        expect(stored.items.find((i) => i._id === item._id)?.system, `${source.name}: ${item.name}`).toMatchObject(
          item.system,
        );
      const spec = rulesetOfType(source.type)?.actorTypes.find((t) => t.type === source.type);
      expect(spec, source.type).toBeDefined();
      // A player character is of a type the players play.
      if (isPlayer(source)) expect(spec?.playerCharacter, source.name).toBe(true);
      const bars = spec?.trackable?.bar ?? [];
      expect(source.prototypeToken.bar1.attribute, source.name).toBe(bars[0] ?? null);
      expect(source.prototypeToken.bar2.attribute, source.name).toBe(bars[1] ?? null);
    }
  });

  it("are legal by the creation guide where their type has one: nothing to fix, every step done", async () => {
    await openTable(ruleset);
    let checked = 0;
    for (const source of sources) {
      const actor = await importReady(source);
      const check = creationCheck(ruleset, actor);
      if (isPlayer(source)) expect(check, `${source.name} has a guide`).toBeTruthy();
      if (!check) continue;
      checked += 1;
      expect(check.problems, source.name).toEqual([]);
      expect(
        check.steps.filter((s) => !s.done).map((s) => s.id),
        source.name,
      ).toEqual([]);
      // Finished: the sheet opens with the guide closed, and nothing to show.
      expect(await shownGuide(actor), source.name).toBeNull();
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it("every roll button of every sheet rolls, in an encounter, at a token of the other side", async () => {
    const table = await openTable(ruleset);
    const tokens: DoubleToken[] = [];
    for (const source of sources) tokens.push(await dropOnScene(table, await importReady(source)));
    const combat = await startEncounter(tokens);
    // Ahill-Mach rolls no initiative (the tracker shows DEX); the others roll theirs.
    if (ruleset !== "ahillmach") {
      chooseDice(...Array.from({ length: 60 }, () => 2));
      await tracker(combat, "rollAll");
      emptyTray();
    }
    await tracker(combat, "startCombat");
    const state = doubleState();
    for (const [i, source] of sources.entries()) {
      // An opponent's sheet is its token's (a synthetic actor); the GM targets someone of the other side.
      const token = tokens[i]!;
      const other = tokens.find((_t, j) => isPlayer(sources[j]!) !== isPlayer(source))!;
      targetsOf(GM).clear();
      targetsOf(GM).add(other);
      const sheet = await openSheet(GM, token.actor!);
      const buttons = rollButtons(sheet.html);
      expect(buttons.length, source.name).toBeGreaterThan(0);
      for (const button of buttons) {
        // L'Œil Noir allows one attack a round, on the fighter's own phase: each button is clicked in a round of its
        // own, on its row; Orientation (two actions without Vigilance) needs the round declared a long activity.
        if (ruleset === "oeilnoir") {
          await tracker(combat, "nextRound");
          const row = combat.turns.findIndex((c) => c.tokenId === token.id);
          await asClient(GM, () => combat.update({ turn: row }));
          await settle();
          if (button.dataset.roll === "orientation") await clickSheet(sheet, "declarePlan", { plan: "long" });
        }
        const before = messages().length;
        const warned = state.notifications.length;
        chooseDice(...Array.from({ length: 40 }, () => 2));
        await clickSheet(sheet, button.action, button.dataset);
        emptyTray();
        // What the GM was told, if anything, says why a click did not roll.
        const told = state.notifications.slice(warned).map((n) => n.message);
        const what = `${source.name}: ${button.action} ${JSON.stringify(button.dataset)} ${told.join(" | ")}`;
        // With Vigilance, Orientation needs no check (RULES.md §3): the GM is told the new initiative, no die rolls.
        const noCheck = button.dataset.roll === "orientation" && source.items.some((i) => i.name === "Vigilance");
        if (noCheck) expect(told, what).toEqual([expect.stringMatching(/^Orientation/)]);
        else expect(messages().length, what).toBe(before + 1);
      }
    }
  });
});

/** A player character of the pack: its id says so (`…Pregen…`); every other actor is an opponent. */
function isPlayer(source: ReadyActor): boolean {
  return source._id.includes("Pregen");
}
