/**
 * Damage from a card to the targeted (else controlled) tokens' actors. The rule set's applier turns damage into an
 * actor update through its rules core; the executor writes it and the GM's client records it (one record per card
 * and target: applied once, whatever the card or the actor's flags say); the card lists it with an undo. Undo
 * reverses the record's own delta from the actor's current values, within the field's limits. Both actions are
 * relayed to the GM like every card action.
 */
import {
  registerCardAction,
  userMayRead,
  type CardAction,
  type CardActionArgs,
  type CardActionOutcome,
  type DocumentWrite,
} from "../chat/actions.ts";
import { HOOK, callPost, callPre } from "../api/hooks.ts";
import { effectKey, hasLiveEffect, isWritableDocument } from "../trust/effects.ts";
import { isServingSession } from "../relay/session.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { forgetMessages, recordsOfMessage, registerEffectRecords } from "../trust/records.ts";
import type { AppliedEntry, CardDamage, CardState, JsonObject, JsonValue, Label } from "../chat/types.ts";
import { boundName } from "../trust/bound.ts";

export const APPLY_DAMAGE = "quintette.applyDamage";
export const UNDO = "quintette.undo";

export interface DamageApplication {
  /** Foundry update of the actor (dotted paths allowed). */
  update: Record<string, unknown>;
  /** What happened, for the card's "applied" log (`{name}` is the target's name). */
  summary: Label;
  /** Update that restores the actor; default: the previous value of every path in `update`. Null: no undo. */
  undo?: JsonObject | null;
  /** A next step to offer on the card for this target (its action gets `{ key: entry id }`). */
  followUp?: { action: string; label: Label; icon: string };
  /**
   * The hit lands on another actor (Ahill-Mach's Défendre draws it onto the defender): `update`, `summary` and
   * `followUp` are that actor's. `marker` is written on the original target under the same record key, so this card
   * hits neither twice; each gets its own entry and undo.
   */
  redirect?: { uuid: string; marker: Record<string, unknown>; summary: Label };
  /** Lines the card shows with the entry (what changed the hit), without an undo of their own. */
  notes?: Label[];
}

/** The rule set's damage rule: one actor, the card's damage → update + summary (+ undo). Null: not applicable. */
export interface DamageApplier {
  /**
   * `messageId` is the damage card's message (a rule set may record what the hit spent under it). `view` gives an
   * actor as this application left it so far: a rule set that hits another actor (a redirect) reads it through it.
   */
  apply(
    actor: Actor.Implementation,
    damage: CardDamage,
    card: CardState,
    messageId?: string,
    view?: (actor: Actor.Implementation) => Actor.Implementation,
  ): DamageApplication | null;
}

/**
 * The actors as one application has written them so far (not yet saved): when one click hits an actor twice (its own
 * target, and a hit a ward draws onto it), the second hit is computed after the first, not from the same old values.
 */
export class Projection {
  readonly #pending = new Map<string, Record<string, unknown>>();

  view = (actor: Actor.Implementation): Actor.Implementation => {
    const changes = actor.uuid ? this.#pending.get(actor.uuid) : undefined; // v14: an unsaved actor has no uuid
    // A clone is an unsaved copy with the changes merged and its data prepared (Document#clone).
    return changes ? (actor.clone(foundry.utils.expandObject(changes) as never) as Actor.Implementation) : actor;
  };

  add(writes: DocumentWrite[]): void {
    for (const w of writes) this.#pending.set(w.uuid, { ...this.#pending.get(w.uuid), ...w.changes });
  }
}

const appliers = new Map<string, DamageApplier>();

export function registerDamageApplier(rulesetId: string, applier: DamageApplier): void {
  appliers.set(rulesetId, applier);
}

export function getDamageApplier(rulesetId: string): DamageApplier | undefined {
  return appliers.get(rulesetId);
}

function toJson(value: unknown): JsonValue {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

/** Flat `path → previous value` for every leaf the update touches (read on the actor before the update). */
export function previousValues(read: (path: string) => unknown, update: Record<string, unknown>): JsonObject {
  const flat = foundry.utils.flattenObject(update) as Record<string, unknown>;
  const undo: JsonObject = {};
  for (const path of Object.keys(flat)) undo[path] = toJson(read(path));
  return undo;
}

/** Targets on the clicking client: targeted tokens first, else controlled ones; their actors' uuids. */
export function pickDamageTargets(): string[] {
  const fromTokens = (tokens: Iterable<{ actor: { uuid: string | null } | null }>) =>
    [...tokens].flatMap((t) => (t.actor?.uuid ? [t.actor.uuid] : []));
  const targeted = game.user ? fromTokens(game.user.targets) : [];
  if (targeted.length) return [...new Set(targeted)];
  return [...new Set(fromTokens(canvas?.tokens?.controlled ?? []))];
}

const SEPARATOR = "|";

/** Action name of an entry that only explains a hit (no write, no undo). */
export const DAMAGE_NOTE = "quintette.damageNote";

/**
 * The writes and "applied" entries of one application to the target at `uuid` (shared by every apply-damage
 * button): one record key per card and original target, on every actor it writes. Null when a redirect names no
 * writable actor.
 */
export async function applicationWrites(input: {
  uuid: string;
  actor: Actor.Implementation;
  result: DamageApplication;
  revision: number;
  userId: string;
}): Promise<{ writes: DocumentWrite[]; entries: AppliedEntry[] } | null> {
  const { uuid, actor, result, revision, userId } = input;
  // Each entry names its own write's effect token (the executor turns it into that write's record key), so two
  // writes on one actor (its own hit and one drawn onto it) are undone each by its own entry.
  const effect = damageEffect(uuid);
  const read = (doc: Actor.Implementation) => (path: string) => foundry.utils.getProperty(doc, path);
  const writes: DocumentWrite[] = [];
  const entries: AppliedEntry[] = [];
  let hit = actor;
  let id = `${uuid}#${revision}`;
  if (result.redirect) {
    const dest = await fromUuid<Actor.Implementation>(result.redirect.uuid);
    if (!dest || !isWritableDocument(dest) || dest.documentName !== "Actor") return null;
    writes.push({ uuid, changes: result.redirect.marker, effect });
    entries.push({
      id,
      action: APPLY_DAMAGE,
      targetUuid: uuid,
      targetName: boundName(actor),
      summary: result.redirect.summary,
      undo: previousValues(read(actor), result.redirect.marker),
      undone: false,
      userId,
      followUp: null,
      effect,
    });
    hit = dest;
    id = `${uuid}>${dest.uuid}#${revision}`;
  }
  const undo = result.undo === undefined ? previousValues(read(hit), result.update) : result.undo;
  writes.push({ uuid: hit.uuid ?? "", changes: result.update, effect });
  entries.push({
    id,
    action: APPLY_DAMAGE,
    targetUuid: hit.uuid ?? "",
    targetName: boundName(hit),
    summary: result.summary,
    undo,
    undone: false,
    userId,
    followUp: result.followUp ? { ...result.followUp, done: false } : null,
    effect,
  });
  (result.notes ?? []).forEach((summary, i) =>
    entries.push({
      id: `${id}:note${i}`,
      action: DAMAGE_NOTE,
      targetUuid: hit.uuid ?? "",
      targetName: boundName(hit),
      summary,
      undo: null,
      undone: false,
      userId,
      followUp: null,
    }),
  );
  return { writes, entries };
}

/** One damage effect per card and target: the token of its record's key. */
export function damageEffect(uuid: string): string {
  return `${APPLY_DAMAGE}:${uuid}`;
}

/**
 * Hits each target once: the record on the actor (not the card, which its author can rewrite) says whether this card
 * hit it already. `hit` gives the rule set's result on the actor as this click has left it so far, so a target hit
 * twice (its own hit, and one a ward draws onto it) is computed from its new values. One set of writes and entries.
 */
export async function hitEach(
  input: { messageId: string; card: CardState; userId: string; uuids: Iterable<string> },
  hit: (
    actor: Actor.Implementation,
    messageId: string,
    view: (actor: Actor.Implementation) => Actor.Implementation,
  ) => DamageApplication | null,
): Promise<CardActionOutcome> {
  const { messageId, card, userId } = input;
  const writes: DocumentWrite[] = [];
  const entries: AppliedEntry[] = [];
  const projection = new Projection();
  let served = 0;
  for (const uuid of new Set(input.uuids)) {
    const actor = await fromUuid<Actor.Implementation>(uuid);
    if (!actor || !isWritableDocument(actor) || actor.documentName !== "Actor") {
      return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    }
    if (hasLiveEffect(actor, effectKey(messageId, damageEffect(uuid)))) {
      served += 1;
      continue;
    }
    const result = hit(projection.view(actor), messageId, projection.view);
    if (!result) continue;
    const made = await applicationWrites({ uuid, actor, result, revision: card.revision, userId });
    if (!made) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    projection.add(made.writes);
    writes.push(...made.writes);
    entries.push(...made.entries);
  }
  if (!entries.length && served) return { status: "already", reason: "QUINTETTE.Damage.AlreadyApplied" };
  if (!entries.length) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
  return { status: "applied", card: { ...card, applied: [...card.applied, ...entries] }, writes };
}

export const applyDamageAction: CardAction = {
  name: APPLY_DAMAGE,
  audience: "owners",
  // The targets are the requester's choice: not on a card kept from them (docs/security.md).
  allowed: ({ message, requester }) => userMayRead(message, requester),
  collect(args: CardActionArgs) {
    const targets = pickDamageTargets();
    if (!targets.length) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Damage.NoTarget") ?? "");
      return null;
    }
    return { ...args, targets: targets.join(SEPARATOR) };
  },
  // A listener may drop targets from the list or cancel; the GM's client still checks each target it receives.
  before(args, messageId) {
    const targets = String(args.targets ?? "")
      .split(SEPARATOR)
      .filter(Boolean);
    if (!callPre(HOOK.preApplyDamage, game.messages?.get(messageId) ?? null, targets) || !targets.length) return false;
    args.targets = targets.join(SEPARATOR);
    return true;
  },
  // Revision-scoped: a repeated click finds every target already served; after an undo the target may be hit again.
  token: (args, card) => `${APPLY_DAMAGE}:r${card.revision}:${String(args.targets ?? "")}`,
  async execute({ message, card, requester, args }) {
    const applier = appliers.get(card.ruleset);
    if (!card.damage) return { status: "invalid", reason: "QUINTETTE.Damage.NoDamage" };
    if (!applier) return { status: "invalid", reason: "QUINTETTE.Damage.NoApplier" };
    const uuids = String(args.targets ?? "")
      .split(SEPARATOR)
      .filter(Boolean);
    if (!uuids.length || uuids.length > 50) return { status: "invalid", reason: "QUINTETTE.Damage.NoTarget" };

    const damage = card.damage;
    return hitEach({ messageId: message.id ?? "", card, userId: requester.id ?? "", uuids }, (actor, id, view) =>
      applier.apply(actor, damage, card, id, view),
    );
  },
  // The lines this application added, as written (after the shared `quintette.cardAction`).
  applied({ message, card: before }, card, info) {
    const known = new Set(before.applied.map((e) => e.id));
    callPost(
      HOOK.applyDamage,
      message,
      card.applied.filter((e) => !known.has(e.id)),
      info,
    );
  },
};

/**
 * Undo of any "applied" line: the GM's record of this message whose lines hold it names the target and the effect
 * (the card's entry, which its author may rewrite, is not read); the executor reverses it from the target's current
 * values, once, within the field's limits, and only for who may undo it.
 */
export const undoAction: CardAction = {
  name: UNDO,
  audience: "owners",
  // The record says whether it is undone; the card's token only stops a double click early.
  token: (args) => `${UNDO}:${String(args.key ?? "")}`,
  before: (args, messageId) => callPre(HOOK.preUndo, game.messages?.get(messageId) ?? null, String(args.key ?? "")),
  applied({ message, args }, _card, info) {
    callPost(HOOK.undo, message, String(args.key ?? ""), info);
  },
  execute({ message, card, args }) {
    const line = String(args.key ?? "");
    const record = recordsOfMessage(message.id ?? "").find((r) => r.applied?.lines.some((l) => l.id === line));
    if (!record?.applied) return { status: "invalid", reason: "QUINTETTE.Damage.NothingToUndo" };
    if (record.applied.undone) return { status: "already", reason: "QUINTETTE.Damage.AlreadyUndone" };
    return { status: "applied", card, undo: [{ uuid: record.target, effect: record.key }] };
  },
};

/**
 * Registers the shared apply-damage and undo card actions, the GM's effect records, and their end: the active GM's
 * client drops a deleted message's records (it can never be clicked again).
 */
export function registerDamage(): void {
  registerCardAction(applyDamageAction, undoAction);
  registerEffectRecords();
  Hooks.on("deleteChatMessage", (message) => {
    const id = message.id;
    if (!isServingSession() || !id) return;
    void serializeOnGM(() => forgetMessages([id])).catch((error: unknown) =>
      console.error("quintette | effect records cleanup failed", error),
    );
  });
}
