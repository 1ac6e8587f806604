/**
 * Dawn and dusk as GM actions for the whole world: two buttons in the actors directory refill every Trinité's
 * Lumière reserves at dawn (Deva, and the Adam' when Lumière) or Ténèbres reserves at dusk (Archonte, and the Adam'
 * when Ténèbres), through each actor's `refill` method (rules core `reservesAt`), as a sheet's own buttons do.
 */
import { formatCount } from "../i18n/plural.ts";
import { activeRulesetId } from "../ruleset.ts";
import { TriniteModel } from "./models.ts";

export type Moment = "aube" | "crepuscule";

/** Refills every Trinité among `actors` (world actors); resolves with how many changed. GM only. */
export async function refillWorld(actors: Iterable<Actor.Implementation>, moment: Moment): Promise<number> {
  if (!game.user?.isGM) return 0;
  let changed = 0;
  for (const actor of actors) {
    const s = actor.system;
    if (!(s instanceof TriniteModel)) continue;
    const r = await s.refill(moment);
    if (!r.ok || !r.changed) continue;
    changed += 1;
  }
  return changed;
}

const KEY: Record<Moment, string> = {
  aube: "QUINTETTE.Trinites.Karma.DawnAll",
  crepuscule: "QUINTETTE.Trinites.Karma.DuskAll",
};

async function onClick(moment: Moment): Promise<void> {
  const count = await refillWorld(game.actors?.contents ?? [], moment);
  ui.notifications?.info(formatCount(`${KEY[moment]}Done`, count, { value: String(count) }));
}

/** The two buttons, for a GM, when Trinités is the world's rule set. */
export function daylightButtons(doc: Document): HTMLElement {
  const box = doc.createElement("div");
  box.className = "quintette trinites tr-daylight";
  for (const [moment, icon] of [
    ["aube", "fa-sun"],
    ["crepuscule", "fa-moon"],
  ] as const) {
    const button = doc.createElement("button");
    button.type = "button";
    button.dataset.trinitesDaylight = moment;
    const i = doc.createElement("i");
    i.className = `fa-solid ${icon}`;
    i.setAttribute("aria-hidden", "true");
    button.append(i, ` ${game.i18n?.localize(KEY[moment]) ?? KEY[moment]}`);
    button.addEventListener("click", (event) => {
      event.preventDefault();
      void onClick(moment);
    });
    box.append(button);
  }
  return box;
}

export function registerDaylight(): void {
  Hooks.on("renderActorDirectory", (_app, html) => {
    if (!(html instanceof HTMLElement) || !game.user?.isGM || activeRulesetId() !== "trinites") return;
    if (html.querySelector(".tr-daylight")) return;
    const header = html.querySelector(".directory-header") ?? html;
    header.append(daylightButtons(html.ownerDocument));
  });
}
