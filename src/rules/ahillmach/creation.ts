/**
 * Building an Ahill-Mach personnage (RULES.md §2, source "Personnages"): the class and its starting hit points, one
 * of the two creation arrays placed on the six characteristics (the values still to place shown), one or two
 * penchants (two fields on the sheet), one métier at mastery 1; and what is illegal, each with its fix where one write fixes it.
 */
import type { CreationCheck, CreationProblem } from "../shared/creation.ts";
import {
  CHARACTERISTIC_IDS,
  CREATION_ARRAYS,
  characteristicIncreases,
  creationArrayIndex,
  fitsCreationArray,
  type Characteristics,
} from "./characteristics.ts";
import { maxHp, type ClassId } from "./classes.ts";

export interface AhillMachCreationInput {
  classId: ClassId;
  level: number;
  characteristics: Characteristics;
  /** The chosen array: "a", "b", or "libre" (free, after creation). */
  creation: string;
  penchants: string[];
  metiers: { name: string; mastery: number }[];
  hp: number;
  /** Still being built (the sheet's guide not yet closed). */
  building: boolean;
}

const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0");

/** The array's values not yet on a characteristic (each value once per occurrence), highest first. */
export function valuesToPlace(values: Characteristics, array: readonly number[]): number[] {
  const left = [...array];
  for (const id of CHARACTERISTIC_IDS) {
    const i = left.indexOf(values[id]);
    if (i >= 0) left.splice(i, 1);
  }
  return left.sort((a, b) => b - a);
}

export function ahillMachCreation(c: AhillMachCreationInput): CreationCheck {
  const problems: CreationProblem[] = [];
  const max = maxHp({ classId: c.classId, con: c.characteristics.con, level: c.level });
  const index = c.creation === "a" ? 0 : c.creation === "b" ? 1 : -1;
  const array = CREATION_ARRAYS[index === 1 ? 1 : 0]!;
  const left = valuesToPlace(c.characteristics, array);
  const raises = characteristicIncreases(c.level);
  const fits = index >= 0 && fitsCreationArray(c.characteristics, index, raises);
  const penchants = c.penchants.filter((p) => p.trim() !== "");
  const steps: CreationCheck["steps"] = [
    { id: "class", done: true, a: max },
    {
      id: "array",
      done: fits,
      a: array.map(signed).join(", "),
      b: left.length ? left.map(signed).join(", ") : "—",
    },
    { id: "penchants", done: penchants.length > 0, a: penchants.length },
    { id: "metier", done: c.metiers.length === 1 && c.metiers[0]!.mastery === 1 },
  ];
  if (index < 0) {
    // "Libre" is for after creation: while building, an array is chosen (the one the values match, if any).
    if (c.building) {
      const match = creationArrayIndex(c.characteristics);
      const value = match === 1 ? "b" : "a";
      problems.push({ id: "free", fix: { id: "array", path: "creation", value, a: value.toUpperCase() } });
    }
  } else if (!fits) {
    const other = 1 - index;
    const fix = fitsCreationArray(c.characteristics, other, raises)
      ? { id: "array", path: "creation", value: other === 1 ? "b" : "a", a: other === 1 ? "B" : "A" }
      : undefined;
    problems.push({ id: "array", a: c.creation.toUpperCase(), b: steps[1]!.b, ...(fix ? { fix } : {}) });
  }
  if (!penchants.length) problems.push({ id: "noPenchant" });
  if (c.building) {
    if (!c.metiers.length) problems.push({ id: "noMetier" });
    else if (c.metiers.length > 1) problems.push({ id: "metiers", a: c.metiers.length });
    else if (c.metiers[0]!.mastery !== 1) problems.push({ id: "mastery", a: c.metiers[0]!.name });
    if (c.hp !== max) problems.push({ id: "hp", a: max, fix: { id: "hp", path: "hp.value", value: max } });
  }
  return { steps, problems };
}
