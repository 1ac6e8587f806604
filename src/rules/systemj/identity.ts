// Who a personnage is at the table (PJ or PNJ) and which languages they speak: the source gives personnages a
// language and splits them into player and non-player characters; créatures have neither.

export const ROLES = ["PJ", "PNJ"] as const;
export type Role = (typeof ROLES)[number];

/** The PJ/PNJ marker of an entity: a personnage's stored role read leniently (case, spaces); null for a créature. */
export function roleMarker(entity: "personnage" | "creature", role: string): Role | null {
  if (entity !== "personnage") return null;
  const r = role.trim().toUpperCase();
  return (ROLES as readonly string[]).includes(r) ? (r as Role) : null;
}

/** The languages a personnage speaks, from the sheet's text (comma, semicolon or line separated), each once. */
export function languageNames(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[,;\n]/)) {
    const name = part.trim().replace(/\s+/g, " ");
    const key = name.toLocaleLowerCase("fr");
    if (name && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}
