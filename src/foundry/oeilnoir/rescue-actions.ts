/**
 * Saving the dying (Médecine / Blessures): the healer's value, the dialog on the helper's client, the GM's roll and
 * its effects, and the card a sheet's button finds for a dying actor.
 */
import type { CardAction, CardActionOutcome, DocumentWrite } from "../chat/actions.ts";
import { readCard } from "../chat/flags.ts";
import { previousValues } from "../damage/index.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import type { RollDialogConfig, RollDialogResult } from "../dialog/inputs.ts";
import { isRescueSkill, RESCUE_BOUNDS, rescueCheck, woundThresholds } from "../../rules/oeilnoir/index.ts";
import { rescueDialogConfig } from "./dialog-config.ts";
import { hitUpdate, oeilNoirActor, victimValues } from "./actors.ts";
import { ACTIONS, canRescue, duelOf, withRescue, type RescueAttempt } from "./duel.ts";
import { rollDice, showDice } from "./roll.ts";
import { actorAt, appliedEntry, L, ownsUuid, rebuild } from "./action-helpers.ts";
import { boundName } from "../trust/bound.ts";

/**
 * The healer's Médecine / Blessures value, read from the healer: a héros' Médecine field (0, the field's initial
 * value, means not filled in: his IN stands for it), else 10; always within the rules core's bounds.
 */
export function medecineValue(healer: Actor.Implementation): number {
  const data = oeilNoirActor(healer);
  if (data?.kind !== "heros") return 10;
  const medecine = data.system.medecine;
  if (isRescueSkill(medecine) && medecine > 0) return medecine;
  const fallback = data.system.qualities.IN;
  return isRescueSkill(fallback) ? fallback : 10;
}

/**
 * The clicking user's healer: the first controlled token's actor they own, else their assigned character; an
 * Œil Noir character, never the victim. Null for a user with no character at hand (a GM may still help).
 */
export function pickHealer(victimUuid: string | null): Actor.Implementation | null {
  const candidates: Actor.Implementation[] = [];
  for (const token of canvas?.tokens?.controlled ?? []) if (token.actor) candidates.push(token.actor);
  const character = game.user?.character;
  if (character) candidates.push(character);
  return candidates.find((a) => a.uuid !== victimUuid && a.isOwner && !!oeilNoirActor(a)) ?? null;
}

type RescuePrompt = (config: RollDialogConfig) => Promise<RollDialogResult | null>;
let rescuePrompt: RescuePrompt = (config) => RollDialog.prompt(config);

/** Replaces the rescue dialog (tests answer it; null restores the real one). */
export function setRescuePrompt(next: RescuePrompt | null): void {
  rescuePrompt = next ?? ((config) => RollDialog.prompt(config));
}

function numberArg(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : null;
}

/**
 * Saving a dying victim (Médecine / Blessures): the helper's client opens the dialog with the healer's value and the
 * exact odds; the GM rolls the D20 under value − modifier − 2 × points below 0. Passed: stabilised (on the card and
 * the actor), the care lasting twice those points minus the points left (at least 1 round). Failed: 1D6 damage
 * through the blow's update (no PR: it is the care that hurts), and the card offers another attempt.
 */
export const rescueAction: CardAction = {
  name: ACTIONS.rescue,
  audience: "anyone",
  // Any player helping with a character of their own; the GM always.
  allowed: (ctx) => {
    const duel = duelOf(ctx.card);
    const healer = typeof ctx.args.healerUuid === "string" ? ctx.args.healerUuid : null;
    if (ctx.requester.isGM) return true;
    return !!healer && healer !== duel?.defender?.uuid && ownsUuid(ctx, healer);
  },
  // The rule lets the healer's care write the victim's EV and state, whoever owns the victim.
  trustedWrites: true,
  token: (args) => `${ACTIONS.rescue}:${String(args.attempt ?? 0)}`,
  async collect(args, messageId) {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const duel = card ? duelOf(card) : null;
    const victim = await actorAt(duel?.defender?.uuid);
    const ev = victim ? victimValues(victim)?.ev : undefined;
    if (!duel || !victim || ev === undefined) return null;
    if (ev > 0) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.NotDying") ?? "");
      return null;
    }
    const healer = pickHealer(victim.uuid);
    if (!healer && !game.user?.isGM) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.NoHealer") ?? "");
      return null;
    }
    const healerName = healer?.name ?? game.user?.name ?? "";
    const result = await rescuePrompt(
      rescueDialogConfig({
        healerName,
        victimName: boundName(victim),
        ev,
        skill: healer ? medecineValue(healer) : 10,
      }),
    );
    if (!result) return null;
    const skill = numberArg(result.values.skill) ?? 0;
    // The value chosen becomes the healer's Médecine field, on the healer this user owns (the GM reads it back).
    if (healer?.isOwner && oeilNoirActor(healer)?.kind === "heros" && isRescueSkill(skill)) {
      // A dotted path: the update's typed data does not list system paths.
      const changes: Record<string, unknown> = { "system.medecine": skill };
      await healer.update(changes);
    }
    return {
      ...args,
      healerUuid: healer?.uuid ?? null,
      healerName,
      skill,
      modifier: numberArg(result.values.modifier) ?? 0,
    };
  },
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const duel = duelOf(card);
    // Each attempt has its number: a repeated request (or a stale button) finds it taken.
    if (!duel || !canRescue(duel) || args.attempt !== (duel.rescue?.length ?? 0)) return { status: "already" };
    const victim = await actorAt(duel.defender?.uuid);
    const values = victim ? victimValues(victim) : null;
    if (!victim || !values) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    if (values.ev > 0) return { status: "already", reason: "QUINTETTE.OeilNoir.Notify.NotDying" };
    // Saved meanwhile from another card: nothing left to do here.
    if (oeilNoirActor(victim)?.derived.stabilized)
      return { status: "already", reason: "QUINTETTE.OeilNoir.Notify.AlreadyStabilized" };
    const healer = typeof args.healerUuid === "string" ? await actorAt(args.healerUuid) : null;
    // A player's healer must be an Œil Noir character of theirs (checked in `allowed`); a GM may help without one.
    if (!healer && !requester.isGM) return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.NoHealer" };
    if (healer && !oeilNoirActor(healer)) return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.NoHealer" };
    const healerName = healer?.name ?? requester.name ?? "";
    // The healer's value is read here from the healer (its remembered Médecine or IN), never taken from the
    // request; only a GM helping without a character states it. Both bounded by the rules core.
    const stated = numberArg(args.skill);
    const skill = healer ? medecineValue(healer) : stated !== null && isRescueSkill(stated) ? stated : null;
    const modifier = numberArg(args.modifier) ?? 0;
    if (skill === null || modifier < RESCUE_BOUNDS.modifier.min || modifier > RESCUE_BOUNDS.modifier.max)
      return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const d20 = await rollDice("1d20", skill - modifier - 2 * -values.ev);
    showDice(d20, message);
    const r = rescueCheck({ skill, modifier, ev: values.ev, d20: d20.faces[0] ?? 20 });
    const attempt: RescueAttempt = {
      healerName,
      skill,
      modifier,
      ev: values.ev,
      test: r.test,
      pointsLeft: r.pointsLeft,
      rounds: r.rounds,
      damage: null,
    };
    const writes: DocumentWrite[] = [];
    let applied = card.applied;
    if (r.test.success) {
      writes.push({ uuid: victim.uuid ?? "", changes: { "system.stabilized": true } });
    } else {
      // The failed care's 1D6 goes through the blow's update (EV, death limit, permanent-loss module), with no
      // PR and no wound: armour does not stop it and it is no blow.
      const d6 = await rollDice("1d6");
      showDice(d6, message);
      const damage = d6.faces[0] ?? 1;
      const hurt = {
        pr: 0,
        damage,
        wounds: 0,
        seriousWound: 0,
        totalWounds: 0,
        thresholds: woundThresholds({ cn: values.cn, modifier: values.thresholdModifier }),
        evBefore: values.ev,
        evAfter: values.ev - damage,
        status: "",
        volonteTarget: null,
      };
      const update = hitUpdate(victim, hurt);
      if (!update) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
      writes.push({ uuid: victim.uuid ?? "", changes: update.changes });
      attempt.damage = { d6: damage, evAfter: hurt.evAfter, status: update.status };
      const read = (path: string) => foundry.utils.getProperty(victim, path);
      applied = [
        ...applied,
        {
          ...appliedEntry(
            victim.uuid ?? "",
            victim.name ?? "",
            previousValues(read, update.changes),
            { key: `${L}RescueSummary`, value: damage },
            card,
            requester.id ?? "",
            `:rescue${duel.rescue?.length ?? 0}`,
          ),
          action: ACTIONS.rescue,
        },
      ];
    }
    const rebuilt = rebuild(card, withRescue(duel, attempt));
    return { status: "applied", card: { ...rebuilt, applied }, writes };
  },
};

/**
 * The newest card on which this actor lies dying and may still be saved (for the sheet's button): its message and
 * the attempt number its button carries. Null when there is none (EV set by hand, card deleted, already saved).
 */
export function rescueCardFor(actorUuid: string): { messageId: string; attempt: number } | null {
  const messages = game.messages?.contents ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    try {
      const card = message ? readCard(message) : null;
      const duel = card ? duelOf(card) : null;
      if (message?.id && duel?.defender?.uuid === actorUuid && canRescue(duel))
        return { messageId: message.id, attempt: duel.rescue?.length ?? 0 };
    } catch (error) {
      // Any author may write a card's data: a card this cannot read is skipped, never thrown into the sheet.
      console.warn("quintette | oeilnoir: ignored malformed card", message?.id, error);
    }
  }
  return null;
}
