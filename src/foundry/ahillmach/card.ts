/**
 * Ahill-Mach chat cards, pure: from a resolved roll (rules core) to the stored card state. Texts are lang keys
 * (each client renders the card in its own language) except a free move's own texts, stored as written.
 */
import { ahillmach } from "../../rules/index.ts";
import { cardDie, createCardState } from "../chat/card-state.ts";
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
