/**
 * What the Ahill-Mach sheet parts read, pure: the sheets pass the actor's system (with its derived data), its moves
 * and the conflict facts; the gallery fixtures call the same functions on plain data.
 */
import { ahillmach } from "../../rules/index.ts";
import type { OpposantDerived, OpposantSource, PersonnageDerived, PersonnageSource } from "./derive.ts";
import { moveNameKey } from "./move-names.ts";

type CharacteristicId = ahillmach.CharacteristicId;
const K = (key: string) => `QUINTETTE.AhillMach.${key}`;

function signed(n: number): string {
  return n < 0 ? `−${-n}` : `+${n}`;
}

export interface MoveItemFacts {
  id: string;
  name: string;
  img: string;
  moveId: string;
  characteristic: string;
}

export interface ConflictFacts {
  inConflict: boolean;
  holds: boolean;
}

export interface CharacteristicRow {
  id: CharacteristicId;
  label: string;
  abbr: string;
  group: string;
  base: number;
  effective: number;
  effectiveText: string;
  field: string;
  stateField: string;
  stateLabel: string;
  ticked: boolean;
  lowered: boolean;
  boosted: boolean;
  /** Points of this characteristic spent on Se surpasser this scene (Mystique only), shown beside its value. */
  spent: number;
  /** Values the creation array allows (edit mode select), or null for a free number input. */
  choices: { value: number; label: string; selected: boolean }[] | null;
}

export interface MoveRow {
  id: string;
  name: string;
  /** A rules move still under its own name: shown in the reader's language (move-names.ts); else `name`. */
  nameKey: string | null;
  img: string;
  characteristicLabel: string;
  allowed: boolean;
}

function characteristicRows(
  characteristics: Record<CharacteristicId, number>,
  effective: Record<CharacteristicId, number>,
  ticked: readonly CharacteristicId[],
  boosted: readonly CharacteristicId[],
  creation: string | null,
  raises = 0,
  /** Mystique spent on Se surpasser this scene: the row shows the value rolls read (issue 25). */
  mystiqueSpent = 0,
): CharacteristicRow[] {
  const index = creation === "a" ? 0 : creation === "b" ? 1 : null;
  // The array's values plus the level-up raises earned (issue 16.6): a raised value stays selectable.
  const values = index === null ? null : ahillmach.creationArrayChoices(index, raises);
  return ahillmach.CHARACTERISTICS.map((c) => {
    const state = ahillmach.stateFor(c.id);
    const base = characteristics[c.id];
    const spent = c.id === "mys" ? Math.max(0, mystiqueSpent) : 0;
    const value = effective[c.id] - spent;
    // The stored value is always offered, so saving the form never changes it behind the player's back.
    const offered = values && !values.includes(base) ? [...values, base].sort((a, b) => b - a) : values;
    return {
      id: c.id,
      label: K(`Characteristic.${c.id}`),
      abbr: K(`Abbr.${c.id}`),
      group: c.group,
      base,
      effective: value,
      effectiveText: signed(value + (boosted.includes(c.id) ? 1 : 0)),
      field: `system.characteristics.${c.id}`,
      stateField: `system.states.${c.id}`,
      stateLabel: K(`State.${state.id}`),
      ticked: ticked.includes(c.id),
      lowered: value < base,
      boosted: boosted.includes(c.id),
      spent,
      choices: offered ? offered.map((v) => ({ value: v, label: signed(v), selected: v === base })) : null,
    };
  });
}

function moveRows(moves: readonly MoveItemFacts[], conflict: ConflictFacts): MoveRow[] {
  const allowed = new Set<string>(ahillmach.availableMoves(!conflict.inConflict || conflict.holds));
  return moves.map((m) => {
    const rules = (ahillmach.MOVE_IDS as readonly string[]).includes(m.moveId);
    const char = rules ? ahillmach.moveById(m.moveId).characteristic : m.characteristic;
    return {
      id: m.id,
      name: m.name,
      nameKey: moveNameKey(m.moveId, m.name),
      img: m.img,
      characteristicLabel: K(`Characteristic.${char}`),
      // Free moves follow the same rule: only the seven's Défendre and Défier le danger are open without it.
      allowed: rules ? allowed.has(m.moveId) : !conflict.inConflict || conflict.holds,
    };
  });
}

export interface PersonnageSheetData {
  characteristics: CharacteristicRow[];
  moves: MoveRow[];
  hiddenMoves: number;
  /** Rules moves the character lacks (the sheet offers to add them). */
  missingMoves: number;
  classChoices: { value: string; label: string; selected: boolean; baseHp: number }[];
  creationChoices: { value: string; label: string; selected: boolean }[];
  lastTickedChoices: { value: string; label: string; selected: boolean }[];
  hp: { value: number; max: number; zone: string; zoneKey: string; percent: number; wounded: boolean };
  xp: { value: number; toNext: number | null; percent: number; levelUpDue: boolean };
  level: number;
  increases: number;
  statesLeft: number;
  canFaint: boolean;
  penchants: { field: string; value: string; label: string }[];
  /** The penchant table's rows (score, reaction), for reference beside the penchants. */
  penchantTable: { score: string; key: string }[];
  scene: { active: boolean; usesLeft: number; adjustedMystique: string; penchant: number; boostedLabels: string[] };
  warnings: string[];
  conflict: ConflictFacts;
  protection: number;
  weapon: string | null;
  /** The character's métiers with their mastery, shown on the main tab ("Forgeron 2"). */
  metiers: string[];
}

export function personnageSheetData(
  system: PersonnageSource & { derived: PersonnageDerived },
  moves: readonly MoveItemFacts[],
  conflict: ConflictFacts,
): PersonnageSheetData {
  const d = system.derived;
  const rows = moveRows(moves, conflict);
  const visible = rows.filter((r) => r.allowed);
  const next = d.xpForNextLevel;
  const done = next === null ? 1 : Math.max(0, Math.min(1, (next - (d.xpToNextLevel ?? 0)) / next));
  return {
    characteristics: characteristicRows(
      system.characteristics,
      d.effective,
      d.ticked,
      d.surpass.boosted,
      system.creation,
      d.characteristicIncreases,
      // The scene's Mystique as every Mystique roll reads it (spent points stay spent until the scene ends).
      d.surpass.active ? d.effective.mys - d.surpass.adjustedMystique : 0,
    ),
    moves: visible,
    hiddenMoves: rows.length - visible.length,
    missingMoves: ahillmach.MOVE_IDS.filter((id) => !moves.some((m) => m.moveId === id)).length,
    classChoices: ahillmach.CLASSES.map((c) => ({
      value: c.id,
      label: K(`Class.${c.id}`),
      selected: c.id === system.classId,
      baseHp: c.baseHp,
    })),
    creationChoices: ["a", "b", "libre"].map((id) => ({
      value: id,
      label: K(`Creation.${id}`),
      selected: id === system.creation,
    })),
    lastTickedChoices: [
      { value: "", label: K("Dialog.None"), selected: system.lastTicked === "" },
      ...d.ticked.map((id) => ({ value: id, label: K(`Characteristic.${id}`), selected: id === system.lastTicked })),
    ],
    hp: {
      value: d.hp,
      max: d.maxHp,
      zone: d.hpZone,
      zoneKey: K(`Zone.${d.hpZone}`),
      percent: Math.round((d.hp / Math.max(1, d.maxHp)) * 100),
      wounded: d.hpZone !== "souffle",
    },
    xp: { value: system.xp, toNext: d.xpToNextLevel, percent: Math.round(done * 100), levelUpDue: d.levelUpDue },
    level: system.level,
    increases: d.characteristicIncreases,
    statesLeft: d.statesLeft,
    canFaint: d.ticked.length > 0,
    penchants: [
      { field: "system.penchant1", value: system.penchant1, label: K("Field.Penchant1") },
      { field: "system.penchant2", value: system.penchant2, label: K("Field.Penchant2") },
    ],
    penchantTable: ahillmach.PENCHANT_TABLE.map((row) => ({
      score: row.level === 5 ? "5+" : String(row.level),
      key: K(`Penchant.Reaction.${row.level}`),
    })),
    scene: {
      active: d.surpass.active,
      usesLeft: d.surpass.usesLeft,
      adjustedMystique: signed(d.surpass.adjustedMystique),
      penchant: system.scene.penchant,
      boostedLabels: d.surpass.boosted.map((id) => K(`Characteristic.${id}`)),
    },
    warnings: d.warnings,
    conflict,
    protection: d.protection,
    weapon: d.weapon
      ? `${d.weapon.name} (D${d.weapon.damageDie}${d.weapon.damageModifier ? signed(d.weapon.damageModifier) : ""})`
      : null,
    metiers: d.metiers.map((m) => `${m.name} ${signed(m.mastery)}`),
  };
}

export interface OpposantSheetData {
  stats: {
    hp: number;
    damage: string;
    protection: number;
    moveModifiers: { label: string; value: string }[];
    morale: string;
    characteristics: { label: string; value: string }[];
    physique: string | null;
    mental: string | null;
  };
  hp: { value: number; max: number; percent: number };
  fleePercent: string;
  major: boolean;
  characteristics: CharacteristicRow[];
  tierChoices: { value: string; label: string; selected: boolean }[];
  sizeChoices: { value: string; label: string; selected: boolean }[];
  sideChoices: { value: string; label: string; selected: boolean }[];
  tierKey: string;
  sizeKey: string;
  sideKey: string;
  conflict: ConflictFacts;
  /** Its métiers (owned items), shown in the stat block as "Soldat 1". */
  metiers: { name: string; mastery: number }[];
}

export function opposantSheetData(
  system: OpposantSource & { derived: OpposantDerived },
  conflict: ConflictFacts,
  lang = "fr",
  metiers: readonly { name: string; mastery: number }[] = [],
): OpposantSheetData {
  const s = system.derived.stats;
  const zero = { for: 0, dex: 0, con: 0, int: 0, mys: 0, aur: 0 };
  return {
    stats: {
      hp: s.hp,
      damage: s.damage.formula,
      protection: s.protection,
      moveModifiers: Object.entries(s.moveModifiers).map(([move, v]) => ({
        label: K(`Moves.${move}.Name`),
        value: signed(v),
      })),
      morale: signed(s.moraleBonus),
      characteristics: Object.entries(s.characteristics).map(([id, v]) => ({
        label: K(`Abbr.${id}`),
        value: signed(v),
      })),
      physique: s.physique !== undefined ? signed(s.physique) : null,
      mental: s.mental !== undefined ? signed(s.mental) : null,
    },
    hp: {
      value: system.derived.hp,
      max: s.hp,
      percent: Math.round((system.derived.hp / Math.max(1, s.hp)) * 100),
    },
    fleePercent: (system.derived.fleeOdds * 100).toLocaleString(lang === "fr" ? "fr-FR" : "en-US", {
      maximumFractionDigits: 0,
    }),
    major: system.major,
    characteristics: characteristicRows(
      system.characteristics,
      system.major ? system.characteristics : zero,
      [],
      [],
      null,
    ),
    tierChoices: ahillmach.OPPONENT_TIERS.map((t) => ({
      value: t.id,
      label: K(`Tier.${t.id}`),
      selected: t.id === system.tier,
    })),
    sizeChoices: ahillmach.OPPONENT_SIZES.map((z) => ({
      value: z.id,
      label: K(`Size.${z.id}`),
      selected: z.id === system.size,
    })),
    sideChoices: (["opposants", "personnages"] as const).map((id) => ({
      value: id,
      label: K(`Side.${id}`),
      selected: id === system.side,
    })),
    tierKey: K(`Tier.${system.tier}`),
    sizeKey: K(`Size.${system.size}`),
    sideKey: K(`Side.${system.side}`),
    conflict,
    metiers: metiers.map((m) => ({ name: m.name, mastery: m.mastery })),
  };
}

export interface ActionSheetData {
  isRules: boolean;
  moveChoices: { value: string; label: string; selected: boolean }[];
  characteristicChoices: { value: string; label: string; selected: boolean }[];
  /** Rules move: its texts by lang key; free move: the fields. */
  bands: {
    id: string;
    label: string;
    key: string | null;
    field: string;
    value: string;
    picks: number;
    picksField: string;
  }[];
  options: { key: string | null; text: string; field: string }[];
  triggerKey: string | null;
}

export function actionSheetData(system: {
  moveId: string;
  characteristic: string;
  trigger: string;
  bands: Record<string, string>;
  options: readonly string[];
  picks: Record<string, number>;
}): ActionSheetData {
  const isRules = (ahillmach.MOVE_IDS as readonly string[]).includes(system.moveId);
  const move = isRules ? ahillmach.moveById(system.moveId) : null;
  return {
    isRules,
    moveChoices: [...ahillmach.MOVE_IDS, "libre"].map((id) => ({
      value: id,
      label: K(`MoveId.${id}`),
      selected: id === system.moveId,
    })),
    characteristicChoices: [...ahillmach.CHARACTERISTIC_IDS, "context"].map((id) => ({
      value: id,
      label: K(`Characteristic.${id}`),
      selected: id === (move?.characteristic ?? system.characteristic),
    })),
    bands: ahillmach.BANDS.map((b) => ({
      id: b,
      label: K(`Answer.${b}`),
      key: move ? K(`Moves.${move.id}.Bands.${b}`) : null,
      field: `system.bands.${b}`,
      value: system.bands[b] ?? "",
      picks: move ? ahillmach.optionPicks(move.id, b) : (system.picks[b] ?? 0),
      picksField: `system.picks.${b}`,
    })),
    options: move
      ? move.options.map((o, i) => ({
          key: K(`Moves.${move.id}.Options.${o.id}`),
          hintKey: o.hint ? K(`Moves.${move.id}.Hints.${o.id}`) : null,
          text: "",
          field: `system.options.${i}`,
        }))
      : [...system.options, ""].map((text, i) => ({
          key: null,
          hintKey: null,
          text,
          field: `system.options.${i}`,
        })),
    triggerKey: move ? K(`Moves.${move.id}.Trigger`) : null,
  };
}

/** The item sheet's context. */
export function itemSheetData(
  item: { id: string | null; name: string | null; img: string | null; type: string; system: unknown },
  editable: boolean,
  enriched: string,
) {
  const system = item.system as Record<string, unknown>;
  return {
    item: { id: item.id ?? "", name: item.name ?? "", img: item.img ?? "", type: item.type },
    system,
    editable,
    typeLabel: `TYPES.Item.${item.type}`,
    isAction: item.type === "am-action",
    isGear: item.type === "am-equipement",
    isMetier: item.type === "am-metier",
    action: item.type === "am-action" ? actionSheetData(system as Parameters<typeof actionSheetData>[0]) : null,
    description: { enriched, value: typeof system.description === "string" ? system.description : "" },
    masteryKey: item.type === "am-metier" ? K(`Mastery.${String(system.mastery ?? 1)}`) : null,
  };
}

export { lastTickedAfter } from "./sheet-form.ts";
