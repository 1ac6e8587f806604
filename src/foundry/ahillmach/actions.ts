/**
 * Card actions of Ahill-Mach. The shared executor checks rights, runs each once (idempotence tokens) and relays to
 * the GM when the player lacks the right; these only compute the new card and the writes.
 * - pick: the roller picks one of the move's options, within the band's allowance;
 * - xp: the character gains the roll's XP (failure 1, critical failure 2), once;
 * - rollDamage: a hit of a damaging move rolls the weapon's damage into a damage card, once;
 * - initiative: in a conflict, the markers follow the rules core's keep/lose rule, once per roll.
 */
import { ahillmach } from "../../rules/index.ts";
import { userOwnsUuid, type CardAction } from "../chat/actions.ts";
import { defaultValues } from "../dialog/inputs.ts";
import { dialogConfig } from "./dialog.ts";
import { opposantSource, performRoll } from "./rolling.ts";
import { postCard } from "../chat/post.ts";
import type { AppliedEntry } from "../chat/types.ts";
import { ACTIONS, K, buildDamageCard, damageFormula, moveData, pickOption, withXpAwarded } from "./card.ts";
import { actorOfCombatant, holderOf, markerUpdates, sideOf } from "./combat.ts";
import { XP_MAX } from "./models.ts";

export const pickAction: CardAction = {
  name: ACTIONS.pick,
  audience: "roller",
  localWithoutGM: true,
  execute({ card, args }) {
    const result = pickOption(card, String(args.key ?? ""));
    if (!result.ok) return { status: "invalid", reason: result.reason };
    return { status: "applied", card: result.card };
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
      targetUuid: actor.uuid,
      targetName: actor.name ?? "",
      summary: { key: K("Card.XpApplied"), value: data.xp },
      undo: { "system.xp": current },
      undone: false,
      userId: requester.id ?? "",
    };
    return {
      status: "applied",
      card: { ...withXpAwarded(card), applied: [...card.applied, entry] },
      writes: [{ uuid: actor.uuid, changes: { "system.xp": next } }],
    };
  },
};

export const damageAction: CardAction = {
  name: ACTIONS.damage,
  audience: "roller",
  localWithoutGM: true,
  async execute({ card }) {
    const data = moveData(card);
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
    });
    await postCard(damageCard, { rolls: [roll] });
    return { status: "applied", card: { ...card, data: { ...card.data, damageRolled: true } } };
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

export const initiativeAction: CardAction = {
  name: ACTIONS.initiative,
  audience: "roller",
  async execute({ card }) {
    const data = moveData(card);
    if (!data) return { status: "invalid", reason: K("Card.NotAMove") };
    const conflict = conflictOf(card.actorUuid);
    if (!conflict) return { status: "invalid", reason: K("Card.NoConflict") };
    const before = holderOf(conflict.list);
    const roller = sideOf(actorOfCombatant(conflict.mine));
    const after = ahillmach.nextHolder({
      holder: before,
      roller,
      // A free move or a bare roll never seizes the initiative (only Défendre and Défier le danger do).
      moveId: (data.moveId ?? "etalerSaScience") as ahillmach.MoveId,
      band: data.band,
      keepsInitiative: data.keepsInitiative,
    });
    const updates = markerUpdates(conflict.list, after);
    if (updates.length) await conflict.combat.updateEmbeddedDocuments("Combatant", updates);
    return {
      status: "applied",
      card: {
        ...card,
        data: {
          ...card.data,
          initiative: { before, after, roller, afterKey: `QUINTETTE.AhillMach.Holder.${after}` },
        },
      },
    };
  },
};

/**
 * The morale roll a wound calls for, from the damage card's "applied" line: rolled at once (no help or hindrance)
 * for the opponent, by its owner, once; the roll posts its own card.
 */
export const moraleAction: CardAction = {
  name: ACTIONS.morale,
  audience: "anyone",
  allowed: ({ card, args, requester }) =>
    userOwnsUuid(requester, card.applied.find((e) => e.id === args.key)?.targetUuid),
  async execute({ card, args }) {
    const entry = card.applied.find((e) => e.id === args.key);
    if (!entry?.followUp || entry.followUp.action !== ACTIONS.morale || entry.undone)
      return { status: "invalid", reason: K("Card.NoMorale") };
    if (entry.followUp.done) return { status: "already" };
    const actor = await fromUuid<Actor.Implementation>(entry.targetUuid);
    if (!actor || actor.type !== "opposant") return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    const src = opposantSource(actor);
    await performRoll(actor, src, {
      values: defaultValues(dialogConfig(src, actor.name ?? "").inputs),
      rollMode: "publicroll",
    });
    const applied = card.applied.map((e) =>
      e.id === entry.id && e.followUp ? { ...e, followUp: { ...e.followUp, done: true } } : e,
    );
    return { status: "applied", card: { ...card, applied } };
  },
};

export const CARD_ACTIONS: CardAction[] = [pickAction, xpAction, damageAction, initiativeAction, moraleAction];
