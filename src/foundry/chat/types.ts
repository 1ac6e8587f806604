/**
 * Card state: everything a chat card needs to re-render, stored on the message under `flags.quintette.card`.
 * Texts are stored as localization keys (never as rendered strings) so each client renders the card in its own
 * language, after a reload as before it.
 */

export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/**
 * A localizable text: a key of the lang files plus a fixed vocabulary of format arguments (`{name}`, `{value}`,
 * `{target}`, `{detail}` in the translated string). Fixed so templates can pass them to Foundry's `localize` helper.
 */
export interface Label {
  key: string;
  name?: string | number;
  value?: string | number;
  target?: string | number;
  detail?: string | number;
}

/** How a die looks on the card (and in Dice So Nice): Trinités' light Deva die and dark Archonte die. */
export type DieTone = "neutral" | "light" | "dark";

export interface CardDie {
  /** Faces of the die (12 for a d12). */
  faces: number;
  /** Total shown for this die (an exploded d12 chain sums). */
  value: number;
  /** The successive faces when the die exploded (`[12, 12, 3]`); empty otherwise. */
  chain: number[];
  tone: DieTone;
  /** `true` kept, `false` discarded, `null` not decided yet (a pick is pending). */
  kept: boolean | null;
  label: Label | null;
}

export type OutcomeTone = "success" | "failure" | "critical" | "fumble" | "neutral";

export interface CardOutcome {
  label: Label;
  tone: OutcomeTone;
  detail: Label | null;
}

/** Who may click a button: checked again by the executing client, the template only greys it out. */
export type ButtonAudience = "roller" | "gm" | "anyone" | "owners";

export interface CardButton {
  /** Registered card action name (`quintette.applyDamage`, `trinites.pick`…). */
  action: string;
  label: Label;
  /** Font Awesome classes (`fa-solid fa-heart-crack`). */
  icon: string;
  args: { [key: string]: JsonPrimitive };
  audience: ButtonAudience;
  /**
   * Shown only to who may use it (instead of greyed out for the others): its audience, and when `owner` is set the
   * owners of that document (GMs always). The executor checks the rights again either way.
   */
  exclusive?: boolean;
  /**
   * Document whose owners (and GMs) may use the button (the defender for a parry, the target for its damage): an
   * exclusive one is left out for the others, any other greyed out with why.
   */
  owner?: string | null;
}

/** One line of the "applied" log: what an action changed on one document, with what undoes it. */
export interface AppliedEntry {
  id: string;
  /** The action that produced it. */
  action: string;
  targetUuid: string;
  targetName: string;
  summary: Label;
  /**
   * Display only (the card is writable by its author): non-null shows an undo button. The undo itself reads the
   * GM's record holding this line (trust/records.ts), never this object.
   */
  undo: JsonObject | null;
  undone: boolean;
  userId: string;
  /** Key of the GM's record of the effect (trust/records.ts), set by the executor; display only. */
  effect?: string | null;
  /** The next step this change calls for (an opponent's morale roll…), offered next to it once. */
  followUp?: AppliedFollowUp | null;
}

export interface AppliedFollowUp {
  /** Registered card action; it receives `{ key: entry id }`. */
  action: string;
  label: Label;
  icon: string;
  done: boolean;
}

/** Damage a card carries, for the shared apply-damage action; rule sets add their own fields. */
export interface CardDamage {
  amount: number;
  [key: string]: JsonValue;
}

export interface CardState {
  /** Schema version of the card state (migrations compare it). */
  version: 1;
  /** Rule set that posted the card: its damage applier and card actions serve it. */
  ruleset: string;
  /** Card kind inside the rule set (`test`, `attack`…), also a CSS class. */
  kind: string;
  /** User who rolled: the one who may take "roller" actions. */
  rollerId: string;
  actorUuid: string | null;
  actorName: string;
  img: string | null;
  title: Label;
  subtitle: Label | null;
  dice: CardDie[];
  outcome: CardOutcome | null;
  buttons: CardButton[];
  damage: CardDamage | null;
  applied: AppliedEntry[];
  /** Idempotence tokens of actions already taken: an action whose token is here changes nothing. */
  done: string[];
  /** Bumped on every accepted action. */
  revision: number;
  /** Rule-set data (picked die, opposed state…); its template part reads it. */
  data: JsonObject;
  /** Rule-set template rendered inside the frame, between dice and buttons; null for none. */
  body: string | null;
}
