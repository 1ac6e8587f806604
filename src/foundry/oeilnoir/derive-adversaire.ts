/** Derived values of an adversaire, pure: its sheet's fixed values lowered by wounds, with its abilities. */
import {
  initiativeFixed,
  lifeStatus,
  inFrenzy,
  lowEvPenalties,
  penalisingWounds,
  reducedVitesse,
  woundThresholdModifier,
  woundEffects,
  woundThresholds,
  type LifeStatus,
} from "../../rules/oeilnoir/index.ts";
import {
  abilityFlags,
  enduranceInUse,
  formula,
  initiativeLine,
  statusOf,
  type AbilityFlags,
  type PlainItem,
  type Resource,
} from "./derive-common.ts";

export interface AdversaireSource {
  at: number;
  prd: number;
  iniBase: number;
  pi: { dice: number; bonus: number };
  pr: number;
  cn: number;
  ev: Resource;
  endurance: Resource;
  wounds: number;
  /** Absent in sources written before the field existed. */
  fightsOn?: boolean;
  /** Saved while dying; absent in sources written before the field existed. */
  stabilized?: boolean;
  frenzy?: boolean;
  vitesse: number;
  volonte: number;
  weaponName: string;
  /** Absent on actors made before the field existed (12 then). */
  ag?: number;
  /** Intuition (Orientation); absent on older actors (12 then). */
  in?: number;
  /** Dodge value; absent on older actors (its PRD − 2 then). */
  esquive?: number;
  /** A real weapon (false: natural weapons); absent: armed. */
  armed?: boolean;
  weaponDropped?: boolean;
  weaponBroken?: boolean;
  /** Its weapon's class in a confined space; absent on older actors (short then). */
  weaponClass?: string;
}

export interface AdversaireDerived {
  current: { at: number; prd: number; ini: number; vitesse: number; ag: number; in: number };
  dodge: number;
  abilities: AbilityFlags;
  pi: string;
  thresholds: [number, number, number];
  thresholdModifier: number;
  initiative: { fixed: number; dice: 1 | 2; formula: string };
  status: LifeStatus;
  fightsOn: boolean;
  stabilized: boolean;
  lowEv: { level: number; quality: number; skill: number; vitesse: number };
  /** In frenzy now (Frénétique and its state on): no wound or low-EV penalty. */
  frenzy: boolean;
}

/** An adversaire's values are fixed on its sheet; wounds and its abilities still change them. */
export function deriveAdversaire(
  source: AdversaireSource,
  items: readonly PlainItem[],
  lowEvModule = false,
): AdversaireDerived {
  const abilities = abilityFlags(items);
  const frenzy = inFrenzy({ ability: abilities.frenetique, state: source.frenzy === true });
  const w = penalisingWounds(source.wounds, frenzy);
  const wounded = woundEffects(w);
  const fixed = initiativeFixed({
    iniBase: source.iniBase,
    reflexeDeCombat: abilities.reflexeDeCombat,
    instinctDuCombat: abilities.instinctDuCombat,
    wounds: w,
  });
  const dice: 1 | 2 = abilities.danseurDeLames ? 2 : 1;
  const thresholdModifier = woundThresholdModifier({ enFer: abilities.enFer, osDeVerre: abilities.osDeVerre });
  const low = lowEvModule ? lowEvPenalties({ ev: source.ev.value, evBase: Math.max(1, source.ev.max), frenzy }) : null;
  // The life fields assigned, not spread: a spread here cost more than the derivation.
  return Object.assign(
    {
      current: {
        at: source.at + wounded.atBase,
        prd: source.prd + wounded.prdBase,
        ini: source.iniBase + wounded.iniBase,
        vitesse: reducedVitesse(source.vitesse, w + (low?.vitesse ?? 0)),
        ag: (source.ag ?? 12) + wounded.ag,
        in: source.in ?? 12,
      },
      // Wounds lower a dodge as they lower the parry it replaces.
      dodge: Math.max(0, (source.esquive ?? Math.max(0, source.prd - 2)) + wounded.prdBase),
      abilities,
      pi: formula(source.pi.dice, source.pi.bonus),
      thresholds: woundThresholds({ cn: source.cn, modifier: thresholdModifier }),
      thresholdModifier,
      initiative: { fixed, dice, formula: initiativeLine(fixed, dice) },
      lowEv: { level: low?.level ?? 0, quality: low?.quality ?? 0, skill: low?.skill ?? 0, vitesse: low?.vitesse ?? 0 },
      frenzy,
    },
    statusOf(
      lifeStatus({
        ev: source.ev.value,
        cn: source.cn,
        tenace: abilities.tenace,
        enFer: abilities.enFer,
        endurance: enduranceInUse(source.endurance),
      }),
      source.fightsOn,
      source.stabilized,
    ),
  );
}
