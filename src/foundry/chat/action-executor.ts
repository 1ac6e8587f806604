/**
 * The card actions' executor: runs one action on the client allowed to write (the active GM's, or the roller's own when no GM is connected and the action permits it).
 *
 * Guarantees, all enforced here rather than in each action (docs/security.md):
 * - identity: the requester is the User Foundry's server attests (relay); the card's roller is its author (flags.ts);
 * - rights: the action's audience is checked for the requester ("gm": a GM only), and (unless the action opts out)
 *   the requester must own every document the action writes;
 * - targets: only actors, items, tokens and combatants of this world and system, only `system.*` and
 *   `flags.quintette.*` paths (trust/effects.ts), whatever the card or the request names;
 * - applied once: each write is recorded in the GM's own store (trust/records.ts) and written to its target in one
 *   update; a target the store says was written is not written again, whatever the card's `done` list or the
 *   target's own flags say; the card's lines are restored from the store;
 * - undone only as recorded: once, within the field's limits, by a GM or by the player who asked for the effect
 *   and only where that player could write themselves;
 * - no lost update: on the GM's client every action runs in one queue, after the previous one finished, so it
 *   computes its writes from current values;
 * - no half-application: every document is resolved and every right checked before the first write.
 */
import { HOOK, callPost, type CardActionInfo } from "../api/hooks.ts";
import type { RelayResult } from "../relay/index.ts";
import {
  allowedChanges,
  applyEffects,
  effectKey,
  hasLiveEffect,
  isEffectKey,
  playerMayWrite,
  plannedRecordSize,
  readEffect,
  resolveWriteTarget,
  undoChanges,
  undoEffects,
  type PlannedUndo,
  type WritableDocument,
} from "../trust/effects.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { mayRecord } from "../trust/records.ts";
import { withRecordedLines } from "./lines.ts";
import { isDone, withDone } from "./card-state.ts";
import { authorIdOf } from "./author.ts";
import { readCard, writeCard } from "./flags.ts";
import { actionEnabled, actionToken, cardsLive, getCardAction } from "./action-registry.ts";
import type { CardAction, CardActionContext, CardActionRequest, DocumentWrite, EffectUndo } from "./action-types.ts";
import type { ButtonAudience, CardState } from "./types.ts";

/** `requester` is server-attested and `card.rollerId` is the message's author (or a GM's choice): both trusted. */
function audienceAllows(audience: ButtonAudience, requester: User.Implementation, card: CardState): boolean {
  if (requester.isGM) return true;
  if (audience === "gm") return false;
  if (audience === "roller") return requester.id === card.rollerId;
  return true;
}

/**
 * Executes a request for `requester` on this client, after every earlier queued task. Never throws: failures come
 * back as a status. `requester` must come from Foundry (the relay's server-attested writer, or `game.user`).
 */
export function executeCardAction(request: CardActionRequest, requester: User.Implementation): Promise<RelayResult> {
  return serializeOnGM(() => runCardAction(request, requester));
}

/** The same, for a caller already inside the GM's queue (the relay handler). */
export async function runCardAction(request: CardActionRequest, requester: User.Implementation): Promise<RelayResult> {
  try {
    return await execute(request, requester);
  } catch (error) {
    console.error("quintette | card action failed", request, error);
    return { status: "error", reason: "QUINTETTE.Card.Failed" } satisfies RelayResult;
  }
}

interface ResolvedWrite {
  doc: WritableDocument;
  changes: Record<string, unknown>;
  key: string;
}

type Refusal = { status: "denied" | "invalid"; reason: string };

function mayWrite(action: CardAction, requester: User.Implementation, doc: WritableDocument): boolean {
  return !!action.trustedWrites || requester.isGM || doc.testUserPermission(requester, "OWNER");
}

/** Resolves and checks every write; writes to one document with one key are merged. */
async function resolveWrites(
  action: CardAction,
  requester: User.Implementation,
  messageId: string,
  token: string,
  writes: DocumentWrite[],
): Promise<ResolvedWrite[] | Refusal> {
  const out: ResolvedWrite[] = [];
  for (const write of writes) {
    const doc = await resolveWriteTarget(write.uuid);
    if (!doc) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    const changes = allowedChanges(doc.documentName, write.changes);
    if (!changes) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    if (!mayWrite(action, requester, doc)) return { status: "denied", reason: "QUINTETTE.Card.NotOwner" };
    const key = effectKey(messageId, write.effect ?? token);
    const same = out.find((w) => w.doc === doc && w.key === key);
    if (same) Object.assign(same.changes, changes);
    else out.push({ doc, changes, key });
  }
  return out;
}

/**
 * Who may undo what (docs/security.md): a GM any effect the GM's store holds; a player only an effect they asked
 * for themselves, on a document they own, and only when every field it wrote is one they could write themselves (not
 * a Combatant's `system`, not a field the GM's client holds, such as Jetons' tokens). Each undo is computed from the
 * GM's record, never from the card.
 */
async function resolveUndo(
  requester: User.Implementation,
  messageId: string,
  undo: EffectUndo[],
): Promise<{ plans: PlannedUndo[]; undoneAlready: number } | Refusal> {
  const plans: PlannedUndo[] = [];
  let undoneAlready = 0;
  for (const u of undo) {
    const doc = await resolveWriteTarget(u.uuid);
    const record = doc && isEffectKey(u.effect) ? readEffect(doc, u.effect) : null;
    if (!doc || !record || record.messageId !== messageId) {
      return { status: "invalid", reason: "QUINTETTE.Damage.NothingToUndo" };
    }
    if (!requester.isGM && !u.byRule) {
      const paths = [...record.delta.map((d) => d.path), ...record.set.map((d) => d.path)];
      const own = record.userId === requester.id && doc.testUserPermission(requester, "OWNER");
      if (!own || !paths.every((path) => playerMayWrite(doc, path))) {
        return { status: "denied", reason: "QUINTETTE.Damage.NotYourUndo" };
      }
    }
    if (record.undone) undoneAlready += 1;
    else plans.push({ doc, key: u.effect, update: undoChanges(doc, record) });
  }
  return { plans, undoneAlready };
}

/**
 * New entries of the "applied" list get the key of the record written on their target. An entry that names its
 * write's effect token (`effect`, as `DocumentWrite.effect`) gets exactly that write's key: one actor may take two
 * writes of one action with different keys.
 */
function linkEntries(before: CardState, after: CardState, writes: ResolvedWrite[], messageId: string): CardState {
  const known = new Set(before.applied.map((e) => e.id));
  const applied = after.applied.map((entry) => {
    if (known.has(entry.id)) return entry;
    const key = entry.effect ? effectKey(messageId, entry.effect) : null;
    const write = writes.find((w) => w.doc.uuid === entry.targetUuid && (!key || w.key === key));
    return { ...entry, effect: write?.key ?? null };
  });
  return { ...after, applied };
}

/** Writes the card again when the GM's records restore lines it lacks (a retry after a failure, a replay). */
async function repairedAlready(
  message: ChatMessage.Implementation,
  card: CardState,
  reason: string,
): Promise<RelayResult> {
  const repaired = game.user?.isGM ? withRecordedLines(card, message.id ?? "") : card;
  if (repaired !== card) await writeCard(message, repaired);
  return { status: "already", reason };
}

/**
 * Whether the card's `done` list may stop an action early. It is a display copy the card's author may rewrite: only
 * a GM-authored card's list is the GM's, and a player's own list stops only that player. Anyone else's action on a
 * player's card runs, and the GM's records (effects, posted cards, rule-set stores) make it happen once: otherwise the
 * author could mark in advance an action taken against them (the opponent's free attack, the GM's roll of their
 * fumble check) and make it answer "already".
 */
function doneIsBinding(message: ChatMessage.Implementation, requester: User.Implementation): boolean {
  const authorId = authorIdOf(message);
  return !!authorId && (authorId === requester.id || !!game.users?.get(authorId)?.isGM);
}

async function execute(request: CardActionRequest, requester: User.Implementation): Promise<RelayResult> {
  const message = game.messages?.get(request.messageId);
  const card = message ? readCard(message) : null;
  const action = getCardAction(request.action);
  if (!message || !card) return { status: "invalid", reason: "QUINTETTE.Card.Missing" };
  // A card of a game the world no longer plays is read only (chat/render.ts), the shared actions (undo) included.
  if (!cardsLive(card.ruleset)) return { status: "invalid", reason: "QUINTETTE.Card.InactiveRulesetAction" };
  if (!action || !actionEnabled(action.name)) return { status: "invalid", reason: "QUINTETTE.Card.UnknownAction" };
  const ctx: CardActionContext = { message, card, requester, args: { ...request.args } };
  if (!audienceAllows(action.audience, requester, card) || (action.allowed && !action.allowed(ctx))) {
    return { status: "denied", reason: "QUINTETTE.Card.NotAllowed" };
  }
  const token = actionToken(action.name, ctx.args, card);
  if (isDone(card, token) && doneIsBinding(message, requester)) {
    return repairedAlready(message, card, "QUINTETTE.Card.AlreadyDone");
  }

  const outcome = await action.execute(ctx);
  if (outcome.status === "already")
    return repairedAlready(message, card, outcome.reason ?? "QUINTETTE.Card.AlreadyDone");
  if (outcome.status !== "applied") return outcome;

  // Resolve and check everything before the first write.
  const messageId = message.id ?? "";
  const writes = await resolveWrites(action, requester, messageId, token, outcome.writes ?? []);
  if (!Array.isArray(writes)) return writes;
  const undo = await resolveUndo(requester, messageId, outcome.undo ?? []);
  if (!("plans" in undo)) return undo;

  if (!game.user?.isGM) {
    // A player's own client, no GM connected (`localWithoutGM`): it writes only what the player owns, as a hand edit
    // would. Only a GM writes records, so such an effect has none, and no undo.
    for (const w of writes) await w.doc.update(w.changes);
    await outcome.afterWrites?.();
    const known = new Set(card.applied.map((e) => e.id));
    const applied = outcome.card.applied.map((e) => (known.has(e.id) ? e : { ...e, undo: null, effect: null }));
    const written = withDone({ ...outcome.card, applied }, token);
    await writeCard(message, written);
    return appliedResult(action, ctx, written, outcome.posted);
  }
  // The GM's record says this target got this effect already (a replay, or a retry after a failure partway).
  const pending = writes.filter((w) => !hasLiveEffect(w.doc, w.key));
  if (writes.length && !pending.length) return repairedAlready(message, card, "QUINTETTE.Card.AlreadyDone");
  if (undo.undoneAlready && !undo.plans.length && !writes.length) {
    return repairedAlready(message, card, "QUINTETTE.Damage.AlreadyUndone");
  }
  // A new record for each target not written yet: bounded per player (trust/records.ts).
  const linked = linkEntries(card, outcome.card, writes, messageId);
  const known = new Set(card.applied.map((e) => e.id));
  const fresh = linked.applied.filter((e) => !known.has(e.id));
  const planned = pending.map((w) => ({
    ...w,
    lines: fresh.filter((e) => e.effect === w.key && e.targetUuid === w.doc.uuid),
  }));
  const meta = { messageId, action: action.name, userId: requester.id ?? "" };
  // New records, bounded in count and size (trust/records.ts); the size counts the records replaced as new, which
  // only errs towards refusing.
  const newRecords = pending.filter((w) => !readEffect(w.doc, w.key)).length;
  if (!mayRecord(requester, newRecords, plannedRecordSize(planned, meta)))
    return { status: "denied", reason: "QUINTETTE.Card.TooManyRecords" };
  await applyEffects(planned, meta);
  await undoEffects(undo.plans);
  try {
    await outcome.afterWrites?.();
  } catch (error) {
    // The non-document part failed: take back the effects just written, then report it.
    await undoEffects(
      pending.flatMap((w) => {
        const record = readEffect(w.doc, w.key);
        return record ? [{ doc: w.doc, key: w.key, update: undoChanges(w.doc, record) }] : [];
      }),
    );
    throw error;
  }
  // The card is a display copy, written after the effects and their records.
  const written = withDone(withRecordedLines(linked, messageId), token);
  await writeCard(message, written);
  return appliedResult(action, ctx, written, outcome.posted);
}

/**
 * An applied step's answer, with the id of the card it posted, if any (the GM's own post: never a player's value),
 * once its post hooks ran on this, the writing, client.
 */
function appliedResult(action: CardAction, ctx: CardActionContext, card: CardState, posted?: string): RelayResult {
  const result: RelayResult = posted ? { status: "applied", id: posted } : { status: "applied" };
  const info: CardActionInfo = { requester: ctx.requester, args: { ...ctx.args }, result };
  callPost(HOOK.cardAction, ctx.message, action.name, info);
  action.applied?.(ctx, card, info);
  return result;
}
