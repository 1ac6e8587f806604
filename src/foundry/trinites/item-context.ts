/**
 * The Trinités part of the item sheet's context (`tr` in the template), pure: the fields of each `tr-` type with their
 * choices for edit mode and their values for play mode (gallery fixtures use it).
 */
import { trinites as T } from "../../rules/index.ts";

const F = (key: string) => `QUINTETTE.Trinites.Field.${key}`;

export interface ItemSheetInput {
  type: string;
  system: Record<string, unknown>;
}

/** One value shown in play mode; `localized`: the value is a localization key; `suggested`: ours, not the source's. */
export interface ValueLine {
  label: string;
  value: string | number;
  localized: boolean;
  suggested?: boolean;
}

/** Which of an item's values are marked as Quintette's suggestions (`system.suggere`). */
function suggested(s: Record<string, unknown>, key: string): boolean {
  const marks = s.suggere;
  return typeof marks === "object" && marks !== null && (marks as Record<string, unknown>)[key] === true;
}

const yesNo = (v: unknown) => (v === true ? "QUINTETTE.Trinites.Sheet.Yes" : "QUINTETTE.Trinites.Sheet.No");

/** The play-mode lines of each type, in the order of the edit form. */
export function itemValues(type: string, s: Record<string, unknown>): ValueLine[] {
  const n = (label: string, value: unknown): ValueLine => ({
    label: F(label),
    value: Number(value ?? 0),
    localized: false,
  });
  const k = (label: string, value: string): ValueLine => ({ label: F(label), value, localized: true });
  const t = (label: string, value: unknown): ValueLine => ({
    label: F(label),
    value: String(value ?? ""),
    localized: false,
  });
  switch (type) {
    case "tr-arme":
      return [
        { ...n("Damage", s.degats), suggested: suggested(s, "degats") },
        k("Skill", `QUINTETTE.Trinites.Skill.${String(s.competence)}`),
        k("Blade", `QUINTETTE.Trinites.Blade.${String(s.lame)}`),
        {
          label: F("Range"),
          value: Number(s.portee ?? 0) ? `${Number(s.portee)} m` : "—",
          localized: false,
          suggested: suggested(s, "portee"),
        },
        k("Area", yesNo(s.zone)),
        k("Equipped", yesNo(s.equipee)),
      ];
    case "tr-armure":
      return [
        { ...n("Protection", s.protection), suggested: suggested(s, "protection") },
        k("Equipped", yesNo(s.equipee)),
      ];
    case "tr-aura":
      return [k("AuraOrigin", `QUINTETTE.Trinites.AuraOrigin.${String(s.origine)}`), t("Deployment", s.deploiement)];
    case "tr-verset":
      return [
        k("KarmaKind", `QUINTETTE.Trinites.KarmaKind.${String(s.karma)}`),
        n("KarmaCost", s.cout),
        t("Counterpart", s.pendant),
      ];
    case "tr-atout":
      return [n("Rank", s.rang)];
    case "tr-objet":
      return [
        n("Quantity", s.quantite),
        k("Material", `QUINTETTE.Trinites.Material.${String(s.materiau)}`),
        n("ObjectHp", s.pv),
        n("ObjectDamage", s.usure),
        k("WeaponOrArmour", yesNo(s.arme)),
      ];
    default:
      return [];
  }
}

type Choice = { value: string; label: string; selected: boolean };
const options = (ids: readonly string[], prefix: string, current: unknown): Choice[] =>
  ids.map((id) => ({ value: id, label: `${prefix}${id}`, selected: id === current }));

export function itemSheetContext(input: ItemSheetInput) {
  const s = input.system;
  const type = input.type;
  return {
    system: s,
    values: itemValues(type, s),
    isWeapon: type === "tr-arme",
    isArmour: type === "tr-armure",
    isAura: type === "tr-aura",
    isVerset: type === "tr-verset",
    isAtout: type === "tr-atout",
    isObject: type === "tr-objet",
    choices: {
      lame: options(
        T.BLADE_KINDS.map((b) => b.id),
        "QUINTETTE.Trinites.Blade.",
        s.lame,
      ),
      competence: options(["corpsACorps", "melee", "tir", "force"], "QUINTETTE.Trinites.Skill.", s.competence),
      origine: options(["ascendant", "descendant"], "QUINTETTE.Trinites.AuraOrigin.", s.origine),
      karma: options(["lumiere", "tenebres"], "QUINTETTE.Trinites.KarmaKind.", s.karma),
      materiau: options(
        ["verreTissu", "plastiqueCorde", "bois", "pierre", "metal"],
        "QUINTETTE.Trinites.Material.",
        s.materiau,
      ),
    },
    swordRule: type === "tr-arme" && T.BLADE_KINDS.some((b) => b.id === s.lame && b.swordKind),
    objectProtection:
      type === "tr-objet" && typeof s.materiau === "string" && s.materiau in T.MATERIALS
        ? T.objectProtection(s.materiau as T.Material, s.arme === true)
        : null,
    objectLine: type === "tr-objet" ? objectLine(s) : null,
    labels: { damage: F("Damage") },
    /** Some value is ours, not the source's: the sheet says so under the values. */
    hasSuggestions: ["degats", "portee", "protection"].some((key) => suggested(s, key)),
  };
}

/** An object's single life line (its `pv` boxes, `usure` checked) and its protection by material. */
export function objectLine(s: Record<string, unknown>) {
  const hp = Math.max(0, Math.trunc(Number(s.pv ?? 0)) || 0);
  const damage = Math.min(hp, Math.max(0, Math.trunc(Number(s.usure ?? 0)) || 0));
  return {
    boxes: Array.from({ length: hp }, (_, i) => ({ index: i + 1, checked: i < damage })),
    left: hp - damage,
    hp,
    destroyed: hp > 0 && damage >= hp,
  };
}
