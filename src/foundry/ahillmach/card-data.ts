/**
 * Readers of a stored Ahill-Mach move card: its data checked (any author may write a card), the option picks, and the
 * roll and damage read again by the rules core from the card's dice.
 */
import { ahillmach } from "../../rules/index.ts";
import { isPlainRecord } from "../trust/validate.ts";
import type { CardState, JsonObject } from "../chat/types.ts";
import { BODY_TEMPLATES, K, RULESET, hits, type CardOption } from "./card.ts";

type Band = ahillmach.Band;

export interface MoveCardData {
  options: CardOption[];
  picks: number;
  chosenCount: number;
  xp: number;
  xpAwarded: boolean;
  keepsInitiative: boolean;
  band: Band;
  moveId: string | null;
  damage: { die: number; modifier: number; name: string } | null;
  damageRolled: boolean;
  level: number | null;
}

const nullableString = (v: unknown): boolean => v === null || typeof v === "string";

function isCardOption(v: unknown): v is CardOption {
  return (
    isPlainRecord(v) &&
    typeof v.id === "string" &&
    nullableString(v.key) &&
    typeof v.text === "string" &&
    typeof v.chosen === "boolean" &&
    typeof v.times === "number" &&
    typeof v.repeatable === "boolean" &&
    typeof v.changesDamage === "boolean" &&
    nullableString(v.hintKey)
  );
}

function isDamage(v: unknown): v is { die: number; modifier: number; name: string } {
  return isPlainRecord(v) && typeof v.die === "number" && typeof v.modifier === "number" && typeof v.name === "string";
}

/** Reads the move data of a stored card; null when it is not an Ahill-Mach roll card. */
export function moveData(card: CardState): MoveCardData | null {
  if (card.ruleset !== RULESET || card.body !== BODY_TEMPLATES.move) return null;
  const d = card.data;
  // Any author may write a card: a malformed one is ignored (and logged), never read further.
  if (
    !Array.isArray(d.options) ||
    !d.options.every(isCardOption) ||
    typeof d.band !== "string" ||
    (d.damage != null && !isDamage(d.damage))
  ) {
    console.warn("quintette | malformed Ahill-Mach move card ignored", card.data);
    return null;
  }
  return {
    options: d.options,
    picks: typeof d.picks === "number" ? d.picks : 0,
    chosenCount: typeof d.chosenCount === "number" ? d.chosenCount : 0,
    xp: typeof d.xp === "number" ? d.xp : 0,
    xpAwarded: d.xpAwarded === true,
    keepsInitiative: d.keepsInitiative === true,
    band: d.band as Band,
    moveId: typeof d.moveId === "string" ? d.moveId : null,
    damage: isDamage(d.damage) ? d.damage : null,
    damageRolled: d.damageRolled === true,
    level: typeof d.level === "number" ? d.level : null,
  };
}

/** Picks one option: refused when unknown, already chosen, or when the band's picks are used up. */
export function pickOption(
  card: CardState,
  optionId: string,
): { ok: true; card: CardState } | { ok: false; reason: string } {
  const data = moveData(card);
  if (!data) return { ok: false, reason: K("Card.NotAMove") };
  const option = data.options.find((o) => o.id === optionId);
  if (!option) return { ok: false, reason: K("Card.UnknownOption") };
  // Repeatable is read from the rules core, never from the card's stored flag (the roller may rewrite it).
  const moveId = ahillmach.MOVE_IDS.find((id) => id === data.moveId);
  const repeatable = moveId !== undefined && ahillmach.optionRepeatable(moveId, optionId);
  if (option.chosen && !repeatable) return { ok: false, reason: "QUINTETTE.Card.AlreadyDone" };
  // An option that changes the damage comes too late once the damage is rolled: refuse it rather than ignore it.
  if (!ahillmach.optionPickable(optionId, data.damageRolled))
    return { ok: false, reason: K("Card.DamageAlreadyRolled") };
  if (data.chosenCount >= data.picks) return { ok: false, reason: K("Card.NoPicksLeft") };
  const options = data.options.map((o) =>
    o.id === optionId ? { ...o, chosen: true, times: (typeof o.times === "number" ? o.times : 0) + 1 } : o,
  );
  // Défendre's "deal damage equal to your level": the card now offers that fixed damage (die 0, modifier = level).
  const next: JsonObject = { ...card.data, options, chosenCount: data.chosenCount + 1 };
  if (data.moveId === "defendre" && optionId === "niveau" && data.level !== null && data.level > 0 && !data.damage) {
    next.damage = { die: 0, modifier: data.level, name: card.actorName };
  }
  return { ok: true, card: { ...card, data: next } };
}

/** The card once XP is awarded (the XP button shows as done). */
export function withXpAwarded(card: CardState): CardState {
  return { ...card, data: { ...card.data, xpAwarded: true } };
}

/**
 * A move card's roll read again by the rules core from its dice, advantage and bonus (bonus capped): its band and
 * whether it keeps the initiative, never the card's own fields.
 */
export function verifiedRoll(card: CardState): { band: Band; keepsInitiative: boolean } | null {
  const advantage = card.data.advantage;
  const bonus = card.data.bonus;
  if (typeof advantage !== "number" || typeof bonus !== "number") return null;
  try {
    const { band, keepsInitiative } = ahillmach.resolveMove({
      dice: card.dice.map((d) => d.value),
      advantage,
      bonus: Math.trunc(bonus),
      surpass: card.data.surpass === true,
    });
    return { band, keepsInitiative };
  } catch {
    return null;
  }
}

/** The band of a move card, read again by the rules core (`verifiedRoll`). */
export function bandFromDice(card: CardState): Band | null {
  return verifiedRoll(card)?.band ?? null;
}

/** The rules core's moves that deal damage on a hit (Défendre only through its "niveau" option). */
const DAMAGING_MOVES: readonly string[] = ["taillerEnPieces", "salve"];

/**
 * Whether the GM's client may roll this card's damage (issue 22): a hit as the rules core reads the roller's dice, a
 * move of the rules core that deals damage (or Défendre's level damage picked), and no more options chosen than that
 * band allows. A free move (an item's own) keeps the card's word for the rest.
 */
export function damageRollable(card: CardState, data: MoveCardData): boolean {
  const band = bandFromDice(card);
  if (!band || !hits(band) || !data.damage) return false;
  const moveId = ahillmach.MOVE_IDS.find((id) => id === data.moveId);
  if (!moveId) return data.moveId === null;
  const chosen = data.options.reduce((n, o) => n + (o.chosen ? Math.max(1, o.times) : 0), 0);
  if (chosen > ahillmach.optionPicks(moveId, band)) return false;
  const level = moveId === "defendre" && data.options.some((o) => o.id === "niveau" && o.chosen);
  return DAMAGING_MOVES.includes(moveId) || level;
}

/** The damage formula of a hit: weapon die and modifier, ±1d6 from the chosen options; or a fixed amount. */
export function damageFormula(data: MoveCardData): string | null {
  if (!data.damage) return null;
  // A fixed amount (Défendre's level damage) has no die.
  if (data.damage.die <= 0) return data.damage.modifier > 0 ? String(data.damage.modifier) : null;
  const chosen = new Set(data.options.filter((o) => o.chosen).map((o) => o.id));
  const parts = [`1d${data.damage.die}`];
  if (chosen.has("plus1d6")) parts.push("+ 1d6");
  if (chosen.has("moins1d6")) parts.push("- 1d6");
  if (data.damage.modifier)
    parts.push(data.damage.modifier > 0 ? `+ ${data.damage.modifier}` : `- ${-data.damage.modifier}`);
  return parts.join(" ");
}
