/** The Ahill-Mach damage card, pure: the amount rolled and who it may be applied to. */
import { createCardState } from "../chat/card-state.ts";
import type { CardButton, CardState } from "../chat/types.ts";
import { ACTIONS, BODY_TEMPLATES, K, RULESET, type AttackTarget, type RollerInfo } from "./card.ts";

/** A damage card: the amount rolled, the formula, and the shared apply-damage button. */
export function buildDamageCard(input: {
  roller: RollerInfo;
  formula: string;
  faces: number[];
  amount: number;
  source: string;
  /** The attack's targets, checked by the client that builds the card: the roller may apply the damage to them. */
  targets?: AttackTarget[];
}): CardState {
  const amount = Math.max(0, input.amount);
  const targets = input.targets ?? [];
  const toTargets: CardButton[] = targets.length
    ? [
        {
          action: ACTIONS.applyToTargets,
          label: { key: K("Card.ApplyToTargets"), value: amount, name: targets.map((t) => t.name).join(", ") },
          icon: "fa-solid fa-crosshairs",
          args: {},
          audience: "roller",
        },
      ]
    : [];
  return createCardState({
    ruleset: RULESET,
    kind: "damage",
    rollerId: input.roller.userId,
    actorUuid: input.roller.actorUuid,
    actorName: input.roller.actorName,
    img: input.roller.img,
    title: { key: K("Card.Damage"), name: input.source },
    subtitle: null,
    dice: [],
    outcome: { label: { key: K("Card.DamageAmount"), value: amount }, tone: "neutral", detail: null },
    damage: { amount },
    buttons: [
      {
        action: "quintette.applyDamage",
        label: { key: "QUINTETTE.Damage.Apply", value: amount },
        icon: "fa-solid fa-heart-crack",
        args: {},
        audience: "owners",
      },
      ...toTargets,
    ],
    data: {
      formula: input.formula,
      faces: input.faces,
      amount,
      source: input.source,
      targets: targets.map((t) => ({ uuid: t.uuid, name: t.name })),
    },
    body: BODY_TEMPLATES.damage,
  });
}
