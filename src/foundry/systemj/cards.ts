/**
 * SYSTEMJ chat cards as pure state: a test card (target, roll, degree, criticals highlighted) and a fight card
 * carrying the whole exchange. The frame is the shared card (templates/shared/chat/card.hbs); the body is ours.
 */
import { createCardState } from "../chat/card-state.ts";
import { isPlainRecord } from "../trust/validate.ts";
import type { CardOutcome, CardState } from "../chat/types.ts";
import type { systemj } from "../../rules/index.ts";
import { revealLines, type RevealLine } from "./phase-context.ts";
import { exchangeButtons, hitVictim, type ExchangeData } from "./exchange.ts";
import { cardOutcome, modifierText, type TestData } from "./tests.ts";
import { boundName } from "../trust/bound.ts";

export const RULESET = "systemj";
export const TEST_BODY = "systems/quintette/templates/systemj/chat/test-body.hbs";
export const EXCHANGE_BODY = "systems/quintette/templates/systemj/chat/exchange-body.hbs";
export const REVEAL_BODY = "systems/quintette/templates/systemj/chat/reveal-body.hbs";

export interface CardActor {
  uuid: string | null;
  name: string;
  img: string | null;
}

/** Body context of one test: stored on the card so every client renders it the same. */
export function testView(test: TestData): TestData & { modifierText: string; outcomeKey: string; tone: string } {
  return {
    ...test,
    modifierText: modifierText(test.modifier),
    outcomeKey: `QUINTETTE.SystemJ.Outcome.${test.outcome}`,
    tone: cardOutcome(test).tone,
  };
}

export function testCard(rollerId: string, actor: CardActor, test: TestData, kind = "test"): CardState {
  return createCardState({
    ruleset: RULESET,
    kind,
    rollerId,
    actorUuid: actor.uuid,
    actorName: actor.name,
    img: actor.img,
    // A key names what is tested (attribute, skill, score); a plain name is a special skill or a skill card.
    title: test.label.startsWith("QUINTETTE.")
      ? { key: test.label }
      : { key: "QUINTETTE.SystemJ.Card.TestTitle", name: test.label },
    subtitle: kind === "initiative" ? { key: "QUINTETTE.SystemJ.Card.Initiative" } : null,
    outcome: cardOutcome(test),
    body: TEST_BODY,
    data: { test: testView(test) },
  });
}

const MODE_KEY: Record<systemj.AttackMode, string> = {
  meleeForce: "QUINTETTE.SystemJ.Mode.meleeForce",
  meleeStealth: "QUINTETTE.SystemJ.Mode.meleeStealth",
  ranged: "QUINTETTE.SystemJ.Mode.ranged",
};

/** The banner of the exchange's current step. */
export function exchangeOutcome(data: ExchangeData): CardOutcome {
  const key = (k: string) => `QUINTETTE.SystemJ.Phase.${k}`;
  switch (data.phase) {
    case "hit": {
      const victim = hitVictim(data);
      return {
        label: { key: key(data.hitTarget === "attacker" ? "countered" : "hit"), name: boundName(victim) },
        tone: "success",
        detail: data.damage === null ? null : { key: key("damage"), value: data.damage },
      };
    }
    case "miss":
      return {
        label: { key: key(`miss.${data.missReason ?? "failed"}`), name: data.defender.name },
        tone: "failure",
        detail: null,
      };
    default:
      return { label: { key: key(data.phase), name: data.defender.name }, tone: "neutral", detail: null };
  }
}

/** Test views of the exchange for the body, newest last. */
function exchangeView(data: ExchangeData) {
  return {
    ...data,
    modeKey: MODE_KEY[data.mode],
    tests: data.tests.map((t) => ({
      ...testView(t),
      roleKey: `QUINTETTE.SystemJ.Role.${t.role}`,
      who: t.by === "attacker" ? data.attacker.name : data.defender.name,
    })),
  };
}

/** A card state reflecting `data`: buttons, banner and body follow the exchange. */
export function withExchange(state: CardState, data: ExchangeData): CardState {
  return {
    ...state,
    buttons: exchangeButtons(data),
    outcome: exchangeOutcome(data),
    damage: data.phase === "hit" && data.damage !== null ? { amount: data.damage } : null,
    data: { ...state.data, exchange: data, view: exchangeView(data) },
  };
}

export function exchangeCard(rollerId: string, actor: CardActor, data: ExchangeData): CardState {
  const state = createCardState({
    ruleset: RULESET,
    kind: "exchange",
    rollerId,
    actorUuid: actor.uuid,
    actorName: actor.name,
    img: actor.img,
    title: { key: MODE_KEY[data.mode], name: data.weapon.name },
    subtitle: { key: "QUINTETTE.SystemJ.Card.Versus", name: data.attacker.name, target: data.defender.name },
    body: EXCHANGE_BODY,
  });
  return withExchange(state, data);
}

/** The stored exchange of a card, or null. */
export function readExchange(state: CardState): ExchangeData | null {
  return asExchange(state.data.exchange);
}

/** An exchange read from anywhere (a card, the GM's record), or null when it does not look like one. */
export function asExchange(raw: unknown): ExchangeData | null {
  if (!isPlainRecord(raw)) return null;
  const d = raw;
  const ok =
    typeof d.mode === "string" &&
    typeof d.phase === "string" &&
    isFighter(d.attacker) &&
    isFighter(d.defender) &&
    isWeapon(d.weapon) &&
    isWeapon(d.counterWeapon) &&
    Array.isArray(d.options) &&
    d.options.every((o) => typeof o === "string") &&
    (d.missReason === null || typeof d.missReason === "string") &&
    (d.hitTarget === null || d.hitTarget === "defender" || d.hitTarget === "attacker") &&
    Array.isArray(d.tests) &&
    d.tests.every(isExchangeTest) &&
    (d.damage === null || (typeof d.damage === "number" && Number.isFinite(d.damage)));
  // Any author may write a card: a malformed exchange is ignored (and logged), never read further.
  if (!ok) console.warn("quintette | malformed SYSTEMJ exchange ignored", raw);
  return ok ? (raw as ExchangeData) : null;
}

const isFighter = (v: unknown): boolean => isPlainRecord(v) && typeof v.uuid === "string" && typeof v.name === "string";

const isWeapon = (v: unknown): boolean =>
  isPlainRecord(v) && typeof v.name === "string" && typeof v.damage === "string" && typeof v.family === "string";

const num = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v);

function isExchangeTest(v: unknown): boolean {
  return (
    isPlainRecord(v) &&
    typeof v.label === "string" &&
    num(v.score) &&
    (num(v.modifier) || typeof v.modifier === "string") &&
    num(v.target) &&
    num(v.roll) &&
    typeof v.rollText === "string" &&
    typeof v.outcome === "string" &&
    typeof v.success === "boolean" &&
    typeof v.critical === "boolean" &&
    typeof v.role === "string" &&
    typeof v.by === "string"
  );
}

/**
 * The public card of the action phase's reveal: every combatant's Action or Movement, and who had not chosen. Its
 * lines are stored on the card, so any client renders it after a reload without the Combat (which may be gone).
 */
export function revealCard(rollerId: string, round: number, lines: readonly RevealLine[]): CardState {
  const count = (c: systemj.RoundChoice | null) => lines.filter((l) => l.choice === c).length;
  return createCardState({
    ruleset: RULESET,
    kind: "reveal",
    rollerId,
    title: { key: "QUINTETTE.SystemJ.ActionPhase.RevealTitle", value: round },
    subtitle: {
      key: "QUINTETTE.SystemJ.ActionPhase.RevealCount",
      value: count("action"),
      target: count("mouvement"),
      detail: count(null),
    },
    body: REVEAL_BODY,
    data: { round, lines: revealLines(lines) },
  });
}
