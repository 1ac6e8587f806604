/**
 * Card actions of Ahill-Mach. The shared executor checks rights, runs each once (idempotence tokens) and relays to
 * the GM when the player lacks the right; these only compute the new card and the writes.
 * - pick: the roller picks one of the move's options, within the band's allowance;
 * - xp: the character gains the roll's XP (failure 1, critical failure 2), once;
 * - rollDamage: a hit of a damaging move rolls the weapon's damage into a damage card, once;
 * - initiative: in a conflict, the markers follow the rules core's keep/lose rule, once per roll (records on every
 *   combatant of the conflict, written with the markers);
 * - morale, fainting: the rolls a damage card's "applied" line calls for, by the wounded actor's owner, once.
 */
import { ahillmach } from "../../rules/index.ts";
import { userOwnsUuid, type CardAction, type CardActionArgs, type DocumentWrite } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import { defaultValues, parseValues, type RollDialogConfig, type RollDialogResult } from "../dialog/inputs.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import { dialogConfig, type DialogSource } from "./dialog.ts";
import { opposantSource, performRoll, personnageSource } from "./rolling.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { originKey, postOnce, postedFor } from "../trust/once.ts";
import { effectKey, isWritableDocument, readEffect, type WritableDocument } from "../trust/effects.ts";
import { messageModeFor, messageModeOf, normalizeMessageMode } from "../chat/mode.ts";
import type { AppliedEntry, CardState } from "../chat/types.ts";
import { ACTIONS, K } from "./card.ts";
import { damageFormula, damageRollable, moveData, pickOption, verifiedRoll, withXpAwarded } from "./card-data.ts";
import { buildDamageCard } from "./damage-card.ts";
import { postedIn } from "./conflict-watch.ts";
import { applyToTargetsAction, checkedTargets, withDocumentDamage } from "./target-damage.ts";
import { actorOfCombatant, holderOf, sideOf, type CombatantLike } from "./combat.ts";
import { XP_MAX, type PersonnageModel } from "./models.ts";
import { boundName } from "../trust/bound.ts";
import { ammunitionOf } from "./ammunition.ts";

export const pickAction: CardAction = {
  name: ACTIONS.pick,
  audience: "roller",
  // One use per option.
  keyed: true,
  localWithoutGM: true,
  // One token per pick of an option: a repeatable option (Défendre) may be picked again, each pick once.
  token: (args, card) => {
    const key = String(args.key ?? "");
    const option = moveData(card)?.options.find((o) => o.id === key);
    const times = typeof option?.times === "number" ? option.times : 0;
    return `${ACTIONS.pick}:${key}:${times}`;
  },
  async execute({ card, args }) {
    const key = String(args.key ?? "");
    const result = pickOption(card, key);
    if (!result.ok) return { status: "invalid", reason: result.reason };
    if (!ahillmach.ammunitionSpent(key)) return { status: "applied", card: result.card };
    // Salve's several tries use up a piece of the shooter's ammunition (issue 33), read on the shooter's items.
    const ammo = ammunitionOf(card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null);
    const left = ammo ? ahillmach.ammunitionAfter(ammo.quantity, key) : null;
    if (!ammo || left === null) return { status: "invalid", reason: K("Card.NoAmmunition") };
    return {
      status: "applied",
      card: result.card,
      writes: [{ uuid: ammo.uuid, changes: { "system.quantity": left } }],
    };
  },
};

export const xpAction: CardAction = {
  name: ACTIONS.xp,
  audience: "roller",
  localWithoutGM: true,
  async execute({ card, requester }) {
    const data = moveData(card);
    if (!data || data.xp <= 0 || !card.actorUuid) return { status: "invalid", reason: K("Card.NoXp") };
    if (data.xpAwarded) return { status: "already" };
    const actor = await fromUuid<Actor.Implementation>(card.actorUuid);
    if (!actor || actor.type !== "personnage") return { status: "invalid", reason: K("Card.NoXp") };
    const current = (actor.system as { xp?: number }).xp ?? 0;
    const next = Math.min(XP_MAX, current + data.xp);
    const entry: AppliedEntry = {
      id: `xp#${card.revision}`,
      action: ACTIONS.xp,
      targetUuid: actor.uuid ?? "",
      targetName: boundName(actor),
      summary: { key: K("Card.XpApplied"), value: data.xp },
      undo: { "system.xp": current },
      undone: false,
      userId: requester.id ?? "",
    };
    return {
      status: "applied",
      card: { ...withXpAwarded(card), applied: [...card.applied, entry] },
      writes: [{ uuid: actor.uuid ?? "", changes: { "system.xp": next } }],
    };
  },
};

/**
 * The hit's damage card, always rolled and posted by the GM's client (issue 22): so the damage card's amount and state
 * are a GM's, and only such a card is applied (damage.ts). The hit, the move and the options are read again from the
 * roller's dice by the rules core (`damageRollable`); the die and modifier from the roller's documents.
 */
export const damageAction: CardAction = {
  name: ACTIONS.damage,
  audience: "roller",
  async execute({ card, message }) {
    // The damage card is posted before the card records it: a retry or a replay (the author clearing `done` and
    // `damageRolled`) finds the card the GM's client already posted, and rolls nothing new.
    const origin = originKey(message.id ?? "", ACTIONS.damage);
    const already = postedFor(origin);
    if (already) {
      return {
        status: "applied",
        card: { ...card, data: { ...card.data, damageRolled: true } },
        posted: already.id ?? undefined,
      };
    }
    const stated = moveData(card);
    if (stated && !damageRollable(card, stated)) return { status: "invalid", reason: K("Card.NoDamage") };
    // The die and modifier come from the roller's documents as this client reads them, not from the card's flags.
    const data = stated ? await withDocumentDamage(card, stated) : null;
    const formula = data ? damageFormula(data) : null;
    if (!data || !formula) return { status: "invalid", reason: K("Card.NoDamage") };
    if (data.damageRolled) return { status: "already" };
    const roll = new foundry.dice.Roll(formula);
    await roll.evaluate();
    const faces = roll.dice.flatMap((d) => d.results.map((r) => r.result));
    const damageCard = buildDamageCard({
      roller: { userId: card.rollerId, actorUuid: card.actorUuid, actorName: card.actorName, img: card.img },
      formula,
      faces,
      amount: roll.total ?? 0,
      source: data.damage?.name ?? "",
      targets: await checkedTargets(card),
    });
    // This may run on the GM's client for the player's click: the damage card speaks for the move's actor and keeps
    // the move card's own visibility, not the GM's chat mode or name.
    const actor = card.actorUuid ? await fromUuid<Actor.Implementation>(card.actorUuid) : null;
    const posted = await postCard(damageCard, {
      rolls: [roll],
      speaker: actor ? speakerFor(actor) : ChatMessage.getSpeaker({ alias: card.actorName }),
      rollMode: messageModeOf(message),
      origin,
    });
    return {
      status: "applied",
      card: { ...card, data: { ...card.data, damageRolled: true } },
      posted: posted?.id ?? undefined,
    };
  },
};

/** The active combat holding the roller's actor, and that actor's combatant. */
function conflictOf(actorUuid: string | null) {
  const combat = game.combat;
  if (!combat || !actorUuid) return null;
  const list = combat.combatants.contents;
  const mine = list.find((c) => actorOfCombatant(c) && (actorOfCombatant(c) as { uuid?: string }).uuid === actorUuid);
  return mine ? { combat, list, mine } : null;
}

/** A combatant as the executor writes it (the double and Foundry's both are). */
function writable(c: unknown): WritableDocument | null {
  return isWritableDocument(c) ? c : null;
}

/**
 * What this roll did to the initiative, read back from its records on the conflict's combatants (each holds its
 * marker before and after): the side marked before and after. Null when no combatant holds a live record.
 */
function recordedChange(list: readonly CombatantLike[], key: string): { before: Side; after: Side } | null {
  let found = false;
  let before: Side | null = null;
  let after: Side | null = null;
  for (const c of list) {
    const doc = writable(c);
    const record = doc ? readEffect(doc, key) : null;
    if (!record || record.undone) continue;
    found = true;
    const marker = record.set.find((s) => s.path === "system.marker");
    if (marker?.before === true) before = sideOf(actorOfCombatant(c));
    if (marker?.after === true) after = sideOf(actorOfCombatant(c));
  }
  if (!found) return null;
  const initial = ahillmach.initialHolder();
  return { before: before ?? initial, after: after ?? initial };
}

/**
 * The roll's effect on the initiative: the GM's client writes EVERY combatant's marker (changed or not) through the
 * executor, each with this roll's record in the same update. A combatant holding the record means the roll already
 * moved the initiative (a retry after a failure, a replay after the author cleared `done`, a script adding an
 * argument): nothing moves again, and the card shows the change read back from the records.
 */
export const initiativeAction: CardAction = {
  name: ACTIONS.initiative,
  audience: "roller",
  // One change per roll, whatever the request's arguments.
  token: () => ACTIONS.initiative,
  // The rule hands the initiative over: the roller's roll moves the opponents' markers, which the roller does not
  // own. The GM's client computes them from the rules core and the tracker, never from the request.
  trustedWrites: true,
  execute({ card, message }) {
    const data = moveData(card);
    if (!data) return { status: "invalid", reason: K("Card.NotAMove") };
    const conflict = conflictOf(card.actorUuid);
    if (!conflict) return { status: "invalid", reason: K("Card.NoConflict") };
    const roller = sideOf(actorOfCombatant(conflict.mine));
    const shown = (change: { before: Side; after: Side }): CardState => ({
      ...card,
      data: {
        ...card.data,
        initiative: { ...change, roller, afterKey: `QUINTETTE.AhillMach.Holder.${change.after}` },
      },
    });
    const recorded = recordedChange(conflict.list, effectKey(message.id ?? "", ACTIONS.initiative));
    if (recorded) return { status: "applied", card: shown(recorded) };
    // Bound to the combat and round the GM's client saw the card posted in (conflict-watch.ts): an old roll, honest
    // or reposted, never moves the initiative of a later round or fight (the records live on that fight's combatants).
    const posted = postedIn(message.id ?? "");
    if (!posted || posted.combat !== conflict.combat.id || posted.round !== (conflict.combat.round ?? 0))
      return { status: "invalid", reason: K("Card.NotThisConflict") };
    // The band and the keep/lose rule read again by the rules core from the dice, never the card's fields.
    const roll = verifiedRoll(card);
    if (!roll) return { status: "invalid", reason: K("Card.NotAMove") };
    const moveId = ahillmach.MOVE_IDS.find((id) => id === data.moveId);
    const before = holderOf(conflict.list);
    const after = ahillmach.nextHolder({
      holder: before,
      roller,
      // A free move or a bare roll never seizes the initiative (only Défendre and Défier le danger do).
      moveId: moveId ?? "etalerSaScience",
      band: roll.band,
      keepsInitiative: roll.keepsInitiative,
    });
    const writes: DocumentWrite[] = conflict.list.flatMap((c) => {
      const uuid = writable(c)?.uuid;
      const holds = sideOf(actorOfCombatant(c)) === after;
      return uuid ? [{ uuid, changes: { "system.marker": holds }, effect: ACTIONS.initiative }] : [];
    });
    return { status: "applied", card: shown({ before, after }), writes };
  },
};

type Side = ahillmach.Side;

type FollowUpPrompt = (config: RollDialogConfig) => Promise<RollDialogResult | null>;
let followUpPrompt: FollowUpPrompt = (config) => RollDialog.prompt(config);

/** Replaces the dialog of the damage card's follow-up rolls (tests answer it; null restores the real one). */
export function setFollowUpPrompt(next: FollowUpPrompt | null): void {
  followUpPrompt = next ?? ((config) => RollDialog.prompt(config));
}

/** Arguments carry the dialog's values flat (`value.helpers`…), as card arguments are primitives. */
const VALUE_PREFIX = "value.";
const STATES_OWED = "QUINTETTE.AhillMach.Warning.StatesOwed";

/** The damage card's "applied" line whose follow-up `action` is still open (done or not), or null. */
function followUpEntry(card: CardState, args: CardActionArgs, action: string): AppliedEntry | null {
  const entry = card.applied.find((e) => e.id === args.key);
  return entry?.followUp && entry.followUp.action === action && !entry.undone ? entry : null;
}

/** The roll a follow-up makes: the opponent's morale, or the character's fainting test (as the sheet rolls it). */
function followUpSource(actor: Actor.Implementation, action: string): DialogSource | null {
  if (action === ACTIONS.morale && actor.type === "opposant") return opposantSource(actor);
  if (action === ACTIONS.fainting && actor.type === "personnage") return personnageSource(actor, "fainting");
  return null;
}

/** The fainting test reads the last ticked state: it waits until the player has ticked the states owed. */
function statesOwed(actor: Actor.Implementation): boolean {
  return actor.type === "personnage" && (actor.system as PersonnageModel).derived.warnings.includes(STATES_OWED);
}

/**
 * On the clicking client: the roll dialog (help and hindrance, roll mode) for the owner of the follow-up's actor.
 * Anything else goes on unchanged so the executor answers it (denied, already, invalid).
 */
function collectFollowUp(action: string): NonNullable<CardAction["collect"]> {
  return async (args, messageId) => {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const entry = card ? followUpEntry(card, args, action) : null;
    if (!entry || entry.followUp?.done || !game.user || !userOwnsUuid(game.user, entry.targetUuid)) return args;
    const actor = await fromUuid<Actor.Implementation>(entry.targetUuid);
    const src = actor ? followUpSource(actor, action) : null;
    if (!actor || !src) return args;
    if (action === ACTIONS.fainting && statesOwed(actor)) {
      ui.notifications?.warn(game.i18n?.localize(K("Card.TickStatesFirst")) ?? "");
      return null;
    }
    const result = await followUpPrompt(dialogConfig(src, actor.name ?? ""));
    if (!result) return null;
    const collected: CardActionArgs = { ...args, rollMode: result.rollMode };
    for (const [name, value] of Object.entries(result.values)) collected[`${VALUE_PREFIX}${name}`] = value;
    return collected;
  };
}

/** The dialog result carried by the arguments, read against the executor's own inputs (defaults for the rest). */
function followUpResult(src: DialogSource, args: CardActionArgs): RollDialogResult {
  const inputs = dialogConfig(src, "").inputs;
  const raw: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key.startsWith(VALUE_PREFIX)) raw[key.slice(VALUE_PREFIX.length)] = value;
  }
  const rollMode = normalizeMessageMode(args.rollMode) ?? messageModeFor("public");
  return { values: parseValues(inputs, raw, defaultValues(inputs)), rollMode };
}

/**
 * A roll a damage card's "applied" line calls for, by the owner of the wounded actor, once: the clicking client
 * asks help and hindrance, the executing client rolls (the roll posts its own card) and marks the line done.
 */
function followUpAction(action: string, invalid: string): CardAction {
  return {
    name: action,
    audience: "anyone",
    // One roll per "applied" line (the key is the line's id).
    keyed: true,
    allowed: ({ card, args, requester }) =>
      userOwnsUuid(requester, card.applied.find((e) => e.id === args.key)?.targetUuid),
    collect: collectFollowUp(action),
    async execute({ card, args, message }) {
      const entry = followUpEntry(card, args, action);
      if (!entry?.followUp) return { status: "invalid", reason: K(invalid) };
      if (entry.followUp.done) return { status: "already" };
      const actor = await fromUuid<Actor.Implementation>(entry.targetUuid);
      const src = actor ? followUpSource(actor, action) : null;
      if (!actor || !src) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
      if (action === ACTIONS.fainting && statesOwed(actor))
        return { status: "invalid", reason: K("Card.TickStatesFirst") };
      // The roll's card is posted before this card records the line done: a retry after a failure (or a replay
      // after the card's author cleared the line) finds it and rolls nothing new.
      const origin = originKey(message.id ?? "", `${action}:${entry.id}`);
      await postOnce(origin, () => performRoll(actor, src, followUpResult(src, args), { origin }));
      const applied = card.applied.map((e) =>
        e.id === entry.id && e.followUp ? { ...e, followUp: { ...e.followUp, done: true } } : e,
      );
      return { status: "applied", card: { ...card, applied } };
    },
  };
}

/** The morale roll of a wounded opponent's side (Mystique or Mental, help and hindrance). */
export const moraleAction = followUpAction(ACTIONS.morale, "Card.NoMorale");

/** The fainting test of a wounded character, on the last ticked state. */
export const faintingAction = followUpAction(ACTIONS.fainting, "Card.NoFainting");

export const CARD_ACTIONS: CardAction[] = [
  pickAction,
  xpAction,
  damageAction,
  initiativeAction,
  moraleAction,
  faintingAction,
  applyToTargetsAction,
];
