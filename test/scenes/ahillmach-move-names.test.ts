/**
 * Ahill-Mach move names follow the interface language (issue 33). A character's seven moves are items named in the
 * language of its creation; the item's `moveId` is the move's key, so the sheet, the roll dialog and the card show the
 * reader's language. A character created under French and opened after a reload under English reads English names
 * (and the reverse); a card rolled in one language reads in the other after a reload; a move its player renamed keeps
 * the typed name in both.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { doubleState, type DoubleActor } from "../double/index.ts";
import { asClient, type DoubleChatMessage } from "../double/shared-core.ts";
import { chooseDice } from "./dice.ts";
import {
  clickSheet,
  createFromSidebar,
  dialogsSeen,
  lastMessage,
  messages,
  openSheet,
  openTable,
  reloadTable,
  seeCard,
  type OpenSheet,
} from "./table.ts";

const NAMES = {
  fr: ["Tailler en pièces", "Salve", "Défendre", "Discerner la réalité", "Étaler sa science", "Négocier"],
  en: ["Hack to pieces", "Volley", "Defend", "Discern reality", "Show off your knowledge", "Negotiate"],
} as const;
const DEFY = { fr: "Défier le danger", en: "Defy danger" } as const;

/** The move names the sheet shows, alphabetically. */
const moveNames = (sheet: OpenSheet) =>
  [...sheet.html.matchAll(/<span class="am-move-name">([^<]*)<\/span>/g)].map((m) => m[1]!).sort();
const sorted = (names: readonly string[]) => [...names].sort();

/** The move button of a sheet, by the name it shows. */
function rollOf(sheet: OpenSheet, name: string): string {
  const found = [...sheet.html.matchAll(/data-roll="(move:[^"]+)"[^>]*>\s*<span class="am-move-name">([^<]*)</g)].find(
    (m) => m[2] === name,
  );
  if (!found?.[1]) throw new Error(`No move ${name} on ${sheet.user}'s sheet`);
  return found[1];
}

/** The card's title as a user's chat log shows it. */
async function cardTitle(message: DoubleChatMessage): Promise<string> {
  const { html } = await seeCard("player1", message);
  return /<h3 class="card-title">([^<]*)<\/h3>/.exec(html)?.[1] ?? "";
}

const actorNamed = (name: string) =>
  (doubleState().game.actors.contents as unknown as DoubleActor[]).find((a) => a.name === name) ??
  expect.fail(`no ${name}`);

describe.each([
  ["fr", "en"],
  ["en", "fr"],
] as const)("a character created under %s, played under %s", (made, shown) => {
  let card: DoubleChatMessage;

  beforeAll(async () => {
    await openTable("ahillmach", { lang: made });
  });

  it(
    `the player creates it under ${made}: the sheet, the dialog and the card name the moves in ${made}`,
    { timeout: 60_000 },
    async () => {
      const hero = await createFromSidebar("player1", { name: "Kael", type: "personnage" });
      // The items are named in the creation language; their key is the rules move's.
      expect(hero.items.contents.filter((i) => i.type === "am-action").map((i) => i.name)).toContain(NAMES[made][0]);
      // The player renames Défier le danger: a name of their own.
      const defy = hero.items.contents.find((i) => i.name === DEFY[made])!;
      await asClient("player1", () => defy.update({ name: "Foncer dans le tas" }));
      const sheet = await openSheet("player1", hero);
      expect(moveNames(sheet)).toEqual(sorted([...NAMES[made], "Foncer dans le tas"]));
      chooseDice(9, 8);
      await clickSheet(sheet, "roll", { roll: rollOf(sheet, NAMES[made][0]) });
      expect(game.i18n?.localize(dialogsSeen.at(-1)!.config.title)).toBe(NAMES[made][0]);
      card = lastMessage();
      expect(await cardTitle(card)).toBe(NAMES[made][0]);
    },
  );

  it(
    `after a reload under ${shown}: the same character's sheet, dialog and cards name them in ${shown}`,
    { timeout: 60_000 },
    async () => {
      await reloadTable("ahillmach", { lang: shown });
      // The stored card, rendered again for the reader.
      expect(await cardTitle(messages().find((m) => m.id === card.id)!)).toBe(NAMES[shown][0]);
      const sheet = await openSheet("player1", actorNamed("Kael"));
      expect(moveNames(sheet)).toEqual(sorted([...NAMES[shown], "Foncer dans le tas"]));
      chooseDice(4, 3);
      await clickSheet(sheet, "roll", { roll: rollOf(sheet, NAMES[shown][5]) });
      expect(game.i18n?.localize(dialogsSeen.at(-1)!.config.title)).toBe(NAMES[shown][5]);
      expect(await cardTitle(lastMessage())).toBe(NAMES[shown][5]);
      // The renamed move still plays Défier le danger: its card says so in the reader's language; the sheet keeps
      // the player's name for it.
      chooseDice(6, 5);
      await clickSheet(sheet, "roll", { roll: rollOf(sheet, "Foncer dans le tas") });
      expect(await cardTitle(lastMessage())).toBe(DEFY[shown]);
    },
  );
});
