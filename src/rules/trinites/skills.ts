/** The twelve signs, the 36 skills grouped three by three under them, and the skill score. */

export const SIGN_IDS = [
  "gemeaux",
  "vierge",
  "sagittaire",
  "poissons",
  "belier",
  "taureau",
  "balance",
  "scorpion",
  "lion",
  "capricorne",
  "cancer",
  "verseau",
] as const;
export type SignId = (typeof SIGN_IDS)[number];

export const SKILL_IDS = [
  "art",
  "empathie",
  "seduction",
  "clairvoyance",
  "emprise",
  "meditation",
  "survie",
  "tir",
  "vigilance",
  "erudition",
  "langues",
  "sciences",
  "corpsACorps",
  "melee",
  "tactique",
  "athletisme",
  "endurance",
  "force",
  "documentation",
  "fouille",
  "intellect",
  "discretion",
  "intrusion",
  "subterfuge",
  "commandement",
  "strategie",
  "volonte",
  "esquive",
  "pilotage",
  "rapidite",
  "artisanat",
  "technologies",
  "soins",
  "astrologie",
  "histoireSecrete",
  "lesHuit",
] as const;
export type SkillId = (typeof SKILL_IDS)[number];

export interface Sign {
  readonly id: SignId;
  readonly label: string;
  readonly skills: readonly [SkillId, SkillId, SkillId];
}

/** Sign → its three skills, in the order of RULES.md §1. */
export const SIGNS: readonly Sign[] = [
  { id: "gemeaux", label: "Gémeaux", skills: ["art", "empathie", "seduction"] },
  { id: "vierge", label: "Vierge", skills: ["clairvoyance", "emprise", "meditation"] },
  { id: "sagittaire", label: "Sagittaire", skills: ["survie", "tir", "vigilance"] },
  { id: "poissons", label: "Poissons", skills: ["erudition", "langues", "sciences"] },
  { id: "belier", label: "Bélier", skills: ["corpsACorps", "melee", "tactique"] },
  { id: "taureau", label: "Taureau", skills: ["athletisme", "endurance", "force"] },
  { id: "balance", label: "Balance", skills: ["documentation", "fouille", "intellect"] },
  { id: "scorpion", label: "Scorpion", skills: ["discretion", "intrusion", "subterfuge"] },
  { id: "lion", label: "Lion", skills: ["commandement", "strategie", "volonte"] },
  { id: "capricorne", label: "Capricorne", skills: ["esquive", "pilotage", "rapidite"] },
  { id: "cancer", label: "Cancer", skills: ["artisanat", "technologies", "soins"] },
  { id: "verseau", label: "Verseau", skills: ["astrologie", "histoireSecrete", "lesHuit"] },
];

export const SKILL_LABELS: Readonly<Record<SkillId, string>> = {
  art: "Arts",
  empathie: "Empathie",
  seduction: "Séduction",
  clairvoyance: "Clairvoyance",
  emprise: "Emprise",
  meditation: "Méditation",
  survie: "Survie",
  tir: "Tir",
  vigilance: "Vigilance",
  erudition: "Érudition",
  langues: "Langues",
  sciences: "Sciences",
  corpsACorps: "Corps à corps",
  melee: "Mêlée",
  tactique: "Tactique",
  athletisme: "Athlétisme",
  endurance: "Endurance",
  force: "Force",
  documentation: "Documentation",
  fouille: "Fouille",
  intellect: "Intellect",
  discretion: "Discrétion",
  intrusion: "Intrusion",
  subterfuge: "Subterfuge",
  commandement: "Commandement",
  strategie: "Stratégie",
  volonte: "Volonté",
  esquive: "Esquive",
  pilotage: "Pilotage",
  rapidite: "Rapidité",
  artisanat: "Artisanat",
  technologies: "Technologies",
  soins: "Soins",
  astrologie: "Astrologie",
  histoireSecrete: "Histoire secrète",
  lesHuit: "Les Huit",
};

export interface Skill {
  readonly id: SkillId;
  readonly label: string;
  readonly sign: SignId;
}

/** The 36 skills, each with the sign it depends on. */
export const SKILLS: readonly Skill[] = SIGNS.flatMap((sign) =>
  sign.skills.map((id) => ({ id, label: SKILL_LABELS[id], sign: sign.id })),
);

const SIGN_OF = new Map<string, SignId>(SKILLS.map((s) => [s.id, s.sign]));

export function isSkillId(id: string): id is SkillId {
  return SIGN_OF.has(id);
}

export function isSignId(id: string): id is SignId {
  return (SIGN_IDS as readonly string[]).includes(id);
}

/** The sign a skill depends on. */
export function signOf(skill: SkillId): SignId {
  const sign = SIGN_OF.get(skill);
  if (sign === undefined) throw new RangeError(`unknown skill "${String(skill)}"`);
  return sign;
}

/** Skill base limits: a base is never negative; 20 is far above what any character reaches. */
export const SKILL_BASE_MAX = 20;
/** A zodiac bonus may be negative in house rules; keep it within a sensible band. */
export const SIGN_BONUS_MIN = -6;
export const SIGN_BONUS_MAX = 12;

/** Skill score = base + the zodiac bonus of its sign. */
export function skillScore(base: number, signBonus = 0): number {
  if (!Number.isInteger(base) || base < 0 || base > SKILL_BASE_MAX) {
    throw new RangeError(`a skill base must be an integer from 0 to ${SKILL_BASE_MAX}, got ${base}`);
  }
  if (!Number.isInteger(signBonus) || signBonus < SIGN_BONUS_MIN || signBonus > SIGN_BONUS_MAX) {
    throw new RangeError(
      `a sign bonus must be an integer from ${SIGN_BONUS_MIN} to ${SIGN_BONUS_MAX}, got ${signBonus}`,
    );
  }
  return base + signBonus;
}

/** Every skill score of a character from its skill bases and sign bonuses (missing values count as 0). */
export function skillScores(
  bases: Partial<Record<SkillId, number>>,
  signBonuses: Partial<Record<SignId, number>>,
): Record<SkillId, number> {
  const out = {} as Record<SkillId, number>;
  for (const skill of SKILLS) out[skill.id] = skillScore(bases[skill.id] ?? 0, signBonuses[skill.sign] ?? 0);
  return out;
}

/** A skill as written in the rules: `Arts (Peinture)/+3`, `Documentation/-3`. */
export function formatTest(label: string, difficulty = 0, speciality?: string): string {
  const name = speciality ? `${label} (${speciality})` : label;
  const sign = difficulty > 0 ? "+" : difficulty < 0 ? "−" : "";
  return `${name}/${sign}${Math.abs(difficulty)}`;
}

/** Longest speciality name kept (a label, never a rule). */
export const SPECIALITY_MAX_LENGTH = 60;
/** Most specialities one skill keeps. */
export const SPECIALITIES_PER_SKILL_MAX = 12;

const specialityKey = (name: string) => name.toLocaleLowerCase("fr").normalize("NFC");

/**
 * A skill's specialities as the table reads them (Arts (Peinture), Arts (Sculpture)): names trimmed and cut to
 * {@link SPECIALITY_MAX_LENGTH}, blanks and non-strings dropped, the first of names equal but for case kept, at most
 * {@link SPECIALITIES_PER_SKILL_MAX}. The source gives a speciality no number: it only names what a test asks for.
 */
export function specialities(list: readonly unknown[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const raw of list) {
    if (typeof raw !== "string") continue;
    const name = raw.trim().slice(0, SPECIALITY_MAX_LENGTH).trim();
    if (!name || seen.has(specialityKey(name))) continue;
    seen.add(specialityKey(name));
    out.push(name);
    if (out.length === SPECIALITIES_PER_SKILL_MAX) break;
  }
  return out;
}

/** The stored list once an older single speciality (`specialite`) joins it, after what the list already holds. */
export function withOldSpeciality(list: readonly unknown[], old: unknown): string[] {
  return specialities([...list, old]);
}

/** The speciality a test names, as the skill holds it (its own spelling), or "" when the skill does not hold it. */
export function specialityOf(list: readonly unknown[], wanted: unknown): string {
  if (typeof wanted !== "string" || !wanted.trim()) return "";
  const key = specialityKey(wanted.trim());
  return specialities(list).find((name) => specialityKey(name) === key) ?? "";
}
