/**
 * The situational +1 carried to a next roll (issue 25), and the dialog choices a character's next roll starts from.
 * Both live in the character's flags, written by its owner's client (its own rolls):
 * - `amEdge.discerner`: the Discerner la réalité card whose success grants +1 to the next action using its answer;
 * - `amEdgeUsed.<Défendre card>`: how many of that card's "+1 to an ally" the protected character has used (the ward's
 *   allies are counted by the rules core from the Défendre card's dice, ward.ts);
 * - `amChoices.<roll key>`: the gear and métier last chosen for that roll, preselected the next time.
 * A +1 is the owner's own bonus: like their gear, a forged one cheats only their own roll (docs/security.md).
 */
import type { ahillmach } from "../../rules/index.ts";
import { currentWards } from "./ward.ts";

export const EDGE_FLAG = "amEdge";
export const EDGE_USED_FLAG = "amEdgeUsed";
export const CHOICES_FLAG = "amChoices";

/** A +1 the character holds for a next roll, with where it comes from. */
export interface PendingEdge {
  source: ahillmach.EdgeSource;
  /** The granting card's message. */
  messageId: string;
  /** Who granted it (the defender), or null for the character's own Discerner. */
  from: string | null;
}

interface FlagReader {
  uuid: string | null;
  getFlag(scope: string, key: string): unknown;
}

function flag(actor: FlagReader, key: string): unknown {
  try {
    return actor.getFlag("quintette", key);
  } catch {
    return undefined;
  }
}

function usedOf(actor: FlagReader, wardId: string): number {
  const used = flag(actor, `${EDGE_USED_FLAG}.${wardId}`);
  return typeof used === "number" && Number.isInteger(used) && used > 0 ? used : 0;
}

/** The +1 the character holds now: its own Discerner's, then each ward protecting it with an ally +1 left. */
export function pendingEdges(actor: FlagReader): PendingEdge[] {
  const edges: PendingEdge[] = [];
  const discerner = flag(actor, `${EDGE_FLAG}.discerner`);
  if (typeof discerner === "string" && discerner && game.messages?.get(discerner)) {
    edges.push({ source: "discerner", messageId: discerner, from: null });
  }
  if (actor.uuid) {
    for (const ward of currentWards()) {
      if (ward.protectedUuid === actor.uuid && ward.allies > usedOf(actor, ward.messageId)) {
        edges.push({ source: "defendre", messageId: ward.messageId, from: ward.defenderName });
      }
    }
  }
  return edges;
}

/** The update that uses up one held +1 (the first), or an empty one. */
export function edgeUse(actor: FlagReader, edge: PendingEdge | undefined): Record<string, unknown> {
  if (!edge) return {};
  if (edge.source === "discerner") return { [`flags.quintette.${EDGE_FLAG}.discerner`]: "" };
  return { [`flags.quintette.${EDGE_USED_FLAG}.${edge.messageId}`]: usedOf(actor, edge.messageId) + 1 };
}

/** The update granting the character its Discerner +1 from this card (it replaces an older one: they never stack). */
export function discernerGrant(messageId: string): Record<string, unknown> {
  return { [`flags.quintette.${EDGE_FLAG}.discerner`]: messageId };
}

/** The gear and métier a roll remembers: one entry per move (rules move or free move item) or characteristic. */
export interface RememberedChoice {
  gear: string | null;
  metier: string | null;
}

/** The remembered choice for a roll key, or null. */
export function rememberedChoice(actor: FlagReader, key: string): RememberedChoice | null {
  const raw = flag(actor, `${CHOICES_FLAG}.${key}`);
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  return {
    gear: typeof r.gear === "string" && r.gear ? r.gear : null,
    metier: typeof r.metier === "string" && r.metier ? r.metier : null,
  };
}

/** The update remembering a roll's choice (nothing when it did not change). */
export function rememberChoice(actor: FlagReader, key: string, choice: RememberedChoice): Record<string, unknown> {
  const before = rememberedChoice(actor, key);
  if (before && before.gear === choice.gear && before.metier === choice.metier) return {};
  if (!before && !choice.gear && !choice.metier) return {};
  return { [`flags.quintette.${CHOICES_FLAG}.${key}`]: { gear: choice.gear ?? "", metier: choice.metier ?? "" } };
}
