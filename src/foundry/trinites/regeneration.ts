/**
 * The Archonte's regeneration of an unconscious Trinité: at the end of each round, the GM gets a card (whispered)
 * for every unconscious Trinité whose Ténèbres Karma can pay; its button spends one Ténèbres point for 4 HP through
 * the rules core (`regenerate`, the one-point-per-kind-per-round limit included). The Archonte decides, so it is
 * the GM's button, never automatic. Waking moves the die en garde (damage.ts hooks).
 */
import * as U from "../../rules/trinites/upkeep.ts";
import { createCardState } from "../chat/card-state.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import type { CardAction } from "../chat/actions.ts";
import type { CardState, JsonObject } from "../chat/types.ts";
import { K, RULESET } from "./card.ts";
import { regenerationUpdate } from "./actor-updates.ts";
import { boundName } from "../trust/bound.ts";

export const REGENERATE = "trinites.regenerate";

/** What the Archonte reads of a Trinité (its data model has these fields); null for any other actor. */
interface TriniteFacts extends U.KarmaState {
  vie: { value: number };
}
// No data-model import here: the tracker module (and so the gallery) loads this file without Foundry.
function triniteFacts(actor: Actor.Implementation | null | undefined): TriniteFacts | null {
  return actor?.type === "trinite" ? (actor.system as unknown as TriniteFacts) : null;
}

interface RegenData extends JsonObject {
  combatId: string;
  round: number;
  regenerated: boolean;
}

/** The GM's card for one unconscious Trinité at the end of a round. */
export function regenerationCard(input: {
  gmId: string;
  actorUuid: string;
  actorName: string;
  img: string | null;
  combatId: string;
  round: number;
  /** The Ténèbres pools that can pay (the Archonte's, the Adam' of Ténèbres): one button each; default the Archonte's. */
  pools?: readonly ("archonte" | "adam")[];
}): CardState {
  const data: RegenData = { combatId: input.combatId, round: input.round, regenerated: false };
  const pools = input.pools?.length ? input.pools : (["archonte"] as const);
  return createCardState({
    ruleset: RULESET,
    kind: "regeneration",
    rollerId: input.gmId,
    actorUuid: input.actorUuid,
    actorName: input.actorName,
    img: input.img,
    title: { key: K("RegenTitle") },
    subtitle: { key: K("RegenSubtitle"), value: input.round },
    outcome: { label: { key: K("RegenOffer") }, tone: "neutral", detail: { key: K("RegenHint") } },
    // Which pool pays is the player's choice (the GM decides for the Archonte here): one button per pool holding a point.
    buttons: pools.map((pool) => ({
      action: REGENERATE,
      label: { key: pools.length > 1 ? K(pool === "adam" ? "RegenFromAdam" : "RegenFromArchonte") : K("RegenButton") },
      icon: pool === "adam" ? "fa-solid fa-yin-yang" : "fa-solid fa-moon",
      args: { pool },
      audience: "gm",
    })),
    data,
  });
}

export const regenerateAction: CardAction = {
  name: REGENERATE,
  audience: "gm",
  token: () => REGENERATE,
  async execute({ card, args }) {
    const data = card.data as RegenData;
    // The pool the GM chose for the Archonte; a card posted before the choice names none (default order).
    const pool = args.pool === "adam" || args.pool === "archonte" ? args.pool : undefined;
    const actor = card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null;
    const s = triniteFacts(actor);
    if (!actor || !s) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    const moment = { combat: data.combatId, round: data.round };
    if (!U.archonteCanRegenerate(s, s.vie.value, moment)) {
      return { status: "invalid", reason: "QUINTETTE.Trinites.Karma.RegenerationRefused" };
    }
    const r = U.regenerateWithKarma(s, s.vie.value, "tenebres", moment, pool);
    if (!r.ok) return { status: "invalid", reason: "QUINTETTE.Trinites.Karma.RegenerationRefused" };
    const value = r.life;
    const next: CardState = {
      ...card,
      outcome: { label: { key: K("RegenDone") }, tone: "success", detail: { key: K("RegenDetail"), value } },
      buttons: [],
      data: { ...data, regenerated: true },
    };
    return { status: "applied", card: next, writes: [{ uuid: actor.uuid ?? "", changes: regenerationUpdate(r) }] };
  },
};

/** End of a round (GM's client): one card per unconscious Trinité of the combat whose Archonte can pay. */
export async function offerRegenerations(combat: Combat.Implementation): Promise<number> {
  let posted = 0;
  for (const c of combat.combatants) {
    const actor = c.actor;
    const s = triniteFacts(actor);
    const moment = { combat: combat.id ?? "", round: combat.round ?? 0 };
    if (!actor || !s || !U.archonteCanRegenerate(s, s.vie.value, moment)) continue;
    const card = regenerationCard({
      gmId: game.user?.id ?? "",
      actorUuid: actor.uuid ?? "",
      actorName: boundName(actor),
      img: actor.img ?? null,
      combatId: combat.id ?? "",
      round: combat.round ?? 0,
      pools: U.regenerationPools(s, "tenebres").filter((p): p is "archonte" | "adam" => p !== "deva"),
    });
    await postCard(card, { speaker: speakerFor(actor), visibility: "gm" });
    posted += 1;
  }
  return posted;
}
