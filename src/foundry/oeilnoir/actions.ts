/**
 * Card actions of the duel: parry (or not), roll damage, apply the blow, the Volonté check against a serious wound.
 * They run on the active GM's client through the shared executor (rights, idempotence, relay); the dice are rolled
 * there with `rollDice`, and every result is stored on the card so it survives a reload.
 */
import type {
  CardAction,
  CardActionArgs,
  CardActionContext,
  CardActionOutcome,
  DocumentWrite,
} from "../chat/actions.ts";
import { userOwnsUuid } from "../chat/actions.ts";
import { previousValues } from "../damage/index.ts";
import type { AppliedEntry, CardState } from "../chat/types.ts";
import { readCard } from "../chat/flags.ts";
import {
  breakageCheck,
  criticalParryValue,
  isRescueSkill,
  RESCUE_BOUNDS,
  rescueCheck,
  situationalPrdRange,
  woundThresholds,
} from "../../rules/oeilnoir/index.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import type { RollDialogConfig, RollDialogResult } from "../dialog/inputs.ts";
import { rescueDialogConfig } from "./dialog-config.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { originKey, postedFor } from "../trust/once.ts";
import { effectKey, hasLiveEffect, isWritableDocument } from "../trust/effects.ts";
import { visibilityOf } from "../chat/mode.ts";
import {
  attackerFor,
  combatantOf,
  defenderFor,
  dodgeFor,
  fumblerValues,
  parryWith,
  hitUpdate,
  setProne,
  initiativeWrite,
  oeilNoirActor,
  victimValues,
} from "./actors.ts";
import {
  ACTIONS,
  declineParry,
  duelCard,
  duelOf,
  fumbleFor,
  hitOn,
  linkFreeAttack,
  resolveFumbleCheck,
  resolveDefence,
  withDefender,
  withoutDefence,
  resolveVolonte,
  resolveStanding,
  canRescue,
  withRescue,
  rollDamage,
  startFreeAttack,
  withDying,
  withFumble,
  type DuelData,
  type RescueAttempt,
} from "./duel.ts";
import { rollDice, showDice } from "./roll.ts";
import { gmAuthored, mayOpen, recordDuel, trustedDuel } from "./duel-store.ts";
import { spendWrite } from "./round-actions.ts";
import { boundedModifier } from "./defence-dialog.ts";
import { collectDefence } from "./defence-prompt.ts";

const L = "QUINTETTE.OeilNoir.Card.";

async function actorAt(uuid: string | null | undefined): Promise<Actor.Implementation | null> {
  if (!uuid) return null;
  const doc = await fromUuid<Actor.Implementation>(uuid);
  return doc ?? null;
}

/** Owner of one of the card's fighters (or a GM). */
function ownsUuid(ctx: CardActionContext, uuid: string | null | undefined): boolean {
  return userOwnsUuid(ctx.requester, uuid);
}

/** Only the defender's owner (or a GM) answers an attack. */
function isDefenderOwner(ctx: CardActionContext): boolean {
  return ownsUuid(ctx, duelOf(ctx.card)?.defender?.uuid);
}

function rebuild(card: CardState, duel: DuelData): CardState {
  return duelCard(
    duel,
    { rollerId: card.rollerId, actorUuid: card.actorUuid, actorName: card.actorName, img: card.img },
    card,
  );
}

function stageIs(card: CardState, ...stages: DuelData["stage"][]): DuelData | null {
  const duel = duelOf(card);
  return duel && stages.includes(duel.stage) ? duel : null;
}

/**
 * Effects of a fumble line on the fumbler, as writes: initiative change in the combat, weapon destroyed, weapon
 * damaged (breakage check, factor +1D4), self-inflicted PI. Returns the new fumble detail text too.
 */
export async function fumbleWrites(
  fumbler: Actor.Implementation | null,
  weaponUuid: string | null,
  duel: DuelData,
): Promise<{ writes: DocumentWrite[]; detail: string | null }> {
  const f = duel.fumble;
  if (!f || !f.key || !fumbler) return { writes: [], detail: null };
  const writes: DocumentWrite[] = [];
  // The line's initiative change, plus −2 per wound the fumbler gives himself: one write, applied at once.
  let iniChange = f.iniChange;
  let detail: string | null = null;
  const weapon = weaponUuid ? await fromUuid<Item.Implementation>(weaponUuid) : null;
  const weaponSystem = weapon?.system as { breakage?: number; pi?: { dice: number; bonus: number } } | undefined;
  // An armed adversaire's weapon lives on the actor itself (no item).
  const data = oeilNoirActor(fumbler);
  const adversaireWeapon = data?.kind === "adversaire" && (data.system.armed ?? true);
  if (f.key === "armeDetruite") {
    if (weaponUuid) writes.push({ uuid: weaponUuid, changes: { "system.broken": true } });
    else if (adversaireWeapon) writes.push({ uuid: fumbler.uuid ?? "", changes: { "system.weaponBroken": true } });
  }
  // Dropped or thrown away: unusable until picked up (the DE check on the card, or by hand on the sheet).
  if (f.key === "armeGlisse" || f.key === "armeEjectee") {
    if (weaponUuid) writes.push({ uuid: weaponUuid, changes: { "system.dropped": true } });
    else if (adversaireWeapon) writes.push({ uuid: fumbler.uuid ?? "", changes: { "system.weaponDropped": true } });
  }
  if (f.key === "armeEndommagee" && weaponUuid && typeof weaponSystem?.breakage === "number") {
    const two = await rollDice("2d6");
    const d4 = await rollDice("1d4");
    const [a = 1, b = 1] = two.faces;
    const r = breakageCheck({ dice: [a, b], factor: weaponSystem.breakage, increase: d4.total });
    writes.push({ uuid: weaponUuid, changes: r.broken ? { "system.broken": true } : { "system.breakage": r.factor } });
    detail = `${a}+${b} / ${weaponSystem.breakage}: ${r.broken ? "×" : `→ ${r.factor}`}`;
  }
  if (f.key === "seBlesse") {
    // His own weapon: the attacker's is on the card; a defender's is the one he parried with, with his own strength
    // bonus and wound kind (an adversaire's own attack).
    const own =
      f.who === "attacker"
        ? duel.attacker
        : (attackerFor(fumbler, weapon?.id ?? null)?.attacker ?? {
            ...duel.attacker,
            woundKind: "normal" as const,
            piDice: weaponSystem?.pi?.dice ?? 1,
            piBonus: weaponSystem?.pi?.bonus ?? 0,
          });
    const roll = await rollDice(own.piDice > 0 ? `${own.piDice}d6` : "0");
    const pi = Math.max(0, (own.piDice > 0 ? roll.faces.reduce((a, b) => a + b, 0) : 0) + own.piBonus);
    const victim = victimValues(fumbler);
    if (victim) {
      // The weapon's PI count as damage directly: his own armour does not stop his own blade.
      const self = hitOn({ attacker: own, damage: { faces: roll.faces, pi, critical: false } }, { ...victim, pr: 0 });
      const update = self ? hitUpdate(fumbler, self) : null;
      if (self && update) {
        writes.push({ uuid: fumbler.uuid ?? "", changes: update.changes });
        iniChange += update.iniChange;
        detail = `${pi} PI → −${self.damage}`;
      }
    }
  }
  const ini = initiativeWrite(fumbler, iniChange);
  if (ini) writes.unshift(ini);
  // A fall puts the fumbler on the ground at once (the AG check on the card gets him up).
  if (f.key === "chute") await setProne(fumbler, true);
  return { writes, detail };
}

/**
 * Whether a fumbler holds a weapon a fumble line can hit: a héros' weapon item, an armed adversaire's weapon still in
 * hand (one already on the ground or destroyed cannot slip or break again).
 */
function armedFor(actor: Actor.Implementation | null, weaponUuid: string | null): boolean {
  const data = oeilNoirActor(actor);
  if (data?.kind === "adversaire")
    return (data.system.armed ?? true) && data.system.weaponDropped !== true && data.system.weaponBroken !== true;
  return !!weaponUuid;
}

/**
 * The defence roll's fumble (parry table), its effects on the defender and the weapon it parried with. A dodge
 * (`dodge`) meets the blow with no weapon: the weapon lines cannot apply, whoever dodges.
 */
async function defenceFumble(
  next: DuelData,
  defender: Actor.Implementation | null,
  weaponUuid: string | null,
  dodge = false,
): Promise<{ duel: DuelData; writes: DocumentWrite[] }> {
  const table = await rollDice("1d20");
  let duel = withFumble(
    next,
    "defender",
    table.faces[0] ?? 1,
    !dodge && armedFor(defender, weaponUuid),
    fumblerValues(defender) ?? undefined,
  );
  const effects = await fumbleWrites(defender, weaponUuid, duel);
  if (duel.fumble) duel = { ...duel, fumble: { ...duel.fumble, detail: effects.detail, weaponUuid } };
  return { duel, writes: effects.writes };
}

/** The largest parry penalty a fumble line's free attack adds (rules core tables). */
const FREE_ATTACK_MAX_PENALTY = 4;

/** An integer within bounds, else null: a number of the card (its author's client) the GM may use. */
function bounded(value: unknown, range: { min: number; max: number }): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= range.min && value <= range.max
    ? value
    : null;
}

/**
 * What the card's author declared about the defence, as far as the GM's client accepts it: the situation's
 * penalty on the parry (or the dodge) within what the attack dialog can build (rules core `situationalPrdRange`),
 * and a free attack's parry penalty within the fumble tables'. Null when the card was not made that way (issue 12).
 */
function defencePenalty(duel: DuelData, dodge: boolean): number | null {
  const declared = dodge ? duel.defender?.situation?.dodge : duel.defender?.situation?.prd;
  const situation = duel.defender?.situation ? bounded(declared, situationalPrdRange({ dodge })) : 0;
  const free = duel.free ? bounded(duel.free.parryPenalty, { min: 0, max: FREE_ATTACK_MAX_PENALTY }) : 0;
  return situation === null || free === null ? null : situation + free;
}

/**
 * The attacking weapon as the GM's client trusts it for a breakage check: an item of the card's own attacker (a
 * free attack's card is its striker's), its breakage factor read from the item. Null when the card names a weapon
 * that is not so.
 */
async function checkedAttacker(card: CardState, duel: DuelData): Promise<DuelData | null> {
  const weaponUuid = duel.attacker.weaponUuid;
  if (!weaponUuid) return { ...duel, attacker: { ...duel.attacker, breakage: null } };
  const attacker = await actorAt(duel.attacker.uuid);
  const weapon = await fromUuid<Item.Implementation>(weaponUuid);
  if (!attacker || attacker.uuid !== card.actorUuid || !weapon || weapon.parent !== attacker) return null;
  const breakage = (weapon.system as { breakage?: unknown }).breakage;
  return {
    ...duel,
    attacker: {
      ...duel.attacker,
      breakage: typeof breakage === "number" && Number.isInteger(breakage) ? breakage : null,
    },
  };
}

/**
 * The defender's own situational modifier and a GM's adjustment (issue 25), as the request carries them: each within
 * the dialog's bounds, the adjustment only from a GM. Their sum (positive: harder), or null when refused.
 */
function defenderModifiers(args: CardActionArgs, requester: User.Implementation): number | null {
  const own = boundedModifier(args.modifier);
  const adjust = boundedModifier(args.adjust);
  if (own === null || adjust === null || (adjust !== 0 && !requester.isGM)) return null;
  return own + adjust;
}

export const parryAction: CardAction = {
  name: ACTIONS.parry,
  audience: "anyone",
  allowed: isDefenderOwner,
  // The master parry may damage the attacker's weapon: the rule grants that write, not ownership.
  trustedWrites: true,
  token: () => "oeilnoir.answer",
  collect: (args, messageId) => collectDefence(args, messageId, false),
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const stored = stageIs(card, "awaitParry");
    if (!stored?.defender) return { status: "already" };
    // The card's numbers come from its author's client: the parry value is recomputed from the defender's own
    // weapon and the attacking weapon checked against the documents before anything is rolled or written.
    const duel = await checkedAttacker(card, stored);
    const defender = await actorAt(stored.defender.uuid);
    // Actions per round: no defence left, the blow lands without a roll; else this parry spends it.
    const spend = spendWrite(combatantOf(defender), "defence");
    if (spend === "refused")
      return duel
        ? { status: "applied", card: rebuild(card, withoutDefence(duel)), writes: [] }
        : { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const chosen = defender && duel ? parryChoice(defender, duel, args.weapon) : null;
    const extra = defenderModifiers(args, requester);
    if (!duel?.defender || !chosen || extra === null) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const prd = chosen.prd - extra;
    // Against a critical attack the parry is rolled under half the PRD: the roll carries that target.
    const d20 = await rollDice("1d20", duel.attack.critical ? criticalParryValue(prd) : prd);
    showDice(d20, message);
    const face = d20.faces[0] ?? 1;
    let breakageDice: [number, number] | undefined;
    if (face === 1 && !duel.attack.critical && duel.attacker.breakage !== null) {
      const two = await rollDice("2d6");
      breakageDice = [two.faces[0] ?? 1, two.faces[1] ?? 1];
    }
    let next = resolveDefence(duel, {
      d20: face,
      value: prd,
      dodge: false,
      ...(chosen?.weaponName ? { weaponName: chosen.weaponName } : {}),
      ...(breakageDice ? { breakageDice } : {}),
    });
    // A master parry (natural 1) is a free action: the defence stays.
    const writes: DocumentWrite[] = spend && !next.parry?.critical ? [spend] : [];
    if (next.breakage && duel.attacker.weaponUuid)
      writes.push({
        uuid: duel.attacker.weaponUuid,
        changes: next.breakage.broken ? { "system.broken": true } : { "system.breakage": next.breakage.factor },
      });
    if (next.parry?.fumble) {
      const f = await defenceFumble(next, defender, chosen?.weaponUuid ?? null);
      next = f.duel;
      writes.push(...f.writes);
    }
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

/**
 * The parry with the weapon the defender chose (or its main one), read from its actor on the GM's side: the
 * weapon's PRD made harder by the low-EV penalty and the card's declared situation and free-attack penalty, each
 * within its rules-core bounds. Null when the defender cannot parry or the card's numbers are out of bounds.
 */
function parryChoice(
  defender: Actor.Implementation,
  duel: DuelData,
  weaponArg: unknown,
): { prd: number; weaponUuid: string | null; weaponName: string | null } | null {
  if (duel.defender?.prd === null) return null;
  const p = parryWith(defender, typeof weaponArg === "string" ? weaponArg : null);
  const penalty = defencePenalty(duel, false);
  if (!p || penalty === null) return null;
  const lowEv = oeilNoirActor(defender)?.derived.lowEv.quality ?? 0;
  const item = p.weapon && !p.weapon.unarmed ? `${defender.uuid}.Item.${p.weapon.id}` : null;
  return { prd: p.prd - penalty - lowEv, weaponUuid: item, weaponName: p.weapon?.name ?? null };
}

/**
 * Dodging instead of parrying: the defender's dodge (read from its actor), with the attack's situation (kneeling 4,
 * lying impossible) and the low-EV penalty; halved against a critical like a parry. No weapon meets the blow, so
 * no breakage check; a natural 20 rolls the parry fumble table without a weapon.
 */
export const dodgeAction: CardAction = {
  name: ACTIONS.dodge,
  audience: "anyone",
  allowed: isDefenderOwner,
  token: () => "oeilnoir.answer",
  collect: (args, messageId) => collectDefence(args, messageId, true),
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "awaitParry");
    if (!duel?.defender) return { status: "already" };
    const defender = await actorAt(duel.defender.uuid);
    const spend = spendWrite(combatantOf(defender), "defence");
    if (spend === "refused") return { status: "applied", card: rebuild(card, withoutDefence(duel)), writes: [] };
    const base = defender ? dodgeFor(defender) : null;
    if (base === null || duel.defender.situation?.dodge === null)
      return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.CannotDodge" };
    const penalty = defencePenalty(duel, true);
    const extra = defenderModifiers(args, requester);
    if (penalty === null || extra === null) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const value = base - penalty - extra;
    const d20 = await rollDice("1d20", duel.attack.critical ? criticalParryValue(value) : value);
    showDice(d20, message);
    let next = resolveDefence(duel, { d20: d20.faces[0] ?? 20, value, dodge: true });
    const writes: DocumentWrite[] = spend && !next.parry?.critical ? [spend] : [];
    if (next.parry?.fumble) {
      const f = await defenceFumble(next, defender, null, true);
      next = f.duel;
      writes.push(...f.writes);
    }
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

/**
 * The GM names the defender of a blow that landed with nobody targeted: the first token he targets (an Œil Noir
 * actor other than the attacker). The card then waits for its parry as usual.
 */
export const chooseDefenderAction: CardAction = {
  name: ACTIONS.chooseDefender,
  audience: "gm",
  collect(args, messageId) {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const attacker = (card ? duelOf(card) : null)?.attacker.uuid ?? null;
    for (const token of game.user?.targets ?? []) {
      const actor = token.actor;
      if (actor && actor.uuid !== attacker && oeilNoirActor(actor)) return { ...args, defenderUuid: actor.uuid };
    }
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.TargetDefender") ?? "");
    return null;
  },
  async execute({ card, args }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "awaitDefender");
    if (!duel) return { status: "already" };
    const defender = await actorAt(typeof args.defenderUuid === "string" ? args.defenderUuid : null);
    if (!defender || !oeilNoirActor(defender) || defender.uuid === duel.attacker.uuid)
      return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    return { status: "applied", card: rebuild(card, withDefender(duel, defenderFor(defender))) };
  },
};

export const noParryAction: CardAction = {
  name: ACTIONS.noParry,
  audience: "anyone",
  allowed: isDefenderOwner,
  token: () => "oeilnoir.answer",
  execute({ card }): CardActionOutcome {
    const duel = stageIs(card, "awaitParry");
    if (!duel) return { status: "already" };
    return { status: "applied", card: rebuild(card, declineParry(duel)) };
  },
};

/** The blow's PI, rolled by the GM's client from the attacker's weapon as the record holds it (never the card's). */
export const damageAction: CardAction = {
  name: ACTIONS.damage,
  audience: "roller",
  async execute({ card, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "hit");
    if (!duel) return { status: "already" };
    const dice = duel.attacker.piDice;
    const roll = await rollDice(dice > 0 ? `${dice}d6` : "0");
    showDice(roll, message);
    return { status: "applied", card: rebuild(card, rollDamage(duel, dice > 0 ? roll.faces : [])) };
  },
};

function appliedEntry(
  uuid: string,
  name: string,
  undo: AppliedEntry["undo"],
  summary: AppliedEntry["summary"],
  card: CardState,
  userId: string,
  suffix: string,
): AppliedEntry {
  return {
    id: `${uuid}#${card.revision}${suffix}`,
    action: ACTIONS.applyHit,
    targetUuid: uuid,
    targetName: name,
    summary,
    undo,
    undone: false,
    userId,
  };
}

export const applyHitAction: CardAction = {
  name: ACTIONS.applyHit,
  // Owners of the defender (or a GM): checked on the writes by the executor.
  audience: "owners",
  async execute({ card, requester, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "damaged");
    if (!duel?.defender?.uuid) return { status: "already" };
    const defender = await actorAt(duel.defender.uuid);
    const victim = defender ? victimValues(defender) : null;
    if (!defender || !victim) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    const hit = hitOn(duel, victim);
    const update = hit ? hitUpdate(defender, hit) : null;
    if (!hit || !update) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
    const read = (path: string) => foundry.utils.getProperty(defender, path);
    const writes: DocumentWrite[] = [{ uuid: defender.uuid ?? "", changes: update.changes }];
    const name = defender.name ?? "";
    const applied = [
      appliedEntry(
        defender.uuid ?? "",
        name,
        previousValues(read, update.changes),
        { key: `${L}AppliedSummary`, value: hit.damage, detail: hit.totalWounds },
        card,
        requester.id ?? "",
        "",
      ),
    ];
    const ini = initiativeWrite(defender, update.iniChange);
    if (ini) {
      writes.push(ini);
      const combatant = await fromUuid<Combatant.Implementation>(ini.uuid);
      applied.push(
        appliedEntry(
          ini.uuid,
          name,
          { initiative: combatant?.initiative ?? null },
          { key: `${L}IniSummary`, value: update.iniChange },
          card,
          requester.id ?? "",
          ":ini",
        ),
      );
    }
    // The dead are marked defeated in the running combat.
    const combatant = update.status === "mort" ? combatantOf(defender) : null;
    if (combatant && !combatant.defeated) {
      writes.push({ uuid: combatant.uuid ?? "", changes: { defeated: true } });
      applied.push(
        appliedEntry(
          combatant.uuid ?? "",
          name,
          { defeated: false },
          { key: `${L}DefeatedSummary` },
          card,
          requester.id ?? "",
          ":defeated",
        ),
      );
    }
    let next: DuelData = { ...duel, hit: { ...hit, status: update.status }, stage: "applied" };
    if (update.status === "mourant") {
      // Dying: the 1D6 of the time left is rolled at once and shown on the card.
      const d6 = await rollDice("1d6");
      showDice(d6, message);
      const data = oeilNoirActor(defender);
      next = withDying(next, d6.faces[0] ?? 1, victim.cn, !!data?.derived.abilities.tenace);
    }
    const rebuilt = rebuild(card, next);
    return { status: "applied", card: { ...rebuilt, applied: [...card.applied, ...applied] }, writes };
  },
};

export const volonteAction: CardAction = {
  name: ACTIONS.volonte,
  audience: "anyone",
  allowed: isDefenderOwner,
  trustedWrites: false,
  async execute({ card, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "applied");
    if (!duel?.hit || duel.hit.volonteTarget === null || duel.volonte) return { status: "already" };
    const d20 = await rollDice("1d20", duel.hit.volonteTarget);
    showDice(d20, message);
    const next = resolveVolonte(duel, d20.faces[0] ?? 20);
    const writes: DocumentWrite[] = [];
    const defender = await actorAt(duel.defender?.uuid);
    const data = oeilNoirActor(defender);
    // Success: the serious wound's effects are shrugged off, so that wound is taken back.
    if (next.volonte?.success && defender && data) {
      writes.push({ uuid: defender.uuid ?? "", changes: { "system.wounds": Math.max(0, data.system.wounds - 1) } });
      // …and so is its initiative loss, at once.
      const ini = initiativeWrite(defender, 2);
      if (ini) writes.push(ini);
    }
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

function fumblerUuid(duel: DuelData | null): string | null {
  const f = duel?.fumble;
  if (!f || !duel) return null;
  return f.who === "attacker" ? duel.attacker.uuid : (duel.defender?.uuid ?? null);
}

/** Where the GM's client keeps a fumble check's die on the fumbler, per card (written with its effect record). */
const CHECK_FLAG = "onFumbleCheck";

/** The check's die already rolled for this card, read on the fumbler (not on the card, which its author can clear). */
function storedCheck(fumbler: Actor.Implementation | null, messageId: string): number | null {
  const doc: unknown = fumbler;
  if (!isWritableDocument(doc) || !hasLiveEffect(doc, effectKey(messageId, ACTIONS.fumbleCheck))) return null;
  const face = doc.getFlag("quintette", `${CHECK_FLAG}.${messageId}`);
  return typeof face === "number" && Number.isInteger(face) && face >= 1 && face <= 20 ? face : null;
}

/**
 * The check a fumble line asks (stay up, get up, pick the weapon up), rolled by the fumbler's side. The die is stored
 * on the fumbler with the check's record, in one write; the prone status follows it (after that write, taken back
 * with it if it fails). A replay (the card's author clearing the result and `done`) shows the stored die again and
 * changes nothing.
 */
export const fumbleCheckAction: CardAction = {
  name: ACTIONS.fumbleCheck,
  audience: "anyone",
  allowed: (ctx) => ownsUuid(ctx, fumblerUuid(duelOf(ctx.card))),
  async execute({ card, message }): Promise<CardActionOutcome> {
    const duel = duelOf(card);
    const check = duel?.fumble?.check;
    if (!duel || !check || check.result) return { status: "already" };
    const fumbler = await actorAt(fumblerUuid(duel));
    const messageId = message.id ?? "";
    const replayed = storedCheck(fumbler, messageId);
    if (replayed !== null) return { status: "applied", card: rebuild(card, resolveFumbleCheck(duel, replayed)) };
    const d20 = await rollDice("1d20", check.value);
    showDice(d20, message);
    const face = d20.faces[0] ?? 20;
    const next = resolveFumbleCheck(duel, face);
    const success = next.fumble?.check?.result?.success ?? false;
    const writes: DocumentWrite[] = [];
    if (fumbler) {
      const changes = { [`flags.quintette.${CHECK_FLAG}.${messageId}`]: face };
      writes.push({ uuid: fumbler.uuid ?? "", changes, effect: ACTIONS.fumbleCheck });
    }
    // Picked up: the weapon is usable again.
    if (success && (duel.fumble?.key === "armeGlisse" || duel.fumble?.key === "armeEjectee") && fumbler) {
      const weaponUuid = duel.fumble.weaponUuid ?? null;
      if (weaponUuid) writes.push({ uuid: weaponUuid, changes: { "system.dropped": false } });
      else if (oeilNoirActor(fumbler)?.kind === "adversaire")
        writes.push({ uuid: fumbler.uuid ?? "", changes: { "system.weaponDropped": false } });
    }
    // Stumbling and failing: down on the ground; fallen and passing: back on his feet.
    const prone =
      duel.fumble?.key === "trebuche" && !success ? true : duel.fumble?.key === "chute" && success ? false : null;
    const afterWrites =
      prone === null
        ? undefined
        : async () => {
            await setProne(fumbler, prone);
          };
    return { status: "applied", card: rebuild(card, next), writes, afterWrites };
  },
};

/**
 * The opponent's free attack from a fumble line: a new duel card (its own parry, damage and wounds), rolled at
 * once with the line's parry penalty, unparryable or easier attack; this card keeps the link to it.
 */
export const freeAttackAction: CardAction = {
  name: ACTIONS.freeAttack,
  audience: "anyone",
  allowed: (ctx) => ownsUuid(ctx, duelOf(ctx.card)?.fumble?.freeAttack?.attackerUuid),
  async execute({ card, requester, message: origin }): Promise<CardActionOutcome> {
    const duel = duelOf(card);
    const free = duel?.fumble?.freeAttack;
    if (!duel || !free || free.messageId) return { status: "already" };
    // The free attack's card is posted before this card records it: a retry or a replay (the author clearing the
    // link and `done`) finds the card the GM's client already posted and links it, with no new roll.
    const key = originKey(origin.id ?? "", ACTIONS.freeAttack);
    const posted = postedFor(key);
    if (posted?.id) return { status: "applied", card: rebuild(card, linkFreeAttack(duel, posted.id)) };
    const attacker = await actorAt(free.attackerUuid);
    const fumbler = await actorAt(free.defenderUuid);
    if (!attacker || !fumbler) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    const weaponId = free.weaponUuid?.split(".").at(-1) ?? null;
    const choice = attackerFor(attacker, weaponId);
    if (!choice) return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.NoWeapon" };
    const d20 = await rollDice("1d20", choice.value - free.attackModifier);
    let next = startFreeAttack({
      attacker: choice.attacker,
      value: choice.value,
      defender: defenderFor(fumbler),
      free,
      d20: d20.faces[0] ?? 20,
    });
    let writes: DocumentWrite[] = [];
    if (next.attack.fumble) {
      const f = await attackFumble(attacker, next);
      next = f.duel;
      writes = f.writes;
    }
    const message = await postCard(
      duelCard(next, {
        rollerId: requester.id ?? "",
        actorUuid: attacker.uuid,
        actorName: attacker.name ?? "",
        img: attacker.img ?? null,
      }),
      {
        rolls: d20.roll ? [d20.roll] : [],
        speaker: speakerFor(attacker),
        // Not the executing GM's own chat mode: a player's free attack is public like their attacks; the GM's keeps
        // the fumble card's secrecy.
        visibility: requester.isGM ? visibilityOf(origin) : "public",
        origin: key,
      },
    );
    if (!message?.id) return { status: "invalid", reason: "QUINTETTE.Card.Failed" };
    return { status: "applied", card: rebuild(card, linkFreeAttack(duel, message.id)), writes };
  },
};

/** The Volonté check of a victim left at 1…5 EV: passed, it fights on (Tenace and En Fer need no check). */
export const standAction: CardAction = {
  name: ACTIONS.stand,
  audience: "anyone",
  allowed: isDefenderOwner,
  async execute({ card, message }): Promise<CardActionOutcome> {
    const duel = stageIs(card, "applied");
    if (!duel?.hit || duel.hit.volonte === undefined || duel.standing) return { status: "already" };
    const d20 = await rollDice("1d20", duel.hit.volonte);
    showDice(d20, message);
    const next = resolveStanding(duel, d20.faces[0] ?? 20);
    // Passed: the sheet shows the victim fighting on until the next blow.
    const uuid = duel.defender?.uuid;
    const writes: DocumentWrite[] =
      next.standing?.success && uuid ? [{ uuid, changes: { "system.fightsOn": true } }] : [];
    return { status: "applied", card: rebuild(card, next), writes };
  },
};

// ---------------------------------------------------------------- saving the dying

/**
 * The healer's Médecine / Blessures value, read from the healer: a héros' Médecine field (0, the field's initial
 * value, means not filled in: his IN stands for it), else 10; always within the rules core's bounds.
 */
export function medecineValue(healer: Actor.Implementation): number {
  const data = oeilNoirActor(healer);
  if (data?.kind !== "heros") return 10;
  const medecine = data.system.medecine;
  if (isRescueSkill(medecine) && medecine > 0) return medecine;
  const fallback = data.system.qualities.IN;
  return isRescueSkill(fallback) ? fallback : 10;
}

/**
 * The clicking user's healer: the first controlled token's actor they own, else their assigned character; an
 * Œil Noir character, never the victim. Null for a user with no character at hand (a GM may still help).
 */
export function pickHealer(victimUuid: string | null): Actor.Implementation | null {
  const candidates: Actor.Implementation[] = [];
  for (const token of canvas?.tokens?.controlled ?? []) if (token.actor) candidates.push(token.actor);
  const character = game.user?.character;
  if (character) candidates.push(character);
  return candidates.find((a) => a.uuid !== victimUuid && a.isOwner && !!oeilNoirActor(a)) ?? null;
}

type RescuePrompt = (config: RollDialogConfig) => Promise<RollDialogResult | null>;
let rescuePrompt: RescuePrompt = (config) => RollDialog.prompt(config);

/** Replaces the rescue dialog (tests answer it; null restores the real one). */
export function setRescuePrompt(next: RescuePrompt | null): void {
  rescuePrompt = next ?? ((config) => RollDialog.prompt(config));
}

function numberArg(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? Math.trunc(value) : null;
}

/**
 * Saving a dying victim (Médecine / Blessures): the helper's client opens the dialog with the healer's value and the
 * exact odds; the GM rolls the D20 under value − modifier − 2 × points below 0. Passed: stabilised (on the card and
 * the actor), the care lasting twice those points minus the points left (at least 1 round). Failed: 1D6 damage
 * through the blow's update (no PR: it is the care that hurts), and the card offers another attempt.
 */
export const rescueAction: CardAction = {
  name: ACTIONS.rescue,
  audience: "anyone",
  // Any player helping with a character of their own; the GM always.
  allowed: (ctx) => {
    const duel = duelOf(ctx.card);
    const healer = typeof ctx.args.healerUuid === "string" ? ctx.args.healerUuid : null;
    if (ctx.requester.isGM) return true;
    return !!healer && healer !== duel?.defender?.uuid && ownsUuid(ctx, healer);
  },
  // The rule lets the healer's care write the victim's EV and state, whoever owns the victim.
  trustedWrites: true,
  token: (args) => `${ACTIONS.rescue}:${String(args.attempt ?? 0)}`,
  async collect(args, messageId) {
    const message = game.messages?.get(messageId);
    const card = message ? readCard(message) : null;
    const duel = card ? duelOf(card) : null;
    const victim = await actorAt(duel?.defender?.uuid);
    const ev = victim ? victimValues(victim)?.ev : undefined;
    if (!duel || !victim || ev === undefined) return null;
    if (ev > 0) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.NotDying") ?? "");
      return null;
    }
    const healer = pickHealer(victim.uuid);
    if (!healer && !game.user?.isGM) {
      ui.notifications?.warn(game.i18n?.localize("QUINTETTE.OeilNoir.Notify.NoHealer") ?? "");
      return null;
    }
    const healerName = healer?.name ?? game.user?.name ?? "";
    const result = await rescuePrompt(
      rescueDialogConfig({
        healerName,
        victimName: victim.name ?? "",
        ev,
        skill: healer ? medecineValue(healer) : 10,
      }),
    );
    if (!result) return null;
    const skill = numberArg(result.values.skill) ?? 0;
    // The value chosen becomes the healer's Médecine field, on the healer this user owns (the GM reads it back).
    if (healer?.isOwner && oeilNoirActor(healer)?.kind === "heros" && isRescueSkill(skill)) {
      // A dotted path: the update's typed data does not list system paths.
      const changes: Record<string, unknown> = { "system.medecine": skill };
      await healer.update(changes);
    }
    return {
      ...args,
      healerUuid: healer?.uuid ?? null,
      healerName,
      skill,
      modifier: numberArg(result.values.modifier) ?? 0,
    };
  },
  async execute({ card, args, requester, message }): Promise<CardActionOutcome> {
    const duel = duelOf(card);
    // Each attempt has its number: a repeated request (or a stale button) finds it taken.
    if (!duel || !canRescue(duel) || args.attempt !== (duel.rescue?.length ?? 0)) return { status: "already" };
    const victim = await actorAt(duel.defender?.uuid);
    const values = victim ? victimValues(victim) : null;
    if (!victim || !values) return { status: "invalid", reason: "QUINTETTE.Card.TargetMissing" };
    if (values.ev > 0) return { status: "already", reason: "QUINTETTE.OeilNoir.Notify.NotDying" };
    // Saved meanwhile from another card: nothing left to do here.
    if (oeilNoirActor(victim)?.derived.stabilized)
      return { status: "already", reason: "QUINTETTE.OeilNoir.Notify.AlreadyStabilized" };
    const healer = typeof args.healerUuid === "string" ? await actorAt(args.healerUuid) : null;
    // A player's healer must be an Œil Noir character of theirs (checked in `allowed`); a GM may help without one.
    if (!healer && !requester.isGM) return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.NoHealer" };
    if (healer && !oeilNoirActor(healer)) return { status: "invalid", reason: "QUINTETTE.OeilNoir.Notify.NoHealer" };
    const healerName = healer?.name ?? requester.name ?? "";
    // The healer's value is read here from the healer (its remembered Médecine or IN), never taken from the
    // request; only a GM helping without a character states it. Both bounded by the rules core.
    const stated = numberArg(args.skill);
    const skill = healer ? medecineValue(healer) : stated !== null && isRescueSkill(stated) ? stated : null;
    const modifier = numberArg(args.modifier) ?? 0;
    if (skill === null || modifier < RESCUE_BOUNDS.modifier.min || modifier > RESCUE_BOUNDS.modifier.max)
      return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const d20 = await rollDice("1d20", skill - modifier - 2 * -values.ev);
    showDice(d20, message);
    const r = rescueCheck({ skill, modifier, ev: values.ev, d20: d20.faces[0] ?? 20 });
    const attempt: RescueAttempt = {
      healerName,
      skill,
      modifier,
      ev: values.ev,
      test: r.test,
      pointsLeft: r.pointsLeft,
      rounds: r.rounds,
      damage: null,
    };
    const writes: DocumentWrite[] = [];
    let applied = card.applied;
    if (r.test.success) {
      writes.push({ uuid: victim.uuid ?? "", changes: { "system.stabilized": true } });
    } else {
      // The failed care's 1D6 goes through the blow's update (EV, death limit, permanent-loss module), with no
      // PR and no wound: armour does not stop it and it is no blow.
      const d6 = await rollDice("1d6");
      showDice(d6, message);
      const damage = d6.faces[0] ?? 1;
      const hurt = {
        pr: 0,
        damage,
        wounds: 0,
        seriousWound: 0,
        totalWounds: 0,
        thresholds: woundThresholds({ cn: values.cn, modifier: values.thresholdModifier }),
        evBefore: values.ev,
        evAfter: values.ev - damage,
        status: "",
        volonteTarget: null,
      };
      const update = hitUpdate(victim, hurt);
      if (!update) return { status: "invalid", reason: "QUINTETTE.Damage.NotApplicable" };
      writes.push({ uuid: victim.uuid ?? "", changes: update.changes });
      attempt.damage = { d6: damage, evAfter: hurt.evAfter, status: update.status };
      const read = (path: string) => foundry.utils.getProperty(victim, path);
      applied = [
        ...applied,
        {
          ...appliedEntry(
            victim.uuid ?? "",
            victim.name ?? "",
            previousValues(read, update.changes),
            { key: `${L}RescueSummary`, value: damage },
            card,
            requester.id ?? "",
            `:rescue${duel.rescue?.length ?? 0}`,
          ),
          action: ACTIONS.rescue,
        },
      ];
    }
    const rebuilt = rebuild(card, withRescue(duel, attempt));
    return { status: "applied", card: { ...rebuilt, applied }, writes };
  },
};

/**
 * The newest card on which this actor lies dying and may still be saved (for the sheet's button): its message and
 * the attempt number its button carries. Null when there is none (EV set by hand, card deleted, already saved).
 */
export function rescueCardFor(actorUuid: string): { messageId: string; attempt: number } | null {
  const messages = game.messages?.contents ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    try {
      const card = message ? readCard(message) : null;
      const duel = card ? duelOf(card) : null;
      if (message?.id && duel?.defender?.uuid === actorUuid && canRescue(duel))
        return { messageId: message.id, attempt: duel.rescue?.length ?? 0 };
    } catch (error) {
      // Any author may write a card's data: a card this cannot read is skipped, never thrown into the sheet.
      console.warn("quintette | oeilnoir: ignored malformed card", message?.id, error);
    }
  }
  return null;
}

/** The context with the duel as the GM's client holds it (duel-store.ts) in place of the card's copy. */
function held(ctx: CardActionContext): CardActionContext | "done" | null {
  const duel = trustedDuel(ctx.message, ctx.card);
  if (!duel || duel === "done") return duel;
  const card = { ...ctx.card, actorUuid: duel.attacker.uuid, data: { ...ctx.card.data, duel } };
  return { ...ctx, card };
}

/**
 * A duel action reading and writing the GM's record (issue 22): `allowed` and `execute` see the held duel, never
 * the card's, and the duel the step produced is recorded after its effects (a GM-authored card is its own record).
 */
function gmHeld(action: CardAction): CardAction {
  const allowed = action.allowed;
  return {
    ...action,
    // A card the GM's client cannot take is refused by `execute` (invalid), whoever asks.
    ...(allowed
      ? {
          allowed: (ctx: CardActionContext) => {
            const c = held(ctx);
            return c && c !== "done" ? allowed(c) : true;
          },
        }
      : {}),
    async execute(ctx): Promise<CardActionOutcome> {
      const c = held(ctx);
      // A finished duel has no step left, whatever its card shows.
      if (c === "done") return { status: "already" };
      if (!c) {
        const full = !mayOpen(ctx.card.rollerId);
        return { status: "invalid", reason: `QUINTETTE.OeilNoir.Notify.${full ? "TooManyOpen" : "DuelUnreadable"}` };
      }
      const outcome = await action.execute(c);
      const next = outcome.status === "applied" ? duelOf(outcome.card) : null;
      if (outcome.status !== "applied" || !next || gmAuthored(ctx.message)) return outcome;
      const messageId = ctx.message.id ?? "";
      const before = outcome.afterWrites;
      return {
        ...outcome,
        afterWrites: async () => {
          await before?.();
          await recordDuel(messageId, ctx.card.rollerId, next);
        },
      };
    },
  };
}

export const OEILNOIR_CARD_ACTIONS: CardAction[] = [
  parryAction,
  dodgeAction,
  chooseDefenderAction,
  noParryAction,
  damageAction,
  applyHitAction,
  volonteAction,
  fumbleCheckAction,
  freeAttackAction,
  standAction,
  rescueAction,
].map(gmHeld);

/** Attack fumble line, rolled at once on the attacker's client: the table face and its effects. */
export async function attackFumble(
  attacker: Actor.Implementation,
  duel: DuelData,
): Promise<{ duel: DuelData; writes: DocumentWrite[] }> {
  // Bare hands hold nothing to drop or break; an armed adversaire's weapon can be lost like a héros'.
  const hasWeapon = !duel.attacker.unarmed && armedFor(attacker, duel.attacker.weaponUuid);
  const weaponUuid = duel.attacker.unarmed ? null : duel.attacker.weaponUuid;
  const table = await rollDice("1d20");
  let next = withFumble(duel, "attacker", table.faces[0] ?? 1, hasWeapon, fumblerValues(attacker) ?? undefined);
  const effects = await fumbleWrites(attacker, weaponUuid, next);
  if (next.fumble) next = { ...next, fumble: { ...next.fumble, detail: effects.detail, weaponUuid } };
  return { duel: next, writes: effects.writes };
}

export { fumbleFor };
