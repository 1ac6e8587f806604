/** The item sheet's context, pure: the fields of each `tr-` type with their choices (gallery fixtures use it). */
import { trinites as T } from "../../rules/index.ts";

const F = (key: string) => `QUINTETTE.Trinites.Field.${key}`;

export interface ItemSheetInput {
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
  editable: boolean;
}

type Choice = { value: string; label: string; selected: boolean };
const options = (ids: readonly string[], prefix: string, current: unknown): Choice[] =>
  ids.map((id) => ({ value: id, label: `${prefix}${id}`, selected: id === current }));

export function itemSheetContext(input: ItemSheetInput) {
  const s = input.system;
  const type = input.type;
  return {
    item: { name: input.name, img: input.img, type, typeLabel: `TYPES.Item.${type}` },
    system: s,
    editable: input.editable,
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
    labels: { damage: F("Damage") },
  };
}
