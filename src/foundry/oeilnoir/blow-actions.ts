/**
 * The blow once it lands: its damage rolled, applied to the victim (wounds, initiative, death), and the Volonté
 * checks against a serious wound and to fight on at low EV.
 */
import type { CardAction, CardActionOutcome, DocumentWrite } from "../chat/actions.ts";
import { previousValues } from "../damage/index.ts";
import { combatantOf, hitUpdate, initiativeWrite, oeilNoirActor, victimValues } from "./actors.ts";
import { ACTIONS, hitOn, resolveStanding, resolveVolonte, rollDamage, withDying, type DuelData } from "./duel.ts";
import { rollDice, showDice } from "./roll.ts";
import { actorAt, appliedEntry, isDefenderOwner, L, rebuild, stageIs } from "./action-helpers.ts";
import { boundName } from "../trust/bound.ts";

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
    const name = boundName(defender);
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
      const ini = data.derived.frenzy ? null : initiativeWrite(defender, 2);
      if (ini) writes.push(ini);
    }
    return { status: "applied", card: rebuild(card, next), writes };
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
