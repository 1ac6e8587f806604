/**
 * Sheet contexts of Trinités, pure: what the actor templates read (the sheet's buttons call the actor's document
 * methods, actor-methods.ts, whose rules are the rules core's upkeep.ts). The gallery builds its fixtures with these
 * same functions.
 */
import { pendingFor } from "./influence.ts";
import { trinites as T } from "../../rules/index.ts";
import * as U from "../../rules/trinites/upkeep.ts";
import { ADAM_KEY, deriveActor, type ActorKind, type TrinitesActorSource, type TrinitesDerived } from "./derived.ts";

/** A signed number as the sheet shows a bonus (`+3`, `−2`, `0`). */
export function signedLabel(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : "0";
}

export interface ItemRow {
  id: string;
  name: string;
  img: string;
  type: string;
  /** One short line of the item's main numbers (already formatted). */
  summary: { key: string; value: string | number }[];
  equipped: boolean | null;
  weapon: boolean;
}

export interface ItemLike {
  id: string;
  name: string;
  img: string;
  type: string;
  system: Record<string, unknown>;
}

export const ITEM_GROUPS = ["tr-arme", "tr-armure", "tr-aura", "tr-verset", "tr-atout", "tr-objet"] as const;
const F = (key: string) => `QUINTETTE.Trinites.Field.${key}`;

export function itemRow(item: ItemLike): ItemRow {
  const s = item.system;
  const summary: ItemRow["summary"] = [];
  switch (item.type) {
    case "tr-arme":
      summary.push({ key: F("Damage"), value: Number(s.degats ?? 0) });
      if (Number(s.portee ?? 0) > 0) summary.push({ key: F("Range"), value: `${Number(s.portee)} m` });
      if (s.lame && s.lame !== "aucune") summary.push({ key: F("Blade"), value: String(s.lame) });
      break;
    case "tr-armure":
      summary.push({ key: F("Protection"), value: Number(s.protection ?? 0) });
      break;
    case "tr-verset":
      summary.push({ key: F("KarmaCost"), value: Number(s.cout ?? 0) });
      break;
    case "tr-atout":
      summary.push({ key: F("Rank"), value: Number(s.rang ?? 1) });
      break;
    case "tr-objet":
      summary.push({ key: F("Quantity"), value: Number(s.quantite ?? 1) });
      // What is left of its life line.
      summary.push({
        key: F("ObjectHp"),
        value: `${Math.max(0, Number(s.pv ?? 0) - Number(s.usure ?? 0))} / ${Number(s.pv ?? 0)}`,
      });
      break;
  }
  return {
    id: item.id,
    name: item.name,
    img: item.img,
    type: item.type,
    summary,
    equipped: typeof s.equipee === "boolean" ? s.equipee : null,
    weapon: item.type === "tr-arme",
  };
}

export interface ActorSheetInput {
  kind: ActorKind;
  source: TrinitesActorSource & {
    concept: string;
    ressources: { nom: string; base: number }[];
    biography: string;
    notes: string;
    nomDeva?: string;
    nomArchonte?: string;
    reactions?: { prudence: number; danger: number };
    influences?: unknown;
  };
  items: ItemLike[];
  editable: boolean;
  isGM: boolean;
  /** Karma spent this round when the actor fights (null out of combat). */
  roundSpending: { lumiere: number; tenebres: number } | null;
}

/** A weapon on the combat tab: what the attack rolls with. */
export interface WeaponRow extends ItemRow {
  skill: string;
  skillLabel: string;
  score: number;
  damage: number;
  range: number;
  swordKind: boolean;
  area: boolean;
}

/** An armour on the combat tab, with whether it counts toward the protection worn. */
export interface ArmourRow extends ItemRow {
  protection: number;
}

function weaponRow(item: ItemLike, derived: TrinitesDerived): WeaponRow {
  const s = item.system;
  const skill = T.isSkillId(String(s.competence)) ? String(s.competence) : "melee";
  const lame = typeof s.lame === "string" ? s.lame : "aucune";
  return {
    ...itemRow(item),
    skill,
    skillLabel: `QUINTETTE.Trinites.Skill.${skill}`,
    score: derived.skills[skill]?.score ?? 0,
    damage: Number(s.degats ?? 0),
    range: Number(s.portee ?? 0),
    swordKind: T.BLADE_KINDS.some((b) => b.id === lame && b.swordKind),
    area: s.zone === true,
  };
}

/**
 * The Trinités part of the actor sheet's context (`tr` in the templates); the shared base sheet adds the header,
 * tabs, edit/play mode, items and biography around it.
 */
export function actorSheetContext(input: ActorSheetInput) {
  const derived: TrinitesDerived = deriveActor(input.source, input.kind);
  const trinite = input.kind === "trinite";
  const groups = ITEM_GROUPS.filter((t) => trinite || (t !== "tr-aura" && t !== "tr-verset")).map((type) => ({
    type,
    label: `TYPES.Item.${type}`,
    items: input.items.filter((i) => i.type === type).map(itemRow),
  }));
  const src = input.source;
  const spendable = (pool: number, spent: number | undefined) => input.editable && pool > 0 && (spent ?? 0) < 1;
  const karma = trinite
    ? {
        adam: {
          ...derived.karma!,
          label: ADAM_KEY(derived.karma!.adamType),
          value: src.adam?.value ?? 0,
          max: derived.karma!.adamValue,
        },
        deva: { value: src.deva?.value ?? 0, max: src.deva?.max ?? 0 },
        archonte: { value: src.archonte?.value ?? 0, max: src.archonte?.max ?? 0 },
        dettes: src.dettes ?? { deva: 0, archonte: 0 },
        credits: src.credits ?? { deva: 0, archonte: 0 },
        spending: input.roundSpending,
        canSpend: {
          deva: spendable(src.deva?.value ?? 0, input.roundSpending?.lumiere),
          archonte: spendable(src.archonte?.value ?? 0, input.roundSpending?.tenebres),
          adam:
            derived.karma!.adamType !== "aucun" &&
            spendable(src.adam?.value ?? 0, input.roundSpending?.[derived.karma!.adamType as "lumiere" | "tenebres"]),
        },
        canPay: input.editable && derived.xpAvailable > 0 && (src.dettes?.deva ?? 0) + (src.dettes?.archonte ?? 0) > 0,
        payChoice: input.editable && U.debtChoice(src.dettes ?? { deva: 0, archonte: 0 }, derived.xpAvailable),
      }
    : null;
  const weapons = input.items.filter((i) => i.type === "tr-arme").map((i) => weaponRow(i, derived));
  const xpSource = src as unknown as U.XpState; // the same stored fields, read as the purchase rules want them
  const atouts = input.items.filter((i) => i.type === "tr-atout").length;
  const armours: ArmourRow[] = input.items
    .filter((i) => i.type === "tr-armure")
    .map((i) => ({ ...itemRow(i), protection: Number(i.system.protection ?? 0) }));
  return {
    kind: input.kind,
    trinite,
    editable: input.editable,
    isGM: input.isGM,
    system: src,
    derived,
    signs: derived.signs.map((sign) => ({
      ...sign,
      bonusLabel: signedLabel(sign.bonus),
      // The experience price of one more point, shown on the skill's spend button (play mode, editable sheets).
      skills: sign.skills.map((sk) => ({
        ...sk,
        xpPrice: input.editable ? U.xpPrice(xpSource, { kind: "competence", skill: sk.id }) : null,
      })),
    })),
    life: derived.life,
    karma,
    regeneration: trinite ? regenerationButtons(input, derived) : null,
    groups,
    combat: {
      weapons,
      armours,
      protection: armours.filter((a) => a.equipped).reduce((sum, a) => sum + a.protection, 0),
      rapidite: derived.skills.rapidite?.score ?? 0,
      esquive: derived.skills.esquive?.score ?? 0,
      commandement: derived.skills.commandement?.score ?? 0,
      reactions:
        src.reactions && (src.reactions.prudence || src.reactions.danger)
          ? {
              ...src.reactions,
              next: signedLabel(T.reactionBonusModifier(src.reactions)),
              canClear: input.editable,
            }
          : null,
      influences: (["action", "reaction"] as const).flatMap((use) =>
        pendingFor({ influences: src.influences }, use).map((p) => ({
          action: p.action,
          /** The GM may drop one that lapsed (the scene ended before it was played). */
          canClear: input.isGM,
          key: `QUINTETTE.Trinites.Sheet.Influence.${p.action}.${use}`,
          source: p.source,
          value: signedLabel(p.value),
          tone: p.value > 0 ? "boon" : "bane",
        })),
      ),
    },
    resources: src.ressources.map((r, index) => ({
      ...r,
      index,
      // One more point with experience (desired base × 2), on the row it raises.
      xpPrice: input.editable ? U.xpPrice(xpSource, { kind: "ressource", index }) : null,
    })),
    xp: {
      ...src.xp,
      available: derived.xpAvailable,
      buy: input.editable
        ? [
            ...(trinite
              ? (["deva", "archonte"] as const).map((spirit) => ({
                  kind: "karma",
                  spirit,
                  label: `QUINTETTE.Trinites.Xp.Buy.${spirit}`,
                  price: U.xpPrice(xpSource, { kind: "karma", spirit }),
                }))
              : []),
            ...(["atout", ...(trinite ? (["auraAscendant", "auraDescendant", "verset"] as const) : [])] as const).map(
              (kind) => ({
                kind,
                spirit: "",
                label: `QUINTETTE.Trinites.Xp.Buy.${kind}`,
                price: U.xpPrice(xpSource, { kind }, atouts),
              }),
            ),
          ]
        : [],
      history: [...(src.xp.historique ?? [])].reverse().map((h) => ({
        ...h,
        label: `QUINTETTE.Trinites.Xp.Buy.${h.quoi === "karma" ? h.cible : h.quoi}`,
        skill: h.quoi === "competence" ? `QUINTETTE.Trinites.Skill.${h.cible}` : null,
      })),
    },
    names: { deva: src.nomDeva ?? "", archonte: src.nomArchonte ?? "" },
  };
}
export type ActorSheetContext = ReturnType<typeof actorSheetContext>;

/**
 * Which regeneration buttons work now: the state allows that kind, a reserve of that kind holds a point, and in
 * combat that kind's point of the round is unspent (rules core `canSpendKind`).
 */
function regenerationButtons(input: ActorSheetInput, derived: TrinitesDerived) {
  const src = input.source;
  const scores = { deva: src.deva?.max ?? 0, archonte: src.archonte?.max ?? 0 };
  const reserves = { deva: src.deva?.value ?? 0, archonte: src.archonte?.value ?? 0, adam: src.adam?.value ?? 0 };
  const can = (kind: T.KarmaKind) =>
    input.editable &&
    derived.life.regeneration.includes(kind) &&
    T.canSpendKind(scores, reserves, kind, input.roundSpending);
  return { lumiere: can("lumiere"), tenebres: can("tenebres") };
}
