/**
 * SYSTEMJ card actions on a fight card. They run on the GM's client (the shared executor relays them), roll the
 * defender's or attacker's test there, let the rules core move the exchange on, and store it whole on the card.
 * Rights: the defender's side answers defender steps, the roller follows up, either side rolls and applies damage.
 */
import type { CardAction, CardActionContext, CardActionOutcome } from "../chat/actions.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import type { DamageApplier } from "../damage/index.ts";
import type { AppliedEntry, CardState } from "../chat/types.ts";
import { systemj } from "../../rules/index.ts";
import { asExchange, readExchange, withExchange } from "./cards.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { SETTING_EXCHANGES } from "./settings.ts";
import {
  ACTIONS,
  answeringSide,
  applyCounter,
  applyDefence,
  applyDetection,
  applyFollowUp,
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
import type { TestData } from "./tests.ts";

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

/** Exchanges the GM's client keeps (the newest; an older fight card can no longer move on). */
const EXCHANGES_KEPT = 100;

function recordedExchanges(): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(String(game.settings?.get(SYSTEM_ID, SETTING_EXCHANGES) ?? "{}"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The exchange as the GM's client last moved it (issue 12): the card's author may rewrite the card, so once the GM's
 * client has rolled a step, its own record (a world setting, which only a GM writes) is what later steps read. Before
 * that, the card holds only the roller's own first test (their own dice: accepted).
 */
export function trustedExchange(ctx: Pick<CardActionContext, "card" | "message">): ExchangeData | null {
  const recorded = asExchange(recordedExchanges()[ctx.message.id ?? ""]);
  if (recorded) return recorded;
  const card = readExchange(ctx.card);
  const fresh = !!card && card.tests.length === 1 && card.tests[0]?.by === "attacker" && card.damage === null;
  return fresh ? card : null;
}

/** Records the exchange a step produced, for the steps that follow (run by the executor after the effects). */
async function recordExchange(messageId: string, data: ExchangeData): Promise<void> {
  const all = recordedExchanges();
  delete all[messageId];
  all[messageId] = data;
  const ids = Object.keys(all);
  for (const id of ids.slice(0, Math.max(0, ids.length - EXCHANGES_KEPT))) delete all[id];
  await game.settings?.set(SYSTEM_ID, SETTING_EXCHANGES, JSON.stringify(all));
}

/** Whether the requester may answer the exchange's current step. */
export function mayAnswer(ctx: Pick<CardActionContext, "card" | "requester" | "message">): boolean {
  const data = trustedExchange(ctx);
  if (!data) return false;
  const { requester, card } = ctx;
  if (requester.isGM) return true;
  switch (answeringSide(data)) {
    case "defender":
      return ownsUuid(requester, data.defender.uuid);
    case "attacker":
      return requester.id === card.rollerId || ownsUuid(requester, data.attacker.uuid);
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
): Promise<CardActionOutcome> {
  const data = trustedExchange(ctx);
  if (!data) return invalid("QUINTETTE.Card.Missing");
  try {
    const outcome = await step(data);
    const next = outcome.status === "applied" ? readExchange(outcome.card) : null;
    if (outcome.status !== "applied" || !next) return outcome;
    const messageId = ctx.message.id ?? "";
    const before = outcome.afterWrites;
    return {
      ...outcome,
      afterWrites: async () => {
        await before?.();
        await recordExchange(messageId, next);
      },
    };
  } catch (error) {
    if (error instanceof RangeError) return { status: "already", reason: "QUINTETTE.SystemJ.Error.StepTaken" };
    throw error;
  }
}

async function defenderTest(
  data: ExchangeData,
  label: string,
  score: (actor: ActorLike) => number,
): Promise<TestData | null> {
  const actor = await actorAt(data.defender.uuid);
  if (!actor) return null;
  return (await rollTest(score(actor), 0, label)).test;
}

function gearOf(actor: ActorLike | null): systemj.DefenderGear {
  return actor ? defenceGear(weaponsOf(actor.items), holdsImprovised(actor.items)).gear : {};
}

const base = { audience: "anyone" as const, allowed: mayAnswer, trustedWrites: true };

export const detectAction: CardAction = {
  ...base,
  name: ACTIONS.detect,
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const actor = await actorAt(data.defender.uuid);
      const model = systemOf(actor);
      if (!actor || !model) return invalid("QUINTETTE.Card.TargetMissing");
      const { test } = await rollTest(skillScore(model, "detection"), 0, "QUINTETTE.SystemJ.Skill.detection");
      return applied(ctx.card, applyDetection(data, test, gearOf(actor)));
    }),
};

export const followAction: CardAction = {
  ...base,
  name: ACTIONS.follow,
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const attacker = await actorAt(data.attacker.uuid);
      const model = systemOf(attacker);
      if (!attacker || !model) return invalid("QUINTETTE.Card.TargetMissing");
      const mode = data.phase === "followForce" ? "meleeForce" : "meleeStealth";
      const score = attackScore(attributesOf(model), null, mode);
      const { test } = await rollTest(score, 0, `QUINTETTE.SystemJ.Score.${mode}`);
      const defender = await actorAt(data.defender.uuid);
      return applied(ctx.card, applyFollowUp(data, test, gearOf(defender)));
    }),
};

export const defendAction: CardAction = {
  ...base,
  name: ACTIONS.defend,
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const kind = String(ctx.args.kind ?? "");
      if (!systemj.DEFENCES.some((d) => d.id === kind)) return invalid("QUINTETTE.Relay.Invalid");
      const defence = kind as systemj.DefenceKind;
      if (!data.options.includes(defence)) return invalid("QUINTETTE.SystemJ.Error.NotOffered");
      const test = await defenderTest(data, `QUINTETTE.SystemJ.Score.${defence}`, (actor) => {
        const model = systemOf(actor);
        return model ? defenceScore(attributesOf(model), weaponsOf(actor.items), defence) : 0;
      });
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
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const test = await defenderTest(data, "QUINTETTE.SystemJ.Score.meleeForce", (actor) => {
        const model = systemOf(actor);
        return model ? attackScore(attributesOf(model), counterWeapon(weaponsOf(actor.items)), "meleeForce") : 0;
      });
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

/** Where the GM's client keeps the damage it rolled for a card, on the fighter who takes it. */
export const PENDING_DAMAGE = "sjDamage";

/** Whether `formula` is one the dealer may roll: a weapon the dealer holds, or bare hands. */
function dealerFormula(dealer: ActorLike | null, formula: string): boolean {
  if (!dealer) return false;
  return formula === weaponData(null).damage || weaponsOf(dealer.items).some((w) => w.system.damage === formula);
}

/**
 * The damage roll: the formula must be the dealer's own (a weapon they hold, or bare hands), never a card's text;
 * the amount the GM's client rolls is kept on the victim (`flags.quintette.sjDamage.<message id>`, written with its
 * effect record) so "apply" uses that number and that target, whatever the card says later (issue 12).
 */
export const damageAction: CardAction = {
  ...base,
  name: ACTIONS.damage,
  execute: (ctx) =>
    onExchange(ctx, async (data) => {
      const dealer = hitDealer(data);
      const victim = hitVictim(data);
      if (!dealer || !victim) return invalid("QUINTETTE.Damage.NoDamage");
      if (data.damage !== null) return { status: "already", reason: "QUINTETTE.Card.AlreadyDone" };
      const dealerActor = await actorAt(dealer.fighter.uuid);
      const victimActor = await actorAt(victim.uuid);
      if (!victimActor || !dealerFormula(dealerActor, dealer.weapon.damage)) return invalid("QUINTETTE.Relay.Invalid");
      const { amount } = await rollDamage(dealer.weapon.damage);
      return {
        status: "applied",
        card: withExchange(ctx.card, setDamage(data, amount)),
        writes: [
          {
            uuid: victimActor.uuid,
            changes: { [`flags.quintette.${PENDING_DAMAGE}.${ctx.message.id ?? ""}`]: amount },
          },
        ],
      };
    }),
};

function pendingDamage(actor: ActorLike, messageId: string): number | null {
  const flags = (actor as unknown as { flags?: Record<string, unknown> }).flags;
  const scope = flags?.quintette as Record<string, unknown> | undefined;
  const pending = scope?.[PENDING_DAMAGE] as Record<string, unknown> | undefined;
  const value = pending?.[messageId];
  return typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null;
}

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
    onExchange(ctx, async (data) => {
      const victim = hitVictim(data);
      if (!victim || data.damage === null) return invalid("QUINTETTE.Damage.NoDamage");
      const actor = await actorAt(victim.uuid);
      const model = systemOf(actor);
      if (!actor || !model) return invalid("QUINTETTE.Card.TargetMissing");
      // The number the GM's client rolled for this card, kept on this very fighter: a card naming another target or
      // another amount finds nothing to apply.
      const amount = pendingDamage(actor, ctx.message.id ?? "");
      if (amount === null) return invalid("QUINTETTE.Damage.NoDamage");
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
    }),
};

export const CARD_ACTIONS: CardAction[] = [
  detectAction,
  followAction,
  defendAction,
  noDefenceAction,
  counterAction,
  noCounterAction,
  damageAction,
  applyDamageAction,
];

/** The shared apply-damage action (targeted tokens) follows the same rule: armour points, then hit points. */
export const damageApplier: DamageApplier = {
  apply(actor, damage) {
    const model = systemOf(actor);
    if (!model || !Number.isInteger(damage.amount) || damage.amount < 0) return null;
    const { result, update, undo } = damageUpdate(model, damage.amount);
    return {
      update,
      undo,
      summary: {
        key: "QUINTETTE.SystemJ.Damage.Summary",
        name: actor.name ?? "",
        value: result.armourLost,
        target: result.hitPointsLost,
        detail: result.hitPoints,
      },
    };
  },
};
