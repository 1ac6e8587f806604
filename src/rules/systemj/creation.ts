/**
 * Building a SYSTEMJ personnage (RULES.md §5, source 2. "Création"): the source sets no budget (attributes on 100,
 * skills with no points to share), so the guide shows its steps in order with the limits and what has been placed:
 * who the personnage is (PJ or PNJ, the languages it speaks), the seven attributes, the ten generic skills, the
 * world's primary special skills, then hit points, whose maximum the table sets (docs/rules/systemj.md).
 */
import type { CreationCheck, CreationProblem } from "../shared/creation.ts";
import { ATTRIBUTE_IDS, type Attributes } from "./attributes.ts";
import { languageNames, roleMarker } from "./identity.ts";

export interface SystemJCreationInput {
  role: string;
  languages: string;
  attributes: Attributes;
  skills: Record<string, number | undefined>;
  specials: { name: string; score: number }[];
  /** The world's primary special skills (every sheet shows them). */
  worldSpecials: string[];
  hitPoints: { value: number; max: number };
  /** Still being built (the sheet's guide not yet closed). */
  building: boolean;
}

const total = (values: (number | undefined)[]) => values.reduce<number>((s, v) => s + (v ?? 0), 0);

export function systemJCreation(c: SystemJCreationInput): CreationCheck {
  const problems: CreationProblem[] = [];
  const role = roleMarker("personnage", c.role);
  const languages = languageNames(c.languages);
  const attributes = total(ATTRIBUTE_IDS.map((id) => c.attributes[id]));
  const scored = new Set(c.specials.filter((s) => s.score > 0).map((s) => s.name.trim().toLowerCase()));
  const specialsLeft = c.worldSpecials.filter((name) => !scored.has(name.trim().toLowerCase()));
  const steps: CreationCheck["steps"] = [
    { id: "identity", done: !!role && languages.length > 0 },
    { id: "attributes", done: true, a: attributes, b: Math.round(attributes / ATTRIBUTE_IDS.length) },
    { id: "skills", done: Object.values(c.skills).some((v) => (v ?? 0) > 0), a: total(Object.values(c.skills)) },
  ];
  if (c.worldSpecials.length)
    steps.push({ id: "specials", done: specialsLeft.length === 0, a: specialsLeft.join(", ") || "—" });
  steps.push({ id: "hitPoints", done: c.hitPoints.max > 0 && c.hitPoints.value === c.hitPoints.max });
  // A player building a personnage plays it: PJ is the one-click answer; the GM picks PNJ for theirs.
  if (!role) problems.push({ id: "role", fix: { id: "role", path: "role", value: "PJ" } });
  if (!languages.length) problems.push({ id: "languages" });
  if (c.hitPoints.max <= 0) problems.push({ id: "noHitPoints" });
  else if (c.building && c.hitPoints.value !== c.hitPoints.max)
    problems.push({
      id: "hitPoints",
      a: c.hitPoints.max,
      fix: { id: "hitPoints", path: "hitPoints.value", value: c.hitPoints.max },
    });
  return { steps, problems };
}
