/**
 * From a sheet button to a posted card: the dialog source of the roller, then the roll itself (Se surpasser spent
 * first, Foundry's dice, the rules core's reading, penchant points), the card, and the automatic follow-ups (XP on a
 * failure, the initiative in a conflict) through the card actions, so each happens once and with the right rights.
 */
import { ahillmach } from "../../rules/index.ts";
import type { OpposantModel, PersonnageModel } from "./models.ts";
import { requestCardAction, runCardAction } from "../chat/actions.ts";
import { queueBusy } from "../trust/queue.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import type { RollDialogResult } from "../dialog/inputs.ts";
import type { RollRequest } from "../dialog/request.ts";
import { ACTIONS, K, buildMoveCard, faints, type FreeMove, type RollKind, type RollerInfo } from "./card.ts";
import { actorOfCombatant } from "./combat.ts";
import { dialogConfig, specFromValues, type DialogSource } from "./dialog.ts";
import { sceneOf, storedScene } from "./derive.ts";
import { AhillMachRoll } from "./roll.ts";
import { discernerGrant, edgeUse, pendingEdges, rememberChoice, rememberedChoice } from "./edge.ts";
import { boundName } from "../trust/bound.ts";

type CharacteristicId = ahillmach.CharacteristicId;

function localize(key: string): string {
  return game.i18n?.localize(key) ?? key;
}

export function rollerOf(actor: Actor.Implementation): RollerInfo {
  return { userId: game.user?.id ?? "", actorUuid: actor.uuid, actorName: boundName(actor), img: actor.img ?? null };
}

/** The move an `am-action` item describes: a rules move, or a free one with the item's own texts. */
export function moveOfItem(item: Item.Implementation | null | undefined): {
  moveId: ahillmach.MoveId | null;
  free: FreeMove | null;
  characteristic: CharacteristicId | null;
  dealsDamage: boolean;
} {
  if (!item || item.type !== "am-action") return { moveId: null, free: null, characteristic: null, dealsDamage: false };
  const s = item.system as {
    moveId: string;
    characteristic: string;
    bands: Record<ahillmach.Band, string>;
    options: string[];
    picks: Record<ahillmach.Band, number>;
    dealsDamage: boolean;
  };
  const moveId = (ahillmach.MOVE_IDS as readonly string[]).includes(s.moveId) ? (s.moveId as ahillmach.MoveId) : null;
  const ruleChar = moveId ? ahillmach.moveById(moveId).characteristic : s.characteristic;
  return {
    moveId,
    free: moveId
      ? null
      : {
          name: boundName(item),
          bands: { ...s.bands },
          options: [...s.options],
          picks: { ...s.picks },
          dealsDamage: s.dealsDamage,
        },
    characteristic: ahillmach.isCharacteristicId(ruleChar) ? ruleChar : null,
    dealsDamage: moveId ? moveId === "taillerEnPieces" || moveId === "salve" : s.dealsDamage,
  };
}

/** Size of the first targeted opponent (the dialog's default for sized moves). */
function targetedSize(): ahillmach.OpponentSize {
  for (const token of game.user?.targets ?? []) {
    const actor = token.actor;
    if (actor?.type === "opposant") return (actor.system as { size: ahillmach.OpponentSize }).size;
  }
  return "normal";
}

/** The dialog source of a character's roll (a move item, a bare characteristic, or one of the rules' tests). */
export function personnageSource(
  actor: Actor.Implementation,
  kind: RollKind,
  options: { item?: Item.Implementation | null; characteristic?: CharacteristicId | null } = {},
): DialogSource {
  const sys = actor.system as PersonnageModel;
  const d = sys.derived;
  const move = moveOfItem(options.item);
  const full = kind === "move" || kind === "characteristic";
  let characteristic = options.characteristic ?? move.characteristic;
  let fixedBonus = 0;
  const effective = { ...d.effective };
  if (kind === "fainting" || kind === "recovery") {
    // derive puts a still-ticked lastTicked at the end of `ticked`; a stale record is ignored.
    characteristic = d.ticked.at(-1) ?? "con";
    // Recovery reads the base value less the number of states; fainting the effective value.
    if (kind === "recovery") {
      effective[characteristic] = sys.characteristics[characteristic];
      fixedBonus = -d.ticked.length;
    }
  }
  // Mystique spent on Se surpasser stays spent for the whole scene: every Mystique roll (the end roll too) reads the
  // adjusted value (Mystique 0 surpassing once is at −1 until the scene ends).
  if (sys.scene.active) effective.mys = d.surpass.adjustedMystique;
  if (kind === "sceneEnd") characteristic = "mys";
  // What this roll remembers its gear and métier under: the move (its item for a free one), or the characteristic.
  const rollKey = !full
    ? null
    : kind === "move"
      ? (move.moveId ?? (options.item?.id ? `item-${options.item.id}` : null))
      : characteristic
        ? `char-${characteristic}`
        : null;
  const remembered = rollKey ? rememberedChoice(actor, rollKey) : null;
  // An attack reaches for the equipped weapon unless the player chose otherwise for this move before.
  const preset = remembered ?? { gear: move.dealsDamage && d.weapon ? d.weapon.id : null, metier: null };
  return {
    kind,
    moveId: move.moveId,
    free: move.free,
    characteristic,
    effective,
    gear: d.gear,
    metiers: d.metiers,
    boosted: d.surpass.boosted,
    usesLeft: d.surpass.usesLeft,
    penchants: d.penchants,
    penchantIndex: sys.scene.active ? sys.scene.penchantIndex : null,
    targetSize: targetedSize(),
    dealsDamage: move.dealsDamage,
    weapon: d.weapon ? { die: d.weapon.damageDie, modifier: d.weapon.damageModifier, name: d.weapon.name } : null,
    level: sys.level,
    fixedBonus,
    full,
    preset,
    rollKey,
    edges: full ? pendingEdges(actor) : [],
    localize,
  };
}

/** An opponent's morale roll: Mystique (major) or Mental (minor), help and hindrance only. */
export function opposantSource(actor: Actor.Implementation): DialogSource {
  const d = (actor.system as OpposantModel).derived;
  const effective = { for: 0, dex: 0, con: 0, int: 0, mys: d.stats.moraleBonus, aur: 0 };
  return {
    kind: "morale",
    moveId: null,
    free: null,
    characteristic: "mys",
    effective,
    gear: [],
    metiers: [],
    boosted: [],
    usesLeft: 0,
    penchants: [],
    penchantIndex: null,
    targetSize: "normal",
    dealsDamage: false,
    weapon: null,
    level: null,
    fixedBonus: 0,
    full: false,
    localize,
  };
}

/** The actors of the tokens this user targets now, the roller's own actor left out. */
export function attackTargetsNow(actor: Actor.Implementation): { uuid: string; name: string }[] {
  const seen = new Set<string | null>([actor.uuid]);
  const targets: { uuid: string; name: string }[] = [];
  for (const token of game.user?.targets ?? []) {
    const target = token.actor;
    const uuid = target?.uuid;
    if (!target || !uuid || seen.has(uuid)) continue;
    seen.add(uuid);
    targets.push({ uuid, name: boundName(target) });
  }
  return targets;
}

/** Whether the actor takes part in the active combat. */
export function inConflict(actor: Actor.Implementation): boolean {
  const combat = game.combat;
  if (!combat) return false;
  return combat.combatants.contents.some((c) => (actorOfCombatant(c) as { uuid?: string } | null)?.uuid === actor.uuid);
}

/** Rolls what the dialog chose and posts the card; returns the message. */
export async function performRoll(
  actor: Actor.Implementation,
  src: DialogSource,
  result: RollDialogResult,
  /** Key of the action this roll is the side effect of (trust/once.ts), stored on the posted message. */
  options: { origin?: string } = {},
): Promise<ChatMessage.Implementation | undefined> {
  const spec = specFromValues(src, result.values);
  const isPersonnage = actor.type === "personnage";
  // Se surpasser: the Mystique is spent before the dice roll.
  let scene: ahillmach.SurpassScene | null = null;
  if (isPersonnage && (spec.roll.newSurpass || spec.surpass)) {
    const sys = actor.system as PersonnageModel;
    scene = sceneOf(sys, sys.derived.effective.mys);
    if (spec.roll.newSurpass) {
      scene = ahillmach.surpass(scene, spec.roll.characteristic, spec.roll.penchantIndex);
      await actor.update({ system: { scene: storedScene(scene) } });
    }
  }
  // The gear and métier are remembered for this roll's next time; a +1 held is used up by a roll that takes it.
  if (isPersonnage && src.full) {
    const memory = src.rollKey
      ? rememberChoice(actor, src.rollKey, { gear: spec.roll.gearId, metier: spec.roll.metierId })
      : {};
    const used = spec.roll.edge ? edgeUse(actor, pendingEdges(actor)[0]) : {};
    if (Object.keys(memory).length || Object.keys(used).length) await actor.update({ ...memory, ...used });
  }
  const roll = AhillMachRoll.build({ advantage: spec.advantage, bonus: spec.bonus, surpass: spec.surpass });
  await roll.evaluate();
  const card = buildMoveCard(spec, roll.faces, rollerOf(actor));
  // The attack's targets at roll time: the damage card will let the roller apply the hit to them (checked by the GM).
  if (card.data.damage) card.data.targets = attackTargetsNow(actor);
  // Défendre: whom the defender protects is the first token they target (none: themself); its held "halve" and
  // "redirect" then change the hits on either (ward.ts).
  if (spec.moveId === "defendre") card.data.protects = attackTargetsNow(actor)[0] ?? null;
  const points = typeof card.data.penchantPoints === "number" ? card.data.penchantPoints : 0;
  if (scene && points > 0) {
    await actor.update({ system: { scene: storedScene(ahillmach.addPenchantPoints(scene, points)) } });
  }
  const conflict = (spec.kind === "move" || spec.kind === "characteristic") && inConflict(actor);
  if (conflict) {
    card.buttons.push({
      action: ACTIONS.initiative,
      label: { key: K("Card.UpdateInitiative") },
      icon: "fa-solid fa-flag",
      args: {},
      audience: "roller",
    });
  }
  if (spec.kind === "sceneEnd" && isPersonnage) await endScene(actor, card.data.band as ahillmach.Band, card);
  const grantsEdge =
    isPersonnage &&
    spec.moveId === "discernerLaRealite" &&
    ahillmach.discernerGrantsEdge(card.data.band as ahillmach.Band);
  // A failed fainting test knocks the character out: written by the client that rolls it (the owner, or the GM for a
  // relayed follow-up), only when not already fainted, so a repeat writes nothing. A passed one changes nothing.
  if (isPersonnage && faints(spec.kind, Number(card.data.value)) && !(actor.system as PersonnageModel).fainted) {
    await actor.update({ system: { fainted: true } });
  }
  const message = await postCard(card, {
    rolls: [roll],
    speaker: speakerFor(actor),
    rollMode: result.rollMode as ChatMessage.PassableRollMode,
    ...(options.origin ? { origin: options.origin } : {}),
  });
  const id = message?.id;
  // Discerner's answer gives +1 to the next action that uses it: held by the character until a roll takes it.
  if (id && grantsEdge) await actor.update(discernerGrant(id));
  // A fainting test rolled by a damage card's follow-up runs inside the GM's queue: its XP runs there too, at once
  // (a queued request would wait for the task that asks it). Anywhere else it goes through the executor's queue.
  if (id && card.data.xp && isPersonnage) {
    const request = { messageId: id, action: ACTIONS.xp, args: {} };
    if (queueBusy() && game.user) await runCardAction(request, game.user);
    else await requestCardAction(id, ACTIONS.xp);
  }
  if (id && conflict) await requestCardAction(id, ACTIONS.initiative);
  return message;
}

/** End of scene: the penchant score from the Mystique roll, then Mystique and the penchant back to rest. */
async function endScene(
  actor: Actor.Implementation,
  band: ahillmach.Band,
  card: ReturnType<typeof buildMoveCard>,
): Promise<void> {
  const sys = actor.system as PersonnageModel;
  const scene = sceneOf(sys, sys.derived.effective.mys);
  if (!ahillmach.needsEndRoll(scene)) return;
  const end = ahillmach.endScene(scene, band);
  const names = [sys.penchant1, sys.penchant2];
  card.data = {
    ...card.data,
    sceneEnd: {
      score: end.score,
      penchant: names[end.penchantIndex ?? 0] ?? "",
      reactionKey: end.reaction ? K(`Penchant.Reaction.${end.reaction.level}`) : K("Penchant.NoReaction"),
      level: end.reaction?.level ?? 0,
    },
  };
  await actor.update({
    system: { scene: { active: false, mystique: 0, uses: 0, boosted: [], penchantIndex: null, penchant: 0 } },
  });
}

/** A roll request for the base sheet: the dialog and what to do with its values. */
export function rollRequest(actor: Actor.Implementation, src: DialogSource): RollRequest {
  const subtitle = actor.name ?? "";
  return {
    dialog: dialogConfig(src, subtitle),
    roll: (result) => performRoll(actor, src, result),
  };
}
