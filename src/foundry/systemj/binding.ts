/**
 * The revealed Action / Mouvement binds the round (issue 25): a fighter who showed Mouvement is refused an attack, one
 * who showed Action (or nothing, at a forced reveal) is refused moving their token; and one action or one movement
 * per round binds how many (issue 33): a second attack, or a second move, in the same round is refused. The rules core
 * decides (`roundRefusal`). The GM may override: the GM's attack dialog offers "attack anyway", and the GM's own token
 * moves are never refused. The GM's client records what each combatant used this round on the Combat (a document
 * only a GM writes) and refuses to take a player's fight card the round refuses.
 */
import { systemj } from "../../rules/index.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { isServingSession } from "../relay/session.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { actorOf, readPublic } from "./choices.ts";

const K = (key: string) => `QUINTETTE.SystemJ.Round.${key}`;

/** Combat flag: what each combatant used this round (combatant id → use), written by the GM's client only. */
export const USED_FLAG = "systemjUsed";

/** One combatant's use of a round: the card of its action (message id), whether it moved. */
export interface RoundUse {
  round: number;
  act: string | null;
  moved: boolean;
}

type BindableActor = { uuid: string | null; id?: string | null; isToken?: boolean };
type CombatLike = NonNullable<typeof game.combat>;

/**
 * The combatants an actor answers for in the started combat: its own, and for a world actor the combatants of its
 * unlinked tokens (their synthetic actors), so the sidebar sheet of an unlinked creature is bound like its token.
 */
export function boundCombatants(actor: BindableActor): Combatant.Implementation[] {
  const combat = game.combat;
  if (!combat?.started || !actor.uuid) return [];
  return combat.combatants.contents.filter((c) => {
    const own = actorOf(c);
    if (own?.uuid === actor.uuid) return true;
    return !actor.isToken && !!actor.id && c.actorId === actor.id && !!own?.isToken;
  });
}

/** What this combatant used of the combat's current round (nothing when the record is of another round). */
export function useOf(combat: CombatLike, combatantId: string): RoundUse {
  const flags = (combat.flags ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const all = flags[SYSTEM_ID]?.[USED_FLAG] as Record<string, RoundUse | undefined> | undefined;
  const use = all?.[combatantId];
  const round = Math.max(1, combat.round);
  return use && use.round === round ? { ...use } : { round, act: null, moved: false };
}

/**
 * What the round refuses this actor doing (`wanted`): what refuses it (rules core `roundRefusal`), or null when it is
 * allowed. `card`: the message of the action being taken (its own recorded use does not count against it).
 */
export function roundRefusalOf(
  actor: BindableActor,
  wanted: systemj.RoundChoice,
  card?: string,
): systemj.RoundRefusal | null {
  const combat = game.combat;
  if (!combat) return null;
  const pub = readPublic(combat);
  for (const c of boundCombatants(actor)) {
    const use = useOf(combat, c.id ?? "");
    const used = { action: use.act !== null && use.act !== card, mouvement: use.moved };
    const refused = systemj.roundRefusal(pub.status, pub.choices[c.id ?? ""] ?? null, wanted, used);
    if (refused) return refused;
  }
  return null;
}

/** The localized reason a round refuses an attack or a move. */
export function refusalText(name: string, refused: systemj.RoundRefusal, wanted: systemj.RoundChoice): string {
  const key =
    refused === "none"
      ? "NoChoice"
      : refused === "crossed"
        ? wanted === "action"
          ? "ActionAfterMove"
          : "MoveAfterAction"
        : refused === "spent"
          ? wanted === "action"
            ? "ActionSpent"
            : "MoveSpent"
          : wanted === "action"
            ? "AttackRefused"
            : "MoveRefused";
  return game.i18n?.format(K(key), { name }) ?? key;
}

/** The input of the GM's attack dialog that overrides the round (checked before rolling). */
export const OVERRIDE_INPUT = "roundOverride";

/**
 * A token move the round refuses, on the mover's client (before the update is sent): refused with a warning for a
 * player, allowed for the GM (the override). Returns false to refuse the update.
 */
export function allowTokenMove(
  token: { actor?: (BindableActor & { name?: string | null }) | null },
  changes: Record<string, unknown>,
): boolean {
  if (!("x" in changes) && !("y" in changes)) return true;
  if (game.user?.isGM || !token.actor) return true;
  const refused = roundRefusalOf(token.actor, "mouvement");
  if (!refused) return true;
  ui.notifications?.warn(refusalText(token.actor.name ?? "", refused, "mouvement"));
  return false;
}

/**
 * Records a use of the round for these combatants, on the GM's client (in its queue: two cards arriving together
 * read each other's record). `act`: the action's card, kept only when none is recorded yet; returns whether it was
 * the round's first action (false: the round's action was already taken by another card).
 */
export function recordUse(
  combatants: readonly Combatant.Implementation[],
  use: { act?: string; moved?: boolean },
): Promise<boolean> {
  return serializeOnGM(async () => {
    const combat = game.combat;
    if (!combat || !combatants.length) return true;
    let first = true;
    const changes: Record<string, RoundUse> = {};
    for (const c of combatants) {
      const now = useOf(combat, c.id ?? "");
      if (use.act && now.act && now.act !== use.act) first = false;
      changes[`flags.${SYSTEM_ID}.${USED_FLAG}.${c.id ?? ""}`] = {
        round: now.round,
        act: now.act ?? use.act ?? null,
        moved: now.moved || !!use.moved,
      };
    }
    await combat.update(changes as Combat.UpdateData);
    return first;
  });
}

/**
 * The mover's client checks a token move before sending it (Foundry: a `preUpdateToken` returning false cancels);
 * the serving GM's client records a player's move as the round's movement (identity from Foundry's `userId`).
 */
export function registerRoundBinding(): void {
  Hooks.on("preUpdateToken", (token, changes) => allowTokenMove(token, changes as Record<string, unknown>));
  Hooks.on("updateToken", (token, changes, _options, userId) => {
    if (!isServingSession() || game.users?.get(userId)?.isGM) return;
    const moved = changes as Record<string, unknown>;
    if (!("x" in moved) && !("y" in moved)) return;
    const actor = token.actor;
    const bound = actor ? boundCombatants(actor) : [];
    if (bound.length) void recordUse(bound, { moved: true });
  });
}
