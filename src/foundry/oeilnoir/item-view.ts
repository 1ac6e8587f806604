/**
 * The item sheet's fields per type, pure: path, label, kind and range. A test checks these ranges against the
 * data models, so the sheet's inputs never offer what the model refuses.
 */
import { ABILITY_KEYS, COMBAT_SKILL_KEYS, RANGED_SKILL_KEYS } from "./derive.ts";

const L = "QUINTETTE.OeilNoir.";

export type FieldSpec =
  | { path: string; label: string; kind: "number"; min: number; max: number }
  | { path: string; label: string; kind: "boolean" }
  | { path: string; label: string; kind: "choice"; choices: string[]; prefix: string };

const num = (path: string, label: string, min: number, max: number): FieldSpec => ({
  path,
  label: `${L}${label}`,
  kind: "number",
  min,
  max,
});
const bool = (path: string, label: string): FieldSpec => ({ path, label: `${L}${label}`, kind: "boolean" });

export const ITEM_FIELDS: Record<string, FieldSpec[]> = {
  "on-arme-melee": [
    {
      path: "skill",
      label: `${L}Skill.label`,
      kind: "choice",
      choices: COMBAT_SKILL_KEYS,
      prefix: `${L}CombatSkill`,
    },
    num("pi.dice", "PiDice", 0, 6),
    num("pi.bonus", "PiBonus", -5, 20),
    num("piFo.threshold", "PiFoThreshold", 0, 30),
    num("piFo.step", "PiFoStep", 1, 10),
    num("ini", "INI", -3, 3),
    num("at", "AT", -5, 5),
    num("prd", "PRD", -5, 5),
    num("breakage", "Breakage", -10, 20),
    bool("equipped", "Equipped"),
    bool("broken", "Broken"),
    bool("dropped", "Dropped"),
  ],
  "on-arme-distance": [
    {
      path: "skill",
      label: `${L}Skill.label`,
      kind: "choice",
      choices: RANGED_SKILL_KEYS,
      prefix: `${L}RangedSkill`,
    },
    num("pi.dice", "PiDice", 0, 6),
    num("pi.bonus", "PiBonus", -5, 20),
    num("at", "AT", -5, 5),
    num("range", "Range", 0, 1000),
    num("ammo", "Ammo", 0, 999),
    bool("equipped", "Equipped"),
    bool("broken", "Broken"),
    bool("dropped", "Dropped"),
  ],
  "on-armure": [num("pr", "PR", 0, 10), num("enc", "Enc", 0, 10), bool("equipped", "Equipped")],
  "on-bouclier": [
    num("at", "AT", -5, 5),
    num("prd", "PRD", -5, 10),
    num("ini", "INI", -3, 3),
    num("breakage", "Breakage", -10, 20),
    bool("equipped", "Equipped"),
  ],
  "on-capacite": [
    {
      path: "key",
      label: `${L}AbilityKey`,
      kind: "choice",
      choices: [...ABILITY_KEYS, "autre"],
      prefix: `${L}Ability`,
    },
    num("level", "Level", 0, 3),
  ],
};

function valueAt(system: unknown, path: string): unknown {
  let node: unknown = system;
  for (const part of path.split("."))
    node = node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}

export interface ItemContext {
  item: { id: string; name: string; img: string; type: string };
  typeLabel: string;
  editable: boolean;
  fields: {
    id: string;
    path: string;
    label: string;
    value: unknown;
    min: number | null;
    max: number | null;
    isChoice: boolean;
    isBoolean: boolean;
    choices: { value: string; label: string; selected: boolean }[];
  }[];
  summary: string;
  description: string;
}

export function itemContext(
  item: { id: string; name: string; img: string; type: string; system: unknown },
  editable: boolean,
  description: string,
): ItemContext {
  const specs = ITEM_FIELDS[item.type] ?? [];
  return {
    item: { id: item.id, name: item.name, img: item.img, type: item.type },
    typeLabel: `TYPES.Item.${item.type}`,
    editable,
    fields: specs.map((f) => {
      const value = valueAt(item.system, f.path);
      return {
        id: `on-${item.id}-${f.path.replace(/\./g, "-")}`,
        path: `system.${f.path}`,
        label: f.label,
        value,
        min: f.kind === "number" ? f.min : null,
        max: f.kind === "number" ? f.max : null,
        isChoice: f.kind === "choice",
        isBoolean: f.kind === "boolean",
        choices:
          f.kind === "choice"
            ? f.choices.map((c) => ({ value: c, label: `${f.prefix}.${c}`, selected: c === value }))
            : [],
      };
    }),
    summary: "",
    description,
  };
}
