/**
 * SYSTEMJ card actions on a fight card. They run on the GM's client (the shared executor relays them), roll the
 * defender's or attacker's test there, let the rules core move the exchange on, and store it whole on the card.
 * Rights: the defender's side answers defender steps, the roller follows up, either side rolls and applies damage.
 */
import type { CardAction, CardActionArgs, CardActionContext, CardActionOutcome } from "../chat/actions.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import type { DamageApplier } from "../damage/index.ts";
import type { AppliedEntry, CardState } from "../chat/types.ts";
import { systemj } from "../../rules/index.ts";
import { readExchange, withExchange } from "./cards.ts";
import { mayOpen, recordExchange, trustedExchange } from "./exchange-store.ts";
import {
  ACTIONS,
  answeringSide,
  applyCounter,
  applyDefence,
  applyDetection,
  applyFollowUp,
  applySight,
  declineCounter,
  declineDefence,
  hitDealer,
  hitVictim,
  setDamage,
  type ExchangeData,
} from "./exchange.ts";
import {
  attackScore,
  attributesOf,
  counterWeapon,
  defenceGear,
  holdsImprovised,
  defenceScore,
  skillScore,
  systemOf,
  weaponData,
  weaponsOf,
} from "./fighters.ts";
import { rollDamage, rollTest } from "./roll.ts";
import { showRollOf } from "../dice/show.ts";
import { dialogModifier, testDialogConfig, type TestData } from "./tests.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import { authorIdOf } from "../chat/author.ts";
import { readCard } from "../chat/flags.ts";
import { boundName } from "../trust/bound.ts";

type ActorLike = {
  uuid: string;
  name: string | null;
  system: unknown;
  items: Iterable<{ id: string | null; name: string | null; system: unknown }>;
};

async function actorAt(uuid: string): Promise<ActorLike | null> {
  const doc = await fromUuid<Actor.Implementation>(uuid);
  return doc && systemOf(doc) ? (doc as unknown as ActorLike) : null;
}

function ownsUuid(user: User.Implementation, uuid: string): boolean {
  return userOwnsUuid(user, uuid);
}

/** Whether the requester may answer the exchange's current step. */
export function mayAnswer(ctx: Pick<CardActionContext, "card" | "requester" | "message">): boolean {
  const data = trustedExchange(ctx.card, ctx.message.id ?? "");
  // A card that cannot be taken: its roller and the GM hear why from the step (invalid, too many open), not others.
  if (!data) return ctx.requester.isGM || ctx.requester.id === ctx.card.rollerId;
  // Finished exchange: let the step answer "already" (nothing changes, whoever clicks).
  if (data === "done") return true;
  const { requester, card } = ctx;
  if (requester.isGM) return true;
  switch (answeringSide(data)) {
    case "defender":
      return ownsUuid(requester, data.defender.uuid);
    case "attacker":
      return requester.id === card.rollerId || ownsUuid(requester, data.attacker.uuid);
    case "gm":
      return false;
    case "dealer":
      return (
        requester.id === card.rollerId ||
        ownsUuid(requester, data.attacker.uuid) ||
        ownsUuid(requester, data.defender.uuid)
      );
    default:
      // Finished exchange: let the step answer "already" (nothing changes, whoever clicks).
      return true;
  }
}

const invalid = (reason: string): CardActionOutcome => ({ status: "invalid", reason });

function applied(card: CardState, data: ExchangeData, extra: Partial<CardState> = {}): CardActionOutcome {
  return { status: "applied", card: { ...withExchange(card, data), ...extra } };
}

/** Runs `step` on the card's exchange; a step the exchange is not at is refused, never half-applied. */
async function onExchange(
  ctx: CardActionContext,
  step: (data: ExchangeData) => Promise<CardActionOutcome> | CardActionOutcome,
  end = false,
): Promise<CardActionOutcome> {
  const messageId = ctx.message.id ?? "";
  const data = trustedExchange(ctx.card, messageId);
  if (data === "done") return { status: "already", reason: "QUINTETTE.SystemJ.Error.StepTaken" };
  if (!data)
    return invalid(
      mayOpen(game.users?.get(ctx.card.rollerId)) ? "QUINTETTE.Card.Missing" : "QUINTETTE.SystemJ.Error.TooManyOpen",
    );
  try {
    const outcome = await step(data);
    const next = outcome.status === "applied" ? readExchange(outcome.card) : null;
    if (outcome.status !== "applied" || !next) return outcome;
    const before = outcome.afterWrites;
    return {
      ...outcome,
      afterWrites: async () => {
        await before?.();
        await recordExchange(messageId, ctx.card.rollerId, next, end || undefined);
      },
    };
  } catch (error) {
    if (error instanceof RangeError) return { status: "already", reason: "QUINTETTE.SystemJ.Error.StepTaken" };
    throw error;
  }
}

/** Dice So Nice shows a roll of the card with the card's whisper, blind, id and speaker (never awaited). */
function show(ctx: CardActionContext, roll: unknown): void {
  const { message } = ctx;
  showRollOf(roll, {
    id: message.id ?? null,
    whisper: (message.whisper ?? []).filter((id): id is string => typeof id === "string"),
    blind: message.blind === true,
    speaker: message.speaker,
  });
}

async function defenderTest(
  ctx: CardActionContext,
  data: ExchangeData,
  label: string,
  score: (actor: ActorLike) => number,
  modifier: systemj.Modifier,
): Promise<TestData | null> {
  const actor = await actorAt(data.defender.uuid);
  if (!actor) return null;
  const { roll, test } = await rollTest(score(actor), modifier, label);
  show(ctx, roll);
  return test;
}

/**
 * A follow-up test's modifier (issue 16, SYSTEMJ 1): the side answering the step chose it in the test dialog on its own
 * client, as it would for its own first test (docs/security.md). The executor takes only what a dialog can produce
 * (`parseModifier`, rules core) and refuses anything else; no argument means no modifier.
 */
function argModifier(ctx: CardActionContext): systemj.Modifier | null {
  return ctx.args.modifier === undefined ? 0 : systemj.parseModifier(ctx.args.modifier);
}

/** What the clicking client shows odds for: read locally for display only; the executor reads its own score. */
function localTest(
  data: ExchangeData,
  action: string,
  args: CardActionArgs,
  actor: ActorLike,
): { score: number; label: string } | null {
  const model = systemOf(actor);
  if (!model) return null;
  switch (action) {
    case ACTIONS.detect:
      return { score: skillScore(model, "detection"), label: "QUINTETTE.SystemJ.Skill.detection" };
    case ACTIONS.follow: {
      const mode = data.phase === "followForce" ? "meleeForce" : "meleeStealth";
      return { score: attackScore(attributesOf(model), null, mode), label: `QUINTETTE.SystemJ.Score.${mode}` };
    }
    case ACTIONS.defend: {
      const kind = String(args.kind ?? "");
      if (!systemj.DEFENCES.some((d) => d.id === kind)) return null;
      const defence = kind as systemj.DefenceKind;
      const score = defenceScore(attributesOf(model), weaponsOf(actor.items), defence);
      return { score, label: `QUINTETTE.SystemJ.Score.${defence}` };
    }
    case ACTIONS.counter: {
      const score = attackScore(attributesOf(model), counterWeapon(weaponsOf(actor.items)), "meleeForce");
      return { score, label: "QUINTETTE.SystemJ.Score.meleeForce" };
    }
    default:
      return null;
  }
}

/**
 * On the clicking client: the SYSTEMJ test dialog (table, free modifier, exact odds) for the follow-up test, its total
 * sent as `modifier`. Closing the dialog cancels the click. A step not at hand goes on unchanged, so the executor
 * answers it (already, invalid) as it would without a dialog.
 */
function collectModifier(action: string): NonNullable<CardAction["collect"]> {
  return async (args, messageId) => {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    // The same exchange the GM's client will read: its record (a world setting every client receives), else the card.
    const data = message && card ? trustedExchange(card, messageId) : null;
    if (!data || data === "done") return args;
    const actor = await actorAt(action === ACTIONS.follow ? data.attacker.uuid : data.defender.uuid);
    const test = actor ? localTest(data, action, args, actor) : null;
    if (!actor || !test) return args;
    const what = game.i18n?.localize(test.label) ?? test.label;
    const result = await RollDialog.prompt(
      testDialogConfig(test.score, `${actor.name ?? ""} — ${what} (${test.score})`),
    );
    if (!result) return null;
    return { ...args, modifier: dialogModifier(result.values) };
  };
}

function gearOf(actor: ActorLike | null): systemj.DefenderGear {
  return actor ? defenceGear(weaponsOf(actor.items), holdsImprovised(actor.items)).gear : {};
}

const base = { audience: "anyone" as const, allowed: mayAnswer, trustedWrites: true };

export const detectAction: CardAction = {
  ...base,
  name: ACTIONS.detect,
  collect: collectModifier(ACTIONS.detect),
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const actor = await actorAt(data.defender.uuid);
      const model = systemOf(actor);
      if (!actor || !model) return invalid("QUINTETTE.Card.TargetMissing");
      const modifier = argModifier(ctx);
      if (modifier === null) return invalid("QUINTETTE.Relay.Invalid");
      const { roll, test } = await rollTest(
        skillScore(model, "detection"),
        modifier,
        "QUINTETTE.SystemJ.Skill.detection",
      );
      show(ctx, roll);
      return applied(ctx.card, applyDetection(data, test, gearOf(actor)));
    }),
};

export const followAction: CardAction = {
  ...base,
  name: ACTIONS.follow,
  collect: collectModifier(ACTIONS.follow),
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const attacker = await actorAt(data.attacker.uuid);
      const model = systemOf(attacker);
      if (!attacker || !model) return invalid("QUINTETTE.Card.TargetMissing");
      const mode = data.phase === "followForce" ? "meleeForce" : "meleeStealth";
      const score = attackScore(attributesOf(model), null, mode);
      const modifier = argModifier(ctx);
      if (modifier === null) return invalid("QUINTETTE.Relay.Invalid");
      const { roll, test } = await rollTest(score, modifier, `QUINTETTE.SystemJ.Score.${mode}`);
      show(ctx, roll);
      const defender = await actorAt(data.defender.uuid);
      return applied(ctx.card, applyFollowUp(data, test, gearOf(defender)));
    }),
};

export const defendAction: CardAction = {
  ...base,
  name: ACTIONS.defend,
  collect: collectModifier(ACTIONS.defend),
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const kind = String(ctx.args.kind ?? "");
      if (!systemj.DEFENCES.some((d) => d.id === kind)) return invalid("QUINTETTE.Relay.Invalid");
      const defence = kind as systemj.DefenceKind;
      if (!data.options.includes(defence)) return invalid("QUINTETTE.SystemJ.Error.NotOffered");
      const modifier = argModifier(ctx);
      if (modifier === null) return invalid("QUINTETTE.Relay.Invalid");
      const test = await defenderTest(
        ctx,
        data,
        `QUINTETTE.SystemJ.Score.${defence}`,
        (actor) => {
          const model = systemOf(actor);
          return model ? defenceScore(attributesOf(model), weaponsOf(actor.items), defence) : 0;
        },
        modifier,
      );
      if (!test) return invalid("QUINTETTE.Card.TargetMissing");
      return applied(ctx.card, applyDefence(data, defence, test));
    }),
};

export const noDefenceAction: CardAction = {
  ...base,
  name: ACTIONS.noDefence,
  token: () => ACTIONS.defend,
  execute: (ctx) => onExchange(ctx, (data) => applied(ctx.card, declineDefence(data))),
};

export const counterAction: CardAction = {
  ...base,
  name: ACTIONS.counter,
  collect: collectModifier(ACTIONS.counter),
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const modifier = argModifier(ctx);
      if (modifier === null) return invalid("QUINTETTE.Relay.Invalid");
      const test = await defenderTest(
        ctx,
        data,
        "QUINTETTE.SystemJ.Score.meleeForce",
        (actor) => {
          const model = systemOf(actor);
          return model ? attackScore(attributesOf(model), counterWeapon(weaponsOf(actor.items)), "meleeForce") : 0;
        },
        modifier,
      );
      if (!test) return invalid("QUINTETTE.Card.TargetMissing");
      return applied(ctx.card, applyCounter(data, test));
    }),
};

export const noCounterAction: CardAction = {
  ...base,
  name: ACTIONS.noCounter,
  token: () => ACTIONS.counter,
  execute: (ctx) => onExchange(ctx, (data) => applied(ctx.card, declineCounter(data))),
};

/** The GM's word on a ranged shot that landed: does the target see it coming (issue 33)? A GM's step only. */
export const sightAction: CardAction = {
  ...base,
  name: ACTIONS.sight,
  audience: "gm",
  token: () => ACTIONS.sight,
  execute: (ctx) =>
    onExchange(ctx, (data) =>
      typeof ctx.args.aware === "boolean"
        ? applied(ctx.card, applySight(data, ctx.args.aware))
        : invalid("QUINTETTE.Relay.Invalid"),
    ),
};

/** Whether `formula` is one the dealer may roll: a weapon the dealer holds, or bare hands (a thrown object too). */
function dealerFormula(dealer: ActorLike | null, formula: string): boolean {
  if (!dealer) return false;
  return formula === weaponData(null).damage || weaponsOf(dealer.items).some((w) => w.system.damage === formula);
}

/**
 * The damage roll: the formula must be the dealer's own (a weapon they hold, or bare hands), never a card's text; the
 * amount the GM's client rolls goes into its own record of the exchange (exchange-store.ts), which "apply" reads, so
 * no card and no flag on the victim (which its owner could clear or plant a record on) decides it (issues 12, 22).
 */
export const damageAction: CardAction = {
  ...base,
  name: ACTIONS.damage,
  // The dealer's side rolls its own weapon's damage (its owners, or a GM), as the card shows the button to them only.
  allowed: (ctx) => {
    if (ctx.requester.isGM) return true;
    const data = trustedExchange(ctx.card, ctx.message.id ?? "");
    if (!data) return ctx.requester.id === ctx.card.rollerId;
    if (data === "done") return true;
    const dealer = hitDealer(data);
    return dealer ? ownsUuid(ctx.requester, dealer.fighter.uuid) : mayAnswer(ctx);
  },
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const dealer = hitDealer(data);
      const victim = hitVictim(data);
      if (!dealer || !victim) return invalid("QUINTETTE.Damage.NoDamage");
      if (data.damage !== null) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };
      const dealerActor = await actorAt(dealer.fighter.uuid);
      const victimActor = await actorAt(victim.uuid);
      if (!victimActor || !dealerFormula(dealerActor, dealer.weapon.damage)) return invalid("QUINTETTE.Relay.Invalid");
      const { roll, amount } = await rollDamage(dealer.weapon.damage);
      show(ctx, roll);
      return { status: "applied", card: withExchange(ctx.card, setDamage(data, amount)) };
    }),
};

/** Armour points first, then hit points (rules core), with an undo entry for the shared undo action. */
export function damageUpdate(model: { armourPoints: { value: number }; hitPoints: { value: number } }, amount: number) {
  const result = systemj.applyDamage({
    damage: amount,
    armourPoints: model.armourPoints.value,
    hitPoints: model.hitPoints.value,
  });
  return {
    result,
    update: { "system.armourPoints.value": result.armourPoints, "system.hitPoints.value": result.hitPoints },
    undo: { "system.armourPoints.value": model.armourPoints.value, "system.hitPoints.value": model.hitPoints.value },
  };
}

export const applyDamageAction: CardAction = {
  ...base,
  name: ACTIONS.apply,
  execute: (ctx) =>
    onExchange(
      ctx,
      async (data) => {
        const victim = hitVictim(data);
        if (!victim || data.damage === null) return invalid("QUINTETTE.Damage.NoDamage");
        const actor = await actorAt(victim.uuid);
        const model = systemOf(actor);
        if (!actor || !model) return invalid("QUINTETTE.Card.TargetMissing");
        // The number the GM's client rolled, from its own record: whatever the card says, this amount to this fighter.
        const amount = data.damage;
        const { result, update, undo } = damageUpdate(model, amount);
        const entry: AppliedEntry = {
          id: `${victim.uuid}#${ctx.card.revision}`,
          action: ACTIONS.apply,
          targetUuid: victim.uuid,
          targetName: victim.name,
          summary: {
            key: "QUINTETTE.SystemJ.Damage.Summary",
            name: victim.name,
            value: result.armourLost,
            target: result.hitPointsLost,
            detail: result.hitPoints,
          },
          undo,
          undone: false,
          userId: ctx.requester.id ?? "",
        };
        return {
          status: "applied",
          card: { ...withExchange(ctx.card, setDamage(data, amount)), applied: [...ctx.card.applied, entry] },
          writes: [{ uuid: victim.uuid, changes: update }],
        };
      },
      true,
    ),
};

export const CARD_ACTIONS: CardAction[] = [
  detectAction,
  followAction,
  defendAction,
  noDefenceAction,
  counterAction,
  noCounterAction,
  sightAction,
  damageAction,
  applyDamageAction,
];

/**
 * The shared apply-damage action (targeted tokens) follows the same rule: armour points, then hit points. It takes
 * the card's number only on a card a GM's client wrote, never on a fight card (its damage is the GM's record, applied
 * by the exchange's own Apply): a player's card, whose number and buttons its author may rewrite, deals nothing.
 */
export const damageApplier: DamageApplier = {
  apply(actor, damage, card, messageId) {
    const message = messageId ? game.messages?.get(messageId) : undefined;
    const authorId = message ? authorIdOf(message) : null;
    if (card.kind === "exchange" || !authorId || !game.users?.get(authorId)?.isGM) return null;
    const model = systemOf(actor);
    if (!model || !Number.isInteger(damage.amount) || damage.amount < 0) return null;
    const { result, update, undo } = damageUpdate(model, damage.amount);
    return {
      update,
      undo,
      summary: {
        key: "QUINTETTE.SystemJ.Damage.Summary",
        name: boundName(actor),
        value: result.armourLost,
        target: result.hitPointsLost,
        detail: result.hitPoints,
      },
    };
  },
};
