/**
 * What the L'Œil Noir card actions share: reading a fighter, who may answer, the card rebuilt from a duel step, the
 * record of a write the card can take back.
 */
import type { CardActionContext } from "../chat/actions.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import type { AppliedEntry, CardState } from "../chat/types.ts";
import { ACTIONS, duelCard, duelOf, type DuelData } from "./duel.ts";

export const L = "QUINTETTE.OeilNoir.Card.";

export async function actorAt(uuid: string | null | undefined): Promise<Actor.Implementation | null> {
  if (!uuid) return null;
  const doc = await fromUuid<Actor.Implementation>(uuid);
  return doc ?? null;
}

/** Owner of one of the card's fighters (or a GM). */
export function ownsUuid(ctx: CardActionContext, uuid: string | null | undefined): boolean {
  return userOwnsUuid(ctx.requester, uuid);
}

/** Only the defender's owner (or a GM) answers an attack. */
export function isDefenderOwner(ctx: CardActionContext): boolean {
  return ownsUuid(ctx, duelOf(ctx.card)?.defender?.uuid);
}

export function rebuild(card: CardState, duel: DuelData): CardState {
  return duelCard(
    duel,
    { rollerId: card.rollerId, actorUuid: card.actorUuid, actorName: card.actorName, img: card.img },
    card,
  );
}

export function stageIs(card: CardState, ...stages: DuelData["stage"][]): DuelData | null {
  const duel = duelOf(card);
  return duel && stages.includes(duel.stage) ? duel : null;
}

export function appliedEntry(
  uuid: string,
  name: string,
  undo: AppliedEntry["undo"],
  summary: AppliedEntry["summary"],
  card: CardState,
  userId: string,
  suffix: string,
): AppliedEntry {
  return {
    id: `${uuid}#${card.revision}${suffix}`,
    action: ACTIONS.applyHit,
    targetUuid: uuid,
    targetName: name,
    summary,
    undo,
    undone: false,
    userId,
  };
}
