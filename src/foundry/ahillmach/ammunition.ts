/**
 * The shooter's ammunition for Salve's several tries (issue 33): read on the shooter's items by the GM's client when
 * the option is picked, and by each client when it renders the card, so the option is greyed out while none is left
 * instead of being offered and refused.
 */
import { ahillmach } from "../../rules/index.ts";
import type { CardState } from "../chat/types.ts";
import { registerCardViewerContext, rerenderMessage } from "../chat/render.ts";
import { readCard } from "../chat/flags.ts";
import { moveData } from "./card-data.ts";
import { RULESET } from "./card.ts";
import type { PersonnageModel } from "./models.ts";

const AMMUNITION_TAG = /munition|ammo/i;

/**
 * The shooter's ammunition: an equipped piece of gear tagged as ammunition ("munitions", "ammo"), else the equipped
 * weapon that deals the damage (thrown weapons count themselves). Null when the shooter has neither.
 */
export function ammunitionOf(actor: Actor.Implementation | null): { uuid: string; quantity: number } | null {
  if (!actor || actor.type !== "personnage") return null;
  const gear = actor.items.contents.filter((i) => i.type === "am-equipement");
  const sys = (i: Item.Implementation) => i.system as { equipped?: boolean; tags?: string; quantity?: number };
  const tagged = gear.find((i) => sys(i).equipped !== false && AMMUNITION_TAG.test(sys(i).tags ?? ""));
  const weaponId = (actor.system as PersonnageModel).derived?.weapon?.id;
  const item = tagged ?? gear.find((i) => i.id === weaponId);
  return item?.uuid ? { uuid: item.uuid, quantity: Math.max(0, Math.trunc(sys(item).quantity ?? 0)) } : null;
}

/** The card's options, each not yet picked that needs more ammunition than the shooter has marked `noAmmunition`. */
function withAmmunition(state: CardState): Record<string, unknown> {
  const data = moveData(state);
  if (!data || !data.options.some((o) => ahillmach.ammunitionSpent(o.id) > 0)) return {};
  const found = state.actorUuid ? fromUuidSync(state.actorUuid as Parameters<typeof fromUuidSync>[0]) : null;
  // A uuid that names no actor (a card can be written by anyone) finds no ammunition: the option greys out.
  const actor = found && (found as { documentName?: string }).documentName === "Actor" ? found : null;
  const quantity = ammunitionOf(actor as Actor.Implementation | null)?.quantity ?? 0;
  const options = data.options.map((o) => ({
    ...o,
    noAmmunition: !o.chosen && ahillmach.ammunitionAfter(quantity, o.id) === null,
  }));
  return { data: { ...state.data, options } };
}

/** Cards read back when a shooter's gear changes: the last few of the log (a Salve is picked soon after its roll). */
const RECENT_CARDS = 30;

/** Draws again the recent cards of this shooter that offer an option spending ammunition, still unpicked. */
function redrawShooterCards(item: Item.Implementation): void {
  const actor = item.parent;
  if (item.type !== "am-equipement" || !actor?.uuid) return;
  for (const message of (game.messages?.contents ?? []).slice(-RECENT_CARDS)) {
    const card = readCard(message);
    const data = card?.actorUuid === actor.uuid ? moveData(card) : null;
    if (data?.options.some((o) => !o.chosen && ahillmach.ammunitionSpent(o.id) > 0) && message.id) {
      rerenderMessage(message.id);
    }
  }
}

export function registerAmmunitionView(): void {
  registerCardViewerContext(RULESET, (state) => withAmmunition(state));
  // Arrows bought or used up change what the card offers: each client draws its own view again.
  for (const hook of ["createItem", "updateItem", "deleteItem"] as const) {
    Hooks.on(hook, (item: Item.Implementation) => redrawShooterCards(item));
  }
}
