/**
 * Context of the SYSTEMJ sheets, pure: attributes, generic skills by family, the world's primary special skills,
 * combat scores (rules core) with each weapon's attack, and the hand of cards grouped by family. The sheets and the
 * gallery fixtures call the same functions.
 */
import { systemj } from "../../rules/index.ts";
import { ITEM_KINDS, isSystemJItemType, type SystemJItemType } from "./types.ts";

const { ATTRIBUTES, CARD_FAMILIES, CARD_KINDS, SKILL_CATEGORIES, WEAPON_FAMILIES, combatScores, skillsFor } = systemj;

export interface ActorData {
  attributes: systemj.Attributes;
  skills: Partial<Record<systemj.GenericSkillId, number>>;
  specials: readonly { name: string; score: number }[];
  hitPoints: { value: number; max: number };
  armourPoints: { value: number; max: number };
  role: string;
  /** Free text naming the languages (personnages); older actors may lack it. */
  languages?: string;
}

export interface CardItem {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export interface ScoreRow {
  id: string;
  label: string;
  abbr?: string;
  value: number;
  path: string;
  roll: string;
}

/** The seven attributes, with their input paths and roll keys. */
export function attributeRows(data: ActorData): ScoreRow[] {
  return ATTRIBUTES.map((a) => ({
    id: a.id,
    label: `QUINTETTE.SystemJ.Attribute.${a.id}`,
    abbr: `QUINTETTE.SystemJ.AttributeAbbr.${a.id}`,
    value: data.attributes[a.id],
    path: `system.attributes.${a.id}`,
    roll: `attribute.${a.id}`,
  }));
}

/** Generic skills by family; créatures have no language family. */
export function skillGroups(data: ActorData, entity: "personnage" | "creature") {
  const skills = skillsFor(entity);
  return SKILL_CATEGORIES.map((c) => ({
    id: c.id,
    label: `QUINTETTE.SystemJ.SkillCategory.${c.id}`,
    skills: skills
      .filter((s) => s.category === c.id)
      .map((s): ScoreRow => ({
        id: s.id,
        label: `QUINTETTE.SystemJ.Skill.${s.id}`,
        value: data.skills[s.id] ?? 0,
        path: `system.skills.${s.id}`,
        roll: `skill.${s.id}`,
      })),
  })).filter((g) => g.skills.length > 0);
}

/**
 * The world's primary special skills, each bound to its slot in the actor's `specials` (by name). Names the actor
 * has no slot for get new slots after the stored ones, so a form edit appends them without holes.
 */
export function specialRows(data: ActorData, worldList: readonly string[]) {
  let next = data.specials.length;
  return worldList.map((name) => {
    const found = data.specials.findIndex((s) => s.name === name);
    const index = found >= 0 ? found : next++;
    return {
      name,
      index,
      value: found >= 0 ? (data.specials[found]?.score ?? 0) : 0,
      path: `system.specials.${index}`,
      // By name: a world skill the actor has no stored slot for still rolls (at 0).
      roll: `special.${name}`,
    };
  });
}

export { parseSpecialList } from "./settings.ts";

const SCORE_IDS = ["meleeForce", "meleeStealth", "throwObject", "dodge", "parry", "block"] as const;

export interface WeaponRow {
  id: string;
  name: string;
  family: string;
  familyLabel: string;
  att: number;
  def: number;
  range: number;
  damage: string;
  equipped: boolean;
  score: number;
  ranged: boolean;
}

function num(v: unknown): number {
  return typeof v === "number" ? v : 0;
}

/** Combat scores (rules core) with the equipped cards' DEF, and one attack line per weapon card. */
export function combatContext(data: ActorData, items: readonly CardItem[]) {
  const weapons = items.filter((i) => i.type === "sj-arme");
  const equippedOf = (family: string) =>
    weapons
      .filter((w) => w.system.equipped === true && w.system.family === family)
      .sort((a, b) => num(b.system.def) - num(a.system.def))[0];
  const parryWith = equippedOf("corpsACorps");
  const blockWith = equippedOf("bouclier");
  const scores = combatScores(data.attributes, {
    def: num(parryWith?.system.def),
    shieldDef: num(blockWith?.system.def),
  });
  const rows = SCORE_IDS.map((id) => ({
    id,
    label: `QUINTETTE.SystemJ.Score.${id}`,
    value: scores[id],
    roll: `score.${id}`,
    // Throwing an object is an attack on the targeted token (issue 16, SYSTEMJ 5), not a bare test.
    attack: id === "throwObject" ? "throw" : null,
    note:
      id === "parry" && parryWith
        ? parryWith.name
        : id === "block" && blockWith
          ? blockWith.name
          : id === "parry" || id === "block"
            ? "QUINTETTE.SystemJ.Sheet.NoGear"
            : "",
    unavailable: (id === "parry" && !parryWith) || (id === "block" && !blockWith),
  }));
  const weaponRows = weapons.map((w): WeaponRow => {
    const family = WEAPON_FAMILIES.find((f) => f.id === w.system.family) ?? WEAPON_FAMILIES[0];
    const withAtt = combatScores(data.attributes, { att: num(w.system.att) });
    return {
      id: w.id,
      name: w.name,
      family: family.id,
      familyLabel: `QUINTETTE.SystemJ.WeaponFamily.${family.id}`,
      att: num(w.system.att),
      def: num(w.system.def),
      range: num(w.system.range),
      damage: typeof w.system.damage === "string" ? w.system.damage : "",
      equipped: w.system.equipped === true,
      score: withAtt[family.score],
      ranged: family.ranged,
    };
  });
  return { scores: rows, weapons: weaponRows.filter((w) => w.family !== "bouclier") };
}

/** One stat line of a card, by kind: what a player reads on the card's face. */
export function cardStats(type: SystemJItemType, system: Record<string, unknown>): { label: string; value: string }[] {
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
  switch (type) {
    case "sj-arme":
      return [
        { label: "QUINTETTE.SystemJ.Card.Att", value: signed(num(system.att)) },
        { label: "QUINTETTE.SystemJ.Card.Def", value: signed(num(system.def)) },
        { label: "QUINTETTE.SystemJ.Card.Damage", value: String(system.damage ?? "") },
        ...(num(system.range) > 0 ? [{ label: "QUINTETTE.SystemJ.Card.Range", value: `${num(system.range)} m` }] : []),
      ];
    case "sj-armure":
      return [{ label: "QUINTETTE.SystemJ.Card.ArmourShort", value: String(num(system.armourPoints)) }];
    case "sj-consommable":
    case "sj-munition":
      return [{ label: "QUINTETTE.SystemJ.Card.Quantity", value: String(num(system.quantity)) }];
    case "sj-competence":
      return [{ label: "QUINTETTE.SystemJ.Card.Score", value: String(num(system.score)) }];
    default:
      return [];
  }
}

export function familyOfType(type: SystemJItemType): systemj.CardFamily {
  return systemj.familyOf(ITEM_KINDS[type]);
}

export interface CardView {
  id: string;
  name: string;
  img: string;
  type: string;
  family: string;
  kindLabel: string;
  stats: { label: string; value: string }[];
  equippable: boolean;
  equipped: boolean;
  rollable: boolean;
  attack: boolean;
}

export function cardView(item: CardItem): CardView | null {
  if (!isSystemJItemType(item.type)) return null;
  const type = item.type;
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type,
    family: familyOfType(type),
    kindLabel: `TYPES.Item.${type}`,
    stats: cardStats(type, item.system),
    equippable: "equipped" in item.system,
    equipped: item.system.equipped === true,
    rollable: type === "sj-competence",
    attack: type === "sj-arme" && item.system.family !== "bouclier",
  };
}

/** The hand of cards: one row per family, in the source's order, with the kinds it may create. */
export function handOfCards(items: readonly CardItem[]) {
  const views = items.map(cardView).filter((v): v is CardView => v !== null);
  return CARD_FAMILIES.map((f) => ({
    id: f.id,
    label: `QUINTETTE.SystemJ.Family.${f.id}`,
    cards: views.filter((v) => v.family === f.id),
    kinds: CARD_KINDS.filter((k) => k.family === f.id).map((k) => {
      const type = Object.entries(ITEM_KINDS).find(([, kind]) => kind === k.id)?.[0] ?? "";
      return { type, label: `TYPES.Item.${type}` };
    }),
  }));
}

/** The PJ/PNJ marker's localization key (sheet and tracker); null when there is none. */
export function markerLabel(marker: systemj.Role | null): string | null {
  return marker ? `QUINTETTE.SystemJ.Marker.${marker}` : null;
}

/** Everything the SYSTEMJ parts of the actor sheet read. */
export function systemjActorContext(
  data: ActorData,
  entity: "personnage" | "creature",
  items: readonly CardItem[],
  worldSpecials: readonly string[],
  armourFromCards: number,
) {
  return {
    sj: {
      entity,
      entityLabel: `QUINTETTE.SystemJ.Entity.${entity}`,
      role: data.role,
      /** PJ or PNJ, shown on the sheet; null for a créature or an unset role. */
      marker: systemj.roleMarker(entity, data.role),
      markerLabel: markerLabel(systemj.roleMarker(entity, data.role)),
      roleOptions: systemj.ROLES.map((r) => ({
        value: r,
        label: `QUINTETTE.SystemJ.Marker.${r}`,
        selected: r === data.role,
      })),
      speaksLanguages: entity === "personnage",
      languagesText: data.languages ?? "",
      languages: systemj.languageNames(data.languages ?? ""),
      hitPoints: data.hitPoints,
      armourPoints: data.armourPoints,
      armourFromCards,
      attributes: attributeRows(data),
      skillGroups: skillGroups(data, entity),
      specials: specialRows(data, worldSpecials),
      hasSpecials: worldSpecials.length > 0,
      combat: combatContext(data, items),
      hand: handOfCards(items),
    },
  };
}

/** Context of a card-shaped item sheet. */
export function itemCardContext(item: CardItem, options: { editable: boolean; owner: string | null }) {
  const view = cardView(item);
  if (!view) throw new RangeError(`not a SYSTEMJ card type: ${item.type}`);
  const type = item.type as SystemJItemType;
  const cardFields = {
    att: type === "sj-arme",
    def: type === "sj-arme",
    range: type === "sj-arme",
    damage: type === "sj-arme",
    family: type === "sj-arme",
    armourPoints: type === "sj-armure",
    quantity: type === "sj-consommable" || type === "sj-munition",
    score: type === "sj-competence",
    equipped: view.equippable,
    combatFit: type === "sj-objet",
  };
  return {
    card: view,
    familyLabel: `QUINTETTE.SystemJ.Family.${view.family}`,
    system: item.system,
    cardFields,
    weaponFamilyLabel:
      type === "sj-arme"
        ? `QUINTETTE.SystemJ.WeaponFamily.${(WEAPON_FAMILIES.find((f) => f.id === item.system.family) ?? WEAPON_FAMILIES[0]).id}`
        : null,
    familyOptions: WEAPON_FAMILIES.map((f) => ({
      value: f.id,
      label: `QUINTETTE.SystemJ.WeaponFamily.${f.id}`,
      selected: f.id === item.system.family,
    })),
    editable: options.editable,
    owner: options.owner,
  };
}
