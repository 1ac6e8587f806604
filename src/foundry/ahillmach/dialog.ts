/**
 * The roll dialog's configuration for Ahill-Mach, pure: inputs (characteristic, gear, métier, target size, help and
 * hindrance, Se surpasser) and the exact band odds from the rules core for the current values. `specFromValues`
 * turns the chosen values into the roll's specification.
 */
import { ahillmach } from "../../rules/index.ts";
import type { OddsLine, RollDialogConfig, RollInput, RollValues } from "../dialog/inputs.ts";
import { K, type FreeMove, type MoveRollSpec, type RollKind, outcomeTone } from "./card.ts";

type CharacteristicId = ahillmach.CharacteristicId;

/** What the dialog needs to know about the roller and the move, as plain data. */
export interface DialogSource {
  kind: RollKind;
  moveId: ahillmach.MoveId | null;
  free: FreeMove | null;
  /** The move's characteristic, or null when the player picks it (Défier le danger, a bare roll). */
  characteristic: CharacteristicId | null;
  /** Values to roll with (states applied); a minor opponent's Mental goes under "mys". */
  effective: Record<CharacteristicId, number>;
  gear: { id: string; name: string; bonus: number }[];
  metiers: { id: string; name: string; mastery: number }[];
  /** Se surpasser: characteristics already boosted this scene, uses left, penchants to pour into. */
  boosted: CharacteristicId[];
  usesLeft: number;
  penchants: string[];
  /** The scene's penchant, fixed by the first use (null: not chosen yet). */
  penchantIndex: number | null;
  /** Size of the targeted opponent, when known. */
  targetSize: ahillmach.OpponentSize;
  dealsDamage: boolean;
  weapon: { die: number; modifier: number; name: string } | null;
  level: number | null;
  /** A fixed bonus for tests (recovery: − states); 0 otherwise. */
  fixedBonus: number;
  /** Whether the dialog offers gear, métier and Se surpasser (not for morale, fainting, scene end). */
  full: boolean;
  /** The gear and métier preselected (remembered from the last roll, or the equipped weapon of an attack). */
  preset?: { gear: string | null; metier: string | null };
  /** Under which key the roll's gear and métier are remembered (a move, a characteristic), or null. */
  rollKey?: string | null;
  /** The +1 the roller holds for this roll (Discerner's answer, a Défendre ally's), preselected when there is one. */
  edges?: { source: ahillmach.EdgeSource; from: string | null }[];
  localize(key: string): string;
}

const NONE = "none";
/** Damage dice a player may pick for an attack without an equipped weapon; D4 (bare hands) first. */
export const UNARMED_DICE = [4, 6, 8, 10, 12] as const;

/** The weapon of a damaging roll: the equipped one, else the die picked in the dialog. */
function weaponOf(src: DialogSource, values: RollValues): MoveRollSpec["weapon"] {
  if (!src.dealsDamage || src.weapon) return src.weapon;
  const picked = Number(values.damageDie);
  const die = (UNARMED_DICE as readonly number[]).includes(picked) ? picked : UNARMED_DICE[0];
  return { die, modifier: 0, name: src.localize(K("Dialog.Unarmed")) };
}

/** Gear the dialog offers: what gives a bonus. */
function gearOptions(src: DialogSource): DialogSource["gear"] {
  return src.gear.filter((g) => g.bonus > 0);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "+0";
}

export function isSizedMove(moveId: string | null): moveId is ahillmach.SizedMove {
  return moveId === "taillerEnPieces" || moveId === "salve" || moveId === "defendre";
}

export function dialogInputs(src: DialogSource): RollInput[] {
  const t = src.localize;
  const inputs: RollInput[] = [];
  const chars = src.characteristic ? [src.characteristic] : [...ahillmach.CHARACTERISTIC_IDS];
  const move = src.moveId ? ahillmach.moveById(src.moveId) : null;
  inputs.push({
    kind: "select",
    name: "characteristic",
    label: K("Dialog.Characteristic"),
    options: chars.map((id) => {
      const how = move?.contextCharacteristics?.[id];
      const hint = how ? ` — ${t(K(`Moves.${move.id}.Context.${id}`))}` : "";
      return { value: id, label: `${t(K(`Characteristic.${id}`))} (${signed(src.effective[id])})${hint}` };
    }),
    initial: chars[0] ?? "for",
  });
  if (src.full) {
    inputs.push({
      kind: "select",
      name: "gear",
      label: K("Dialog.Gear"),
      options: [
        { value: NONE, label: t(K("Dialog.None")) },
        ...gearOptions(src).map((g) => ({ value: g.id, label: `${g.name} (${signed(g.bonus)})` })),
      ],
      initial: gearOptions(src).some((g) => g.id === src.preset?.gear) ? (src.preset?.gear ?? NONE) : NONE,
    });
    inputs.push({
      kind: "select",
      name: "metier",
      label: K("Dialog.Metier"),
      options: [
        { value: NONE, label: t(K("Dialog.None")) },
        ...src.metiers.map((m) => ({ value: m.id, label: `${m.name} (${signed(m.mastery)})` })),
      ],
      initial: src.metiers.some((m) => m.id === src.preset?.metier) ? (src.preset?.metier ?? NONE) : NONE,
    });
  }
  if (src.dealsDamage && !src.weapon) {
    // No equipped weapon with a damage die: the player says what this attack deals (bare hands by default).
    inputs.push({
      kind: "select",
      name: "damageDie",
      label: K("Dialog.DamageDie"),
      hint: K("Dialog.DamageDieHint"),
      options: UNARMED_DICE.map((d) => ({ value: String(d), label: t(K(`Die.${d}`)) })),
      initial: String(UNARMED_DICE[0]),
    });
  }
  if (isSizedMove(src.moveId)) {
    inputs.push({
      kind: "select",
      name: "size",
      label: K("Dialog.TargetSize"),
      options: ahillmach.OPPONENT_SIZES.map((s) => ({
        value: s.id,
        label: `${t(K(`Size.${s.id}`))} (${signed(s.moves[src.moveId as ahillmach.SizedMove])})`,
      })),
      initial: src.targetSize,
    });
  }
  inputs.push(
    {
      kind: "counter",
      name: "helpers",
      label: K("Dialog.Helpers"),
      hint: K("Dialog.HelpersHint"),
      min: 0,
      max: 6,
      initial: 0,
    },
    {
      kind: "counter",
      name: "hinderers",
      label: K("Dialog.Hinderers"),
      hint: K("Dialog.HinderersHint"),
      min: 0,
      max: 6,
      initial: 0,
    },
  );
  // The source has no situational modifiers (help and hindrance stand in for them): the only free bonus is gear
  // the sheet does not list, and only on the rolls that take gear.
  if (src.full) {
    inputs.push({
      kind: "number",
      name: "otherGear",
      label: K("Dialog.OtherGear"),
      hint: K("Dialog.OtherGearHint"),
      min: 0,
      max: 5,
      initial: 0,
    });
  }
  if (src.full) {
    // The moves' own +1 (Discerner's answer, Défendre's ally), distinct from gear: ticked when one is held.
    const held = src.edges?.[0];
    inputs.push({
      kind: "checkbox",
      name: "edge",
      label: K("Dialog.Edge"),
      hint: held
        ? K(held.source === "discerner" ? "Dialog.EdgeDiscerner" : "Dialog.EdgeDefendre")
        : K("Dialog.EdgeHint"),
      initial: held !== undefined,
    });
  }
  if (src.full && (src.usesLeft > 0 || src.boosted.length)) {
    // A characteristic surpassed earlier in the scene keeps its +1 on every roll: its box is shown ticked and cannot be
    // unticked (issue 33); another characteristic's box is a new use. A move rolled with any characteristic shows the
    // one that applies to the characteristic picked.
    const held = chars.filter((c) => src.boosted.includes(c));
    const fresh = chars.filter((c) => !src.boosted.includes(c));
    const when = (values: string[]) => (chars.length > 1 ? { shownWhen: { name: "characteristic", values } } : {});
    if (held.length) {
      inputs.push({
        kind: "checkbox",
        name: "surpassHeld",
        label: K("Dialog.Surpass"),
        hint: K("Dialog.SurpassBoostedHint"),
        initial: true,
        fixed: true,
        ...when(held),
      });
    }
    if (fresh.length && src.usesLeft > 0) {
      inputs.push({
        kind: "checkbox",
        name: "surpass",
        label: K("Dialog.Surpass"),
        hint: K("Dialog.SurpassHint"),
        initial: false,
        ...when(fresh),
      });
    }
    if (src.penchantIndex === null && src.penchants.length > 1) {
      inputs.push({
        kind: "select",
        name: "penchant",
        label: K("Dialog.Penchant"),
        options: src.penchants.map((p, i) => ({ value: String(i), label: p })),
        initial: "0",
      });
    }
  }
  return inputs;
}

export interface ChosenRoll {
  characteristic: CharacteristicId;
  advantage: number;
  bonus: number;
  /** The roll gets Se surpasser's +1: already boosted this scene, or a new use now. */
  surpass: boolean;
  /** A new use of Se surpasser this roll (spends Mystique). */
  newSurpass: boolean;
  /** The roll takes the moves' +1 (a held one is used up). */
  edge: boolean;
  /** The gear and métier chosen (ids), remembered for the next roll. */
  gearId: string | null;
  metierId: string | null;
  penchantIndex: number;
  parts: { label: string; value: number }[];
}

function str(v: unknown, fallback: string): string {
  return typeof v === "string" ? v : fallback;
}

/** The roll the values describe: advantage from help and hindrance, bonus parts, Se surpasser. */
export function chosenRoll(src: DialogSource, values: RollValues): ChosenRoll {
  const characteristic = str(values.characteristic, src.characteristic ?? "for");
  const id: CharacteristicId = ahillmach.isCharacteristicId(characteristic) ? characteristic : "for";
  const helpers = Math.max(0, Math.trunc(Number(values.helpers ?? 0)));
  const hinderers = Math.max(0, Math.trunc(Number(values.hinderers ?? 0)));
  const already = src.boosted.includes(id);
  const newSurpass = !already && values.surpass === true && src.usesLeft > 0;
  // A new use spends its Mystique point before the roll: a surpassed Mystique roll reads it spent.
  const value = ahillmach.valueWhenSurpassing(id, src.effective[id], newSurpass);
  const parts: { label: string; value: number }[] = [{ label: K(`Characteristic.${id}`), value }];
  const gear = src.gear.find((g) => g.id === values.gear);
  if (gear && gear.bonus) parts.push({ label: gear.name, value: gear.bonus });
  const metier = src.metiers.find((m) => m.id === values.metier);
  if (metier) parts.push({ label: metier.name, value: metier.mastery });
  if (isSizedMove(src.moveId)) {
    const size = str(values.size, src.targetSize);
    const known = ahillmach.OPPONENT_SIZES.find((s) => s.id === size);
    const mod = known ? ahillmach.sizeModifier(known.id, src.moveId) : 0;
    if (mod) parts.push({ label: K(`Size.${known?.id ?? "normal"}`), value: mod });
  }
  if (src.fixedBonus) parts.push({ label: K("Dialog.States"), value: src.fixedBonus });
  const otherGear = src.full ? Math.min(5, Math.max(0, Math.trunc(Number(values.otherGear ?? 0)) || 0)) : 0;
  if (otherGear) parts.push({ label: K("Dialog.OtherGear"), value: otherGear });
  const edge = src.full && values.edge === true;
  if (edge) parts.push({ label: K("Dialog.Edge"), value: ahillmach.edgeBonus(true) });
  const penchantIndex = src.penchantIndex ?? (Number(values.penchant ?? 0) === 1 ? 1 : 0);
  return {
    characteristic: id,
    advantage: ahillmach.advantageLevel(helpers, hinderers),
    bonus: parts.reduce((s, p) => s + p.value, 0),
    surpass: already || newSurpass,
    newSurpass,
    edge,
    gearId: gear?.id ?? null,
    metierId: metier?.id ?? null,
    penchantIndex,
    parts,
  };
}

/** Exact probability of each band for the chosen values, worst to best. */
export function oddsLines(src: DialogSource, values: RollValues): OddsLine[] {
  const roll = chosenRoll(src, values);
  const odds = ahillmach.bandOdds({ advantage: roll.advantage, bonus: roll.bonus, surpass: roll.surpass });
  return ahillmach.BANDS.map((band) => ({
    id: band,
    label: K(`Answer.${band}`),
    probability: odds[band],
    tone: band === "partielle" ? "partial" : outcomeTone(band),
  }));
}

export function dialogConfig(src: DialogSource, subtitle: string): RollDialogConfig {
  return {
    title: src.moveId ? K(`Moves.${src.moveId}.Name`) : K(`Card.Kind.${src.kind}`),
    subtitle,
    inputs: dialogInputs(src),
    odds: (values) => oddsLines(src, values),
    cssClass: "ahillmach",
  };
}

/** The roll's specification from the dialog's values. */
export function specFromValues(src: DialogSource, values: RollValues): MoveRollSpec & { roll: ChosenRoll } {
  const roll = chosenRoll(src, values);
  return {
    kind: src.kind,
    moveId: src.moveId,
    free: src.free,
    characteristic: roll.characteristic,
    helpers: Math.max(0, Math.trunc(Number(values.helpers ?? 0))),
    hinderers: Math.max(0, Math.trunc(Number(values.hinderers ?? 0))),
    advantage: roll.advantage,
    bonus: roll.bonus,
    surpass: roll.surpass,
    parts: roll.parts,
    dealsDamage: src.dealsDamage,
    weapon: weaponOf(src, values),
    level: src.level,
    roll,
  };
}
