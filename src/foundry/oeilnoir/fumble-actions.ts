/**
 * Fumbles of the duel: the fumble line's effects on the fumbler and his weapon (attack and defence tables), the check
 * a line asks for, and the opponent's free attack it may grant.
 */
import type { CardAction, CardActionOutcome, DocumentWrite } from "../chat/actions.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { visibilityOf } from "../chat/mode.ts";
import { originKey, postedFor } from "../trust/once.ts";
import { effectKey, hasLiveEffect, isWritableDocument } from "../trust/effects.ts";
import { breakageCheck, type Activity, type ActivityStep } from "../../rules/oeilnoir/index.ts";
import { activityWrite } from "./round-actions.ts";
import { activityRefusal, phaseRefusal } from "./refusals.ts";
import {
  attackerFor,
  combatantOf,
  defenderFor,
  fumblerValues,
  hitUpdate,
  initiativeWrite,
  oeilNoirActor,
  setProne,
  victimValues,
} from "./actors.ts";
import {
  ACTIONS,
  duelCard,
  duelOf,
  hitOn,
  linkFreeAttack,
  resolveFumbleCheck,
  startFreeAttack,
  withFumble,
  type DuelData,
} from "./duel.ts";
import { rollDice, showDice } from "./roll.ts";
import { actorAt, ownsUuid, rebuild } from "./action-helpers.ts";
import { boundName } from "../trust/bound.ts";

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
export async function defenceFumble(
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
  // One click per round: below 0 INI a two-action pick-up puts one action in each round.
  token: () => `${ACTIONS.fumbleCheck}:r${game.combat?.round ?? 0}`,
  allowed: (ctx) => ownsUuid(ctx, fumblerUuid(duelOf(ctx.card))),
  async execute({ card, message }): Promise<CardActionOutcome> {
    const duel = duelOf(card);
    const check = duel?.fumble?.check;
    if (!duel || !check || check.result) return { status: "already" };
    const fumbler = await actorAt(fumblerUuid(duel));
    const messageId = message.id ?? "";
    const replayed = storedCheck(fumbler, messageId);
    if (replayed !== null) return { status: "applied", card: rebuild(card, resolveFumbleCheck(duel, replayed)) };
    // Getting up and picking up are actions of the fumbler's round (RULES.md): spent here, refused when too few.
    const activity = fumbleActivity(duel.fumble?.key);
    const spend = activity ? activitySpend(combatantOf(fumbler), activity) : null;
    if (typeof spend === "string") return { status: "invalid", reason: spend };
    if (spend && !spend.step.complete) return { status: "applied", card, writes: [spend.write] };
    const d20 = await rollDice("1d20", check.value);
    showDice(d20, message);
    const face = d20.faces[0] ?? 20;
    const next = resolveFumbleCheck(duel, face);
    const success = next.fumble?.check?.result?.success ?? false;
    const writes: DocumentWrite[] = spend ? [spend.write] : [];
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

/** The action a fumble line's check is: getting up after a fall, picking up the weapon; none to stay up. */
function fumbleActivity(key: string | null | undefined): Activity | null {
  if (key === "chute") return "getUp";
  if (key === "armeGlisse" || key === "armeEjectee") return "pickUp";
  return null;
}

/**
 * The actions the fumbler spends on the check, as the combatant's write and the step it makes; a notification key
 * when refused (not its phase, too few actions left); null outside the running combat.
 */
function activitySpend(
  combatant: Combatant.Implementation | null,
  kind: Activity,
): { write: DocumentWrite; step: ActivityStep } | string | null {
  if (!combatant) return null;
  const phase = phaseRefusal(combatant, false);
  if (phase) return phase;
  const spend = activityWrite(combatant, kind);
  if (spend === "refused") return activityRefusal(kind);
  return spend;
}

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
        actorName: boundName(attacker),
        img: attacker.img ?? null,
      }),
      {
        rolls: [d20.roll],
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
