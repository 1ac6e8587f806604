/**
 * Card actions of Trinités, run by the shared executor (on the active GM's client, relayed when the clicking player
 * may not write; idempotent by token; rights checked before any write):
 * - `trinites.pick`: the roller (or a GM) keeps the Deva or the Archonte die; the outcome and any debt are stored on
 *   the card, and the debt on the actor, once (the token, plus the actor's own list of messages already counted).
 * - `trinites.opposition`: records an opponent's reaction card on the card it answers, requested by the reaction's
 *   roller once it is resolved (flow.ts).
 * - `trinites.initiative`: an initiative card's score and place set on the combatant.
 * - `trinites.influence`: the roller of a successful Encourager/Intimider picks its option; a next action or
 *   reaction option is stored on each reached target (influence.ts), even one the roller has no right on.
 * - `trinites.regenerate`: the Archonte regenerates an unconscious Trinité at the end of a round (regeneration.ts).
 */
import type { CardAction, DocumentWrite, EffectUndo } from "../chat/actions.ts";
import type { CardState } from "../chat/types.ts";
import { effectKey, hasLiveEffect, isWritableDocument } from "../trust/effects.ts";
import { damageRecord } from "./damage.ts";
import { answersTo } from "./confrontation.ts";
import { trustedInitiativeData } from "./trusted-initiative.ts";
import { readCard } from "../chat/flags.ts";
import {
  applyOpposition,
  applyPick,
  canPick,
  DAMAGE,
  INFLUENCE,
  influenceOpen,
  INITIATIVE,
  OPPOSITION,
  PICK,
  RULESET,
  readData,
  reachedTargets,
  reactionSide,
  verifiedData,
  withInfluence,
  type OppositionEntry,
} from "./card.ts";
import { isInfluenceUse, storeUpdate, withdrawUpdate } from "./influence.ts";
import { initiativeUpdate } from "./seats.ts";
import { regenerateAction } from "./regeneration.ts";
import { trustedTestData } from "./confrontation.ts";
import type { JsonObject } from "../chat/types.ts";

const toJson = (data: unknown): JsonObject => JSON.parse(JSON.stringify(data)) as JsonObject;
import { DEBT_LOG_SIZE } from "./models.ts";

function isSpirit(value: unknown): value is "deva" | "archonte" {
  return value === "deva" || value === "archonte";
}

/** The debt write for a pick, or null when the actor already counted this message (or owes nothing). */
export function debtWrite(
  actor: { uuid: string | null; type: string; system: unknown },
  messageId: string,
  debt: "deva" | "archonte" | null,
): DocumentWrite | null {
  if (!debt || actor.type !== "trinite") return null;
  const system = actor.system as { dettes?: Record<string, number>; dettesMessages?: string[] };
  const log = system.dettesMessages ?? [];
  if (log.includes(messageId)) return null;
  return {
    uuid: actor.uuid ?? "",
    changes: {
      [`system.dettes.${debt}`]: (system.dettes?.[debt] ?? 0) + 1,
      "system.dettesMessages": [...log, messageId].slice(-DEBT_LOG_SIZE),
    },
  };
}

export const pickAction: CardAction = {
  name: PICK,
  audience: "roller",
  // Without a GM the roller's own client may write: the message is theirs and so is the actor.
  localWithoutGM: true,
  // One pick per card, whichever die: a second click (either button, any client) changes nothing.
  token: () => PICK,
  async execute({ card, message, args }) {
    if (!isSpirit(args.spirit)) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.BadPick" };
    if (!canPick(card)) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };
    const { card: next, debt } = applyPick(card, args.spirit);
    const writes: DocumentWrite[] = [];
    if (debt && card.actorUuid) {
      const actor = await fromUuid<Actor.Implementation>(card.actorUuid);
      const write = actor ? debtWrite(actor, message.id ?? "", debt) : null;
      if (write) writes.push(write);
    }
    return { status: "applied", card: next, writes };
  },
};

function ownsActorUuid(user: User.Implementation, uuid: string): boolean {
  if (user.isGM) return true;
  const doc = fromUuidSync<Actor.Implementation>(uuid);
  return doc instanceof Actor && doc.testUserPermission(user, "OWNER");
}

export const oppositionAction: CardAction = {
  name: OPPOSITION,
  audience: "anyone",
  // Only the opponent (owner of the targeted actor) or a GM answers for that target.
  allowed: ({ requester, args }) => ownsActorUuid(requester, String(args.key ?? "")),
  token: (args) => `${OPPOSITION}:${String(args.key)}:${String(args.source)}`,
  async execute({ card, message, args }) {
    const source = game.messages?.get(String(args.source ?? ""));
    const reaction = source ? readCard(source) : null;
    if (!source || !reaction || reaction.ruleset !== RULESET)
      return { status: "invalid", reason: "QUINTETTE.Card.Missing" };
    const opposes = readData(reaction).setup.opposes;
    if (!opposes || opposes.messageId !== message.id || opposes.key !== args.key) {
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NotAReaction" };
    }
    // One reaction per character per action: only the first this character posted against the card counts.
    if (answersTo(message.id ?? "").get(opposes.key)?.messageId !== source.id)
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.AlreadyReacted" };
    // Both sides as the rules core reads their dice (issue 22): neither card's stated result is believed.
    const verifiedReaction = verifiedData(reaction);
    const side = verifiedReaction ? reactionSide({ ...reaction, data: toJson(verifiedReaction) }) : null;
    if (!side) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.ReactionPending" };
    const own = verifiedData(card);
    if (!own) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.TestPending" };
    const applied = applyOpposition(
      { ...card, data: toJson({ ...own, opposition: readData(card).opposition }) },
      {
        key: opposes.key,
        name: reaction.actorName,
        messageId: source.id ?? "",
        ...side,
      },
    );
    if (!applied) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.TestPending" };
    // A foe who resisted an intimidation already stored on it loses it (the requester owns that foe).
    const data = own;
    const writes: DocumentWrite[] = [];
    if (
      data.setup.action === "intimider" &&
      applied.entry.winner !== "a" &&
      data.influence?.given.includes(opposes.key)
    ) {
      const foe = await fromUuid<Actor.Implementation>(opposes.key);
      const changes = foe ? withdrawUpdate(foe.system, "intimider", message.id ?? "") : null;
      if (foe && changes) writes.push({ uuid: foe.uuid ?? "", changes });
    }
    // A hit already applied to this target is taken back when its reaction wins: the rule reverses its record.
    const reversal = await reversedHit(message, opposes.key, applied.card, applied.entry.winner);
    return { status: "applied", card: reversal.card, writes, undo: reversal.undo };
  },
};

/**
 * When a reaction wins (or ties) against a card whose damage already reached that target, the hit is reversed: its
 * record on the target (read there, not on the card) is undone and the card's applied line marked undone. An area
 * attack's target may then take the half the dodge leaves, from the damage button again.
 */
async function reversedHit(
  message: ChatMessage.Implementation,
  targetUuid: string,
  card: CardState,
  winner: OppositionEntry["winner"],
): Promise<{ card: CardState; undo: EffectUndo[] }> {
  if (winner === "a") return { card, undo: [] };
  const target = await fromUuid<Actor.Implementation>(targetUuid);
  const key = effectKey(message.id ?? "", damageRecord(targetUuid));
  if (!target || !isWritableDocument(target) || !hasLiveEffect(target, key)) return { card, undo: [] };
  const applied = card.applied.map((e) =>
    e.action === DAMAGE && e.targetUuid === targetUuid && !e.undone ? { ...e, undone: true } : e,
  );
  // The rule's own write, whoever applied the hit and whoever records the reaction (issue 33).
  return { card: { ...card, applied }, undo: [{ uuid: targetUuid, effect: key, byRule: true }] };
}

/**
 * `trinites.influence`: the roller picks what a successful Encourager/Intimider gives (once per card). The rule
 * grants the roller the write on the targets (their pending modifier), so a player without rights on them gets it
 * applied by the GM; a target whose slot is still pending keeps it (listed as refused on the card).
 */
export const influenceAction: CardAction = {
  name: INFLUENCE,
  audience: "roller",
  token: () => INFLUENCE,
  trustedWrites: true,
  async execute({ card, message, args }) {
    const use = args.use;
    if (!isInfluenceUse(use)) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.BadInfluence" };
    // Success and targets as the rules core reads the dice, answers as the reaction cards give them (issues 12, 22).
    const data = trustedTestData(message, card);
    if (!data) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.BadInfluence" };
    const action = data.setup.action;
    if (action !== "encourager" && action !== "intimider")
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.BadInfluence" };
    if (!influenceOpen(data)) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };
    if (use === "initiative" && !data.setup.turn)
      return { status: "invalid", reason: "QUINTETTE.Trinites.Card.BadInfluence" };
    const writes: DocumentWrite[] = [];
    const given: string[] = [];
    const refused: string[] = [];
    for (const target of reachedTargets(data)) {
      if (use === "initiative") {
        given.push(target.uuid);
        continue;
      }
      const actor = await fromUuid<Actor.Implementation>(target.uuid);
      const changes = actor ? storeUpdate(actor.system, action, use, data.setup.actorName, message.id ?? "") : null;
      if (actor && changes) {
        writes.push({ uuid: actor.uuid ?? "", changes });
        given.push(target.uuid);
      } else refused.push(target.uuid);
    }
    return { status: "applied", card: withInfluence(card, { use, given, refused }), writes };
  },
};

function ownsCombatantOf(user: User.Implementation, combatant: Combatant.Implementation): boolean {
  if (user.isGM) return true;
  const actor = combatant.actor;
  return !!actor && actor.testUserPermission(user, "OWNER");
}

/**
 * `trinites.initiative`: a resolved initiative card sets its combatant's score and place (surprised: en retrait).
 * The GM writes it, so a player who may not update the combat still gets the score; once per card.
 */
export const initiativeAction: CardAction = {
  name: INITIATIVE,
  audience: "roller",
  token: () => INITIATIVE,
  // The requester's right is checked on the combatant's actor below (the rule grants the write to its owner).
  trustedWrites: true,
  allowed: ({ requester, card }) => {
    const init = readData(card).setup?.initiative;
    const combatant = init ? game.combats?.get(init.combatId)?.combatants.get(init.combatantId) : null;
    return !!combatant && ownsCombatantOf(requester, combatant as Combatant.Implementation);
  },
  execute({ card }) {
    const init = readData(card).setup?.initiative;
    if (!init) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NotInitiative" };
    const combatant = game.combats?.get(init.combatId)?.combatants.get(init.combatantId);
    if (!combatant) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NoCombatant" };
    // The score from the roller's dice and pick, with Rapidité read on the combatant's own actor and the card's
    // other numbers bounded (issue 25): nothing the card states about the result is read.
    const data = combatant.actor ? trustedInitiativeData(card, combatant.actor) : null;
    if (!data) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.NotInitiative" };
    if (!data.result) return { status: "invalid", reason: "QUINTETTE.Trinites.Card.TestPending" };
    const update = initiativeUpdate(init.combatantId, data.result.final, init.surprised);
    return {
      status: "applied",
      card,
      writes: [
        {
          uuid: combatant.uuid,
          // The score kept where only a GM writes too (issue 22): a player's own write to `initiative` is put back.
          changes: {
            initiative: update.initiative,
            "system.score": update.initiative,
            "system.phase": update["system.phase"],
          },
        },
      ],
    };
  },
};

export const CARD_ACTIONS: CardAction[] = [
  pickAction,
  oppositionAction,
  initiativeAction,
  influenceAction,
  regenerateAction,
];
