/**
 * The archetype sheet as a player and as the GM: the temporary advantage and the conditions are the GM's controls
 * (RULES.md §4: the GM chooses the advantage and gives conditions); buying an advantage records what was bought.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { DoubleActor, DoubleState } from "../../double/index.ts";
import { asClient } from "../../double/shared-core.ts";
import { ArchetypeSheet } from "../../../src/foundry/jetons/sheet.ts";
import { collectiveTokens } from "../../../src/foundry/jetons/settings.ts";
import type { ArchetypeView } from "../../../src/foundry/jetons/view.ts";
import { character, jetonsEntryWorld } from "../../worlds/jetons.ts";

let state: DoubleState;

interface SheetHandle {
  render(): Promise<unknown>;
  runAction(a: string, e: unknown, t: unknown): Promise<unknown>;
  renderedParts: Record<string, { je: ArchetypeView }>;
  submit(o: object): Promise<void>;
}
const sheetOf = (a: DoubleActor) =>
  new ArchetypeSheet({ document: a as unknown as Actor.Implementation }) as unknown as SheetHandle;
type Sys = {
  tokens: number;
  advantage: { active: boolean; label: string };
  conditions: { name: string; permanent: boolean }[];
  purchases: { text: string }[];
};
const sys = (a: DoubleActor) => a.system as unknown as Sys;

/** The buy button inside the play row, whose text field holds `value`. */
const buyButton = (value: string) => {
  const input = { value };
  return { input, target: { closest: () => ({ querySelector: () => input }) } };
};

/** Nila, player1's, with a condition and no advantage yet. */
const nila = () =>
  character(
    "Nila",
    "player1",
    {
      archetype: "Alien Diplomate",
      traits: [{ name: "Charme", points: 2 }],
      weakness: "Atrocement laid",
      advantage: { active: false, label: "" },
      conditions: [{ name: "Blessé", permanent: false }],
    },
    { id: "nila" },
  );

beforeEach(async () => {
  // Registered as the entry does it.
  state = await jetonsEntryWorld({ lang: "fr" });
});

describe("GM-only controls on the archetype sheet", () => {
  it("a player cannot tick the temporary advantage nor remove or add conditions; the GM can", async () => {
    const actor = await nila();
    const sheet = sheetOf(actor);
    await asClient("player1", () => sheet.render());
    expect(sheet.renderedParts.jetons?.je.canEditGMFields).toBe(false);
    await asClient("player1", () =>
      sheet.submit({
        "system.weakness": "Joueur invétéré",
        "system.advantage.active": true,
        "system.advantage.label": "Je me sers moi-même",
        "system.conditions.0.name": "",
      }),
    );
    await asClient("player1", () => sheet.runAction("removeCondition", {}, { dataset: { index: "0" } }));
    await asClient("player1", () => sheet.runAction("addCondition", {}, {}));
    // The player's own fields still save; the GM's do not move.
    expect(actor.system).toMatchObject({ weakness: "Joueur invétéré" });
    expect(sys(actor).advantage).toEqual({ active: false, label: "" });
    expect(sys(actor).conditions).toEqual([{ name: "Blessé", permanent: false }]);

    await asClient("gm", () => sheet.render());
    expect(sheet.renderedParts.jetons?.je.canEditGMFields).toBe(true);
    await asClient("gm", () => sheet.submit({ "system.advantage.active": true, "system.advantage.label": "Élan" }));
    await asClient("gm", () => sheet.runAction("removeCondition", {}, { dataset: { index: "0" } }));
    expect(sys(actor).advantage).toEqual({ active: true, label: "Élan" });
    expect(sys(actor).conditions).toEqual([]);
  });
});

describe("buying an advantage from the sheet", () => {
  it("records what was bought on the character, through the GM; nothing is bought without a description", async () => {
    const actor = await nila();
    const sheet = sheetOf(actor);
    const empty = buyButton("   ");
    await asClient("player1", () => sheet.runAction("buyAdvantage", {}, empty.target));
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([5, 0]);
    expect(state.notifications.at(-1)?.type).toBe("warn");

    const rope = buyButton("Une corde solide");
    await asClient("player1", () => sheet.runAction("buyAdvantage", {}, rope.target));
    const torch = buyButton("Une torche");
    await asClient("player1", () => sheet.runAction("buyAdvantage", {}, torch.target));
    expect([sys(actor).tokens, collectiveTokens()]).toEqual([3, 2]);
    // The purchase's notice speaks as the character, not as whatever the buyer selected or the user.
    const notice = state.game.messages.contents.at(-1) as unknown as { speaker: { actor?: string } };
    expect(notice.speaker.actor).toBe(actor.id);
    // The torch is the character's next action: the rope lapsed with it (issue 25).
    expect(sys(actor).purchases).toEqual([
      { text: "Une corde solide", lapsed: true },
      { text: "Une torche", lapsed: false },
    ]);
    expect(rope.input.value).toBe("");
    await asClient("player1", () => sheet.render());
    expect(sheet.renderedParts.jetons?.je.purchases.map((p) => p.text)).toEqual(["Une torche", "Une corde solide"]);
  });
});
