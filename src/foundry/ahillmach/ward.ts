/**
 * Défendre's held consequences applied to the hits that follow (issue 16.3), on the client that applies damage (the
 * GM's). A ward is the newest Défendre card of a defender: what the defender protects was targeted when rolling (the
 * roller's call, like an attack's target); what it holds is recomputed here by the rules core from the card's dice
 * (the roller's own, accepted) and bounded by the band, never taken from the card's counts. What it has spent is
 * read from the actors the GM's client wrote: each warded hit writes `flags.quintette.amWard.<ward>.<damage card>`
 * with the damage, in the same update and record, so it is spent once and freed by the shared undo.
 */
import { ahillmach } from "../../rules/index.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import type { CardState } from "../chat/types.ts";
import { BODY_TEMPLATES, RULESET } from "./card.ts";
import { bandFromDice, moveData } from "./card-data.ts";
import { boundName } from "../trust/bound.ts";

export const WARD_FLAG = "amWard";
const WARDED_TYPES = new Set(["opposant", "personnage"]);

export interface Ward {
  /** The Défendre card's message. */
  messageId: string;
  defenderUuid: string;
  defenderName: string;
  protectedUuid: string | null;
  held: ahillmach.WardCounts;
  /** "+1 to an ally" picks held (issue 25): the protected one's next rolls take them (edge.ts). */
  allies: number;
}

interface ActorLike {
  uuid: string;
  type: string;
  name?: string | null;
  getFlag(scope: string, key: string): unknown;
}

function actorSync(uuid: string | null | undefined): ActorLike | null {
  if (!uuid || uuid.startsWith("Compendium.")) return null;
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
  if (!doc || typeof doc !== "object" || (doc as { documentName?: unknown }).documentName !== "Actor") return null;
  const actor = doc as ActorLike;
  return WARDED_TYPES.has(actor.type) ? actor : null;
}

/** The ward of one Défendre card, or null when the card does not hold one (checked as described above). */
export function wardOfCard(messageId: string, card: CardState): Ward | null {
  if (card.ruleset !== RULESET || card.body !== BODY_TEMPLATES.move) return null;
  const data = moveData(card);
  if (data?.moveId !== "defendre" || !card.actorUuid) return null;
  const defender = actorSync(card.actorUuid);
  const roller = game.users?.get(card.rollerId);
  // The roller must own the defender: a redirected hit lands on that actor.
  if (!defender || defender.type !== "personnage" || !roller || !userOwnsUuid(roller, defender.uuid)) return null;
  const band = bandFromDice(card);
  if (!band) return null;
  const picked: Record<string, number> = {};
  for (const o of data.options) picked[o.id] = typeof o.times === "number" ? o.times : o.chosen ? 1 : 0;
  const held = ahillmach.wardHeld(band, picked);
  if (!held) return null;
  const raw = card.data.protects;
  const protectedUuid =
    raw && typeof raw === "object" && !Array.isArray(raw) && typeof raw.uuid === "string" ? raw.uuid : null;
  const warded = actorSync(protectedUuid);
  return {
    messageId,
    defenderUuid: defender.uuid,
    defenderName: boundName(defender),
    protectedUuid: warded && warded.uuid !== defender.uuid ? warded.uuid : null,
    held,
    allies: ahillmach.allyEdgesHeld(band, picked),
  };
}

/** The newest ward of each defender (a new Défendre roll replaces the previous one). */
export function currentWards(): Ward[] {
  const byDefender = new Map<string, Ward>();
  for (const message of game.messages ?? []) {
    const card = readCard(message);
    const ward = card ? wardOfCard(message.id ?? "", card) : null;
    if (ward) byDefender.set(ward.defenderUuid, ward);
  }
  return [...byDefender.values()];
}

/** Damage card and actor hit → consequence, as the GM's client wrote them on one actor for one ward. */
function spentOn(actor: ActorLike | null, wardId: string): Map<string, ahillmach.WardConsequence> {
  const out = new Map<string, ahillmach.WardConsequence>();
  const raw = actor?.getFlag("quintette", `${WARD_FLAG}.${wardId}`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return out;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (value === "moitie" || value === "rediriger") out.set(key, value);
  }
  return out;
}

/** An actor as the application in progress has written it so far (identity when nothing is pending). */
export type ActorView = (actor: Actor.Implementation) => Actor.Implementation;

/**
 * What a ward has spent, counted once per damage card and actor first hit (a redirect is marked on both actors under
 * one key), read through `view` so a second hit of the same click sees what the first spent.
 */
export function wardSpent(ward: Ward, view: ActorView = (a) => a): ahillmach.WardCounts {
  // ActorLike is the slice of Actor.Implementation read here; the view returns the same document kind.
  const seen = (actor: ActorLike | null) =>
    actor ? (view(actor as unknown as Actor.Implementation) as unknown as ActorLike) : null;
  const all = new Map([
    ...spentOn(seen(actorSync(ward.protectedUuid)), ward.messageId),
    ...spentOn(seen(actorSync(ward.defenderUuid)), ward.messageId),
  ]);
  const values = [...all.values()];
  return {
    moitie: values.filter((v) => v === "moitie").length,
    rediriger: values.filter((v) => v === "rediriger").length,
  };
}

/**
 * The flag path recording that damage card `damageId`, hitting the actor at `hitUuid` first, spent a consequence of
 * ward `wardId`: one key per card and actor hit, so a card hitting the protected one and the defender spends two.
 */
export function wardPath(wardId: string, damageId: string, hitUuid: string): string {
  return `flags.quintette.${WARD_FLAG}.${wardId}.${damageId}-${hitUuid.replaceAll(".", "_")}`;
}

export interface WardedHit {
  ward: Ward;
  outcome: ahillmach.WardOutcome;
}

/** The first ward that changes a hit of `damage` on the actor, or null (no ward covers it, or none has any left). */
export function wardedHit(targetUuid: string, damage: number, view?: ActorView): WardedHit | null {
  for (const ward of currentWards()) {
    const onDefender = ward.defenderUuid === targetUuid;
    if (!onDefender && ward.protectedUuid !== targetUuid) continue;
    const outcome = ahillmach.wardOnHit({ damage, onDefender, held: ward.held, spent: wardSpent(ward, view) });
    if (outcome.spends) return { ward, outcome };
  }
  return null;
}
