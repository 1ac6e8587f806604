/**
 * A token condition of a rule set. Conditions the rules decide are derived from the actor's system data (no status
 * document to keep in step: the state lives once, in the data the rules already write); the others are Foundry's
 * own status effects, toggled by hand and shown for information or read by the rules (Œil Noir's "prone").
 */
export type ActorUpdate = Record<string, unknown>;

export interface ConditionSpec {
  /** Status id: `quintette-…`, or a core id (`dead`, `prone`) the rules or Foundry already read. */
  id: string;
  /** Localization key of its name. */
  name: string;
  img: string;
  /** Actor types whose token HUD offers it (all of the rule set's when absent). */
  actorTypes?: string[];
  /** Whether the actor is in this condition, read from its data; absent: a plain status effect toggled by hand. */
  derive?: (actor: Actor.Implementation) => boolean;
  /**
   * What setting (`active`) or clearing it by hand in the HUD writes to the actor, as the rules say; null when the
   * data already agrees. Absent on a derived condition: it follows other edits only (the HUD tells why).
   */
  toggle?: (actor: Actor.Implementation, active: boolean) => ActorUpdate | null;
}

/** The system data of an actor, for the narrow readers of each rule set's conditions. */
export function systemOf<T>(actor: Actor.Implementation): Partial<T> {
  return (actor.system ?? {}) as unknown as Partial<T>;
}
