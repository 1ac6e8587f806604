/**
 * Card actions: a registry keyed by action name that rule sets fill, and the executor that runs one action on the
 * client allowed to write (the active GM's, or the roller's own when no GM is connected and the action permits it).
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
import { HOOK, callPost, callPre, type CardActionInfo } from "../api/hooks.ts";
import { activeRulesetId, isRulesetId } from "../ruleset-id.ts";
import { notifyRelayResult, registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
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
import { defaultActionToken, isDone, withDone } from "./card-state.ts";
import { authorIdOf } from "./author.ts";
import { readCard, writeCard } from "./flags.ts";
import type { ButtonAudience, CardButton, CardState, JsonObject, JsonPrimitive } from "./types.ts";

export type CardActionArgs = Record<string, JsonPrimitive>;

export interface CardActionContext {
  message: ChatMessage.Implementation;
  /** A private copy of the stored state: return a modified copy in the outcome. */
  card: CardState;
  requester: User.Implementation;
  args: CardActionArgs;
}

/**
 * A write the executor performs after every check passed: `changes` is a Foundry update (dotted paths allowed, only
 * under `system.` and `flags.quintette.`). Compute it from the document's current values inside `execute`.
 */
export interface DocumentWrite {
  uuid: string;
  changes: Record<string, unknown>;
  /**
   * Idempotence key of this effect on this document (letters, digits, `_`, `-`, `:`); default: the action's token.
   * It must not depend on anything a player can write on the card (revision, done…): the record it names is what
   * makes the write happen once.
   */
  effect?: string;
}

/** An effect to reverse: the record `effect` (a key from `AppliedEntry.effect`) on the document at `uuid`. */
export interface EffectUndo {
  uuid: string;
  effect: string;
  /**
   * The rule itself takes the effect back (a winning reaction reverses a hit), computed by the GM's side from what it
   * verified: not the requester's undo of someone's record, so no requester check applies.
   */
  byRule?: boolean;
}

export type CardActionOutcome =
  | {
      status: "applied";
      card: CardState;
      writes?: DocumentWrite[];
      /**
       * Writes that are not documents (a world setting), run after the document writes and before the card: so
       * nothing is written when a right check fails. It undoes its own part before throwing, if it can; the
       * executor then reverses the document writes (with their records), so it must not revert them itself.
       */
      afterWrites?: () => Promise<void>;
      /** Effects to reverse (the shared undo): checked like writes, each reversed with its record in one update. */
      undo?: EffectUndo[];
      /** Id of a card the action posted (a damage card): the requester gets it back to take that card's next step. */
      posted?: string;
    }
  | { status: "denied" | "invalid"; reason: string }
  /** Nothing left to do (every target already served): reported like a repeated click. */
  | { status: "already"; reason?: string };

export interface CardAction {
  /** Unique name, prefixed by rule set (`trinites.pick`); the shared ones start with `quintette.`. */
  name: string;
  /** Who may take it: roller (or GM), GM only, anyone, or owners (of what it writes; checked on the writes). */
  audience: ButtonAudience;
  /** Extra right check (for instance: only the defender answers an attack). */
  allowed?(ctx: CardActionContext): boolean;
  /** Idempotence token; default: the name (plus `:key` for a `keyed` action). */
  token?(args: CardActionArgs, card: CardState): string;
  /**
   * The request's `key` names one of several independent uses of the action on one card (an option to pick, an
   * "applied" line's follow-up): the default token carries it. Otherwise the default token is the name alone, so a
   * key a script adds to the request makes no new token, hence no new effect record (docs/security.md).
   */
  keyed?: boolean;
  /** May run on the roller's own client when no GM is connected (it writes only what the roller owns). */
  localWithoutGM?: boolean;
  /** The rule itself grants the writes (skip the requester-owns-every-written-document check). */
  trustedWrites?: boolean;
  /**
   * Runs on the clicking client before the request leaves: adds what only that client knows (its targeted
   * tokens, a dialog's answer…). Returns null to cancel (after telling the user why).
   */
  collect?(args: CardActionArgs, messageId: string): CardActionArgs | null | Promise<CardActionArgs | null>;
  /**
   * The action's own cancellable hook, on the asking client after `quintette.preCardAction` (damage, undo): false
   * cancels; it may change `args` in place (the GM's client checks whatever arrives).
   */
  before?(args: CardActionArgs, messageId: string): boolean;
  /** Computes the new card state and the document writes; may roll dice or post messages. */
  execute(ctx: CardActionContext): CardActionOutcome | Promise<CardActionOutcome>;
  /**
   * Runs on the writing client once the step is applied and the card written: the action's own post hook (damage,
   * undo), after the shared `quintette.cardAction`. `card` is the card as written.
   */
  applied?(ctx: CardActionContext, card: CardState, info: CardActionInfo): void;
}

export interface CardActionRequest extends JsonObject {
  messageId: string;
  action: string;
  args: CardActionArgs;
}

const registry = new Map<string, CardAction>();

/**
 * Registers (or replaces) card actions; called by rule sets and by the shared damage/undo module. A name of the
 * world's own (its rule set's or a shared one) joins `CONFIG.QUINTETTE.cardActions` once that list exists.
 */
export function registerCardAction(...actions: CardAction[]): void {
  for (const action of actions) {
    const fresh = !registry.has(action.name);
    registry.set(action.name, action);
    const listed = CONFIG.QUINTETTE?.cardActions;
    if (fresh && listed && isOwnAction(action.name) && !listed.includes(action.name)) listed.push(action.name);
  }
}

/** A name of the world's own: its rule set's (`trinites.pick`) or a shared one (`quintette.undo`). */
function isOwnAction(name: string): boolean {
  return name.startsWith("quintette.") || name.startsWith(`${activeRulesetId()}.`);
}

/** The names registered so far that are the world's own (what `CONFIG.QUINTETTE.cardActions` starts from). */
export function ownCardActionNames(): string[] {
  return [...registry.keys()].filter(isOwnAction);
}

/** Forgets every card action: init starts from none, then registers the shared ones and the world's rule set's. */
export function clearCardActions(): void {
  registry.clear();
}

/** The shared actions registered (`quintette.undo`, `quintette.applyDamage`): every world's cards answer them. */
export function sharedCardActionNames(): string[] {
  return [...registry.keys()].filter((name) => name.startsWith("quintette."));
}

/**
 * Whether the cards of a rule set are live in this world: the rule set it plays, or one whose card actions are
 * registered here (the bench and tests register several). A card of any other rule set, a game the world played
 * before switching, is read only. A name that is no rule set's is not a game's card: live.
 */
export function cardsLive(ruleset: string): boolean {
  if (!isRulesetId(ruleset) || ruleset === activeRulesetId()) return true;
  const prefix = `${ruleset}.`;
  for (const name of registry.keys()) if (name.startsWith(prefix)) return true;
  return false;
}

export function getCardAction(name: string): CardAction | undefined {
  return registry.get(name);
}

export function actionToken(name: string, args: CardActionArgs, card: CardState): string {
  const action = registry.get(name);
  if (action?.token) return action.token(args, card);
  return !action || action.keyed ? defaultActionToken(name, args) : name;
}

/** Token of a button, for the card context (done buttons show as done on every client). */
export function buttonToken(card: CardState): (button: CardButton) => string {
  return (button) => actionToken(button.action, button.args, card);
}

/** Whether a user owns the document at a uuid (a GM owns everything): for actions that answer for a target. */
export function userOwnsUuid(user: User.Implementation, uuid: string | null | undefined): boolean {
  if (user.isGM) return true;
  if (!uuid) return false;
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as {
    testUserPermission?: (u: User.Implementation, l: "OWNER") => boolean;
  } | null;
  return !!doc?.testUserPermission?.(user, "OWNER");
}

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
 * Whether a user may read a message: a public one, or a whisper they receive or wrote (a GM reads all). For actions
 * whose targets the requester picks (the shared Apply): on a card kept from them (the GM's private or blind roll),
 * applying its damage to their own character would read the hidden roll off their hit points.
 */
export function userMayRead(message: ChatMessage.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  const whisper: unknown = (message as { whisper?: unknown }).whisper;
  const readers = Array.isArray(whisper)
    ? whisper.map((w: unknown) => (typeof w === "string" ? w : (w as { id?: unknown } | null)?.id))
    : [];
  return !readers.length || readers.includes(user.id) || authorIdOf(message) === user.id;
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
  const action = registry.get(request.action);
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

/**
 * Whether the world answers an action name: `CONFIG.QUINTETTE.cardActions` lists the world's own (its rule set's and
 * the shared ones), read at use, so a module that removes a name turns that step off. Another rule set's name (a
 * test or bench world registering several) is not the world's list's to decide.
 */
export function actionEnabled(name: string): boolean {
  const listed = CONFIG.QUINTETTE?.cardActions;
  return !listed || !isOwnAction(name) || listed.includes(name);
}

/**
 * The clicking side: relays to the active GM (or runs at once on the GM's own client). With no GM, an action
 * marked `localWithoutGM` runs here; anything else is refused with a notification. A `quintette.preCardAction`
 * listener on this client sees the request once collected and may cancel it (`cancelled`: nothing sent).
 */
export async function requestCardAction(
  messageId: string,
  actionName: string,
  args: CardActionArgs = {},
): Promise<RelayResult> {
  const action = registry.get(actionName);
  const collected = action?.collect ? await action.collect(args, messageId) : args;
  if (!collected) return { status: "invalid" };
  const message = game.messages?.get(messageId) ?? null;
  if (
    !callPre(HOOK.preCardAction, message, actionName, collected) ||
    action?.before?.(collected, messageId) === false
  ) {
    return { status: "cancelled" };
  }
  const request: CardActionRequest = { messageId, action: actionName, args: collected };
  const user = game.user;
  if (!game.users?.activeGM && user && action?.localWithoutGM) {
    const result = await executeCardAction(request, user);
    notifyRelayResult(result);
    return result;
  }
  return relayToGM(CARD_ACTION_KIND, request);
}

export const CARD_ACTION_KIND = "cardAction";

function isActionRequest(payload: JsonObject): payload is CardActionRequest {
  const args = payload.args;
  return (
    typeof payload.messageId === "string" &&
    payload.messageId.length <= 64 &&
    typeof payload.action === "string" &&
    payload.action.length <= 100 &&
    !!args &&
    typeof args === "object" &&
    !Array.isArray(args) &&
    Object.values(args).every((v) => v === null || typeof v !== "object")
  );
}

/** GM side of the relay for card actions (the relay already runs it inside the GM's queue). */
export function registerCardActionRelay(): void {
  registerRelayHandler(CARD_ACTION_KIND, async (payload, requester) =>
    isActionRequest(payload)
      ? runCardAction(payload, requester)
      : { status: "invalid", reason: "QUINTETTE.Relay.Invalid" },
  );
}
