/**
 * Issue 25, Jetons at the table: an advantage serves the character's next action only. The temporary advantage won
 * on a success lapses when the next question is resolved, counted or not (a tie given up is no action); an advantage
 * bought for an automatic action lapses at the character's next action (a purchase, a resolved question), and the
 * sheet says which is in effect, in French and English.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../../double/index.ts";
import { asClient } from "../../double/shared-core.ts";
import { recordOutcome, sendQuestionEvent } from "../../../src/foundry/jetons/client.ts";
import { buyAdvantage } from "../../../src/foundry/jetons/actions.ts";
import { archetypeView } from "../../../src/foundry/jetons/view.ts";
import type { ArchetypeModel } from "../../../src/foundry/jetons/models.ts";
import { bidAndReveal, character, jetonsWorld, toBidding } from "../../worlds/jetons.ts";
import { useSystemTemplates } from "../../worlds/templates.ts";

let state: DoubleState;
let hero: DoubleActor;

type Sys = {
  tokens: number;
  advantage: { active: boolean; label: string };
  purchases: { text: string; lapsed?: boolean }[];
};
const sys = () => hero.system as unknown as Sys;
const view = () => {
  const model = hero.system as unknown as ArchetypeModel;
  return archetypeView(model as never, model.derived, { isGM: false, collective: 0 });
};

/** A won question: 3 + pivot 1 against 2; the GM records "High ground". */
async function win(): Promise<void> {
  const m = await toBidding(hero, "player1");
  expect((await bidAndReveal(m, "player1", 3, 2)).question.outcome?.winner).toBe("joueur");
  expect((await asClient("gm", () => recordOutcome(m.id, "advantage", "High ground"))).status).toBe("applied");
  expect(sys().advantage).toEqual({ active: true, label: "High ground" });
}

beforeEach(async () => {
  state = jetonsWorld();
  hero = await character("Nila", "player1", {}, { id: "nila" });
});

describe("an advantage serves the next action only (issue 25)", () => {
  it("the temporary advantage lapses when the next question is resolved, even unused", async () => {
    await win();
    // The next doubt: the player does not count it, and fails (1 + 1 against 4).
    const next = await toBidding(hero, "player1", { useAdvantage: false });
    expect((await bidAndReveal(next, "player1", 1, 4)).question.outcome?.winner).toBe("mj");
    expect(sys().advantage).toEqual({ active: false, label: "" });
  });

  it("a tie given up is no action: the advantage is kept for the next one", async () => {
    await win();
    const tie = await toBidding(hero, "player1");
    // 1 + pivot 1 = 2 against 2: a tie; the player gives up.
    expect((await bidAndReveal(tie, "player1", 1, 2)).question.status).toBe("tie");
    expect((await asClient("player1", () => sendQuestionEvent(tie.id, "joueur", { event: "giveUp" }))).status).toBe(
      "applied",
    );
    expect(sys().advantage.active).toBe(true);
  });

  it("a bought advantage is for the action at hand and lapses at the next; buying also ends a won advantage", async () => {
    await win();
    expect((await asClient("player1", () => buyAdvantage(hero as never, "Une corde"))).status).toBe("applied");
    // Buying is the next action: the advantage won before lapses, unused.
    expect(sys().advantage.active).toBe(false);
    expect(view().purchases).toEqual([{ text: "Une corde", inEffect: true }]);
    await asClient("player1", () => buyAdvantage(hero as never, "Une torche"));
    expect(view().purchases).toEqual([
      { text: "Une torche", inEffect: true },
      { text: "Une corde", inEffect: false },
    ]);
    // A resolved question is the next action too.
    const m = await toBidding(hero, "player1");
    await bidAndReveal(m, "player1", 1, 0);
    expect(sys().purchases.every((p) => p.lapsed === true)).toBe(true);
    expect(view().purchases.map((p) => p.inEffect)).toEqual([false, false]);
  });

  it("the sheet says which purchase is in effect and that the won advantage serves the next action, FR and EN", async () => {
    const render = (lang: "fr" | "en") => {
      useSystemTemplates(lang, ["jetons"]);
      return foundry.applications.handlebars.renderTemplate("systems/quintette/templates/jetons/sheet/archetype.hbs", {
        je: view(),
        editMode: false,
        system: hero.system,
      });
    };
    await win();
    expect(await render("fr")).toContain("Utilisable lors de la prochaine action seulement");
    expect(await render("en")).toContain("Usable on the next action only");
    await asClient("player1", () => buyAdvantage(hero as never, "Une corde"));
    await asClient("player1", () => buyAdvantage(hero as never, "Une torche"));
    const fr = await render("fr");
    expect(fr).toMatch(/Une torche<\/span> <span class="je-tag">pour l(&#x27;|')action en cours/);
    expect(fr).toMatch(/Une corde<\/span> <span class="je-tag">échu/);
    const en = await render("en");
    expect(en).toContain("for the action at hand");
    expect(en).toContain("lapsed");
    void state;
  });
});
