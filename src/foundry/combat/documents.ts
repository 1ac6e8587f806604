/** Combat and Combatant that ask the active rule set for initiative, order and round changes. */
import { activeCombatBehaviour, defaultCompare } from "./behaviour.ts";
import { isServingSession } from "../relay/session.ts";
import { onServingPage } from "../relay/serving-task.ts";

export class QuintetteCombat extends foundry.documents.Combat {
  protected override _sortCombatants(a: Combatant.Implementation, b: Combatant.Implementation): number {
    const behaviour = activeCombatBehaviour();
    return behaviour?.compare ? behaviour.compare(a, b) : defaultCompare(a, b);
  }

  /**
   * Foundry's turns, then the rule set's extra ones. Foundry wraps a turn past the end of its list into the next
   * round (locally); with extra turns the list is longer, so the turn and round are taken back and wrapped against
   * the full list instead, and the current state recomputed on it. When the order changed under a turn (an
   * initiative lowered by a wound, a combatant added), the turn stays on the combatant acting now.
   */
  override setupTurns(): ReturnType<foundry.documents.Combat["setupTurns"]> {
    const acting = this.#followTurn ? actingOccurrence(this.turns ?? [], this.turn) : null;
    const turns = this.#orderedTurns();
    const moved = acting ? occurrenceIndex(turns, acting) : -1;
    if (moved >= 0 && moved !== this.turn) {
      this.turn = moved;
      this.current = this._getCurrentState(this.combatant ?? undefined);
      // Every client moves its own pointer; the serving page of the active GM stores it, so a client loading later
      // reads the same turn. Not every page of that GM: a page's write arriving after a turn change would move the
      // turn back. No fallback for a closed serving page: the pointer moves here anyway, the next turn change stores
      // it.
      if (isServingSession() && this.id) void this.update({ turn: moved });
    }
    return turns;
  }

  /**
   * Foundry sets the turns up again when a combatant's initiative changes; the rule set's order and turns also read
   * its combatants' data and flags (a Trinités place, L'Œil Noir's second action), so a batch changing those sets
   * them up too, once, on every client.
   */
  protected override _onUpdateDescendantDocuments(...args: Combat.OnUpdateDescendantDocumentsArgs): void {
    super._onUpdateDescendantDocuments(...args);
    const [, collection, , changes] = args;
    if (collection !== "combatants" || !readsMoreThanInitiative()) return;
    const list = changes as readonly object[];
    if (list.some((c) => "system" in c || "flags" in c)) this.setupTurns();
  }

  /** A new round: the rule set's extra turns (a second action taken last round) are the new round's. */
  refreshRoundTurns(): void {
    if (activeCombatBehaviour()?.turns) this.setupTurns();
  }

  /** False while an initiative roll asked not to keep the turn (`updateTurn: false`). */
  #followTurn = true;

  #orderedTurns(): ReturnType<foundry.documents.Combat["setupTurns"]> {
    const extra = activeCombatBehaviour()?.turns;
    if (!extra) return super.setupTurns();
    const { turn, round } = this;
    const hadPrevious = this.previous !== undefined;
    const turns = extra(super.setupTurns());
    this.turns = turns;
    this.round = round;
    this.turn = turn === null ? null : turn < 0 ? 0 : turn;
    if (this.turn !== null && this.turn >= turns.length) {
      this.turn = 0;
      this.round += 1;
    }
    this.current = this._getCurrentState(this.combatant ?? undefined);
    if (!hadPrevious) this.previous = this.current;
    return turns;
  }

  override async rollInitiative(ids: string | string[], options: Combat.InitiativeOptions = {}): Promise<this> {
    if (options.updateTurn !== false) return this.#rollInitiative(ids, options);
    this.#followTurn = false;
    try {
      return await this.#rollInitiative(ids, options);
    } finally {
      this.#followTurn = true;
    }
  }

  async #rollInitiative(ids: string | string[], options: Combat.InitiativeOptions): Promise<this> {
    const behaviour = activeCombatBehaviour();
    const custom = behaviour?.rollInitiative;
    if (!custom) return super.rollInitiative(ids, options);
    const owned = (typeof ids === "string" ? [ids] : ids).flatMap((id) => {
      const combatant = this.combatants.get(id);
      return combatant?.isOwner ? [combatant] : [];
    });
    if (owned.length > 1 && behaviour.rollInitiativeGroup) {
      await behaviour.rollInitiativeGroup(owned, options);
      return this;
    }
    // Like Foundry's own path (`updateTurn`, default true): the turn stays on the combatant acting now.
    const currentId = this.combatant?.id;
    const updates: Array<{ _id: string; initiative: number }> = [];
    const list = typeof ids === "string" ? [ids] : ids;
    for (const id of list) {
      const combatant = this.combatants.get(id);
      if (!combatant?.isOwner) continue;
      const value = await custom(combatant, options, list.length > 1);
      if (value !== null) updates.push({ _id: id, initiative: value });
    }
    if (updates.length) await this.updateEmbeddedDocuments("Combatant", updates);
    if (updates.length && options.updateTurn !== false && currentId) {
      const turn = this.turns.findIndex((t) => t.id === currentId);
      if (turn >= 0 && turn !== this.turn) await this.update({ turn });
    }
    return this;
  }

  /*
   * Foundry runs the turn events for the active GM user, on each of its pages: the rule set's writes run on the
   * serving page only (relay/serving-task.ts), or on this one when the serving page no longer answers.
   */
  protected override async _onStartRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onStartRound(context);
    const behaviour = activeCombatBehaviour();
    if (behaviour?.onStartRound)
      await onServingPage(() => behaviour.onStartRound?.(this, context) ?? Promise.resolve(), this.#still());
  }

  protected override async _onEndRound(context: Combat.RoundEventContext): Promise<void> {
    await super._onEndRound(context);
    const behaviour = activeCombatBehaviour();
    if (behaviour?.onEndRound)
      await onServingPage(() => behaviour.onEndRound?.(this, context) ?? Promise.resolve(), this.#still());
  }

  protected override async _onStartTurn(combatant: Combatant.Stored, context: Combat.TurnEventContext): Promise<void> {
    await super._onStartTurn(combatant, context);
    const behaviour = activeCombatBehaviour();
    if (behaviour?.onStartTurn)
      await onServingPage(() => behaviour.onStartTurn?.(this, combatant, context) ?? Promise.resolve(), this.#still());
  }

  protected override async _onEndTurn(combatant: Combatant.Stored, context: Combat.TurnEventContext): Promise<void> {
    await super._onEndTurn(combatant, context);
    const behaviour = activeCombatBehaviour();
    if (behaviour?.onEndTurn)
      await onServingPage(() => behaviour.onEndTurn?.(this, combatant, context) ?? Promise.resolve(), this.#still());
  }

  /** Whether the combat is still at the round and turn it is at now (a late fallback must not act on a later one). */
  #still(): () => boolean {
    const { round, turn } = this;
    return () => this.round === round && this.turn === turn;
  }
}

/** Whether the rule set's order or turns read more of a combatant than its initiative. */
function readsMoreThanInitiative(): boolean {
  const behaviour = activeCombatBehaviour();
  return !!behaviour?.compare || !!behaviour?.turns;
}

/** Who acts at `turn` in `turns`, and which of their turns it is (a combatant may act twice in a round). */
function actingOccurrence(
  turns: readonly { id: string | null }[],
  turn: number | null,
): { id: string; nth: number } | null {
  const id = turn === null ? undefined : turns[turn]?.id;
  if (turn === null || !id) return null;
  return { id, nth: turns.slice(0, turn).filter((t) => t.id === id).length };
}

/**
 * Where that same turn of that combatant is in `turns`; when that turn is gone (a second action lost to a wound
 * mid-action), its last turn left; -1 when the combatant has none.
 */
function occurrenceIndex(turns: readonly { id: string | null }[], acting: { id: string; nth: number }): number {
  let seen = 0;
  let last = -1;
  for (const [index, t] of turns.entries()) {
    if (t.id !== acting.id) continue;
    if (seen === acting.nth) return index;
    last = index;
    seen += 1;
  }
  return last;
}

export class QuintetteCombatant extends foundry.documents.Combatant {
  // The public getInitiativeRoll rather than the protected _getInitiativeFormula: a class that redeclares a protected
  // member is nominal, and fvtt-types 14.x's stored combatants (built from the base class) would no longer fit it.
  override getInitiativeRoll(formula?: string): Roll.Implementation {
    return super.getInitiativeRoll(formula || activeCombatBehaviour()?.initiativeFormula?.(this) || undefined);
  }
}

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Combat: typeof QuintetteCombat;
    Combatant: typeof QuintetteCombatant;
  }
}
