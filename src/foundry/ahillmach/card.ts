/**
 * Ahill-Mach chat cards, pure: from a resolved roll (rules core) to the stored card state. Texts are lang keys
 * (each client renders the card in its own language) except a free move's own texts, stored as written.
 */
import { ahillmach } from "../../rules/index.ts";
import { cardDie, createCardState } from "../chat/card-state.ts";
import { isPlainRecord } from "../trust/validate.ts";
import type { CardButton, CardState, JsonObject, Label, OutcomeTone } from "../chat/types.ts";
import { boundName } from "../trust/bound.ts";

type Band = ahillmach.Band;
type CharacteristicId = ahillmach.CharacteristicId;

export const RULESET = "ahillmach";
export const BODY_TEMPLATES = {
  move: "systems/quintette/templates/ahillmach/chat/move.hbs",
  damage: "systems/quintette/templates/ahillmach/chat/damage.hbs",
} as const;

/** Card actions of this rule set. */
export const ACTIONS = {
  pick: "ahillmach.pick",
  xp: "ahillmach.xp",
  damage: "ahillmach.rollDamage",
  initiative: "ahillmach.initiative",
  morale: "ahillmach.morale",
  fainting: "ahillmach.fainting",
  applyToTargets: "ahillmach.applyToTargets",
} as const;

export const K = (key: string) => `QUINTETTE.AhillMach.${key}`;

/** What was rolled: a move (of the rules or free), a bare characteristic, or one of the rules' tests. */
export type RollKind = ahillmach.RollKind;

/** A free move's own texts (item fields), used when `moveId` is null. */
export interface FreeMove {
  name: string;
  bands: Record<Band, string>;
  options: string[];
  picks: Record<Band, number>;
  dealsDamage: boolean;
}

export interface MoveRollSpec {
  kind: RollKind;
  /** A move of the rules core, or null (free move, characteristic or test). */
  moveId: ahillmach.MoveId | null;
  free: FreeMove | null;
  characteristic: CharacteristicId | null;
  /** Help and hindrance as counted in the dialog. */
  helpers: number;
  hinderers: number;
  advantage: number;
  /** Bonus before the cap: characteristic + gear + métier (+ size). */
  bonus: number;
  surpass: boolean;
  /** Bonus parts shown on the card. */
  parts: { label: string; value: number }[];
  /** Move-specific: how many picks on each band come from the rules (moveId) or the item (free). */
  dealsDamage: boolean;
  /** Damage the roller deals on a hit (weapon die and modifier); null when none is known. */
  weapon: { die: number; modifier: number; name: string } | null;
  /** Level of the roller (Défendre's "deal damage equal to your level"). */
  level: number | null;
}

export interface CardOption extends JsonObject {
  id: string;
  /** Lang key of a rules move's option, or null for a free move's text. */
  key: string | null;
  text: string;
  chosen: boolean;
  /** How many times it was picked (a repeatable option may be picked again). */
  times: number;
  /** It may be picked more than once (Défendre's consequences, each spent on a separate attack). */
  repeatable: boolean;
  /** Picking it changes the hit's damage: it cannot be picked once the damage is rolled. */
  changesDamage: boolean;
  /** Lang key of what the answer tells (Discerner's questions), or null. */
  hintKey: string | null;
}

/** "+2", "−1", "+0": signs as the card prints them. */
export function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

export function outcomeTone(band: Band): OutcomeTone {
  switch (band) {
    case "echecCritique":
      return "fumble";
    case "echec":
      return "failure";
    case "partielle":
      return "neutral";
    case "totale":
      return "success";
    case "reussiteCritique":
      return "critical";
  }
}

/** The options of the move (rules or free) as stored on the card, none chosen. */
export function moveOptions(spec: Pick<MoveRollSpec, "moveId" | "free">): CardOption[] {
  if (spec.moveId) {
    const move = ahillmach.moveById(spec.moveId);
    return move.options.map((o) => ({
      id: o.id,
      key: K(`Moves.${move.id}.Options.${o.id}`),
      text: "",
      chosen: false,
      times: 0,
      repeatable: ahillmach.optionRepeatable(move.id, o.id),
      changesDamage: ahillmach.optionChangesDamage(o.id),
      hintKey: o.hint ? K(`Moves.${move.id}.Hints.${o.id}`) : null,
    }));
  }
  return (spec.free?.options ?? [])
    .map((text, i) => ({
      id: `o${i}`,
      key: null,
      text: text.trim(),
      chosen: false,
      times: 0,
      repeatable: false,
      changesDamage: false,
      hintKey: null,
    }))
    .filter((o) => o.text);
}

/** How many options the band lets the roller pick. */
export function picksFor(spec: Pick<MoveRollSpec, "moveId" | "free">, band: Band): number {
  if (spec.moveId) return ahillmach.optionPicks(spec.moveId, band);
  return spec.free?.picks[band] ?? 0;
}

/** The title of the card. */
export function cardTitle(spec: MoveRollSpec): Label {
  if (spec.moveId) return { key: K(`Moves.${spec.moveId}.Name`) };
  switch (spec.kind) {
    case "move":
      return { key: K("Card.FreeMove"), name: boundName(spec.free) };
    case "characteristic":
      return { key: K(`Characteristic.${spec.characteristic ?? "for"}`) };
    default:
      return { key: K(`Card.Kind.${spec.kind}`) };
  }
}

/** An actor an attack was aimed at, as recorded on the card. */
export interface AttackTarget {
  uuid: string;
  name: string;
}

/** The targets recorded in a card's data (malformed entries dropped). */
export function attackTargetsOf(data: JsonObject): AttackTarget[] {
  const raw = data.targets;
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((t) =>
    t && typeof t === "object" && !Array.isArray(t) && typeof t.uuid === "string" && typeof t.name === "string"
      ? [{ uuid: t.uuid, name: t.name }]
      : [],
  );
}

export interface RollerInfo {
  userId: string;
  actorUuid: string | null;
  actorName: string;
  img: string | null;
}

/** Whether the band counts as a hit for a damaging move. */
export function hits(band: Band): boolean {
  return band === "partielle" || band === "totale" || band === "reussiteCritique";
}

/**
 * The card of a resolved roll. `faces` are every d10 thrown; the rules core keeps two, caps the bonus and reads the
 * band. XP (failures) is awarded by the `ahillmach.xp` action, once; the state records whether it was.
 */
export function buildMoveCard(spec: MoveRollSpec, faces: readonly number[], roller: RollerInfo): CardState {
  const result = ahillmach.resolveMove({
    dice: faces,
    advantage: spec.advantage,
    bonus: spec.bonus,
    surpass: spec.surpass,
  });
  const band = result.band;
  // Mark the kept dice: the rules core returns their values; mark the first matching faces.
  const remaining = [...result.kept];
  const dice = faces.map((face) => {
    const i = remaining.indexOf(face);
    if (i >= 0) remaining.splice(i, 1);
    return cardDie(10, face, { kept: i >= 0 });
  });
  const isMove = spec.kind === "move";
  const options = isMove ? moveOptions(spec) : [];
  const picks = isMove ? picksFor(spec, band) : 0;
  const bandKey = spec.moveId ? K(`Moves.${spec.moveId}.Bands.${band}`) : null;
  const bandText = !spec.moveId && isMove ? (spec.free?.bands[band] ?? "") : "";
  const outcomeDetail = testOutcome(spec.kind, result.value);
  const damage = isMove && spec.dealsDamage && hits(band) && spec.weapon !== null;
  // XP of a failure, the fainting and recovery tests included (rules core).
  const xp = ahillmach.rollXp(spec.kind, band);
  const buttons: CardButton[] = [];
  if (xp > 0) {
    buttons.push({
      action: ACTIONS.xp,
      label: { key: K("Card.AwardXp"), value: xp },
      icon: "fa-solid fa-star",
      args: {},
      audience: "roller",
    });
  }
  const data: JsonObject = {
    rollKind: spec.kind,
    moveId: spec.moveId,
    characteristic: spec.characteristic,
    helpers: spec.helpers,
    hinderers: spec.hinderers,
    advantage: spec.advantage,
    advantageKey: K(`Advantage.${spec.advantage}`),
    poolFormula: ahillmach.poolFormula(spec.advantage),
    bonus: spec.bonus,
    appliedBonus: result.appliedBonus,
    capped: result.appliedBonus < spec.bonus + (spec.surpass ? 1 : 0),
    surpass: spec.surpass,
    parts: spec.parts.map((p) => ({ label: p.label, value: p.value, signed: signed(p.value) })),
    appliedSigned: signed(result.appliedBonus),
    kept: [...result.kept],
    keptSum: result.kept[0] + result.kept[1],
    total: result.total,
    band,
    value: result.value,
    answerKey: K(`Answer.${band}`),
    bandNameKey: K(`Band.${band}`),
    bandKey,
    bandText,
    keepsInitiative: result.keepsInitiative,
    /** Filled by the initiative action when the roll happened in a conflict. */
    initiative: null,
    xp,
    xpAwarded: false,
    penchantPoints: result.penchantPoints,
    options,
    picks,
    chosenCount: 0,
    outcomeDetail,
    damage:
      damage && spec.weapon
        ? { die: spec.weapon.die, modifier: spec.weapon.modifier, name: boundName(spec.weapon) }
        : null,
    damageRolled: false,
    level: spec.level,
  };
  return createCardState({
    ruleset: RULESET,
    kind: spec.kind,
    rollerId: roller.userId,
    actorUuid: roller.actorUuid,
    actorName: roller.actorName,
    img: roller.img,
    title: cardTitle(spec),
    subtitle: { key: K(`Advantage.${spec.advantage}`) },
    dice,
    outcome: {
      label: { key: K(`Answer.${band}`) },
      tone: outcomeTone(band),
      detail: { key: K(`Band.${band}`) },
    },
    buttons,
    data,
    body: BODY_TEMPLATES.move,
  });
}

/** Whether a test's answer knocks the character out: a failed fainting test (critical or not). */
export function faints(kind: RollKind, value: number): boolean {
  return kind === "fainting" && value < 0;
}

/** The meaning of a test's answer (fainting, morale…), or null for moves. */
export function testOutcome(kind: RollKind, value: number): string | null {
  const failed = value < 0;
  switch (kind) {
    case "morale":
      return K(failed ? "Card.Flees" : "Card.Holds");
    case "fainting":
      return K(faints(kind, value) ? "Card.Faints" : "Card.StaysConscious");
    case "recovery":
      return K(failed ? "Card.Sequel" : "Card.NoSequel");
    default:
      return null;
  }
}

/* ------------------------------------------------------------ card data readers */

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
