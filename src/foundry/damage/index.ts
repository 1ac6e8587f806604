/**
 * Damage from a card to the targeted (else controlled) tokens' actors. The rule set's applier turns damage into an
 * actor update through its rules core; the card records, per target, the summary and the previous values, and
 * offers an undo. Both actions are idempotent and relayed to the GM like every card action.
 */
import { registerCardAction, type CardAction, type CardActionArgs, type DocumentWrite } from "../chat/actions.ts";
import type { AppliedEntry, CardDamage, CardState, JsonObject, JsonValue, Label } from "../chat/types.ts";

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
}

/** The rule set's damage rule: one actor, the card's damage → update + summary (+ undo). Null: not applicable. */
export interface DamageApplier {
  apply(actor: Actor.Implementation, damage: CardDamage, card: CardState): DamageApplication | null;
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

function activeEntryFor(card: CardState, uuid: string): AppliedEntry | undefined {
  return card.applied.find((e) => e.action === APPLY_DAMAGE && e.targetUuid === uuid && !e.undone);
}

export const applyDamageAction: CardAction = {
  name: APPLY_DAMAGE,
  audience: "owners",
  collect(args: CardActionArgs) {
    const targets = pickDamageTargets();
    if (!targets.length) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Damage.NoTarget") ?? "");
      return null;
    }
    return { ...args, targets: targets.join(SEPARATOR) };
  },
  // Revision-scoped: a repeated click finds every target already served; after an undo the target may be hit again.
  token: (args, card) => `${APPLY_DAMAGE}:r${card.revision}:${String(args.targets ?? "")}`,
  async execute({ card, requester, args }) {
    const applier = appliers.get(card.ruleset);
    if (!card.damage) return { status: "invalid", reason: "QUINTETTE.Damage.NoDamage" };
    if (!applier) return { status: "invalid", reason: "QUINTETTE.Damage.NoApplier" };
    const uuids = String(args.targets ?? "")
      .split(SEPARATOR)
      .filter(Boolean);
    const fresh = [...new Set(uuids)].filter((uuid) => !activeEntryFor(card, uuid));
    if (!uuids.length) return { status: "invalid", reason: "QUINTETTE.Damage.NoTarget" };
    if (!fresh.length) return { status: "already", reason: "QUINTETTE.Damage.AlreadyApplied" };

    const writes: DocumentWrite[] = [];
    const entries: AppliedEntry[] = [];
    for (const uuid of fresh) {
      const actor = await fromUuid<Actor.Implementation>(uuid);
      if (!actor) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
      const result = applier.apply(actor, card.damage, card);
      if (!result) continue;
      const undo =
        result.undo === undefined
          ? previousValues((path) => foundry.utils.getProperty(actor, path), result.update)
          : result.undo;
      writes.push({ uuid, changes: result.update });
      entries.push({
        id: `${uuid}#${card.revision}`,
        action: APPLY_DAMAGE,
        targetUuid: uuid,
        targetName: actor.name ?? "",
        summary: result.summary,
        undo,
        undone: false,
        userId: requester.id ?? "",
        followUp: result.followUp ? { ...result.followUp, done: false } : null,
      });
    }
    if (!entries.length) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
    return { status: "applied", card: { ...card, applied: [...card.applied, ...entries] }, writes };
  },
};

/** Undo of any "applied" entry: writes its previous values back, once. */
export const undoAction: CardAction = {
  name: UNDO,
  audience: "owners",
  execute({ card, args }) {
    const entry = card.applied.find((e) => e.id === args.key);
    if (!entry || !entry.undo) return { status: "invalid", reason: "QUINTETTE.Damage.NothingToUndo" };
    if (entry.undone) return { status: "already", reason: "QUINTETTE.Damage.AlreadyUndone" };
    return {
      status: "applied",
      card: { ...card, applied: card.applied.map((e) => (e.id === entry.id ? { ...e, undone: true } : e)) },
      writes: [{ uuid: entry.targetUuid, changes: entry.undo }],
    };
  },
};

/** Registers the shared apply-damage and undo card actions. */
export function registerDamage(): void {
  registerCardAction(applyDamageAction, undoAction);
}
