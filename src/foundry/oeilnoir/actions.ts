/**
 * Card actions of the duel: parry (or not), roll damage, apply the blow, the Volonté check against a serious wound.
 * They run on the active GM's client through the shared executor (rights, idempotence, relay); the dice are rolled
 * there with `rollDice`, and every result is stored on the card so it survives a reload. Each concern has its file
 * (defence, blow, fumble and rescue actions); this one wraps them all to read and write the GM's duel record.
 */
import type { CardAction, CardActionContext, CardActionOutcome } from "../chat/actions.ts";
import { duelOf, fumbleFor } from "./duel.ts";
import { closeAction, gmAuthored, mayOpen, recordDuel, trustedDuel } from "./duel-store.ts";
import { chooseDefenderAction, dodgeAction, noParryAction, parryAction } from "./defence-actions.ts";
import { applyHitAction, damageAction, standAction, volonteAction } from "./blow-actions.ts";
import { attackFumble, freeAttackAction, fumbleCheckAction, fumbleWrites } from "./fumble-actions.ts";
import { medecineValue, pickHealer, rescueAction, rescueCardFor, setRescuePrompt } from "./rescue-actions.ts";

/** The context with the duel as the GM's client holds it (duel-store.ts) in place of the card's copy. */
function held(ctx: CardActionContext): CardActionContext | "done" | null {
  const duel = trustedDuel(ctx.message, ctx.card);
  if (!duel || duel === "done") return duel;
  const card = { ...ctx.card, actorUuid: duel.attacker.uuid, data: { ...ctx.card.data, duel } };
  return { ...ctx, card };
}

/**
 * A duel action reading and writing the GM's record (issue 22): `allowed` and `execute` see the held duel, never
 * the card's, and the duel the step produced is recorded after its effects (a GM-authored card is its own record).
 */
function gmHeld(action: CardAction): CardAction {
  const allowed = action.allowed;
  return {
    ...action,
    // A card the GM's client cannot take is refused by `execute` (invalid), whoever asks.
    ...(allowed
      ? {
          allowed: (ctx: CardActionContext) => {
            const c = held(ctx);
            return c && c !== "done" ? allowed(c) : true;
          },
        }
      : {}),
    async execute(ctx): Promise<CardActionOutcome> {
      const c = held(ctx);
      // A finished duel has no step left, whatever its card shows.
      if (c === "done") return { status: "already" };
      if (!c) {
        const full = !mayOpen(ctx.card.rollerId);
        return { status: "invalid", reason: `QUINTETTE.OeilNoir.Notify.${full ? "TooManyOpen" : "DuelUnreadable"}` };
      }
      const outcome = await action.execute(c);
      const next = outcome.status === "applied" ? duelOf(outcome.card) : null;
      if (outcome.status !== "applied" || !next || gmAuthored(ctx.message)) return outcome;
      const messageId = ctx.message.id ?? "";
      const before = outcome.afterWrites;
      return {
        ...outcome,
        afterWrites: async () => {
          await before?.();
          await recordDuel(messageId, ctx.card.rollerId, next);
        },
      };
    },
  };
}

export const OEILNOIR_CARD_ACTIONS: CardAction[] = [
  parryAction,
  dodgeAction,
  chooseDefenderAction,
  noParryAction,
  damageAction,
  applyHitAction,
  volonteAction,
  fumbleCheckAction,
  freeAttackAction,
  standAction,
  rescueAction,
]
  .map(gmHeld)
  // The GM's close reads and writes the record itself: it closes a card the GM's client cannot take too.
  .concat(closeAction);

// The names this module always exported, each now from its own file.
export {
  applyHitAction,
  closeAction,
  attackFumble,
  chooseDefenderAction,
  damageAction,
  dodgeAction,
  freeAttackAction,
  fumbleCheckAction,
  fumbleFor,
  fumbleWrites,
  medecineValue,
  noParryAction,
  parryAction,
  pickHealer,
  rescueAction,
  rescueCardFor,
  setRescuePrompt,
  standAction,
  volonteAction,
};
