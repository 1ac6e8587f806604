/**
 * The defender's answer to an attack: parry, dodge or no parry, and the GM naming the defender of a blow aimed at
 * nobody. The defender's values are read from its actor on the GM's side, never taken from the card.
 */
import type { CardAction, CardActionArgs, CardActionOutcome, DocumentWrite } from "../chat/actions.ts";
import type { CardState } from "../chat/types.ts";
import { readCard } from "../chat/flags.ts";
import { criticalParryValue, situationalPrdRange } from "../../rules/oeilnoir/index.ts";
import { combatantOf, defenderFor, dodgeFor, oeilNoirActor, parryWith } from "./actors.ts";
import { ACTIONS, declineParry, duelOf, resolveDefence, withDefender, withoutDefence, type DuelData } from "./duel.ts";
import { rollDice, showDice } from "./roll.ts";
import { spendWrite } from "./round-actions.ts";
import { boundedModifier } from "./defence-dialog.ts";
import { collectDefence } from "./defence-prompt.ts";
import { actorAt, isDefenderOwner, rebuild, stageIs } from "./action-helpers.ts";
import { defenceFumble } from "./fumble-actions.ts";

/** The largest parry penalty a fumble line's free attack adds (rules core tables). */
const FREE_ATTACK_MAX_PENALTY = 4;

/** An integer within bounds, else null: a number of the card (its author's client) the GM may use. */
function bounded(value: unknown, range: { min: number; max: number }): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max
    ? value
    : null;
}

/**
 * What the card's author declared about the defence, as far as the GM's client accepts it: the situation's
 * penalty on the parry (or the dodge) within what the attack dialog can build (rules core `situationalPrdRange`),
 * and a free attack's parry penalty within the fumble tables'. Null when the card was not made that way (issue 12).
 */
function defencePenalty(duel: DuelData, dodge: boolean): number | null {
  const declared = dodge ? duel.defender?.situation?.dodge : duel.defender?.situation?.prd;
  const situation = duel.defender?.situation ? bounded(declared, situationalPrdRange({ dodge })) : 0;
  const free = duel.free ? bounded(duel.free.parryPenalty, { min: 0, max: FREE_ATTACK_MAX_PENALTY }) : 0;
  return situation === null || free === null ? null : situation + free;
}

/**
 * The attacking weapon as the GM's client trusts it for a breakage check: an item of the card's own attacker (a
 * free attack's card is its striker's), its breakage factor read from the item. Null when the card names a weapon
 * that is not so.
 */
async function checkedAttacker(card: CardState, duel: DuelData): Promise<DuelData | null> {
  const weaponUuid = duel.attacker.weaponUuid;
  if (!weaponUuid) return { ...duel, attacker: { ...duel.attacker, breakage: null } };
  const attacker = await actorAt(duel.attacker.uuid);
  const weapon = await fromUuid<Item.Implementation>(weaponUuid);
  if (!attacker || attacker.uuid !== card.actorUuid || !weapon || weapon.parent !== attacker) return null;
  const breakage = (weapon.system as { breakage?: unknown }).breakage;
  return {
    ...duel,
    attacker: {
      ...duel.attacker,
      breakage: typeof breakage === "number" && Number.isInteger(breakage) ? breakage : null,
    },
  };
}

/**
 * The defender's own situational modifier and a GM's adjustment (issue 25), as the request carries them: each within
 * the dialog's bounds, the adjustment only from a GM. Their sum (positive: harder), or null when refused.
 */
function defenderModifiers(args: CardActionArgs, requester: User.Implementation): number | null {
  const own = boundedModifier(args.modifier);
  const adjust = boundedModifier(args.adjust);
  if (own === null || adjust === null || (adjust !== 0 && !requester.isGM)) return null;
  return own + adjust;
}

export const parryAction: CardAction = {
  name: ACTIONS.parry,
  audience: "anyone",
  allowed: isDefenderOwner,
  // The master parry may damage the attacker's weapon: the rule grants that write, not ownership.
  trustedWrites: true,
  token: () => "oeilnoir.answer",
  collect: (args, messageId) => collectDefence(args, messageId, false),
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const stored = stageIs(card, "awaitParry");
    if (!stored?.defender) return { status: "already" };
    // The card's numbers come from its author's client: the parry value is recomputed from the defender's own
    // weapon and the attacking weapon checked against the documents before anything is rolled or written.
    const duel = await checkedAttacker(card, stored);
    const defender = await actorAt(stored.defender.uuid);
    // Actions per round: no defence left, the blow lands without a roll; else this parry spends it.
    const spend = spendWrite(combatantOf(defender), "defence");
    if (spend === "refused")
      return duel
        ? { status: "applied", card: rebuild(card, withoutDefence(duel)), writes: [] }
        : { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const chosen = defender && duel ? parryChoice(defender, duel, args.weapon) : null;
    const extra = defenderModifiers(args, requester);
    if (!duel?.defender || !chosen || extra === null) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const prd = chosen.prd - extra;
    // Against a critical attack the parry is rolled under half the PRD: the roll carries that target.
    const d20 = await rollDice("1d20", duel.attack.critical ? criticalParryValue(prd) : prd);
    showDice(d20, message);
    const face = d20.faces[0] ?? 1;
    let breakageDice: [number, number] | undefined;
    if (face === 1 && !duel.attack.critical && duel.attacker.breakage !== null) {
      const two = await rollDice("2d6");
      breakageDice = [two.faces[0] ?? 1, two.faces[1] ?? 1];
    }
    let next = resolveDefence(duel, {
      d20: face,
      value: prd,
      dodge: false,
      ...(chosen?.weaponName ? { weaponName: chosen.weaponName } : {}),
      ...(breakageDice ? { breakageDice } : {}),
    });
    // A master parry (natural 1) is a free action: the defence stays.
    const writes: DocumentWrite[] = spend && !next.parry?.critical ? [spend] : [];
    if (next.breakage && duel.attacker.weaponUuid)
      writes.push({
        uuid: duel.attacker.weaponUuid,
        changes: next.breakage.broken ? { "system.broken": true } : { "system.breakage": next.breakage.factor },
      });
    if (next.parry?.fumble) {
      const f = await defenceFumble(next, defender, chosen?.weaponUuid ?? null);
      next = f.duel;
      writes.push(...f.writes);
    }
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

/**
 * The parry with the weapon the defender chose (or its main one), read from its actor on the GM's side: the
 * weapon's PRD made harder by the low-EV penalty and the card's declared situation and free-attack penalty, each
 * within its rules-core bounds. Null when the defender cannot parry or the card's numbers are out of bounds.
 */
function parryChoice(
  defender: Actor.Implementation,
  duel: DuelData,
  weaponArg: unknown,
): { prd: number; weaponUuid: string | null; weaponName: string | null } | null {
  if (duel.defender?.prd === null) return null;
  const p = parryWith(defender, typeof weaponArg === "string" ? weaponArg : null);
  const penalty = defencePenalty(duel, false);
  if (!p || penalty === null) return null;
  const lowEv = oeilNoirActor(defender)?.derived.lowEv.quality ?? 0;
  const item = p.weapon && !p.weapon.unarmed ? `${defender.uuid}.Item.${p.weapon.id}` : null;
  return { prd: p.prd - penalty - lowEv, weaponUuid: item, weaponName: p.weapon?.name ?? null };
}

/**
 * Dodging instead of parrying: the defender's dodge (read from its actor), with the attack's situation (kneeling 4,
 * lying impossible) and the low-EV penalty; halved against a critical like a parry. No weapon meets the blow, so
 * no breakage check; a natural 20 rolls the parry fumble table without a weapon.
 */
export const dodgeAction: CardAction = {
  name: ACTIONS.dodge,
  audience: "anyone",
  allowed: isDefenderOwner,
  token: () => "oeilnoir.answer",
  collect: (args, messageId) => collectDefence(args, messageId, true),
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "awaitParry");
    if (!duel?.defender) return { status: "already" };
    const defender = await actorAt(duel.defender.uuid);
    const spend = spendWrite(combatantOf(defender), "defence");
    if (spend === "refused") return { status: "applied", card: rebuild(card, withoutDefence(duel)), writes: [] };
    const base = defender ? dodgeFor(defender) : null;
    if (base === null || duel.defender.situation?.dodge === null)
      return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.CannotDodge" };
    const penalty = defencePenalty(duel, true);
    const extra = defenderModifiers(args, requester);
    if (penalty === null || extra === null) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const value = base - penalty - extra;
    const d20 = await rollDice("1d20", duel.attack.critical ? criticalParryValue(value) : value);
    showDice(d20, message);
    let next = resolveDefence(duel, { d20: d20.faces[0] ?? 20, value, dodge: true });
    const writes: DocumentWrite[] = spend && !next.parry?.critical ? [spend] : [];
    if (next.parry?.fumble) {
      const f = await defenceFumble(next, defender, null, true);
      next = f.duel;
      writes.push(...f.writes);
    }
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

/**
 * The GM names the defender of a blow that landed with nobody targeted: the first token he targets (an Œil Noir
 * actor other than the attacker). The card then waits for its parry as usual.
 */
export const chooseDefenderAction: CardAction = {
  name: ACTIONS.chooseDefender,
  audience: "gm",
  collect(args, messageId) {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const attacker = (card ? duelOf(card) : null)?.attacker.uuid ?? null;
    for (const token of game.user?.targets ?? []) {
      const actor = token.actor;
      if (actor && actor.uuid !== attacker && oeilNoirActor(actor)) return { ...args, defenderUuid: actor.uuid };
    }
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.TargetDefender") ?? "");
    return null;
  },
  async execute({ card, args }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "awaitDefender");
    if (!duel) return { status: "already" };
    const defender = await actorAt(typeof args.defenderUuid === "string" ? args.defenderUuid : null);
    if (!defender || !oeilNoirActor(defender) || defender.uuid === duel.attacker.uuid)
      return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    return { status: "applied", card: rebuild(card, withDefender(duel, defenderFor(defender))) };
  },
};

export const noParryAction: CardAction = {
  name: ACTIONS.noParry,
  audience: "anyone",
  allowed: isDefenderOwner,
  token: () => "oeilnoir.answer",
  execute({ card }): CardActionOutcome {
    const duel = stageIs(card, "awaitParry");
    if (!duel) return { status: "already" };
    return { status: "applied", card: rebuild(card, declineParry(duel)) };
  },
};
