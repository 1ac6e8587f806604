/**
 * Journal links that roll: each rule set's link, enriched by the double's `TextEditor.enrichHTML` (which runs
 * `CONFIG.TextEditor.enrichers` as Foundry does), shows a localized label in French and English; a click rolls for the
 * reader's selected token, else their character, through the same `roll`/`act` as sheets and macros, with the
 * dialog preset as the link says. A reader without an actor of that game is told why, and nothing rolls.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { DoubleActor, doubleState, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { controlledTokens, installClients } from "../../double/clients.ts";
import { installMacrosDouble } from "../../double/macros.ts";
import { api as ahillmachApi } from "../../../src/foundry/ahillmach/api.ts";
import { api as jetonsApi } from "../../../src/foundry/jetons/api.ts";
import { api as oeilnoirApi } from "../../../src/foundry/oeilnoir/api.ts";
import { api as systemjApi } from "../../../src/foundry/systemj/api.ts";
import { api as trinitesApi } from "../../../src/foundry/trinites/api.ts";
import { defaultValues, type RollDialogConfig } from "../../../src/foundry/dialog/inputs.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import { onLinkClick } from "../../../src/foundry/api/enrichers.ts";
import type { RulesetApi } from "../../../src/foundry/api/types.ts";
import type { RollRequest } from "../../../src/foundry/dialog/request.ts";

const MOVE = "mmmmmmmmmmmmmmm1";
const JOURNAL = [
  "<p>Test : [[/trinites skill:rapidite difficulty=ardue]]{Rapidité, ardue}</p>",
  '<p>[[/ahillmach move item="Tailler en pièces"]]</p>',
  "<p>[[/oeilnoir check:CO modifier=-2]]</p>",
  "<p>[[/systemj attribute.FOR free=-20]]{Force −20}</p>",
  "<p>[[/jetons act:jeAsk]]</p>",
].join("");

const rolled: string[] = [];
const presets: Record<string, unknown>[] = [];

beforeAll(async () => {
  const state = resetFoundryDouble({ lang: "fr" });
  installClients(state);
  installMacrosDouble();
  const { initQuintette } = await import("../../../src/index.ts");
  initQuintette();
  for (const rulesetApi of [ahillmachApi, systemjApi, trinitesApi, oeilnoirApi] as RulesetApi[]) {
    const original = rulesetApi.request.bind(rulesetApi);
    vi.spyOn(rulesetApi, "request").mockImplementation((actor, key, options): RollRequest | null => {
      const real = original(actor, key, options);
      return real && { dialog: real.dialog, roll: async () => void rolled.push(`${actor.name} ${key}`) };
    });
  }
  vi.spyOn(jetonsApi.actions!, "jeAsk").mockImplementation(async (actor) => void rolled.push(`${actor.name} jeAsk`));
  // The dialog opens (no fast-roll key held): it answers with the values it opened on.
  vi.spyOn(RollDialog, "prompt").mockImplementation(async (config: RollDialogConfig) => {
    const values = defaultValues(config.inputs);
    presets.push(values);
    return { values, rollMode: "publicroll" };
  });
  setDoubleUser("player1");
});

/** The links of enriched HTML, each as the element's dataset a click reads. */
function links(html: string): { text: string; dataset: Record<string, string> }[] {
  return [...html.matchAll(/<a class="quintette-roll-link[^"]*"([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => {
    const dataset: Record<string, string> = {};
    for (const [, name, value] of (m[1] ?? "").matchAll(/data-([\w-]+)="([^"]*)"/g)) {
      const key = (name ?? "").replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      dataset[key] = (value ?? "").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
    }
    return { text: (m[2] ?? "").replace(/<[^>]+>/g, ""), dataset };
  });
}

const enrich = (text: string) => foundry.applications.ux.TextEditor.implementation.enrichHTML(text);
const click = (dataset: Record<string, string>) =>
  onLinkClick({
    target: { closest: () => ({ dataset }) },
    preventDefault: () => undefined,
    stopPropagation: () => undefined,
  } as unknown as Event);

describe("journal links", () => {
  it("one per rule set, with its label in the reader's language", async () => {
    const fr = links(await enrich(JOURNAL));
    expect(fr.map((l) => l.text)).toEqual([
      "Rapidité, ardue",
      "Jet : Tailler en pièces",
      "Jet : check:CO",
      "Force −20",
      "Action : jeAsk",
    ]);
    expect(fr.map((l) => l.dataset.ruleset)).toEqual(["trinites", "ahillmach", "oeilnoir", "systemj", "jetons"]);
    expect(fr[0]!.dataset.tooltipText).toContain("Trinités");
    const i18n = game.i18n as unknown as { setLanguage(lang: string): void };
    i18n.setLanguage("en");
    const en = links(await enrich(JOURNAL));
    i18n.setLanguage("fr");
    expect(en.map((l) => l.text)).toEqual([
      "Rapidité, ardue",
      "Roll: Tailler en pièces",
      "Roll: check:CO",
      "Force −20",
      "Action: jeAsk",
    ]);
    // A link's text is text, never markup; a malformed body is left as written.
    const hostile = await enrich("<p>[[/trinites skill:rapidite]]{&lt;img src=x onerror=1&gt;}[[/trinites a=b]]</p>");
    expect(hostile).not.toContain("<img");
    expect(hostile).toContain("[[/trinites a=b]]");
  });

  it("a click rolls for the selected token, else the reader's character, the dialog preset as the link says", async () => {
    const owner = { default: 0, player1: 3 };
    const actors = [
      new DoubleActor({ name: "Aelis", type: "trinite", ownership: owner }),
      new DoubleActor({
        name: "Ysolde",
        type: "personnage",
        ownership: owner,
        items: [{ _id: MOVE, name: "Tailler en pièces", type: "am-action", system: { moveId: "taillerEnPieces" } }],
      }),
      new DoubleActor({ name: "Alrik", type: "heros", ownership: owner }),
      new DoubleActor({ name: "Mage", type: "sj-personnage", ownership: owner }),
      new DoubleActor({ name: "Jeanne", type: "archetype", ownership: owner }),
    ];
    const found = links(await enrich(JOURNAL));
    for (const [index, actor] of actors.entries()) {
      controlledTokens().length = 0;
      // The first by a selected token; the others by the reader's character.
      if (index === 0) controlledTokens().push({ actor } as never);
      else (game.user as unknown as { character: unknown }).character = actor;
      await click(found[index]!.dataset);
    }
    expect(rolled).toEqual([
      "Aelis skill:rapidite",
      `Ysolde move:${MOVE}`,
      "Alrik check:CO",
      "Mage attribute.FOR",
      "Jeanne jeAsk",
    ]);
    expect(presets[0]).toMatchObject({ difficulty: "ardue" });
    expect(presets[2]).toMatchObject({ modifier: -2 });
    expect(presets[3]).toMatchObject({ free: -20 });

    // A character of another game: told, nothing rolled.
    const before = rolled.length;
    (game.user as unknown as { character: unknown }).character = actors[0];
    await click(found[3]!.dataset);
    expect(rolled).toHaveLength(before);
    expect(doubleState().notifications.at(-1)?.message).toBe(
      "Aelis ne joue pas à SYSTEMJ : sélectionnez un personnage de ce jeu.",
    );
  });
});

describe("the compendium guides' links", () => {
  it("parse, name a skill the rules know, and give each rule set at least one", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { parseLink } = await import("../../../src/foundry/api/enrichers.ts");
    const { GENERIC_SKILL_IDS } = await import("../../../src/rules/systemj/skills.ts");
    const { SKILLS } = await import("../../../src/rules/trinites/index.ts");
    const root = new URL("../../../packs-src/", import.meta.url);
    const found: { ruleset: string; key: string }[] = [];
    for (const dir of readdirSync(root)) {
      for (const file of readdirSync(new URL(`${dir}/`, root))) {
        const text = readFileSync(new URL(`${dir}/${file}`, root), "utf8");
        for (const m of text.matchAll(/\[\[\/(\w+) ([^\]]+)\]\]/g)) {
          const link = parseLink(m[1] as never, m[2]!.replace(/\\"/g, '"'));
          expect(link, m[0]).not.toBeNull();
          found.push({ ruleset: m[1]!, key: link!.key });
        }
      }
    }
    expect(new Set(found.map((f) => f.ruleset))).toEqual(
      new Set(["trinites", "ahillmach", "oeilnoir", "jetons", "systemj"]),
    );
    for (const { ruleset, key } of found) {
      if (ruleset === "systemj" && key.startsWith("skill.")) expect(GENERIC_SKILL_IDS).toContain(key.slice(6));
      if (ruleset === "trinites" && key.startsWith("skill:"))
        expect(SKILLS.map((s: { id: string }) => s.id)).toContain(key.slice(6));
    }
  });
});
