/**
 * Se surpasser: a scene-long +1 on one characteristic, paid with Mystique, whose excess pours into a penchant that
 * is tested at the end of the scene. Modelled as an immutable scene record the adapters keep on the actor.
 */
import { type Distribution, map } from "../shared/distribution";
import { CHARACTERISTIC_MAX, type CharacteristicId, isCharacteristicId } from "./characteristics";
import { bandOdds } from "./odds";
import { BANDS, BAND_INFO, type Band } from "./resolution";
import { penchantReaction, type PenchantReaction, MAX_PENCHANTS } from "./penchants";
import { assertIntegerIn } from "./validate";

export interface SurpassScene {
  /** Mystique at the start of the scene (states included). */
  readonly mystique: number;
  /** Uses so far; each consumed 1 Mystique beforehand. */
  readonly uses: number;
  /** Characteristics with the +1 for the rest of the scene. */
  readonly boosted: readonly CharacteristicId[];
  /** Index of the one penchant that takes the points this scene (0 or 1), fixed on first use. */
  readonly penchantIndex: number | null;
  /** Points poured into that penchant so far. */
  readonly penchant: number;
}

function assertMystique(mystique: number): void {
  // −3: a Mystique of −2 with the Confus state.
  assertIntegerIn(mystique, -3, CHARACTERISTIC_MAX, "mystique");
}

export function startScene(mystique: number): SurpassScene {
  assertMystique(mystique);
  return { mystique, uses: 0, boosted: [], penchantIndex: null, penchant: 0 };
}

/** At least once per scene, at most Mystique times. */
export function maxSurpassUses(mystique: number): number {
  assertMystique(mystique);
  return Math.max(1, mystique);
}

export function canSurpass(scene: SurpassScene, characteristic: CharacteristicId): boolean {
  return scene.uses < maxSurpassUses(scene.mystique) && !scene.boosted.includes(characteristic);
}

/** Spends 1 Mystique for +1 on `characteristic` for the scene; the points above 20 will go to `penchantIndex`. */
export function surpass(scene: SurpassScene, characteristic: CharacteristicId, penchantIndex = 0): SurpassScene {
  if (!isCharacteristicId(characteristic)) throw new RangeError(`unknown characteristic ${String(characteristic)}`);
  assertIntegerIn(penchantIndex, 0, MAX_PENCHANTS - 1, "penchant index");
  if (scene.boosted.includes(characteristic)) {
    throw new RangeError(`${characteristic} is already surpassed this scene`);
  }
  if (scene.uses >= maxSurpassUses(scene.mystique)) {
    throw new RangeError(`no more Se surpasser this scene (at most ${maxSurpassUses(scene.mystique)})`);
  }
  if (scene.penchantIndex !== null && scene.penchantIndex !== penchantIndex) {
    throw new RangeError(`this scene's points already go to penchant ${scene.penchantIndex}`);
  }
  return {
    ...scene,
    uses: scene.uses + 1,
    boosted: [...scene.boosted, characteristic],
    penchantIndex,
  };
}

/** Mystique as it stands during the scene: lowered by each use (it may go below −2). */
export function adjustedMystique(scene: SurpassScene): number {
  return scene.mystique - scene.uses;
}

/**
 * The value a roll reads for its characteristic when that very roll makes a new use of Se surpasser: the use
 * consumes its Mystique point *before* the roll, so a surpassed Mystique roll reads Mystique already lowered by 1
 * (Mystique 2: 1 + the surpass +1 = +2, the same as every later Mystique roll of the scene). Other
 * characteristics are unchanged.
 */
export function valueWhenSurpassing(characteristic: CharacteristicId, value: number, newUse: boolean): number {
  if (!isCharacteristicId(characteristic)) throw new RangeError(`unknown characteristic ${String(characteristic)}`);
  assertIntegerIn(value, -10, 10, "characteristic value");
  return newUse && characteristic === "mys" ? value - 1 : value;
}

/** Whether rolls of this characteristic get the +1 (pass it as `surpass` to resolveMove). */
export function isSurpassed(scene: SurpassScene, characteristic: CharacteristicId): boolean {
  return scene.boosted.includes(characteristic);
}

/** Adds the `penchantPoints` of a surpassed roll. */
export function addPenchantPoints(scene: SurpassScene, points: number): SurpassScene {
  assertIntegerIn(points, 0, 6, "penchant points");
  if (points > 0 && scene.uses === 0) throw new RangeError("penchant points come only from surpassed rolls");
  return { ...scene, penchant: scene.penchant + points };
}

export interface SceneEnd {
  /** The penchant score after the end roll: accumulated points minus the roll's value. */
  readonly score: number;
  readonly reaction: PenchantReaction | null;
  readonly penchantIndex: number | null;
  /** Mystique is back to its value and the penchant to 0. */
  readonly mystique: number;
}

/** Whether the scene ends with a Mystique roll (only if the character surpassed). */
export function needsEndRoll(scene: SurpassScene): boolean {
  return scene.uses > 0;
}

/** Bonus of the end-of-scene roll: the adjusted Mystique. */
export function endRollBonus(scene: SurpassScene): number {
  return adjustedMystique(scene);
}

/** Ends the scene with the band of the Mystique roll (null when nobody surpassed and no roll was made). */
export function endScene(scene: SurpassScene, band: Band | null): SceneEnd {
  if (band === null) {
    if (needsEndRoll(scene)) throw new RangeError("a surpassed scene ends with a Mystique roll");
    return { score: 0, reaction: null, penchantIndex: null, mystique: scene.mystique };
  }
  if (!needsEndRoll(scene)) throw new RangeError("no end-of-scene roll without Se surpasser");
  const score = scene.penchant - BAND_INFO[band].value;
  return { score, reaction: penchantReaction(score), penchantIndex: scene.penchantIndex, mystique: scene.mystique };
}

/** Exact distribution of the penchant score after the end roll (0 or less: no reaction; 5 means 5 and more). */
export function endSceneOdds(scene: SurpassScene, advantage = 0): Distribution {
  const o = bandOdds({ advantage, bonus: endRollBonus(scene) });
  const byBand: Distribution<Band> = new Map(BANDS.map((b) => [b, o[b]]));
  return map(byBand, (b) => Math.max(0, Math.min(5, scene.penchant - BAND_INFO[b].value)));
}
