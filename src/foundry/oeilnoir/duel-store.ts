/**
 * Where a duel's state lives (issue 22): only where a GM writes. A player's attack card carries their own dice (the
 * attack's D20, a fumble's table die) and choices (weapon, target, attack kind, the dialog's value and situation);
 * the GM's client takes it once, rebuilding the duel from the documents with those dice (`takeDuel`), and from then
 * on reads only its own record, a world setting only a GM may write. Phase, parry, damage dice and PI, the hit and
 * the rescue attempts are the record's, never the card's: the card is a display copy its author may rewrite.
 * A card a GM authored (the GM's own attack, a free attack posted by the GM's client) is GM-written already: it is
 * its own record. Records stay while their message exists (no eviction: no number of other duels brings a card back
 * to a step it left); a finished duel keeps a short tombstone, and a player may have a bounded number of open ones.
 * Only live duels count (issue 33): a stale one (duel-stale.ts) is closed, into a tombstone, when its roller needs
 * room, and the GM closes any duel from its card (`closeAction`).
 */
import { situationalPrdRange } from "../../rules/oeilnoir/index.ts";
import type { CardAction, CardActionOutcome } from "../chat/actions.ts";
import { authorIdOf } from "../chat/author.ts";
import { readCard, writeCard } from "../chat/flags.ts";
import type { CardState } from "../chat/types.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { isServingSession } from "../relay/session.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { isPlainRecord } from "../trust/validate.ts";
import { attackerAsRolled, defenderFor, fumblerValues, oeilNoirActor, withAttackKind } from "./actors.ts";
import {
  ACTIONS,
  closeDuel,
  duelCard,
  duelOf,
  duelOpen,
  isDuel,
  startAttack,
  withFumble,
  type DuelData,
  type DuelDefender,
} from "./duel.ts";
import { momentNow, staleDuel, type DuelMoment } from "./duel-stale.ts";

/** The duels as the GM's client moved them: a JSON map, message id → duel. */
export const SETTING_DUELS = "oeilnoir.duels";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.oeilnoir.duels": string;
  }
}

/** A world setting: only a GM may write it, so no player's client can rewrite what the GM's client rolled. */
export function registerDuelStore(): void {
  const settings = game.settings;
  if (!settings || settings.settings.has(`${SYSTEM_ID}.${SETTING_DUELS}`)) return;
  settings.register(SYSTEM_ID, SETTING_DUELS, { scope: "world", config: false, type: String, default: "{}" });
}

/**
 * Open duels a non-GM roller may have recorded at once: live ones count, and stale ones are closed to make room, so
 * the records of one roller never exceed it (the GM's client takes no more of theirs, never evicts).
 */
export const OPEN_PER_USER = 50;

interface OpenRecord {
  roller: string;
  duel: DuelData;
  /** The combat round it was taken in (absent: outside a started combat). */
  at?: DuelMoment;
}

interface Store {
  open: Record<string, OpenRecord>;
  /** Finished duels (no step left): message id → roller. Dropped only with their message. */
  done: Record<string, string>;
}

function momentOf(raw: unknown): DuelMoment | null {
  if (!isPlainRecord(raw) || typeof raw.combat !== "string" || raw.combat.length > 64) return null;
  return typeof raw.round === "number" && Number.isInteger(raw.round) ? { combat: raw.combat, round: raw.round } : null;
}

function readStore(): Store {
  registerDuelStore();
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(game.settings?.get(SYSTEM_ID, SETTING_DUELS) ?? "{}"));
  } catch {
    parsed = {};
  }
  const store: Store = { open: {}, done: {} };
  if (!isPlainRecord(parsed)) return store;
  const open = isPlainRecord(parsed.open) ? parsed.open : {};
  for (const [id, rec] of Object.entries(open))
    if (isPlainRecord(rec) && typeof rec.roller === "string" && isDuel(rec.duel)) {
      const at = momentOf(rec.at);
      store.open[id] = { roller: rec.roller, duel: rec.duel, ...(at ? { at } : {}) };
    }
  const done = isPlainRecord(parsed.done) ? parsed.done : {};
  for (const [id, roller] of Object.entries(done)) if (typeof roller === "string") store.done[id] = roller;
  return store;
}

async function writeStore(store: Store): Promise<void> {
  registerDuelStore();
  await game.settings?.set(SYSTEM_ID, SETTING_DUELS, JSON.stringify(store));
}

/** The GM's record of a message's duel ("done" once finished), or null when the GM's client has not taken it yet. */
export function recordOf(messageId: string): DuelData | "done" | null {
  const store = readStore();
  if (store.done[messageId] !== undefined) return "done";
  return store.open[messageId]?.duel ?? null;
}

/**
 * Records the duel a step produced (run by the executor after the step's effects, in the GM's queue). A new open
 * duel of a roller at the bound first closes that roller's stale ones (their cards then offer no step).
 */
export async function recordDuel(messageId: string, roller: string, duel: DuelData): Promise<void> {
  const store = readStore();
  const before = store.open[messageId];
  let closed: Record<string, DuelData> = {};
  if (duelOpen(duel)) {
    if (!before) closed = closeStale(store, roller);
    const at = before ? before.at : (momentNow() ?? undefined);
    store.open[messageId] = { roller, duel, ...(at ? { at } : {}) };
  } else {
    delete store.open[messageId];
    store.done[messageId] = roller;
  }
  await writeStore(store);
  for (const [id, stale] of Object.entries(closed)) await showClosed(id, stale);
}

/** The roller's open records, by message id. */
function openOf(store: Store, rollerId: string): [string, OpenRecord][] {
  return Object.entries(store.open).filter(([, r]) => r.roller === rollerId);
}

/**
 * At the bound, the roller's stale duels become tombstones (a deleted card's record just goes); returns those whose
 * card remains, to show them closed. Below the bound nothing is closed: a stale step stays playable meanwhile.
 */
function closeStale(store: Store, rollerId: string): Record<string, DuelData> {
  const mine = openOf(store, rollerId);
  const closed: Record<string, DuelData> = {};
  if (mine.length < OPEN_PER_USER) return closed;
  for (const [id, rec] of mine) {
    if (!staleDuel(id, rec.duel, rec.at)) continue;
    delete store.open[id];
    if (!game.messages?.get(id)) continue;
    store.done[id] = rollerId;
    closed[id] = rec.duel;
  }
  return closed;
}

/** Rewrites a closed duel's card from the GM's record: no step left. A card that cannot be written stays as it was. */
async function showClosed(messageId: string, duel: DuelData): Promise<void> {
  const message = game.messages?.get(messageId);
  const card = message ? readCard(message) : null;
  if (!message || !card) return;
  try {
    await writeCard(message, closedCard(card, duel));
  } catch (error) {
    console.warn("quintette | oeilnoir: closed duel's card not rewritten", messageId, error);
  }
}

function closedCard(card: CardState, duel: DuelData): CardState {
  const base = { rollerId: card.rollerId, actorUuid: card.actorUuid, actorName: card.actorName, img: card.img };
  return duelCard(closeDuel(duel), base, card);
}

/**
 * Whether the roller may have one more duel recorded (a GM always may): fewer live duels than the bound, the stale
 * ones closed to make room when it is recorded.
 */
export function mayOpen(rollerId: string): boolean {
  if (game.users?.get(rollerId)?.isGM) return true;
  const live = openOf(readStore(), rollerId).filter(([id, r]) => !staleDuel(id, r.duel, r.at));
  return live.length < OPEN_PER_USER;
}

/** Whether a GM authored the message: nobody else may write it, so its card is GM-written. */
export function gmAuthored(message: ChatMessage.Implementation): boolean {
  const id = authorIdOf(message);
  return !!id && !!game.users?.get(id)?.isGM;
}

const int = (v: unknown, min: number, max: number): number | null =>
  typeof v === "number" && Number.isInteger(v) && v >= min && v <= max ? v : null;

/** The attack dialog's situation on the defender, within what the dialog can build; undefined: out of bounds. */
function situationOf(raw: unknown): { prd: number; dodge: number | null } | null | undefined {
  if (raw === undefined || raw === null) return null;
  if (!isPlainRecord(raw)) return undefined;
  const prdRange = situationalPrdRange();
  const dodgeRange = situationalPrdRange({ dodge: true });
  const prd = int(raw.prd, prdRange.min, prdRange.max);
  const dodge = raw.dodge === null ? null : int(raw.dodge, dodgeRange.min, dodgeRange.max);
  return prd === null || dodge === undefined || (raw.dodge !== null && dodge === null) ? undefined : { prd, dodge };
}

function actorAt(uuid: unknown): Actor.Implementation | null {
  if (typeof uuid !== "string" || !uuid) return null;
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/**
 * The duel a player's fresh attack card starts, rebuilt on the GM's client from documents: the attacker (the card's
 * actor, owned by its roller), the weapon it names (PI dice and bonus, breakage, kind: the attacker's own item), the
 * defender (its parry, weapons, dodge read from it) and the rules core's reading of the roller's dice. Only the
 * roller's own dice and choices come from the card. Null when the card cannot be such a start.
 */
export function takeDuel(card: CardState): DuelData | null {
  const raw = duelOf(card);
  const roller = game.users?.get(card.rollerId);
  const actor = actorAt(card.actorUuid);
  if (!raw || !roller || !actor || !oeilNoirActor(actor)) return null;
  if (!roller.isGM && !actor.testUserPermission(roller, "OWNER")) return null;
  const named = isPlainRecord(raw.attacker) ? raw.attacker : null;
  const weaponUuid = typeof named?.weaponUuid === "string" ? named.weaponUuid : null;
  const choice = named ? attackerAsRolled(actor, { weaponUuid, unarmed: named.unarmed === true }) : null;
  if (!named || !choice) return null;
  let attacker = choice.attacker;
  // The declared kind (Coup Ciblé, Coup du Plat…): one the weapon allows.
  if (choice.kinds.length) {
    const kind = choice.kinds.find((k) => k === named.kind) ?? (named.kind === undefined ? choice.kinds[0] : null);
    if (!kind) return null;
    attacker = withAttackKind(attacker, kind);
  }
  // The wrong hand loses the strength bonus: the roller's choice, one of the two values.
  if (named.piBonus === attacker.piBonus - choice.strength) attacker = { ...attacker, piBonus: named.piBonus };
  else if (named.piBonus !== attacker.piBonus) return null;
  // The roller's own die and the value the dialog gave (their own dice, as any roll).
  const d20 = int(raw.attack?.d20, 1, 20);
  const value = int(raw.attack?.value, -100, 100);
  if (d20 === null || value === null) return null;
  let defender: DuelDefender | null = null;
  if (raw.defender !== null) {
    const target = actorAt(isPlainRecord(raw.defender) ? raw.defender.uuid : null);
    if (!target || !oeilNoirActor(target) || target.uuid === actor.uuid) return null;
    const base = defenderFor(target);
    const situation = situationOf((raw.defender as { situation?: unknown }).situation);
    if (situation === undefined) return null;
    const prd = attacker.ranged || base.prd === null ? null : base.prd - (situation?.prd ?? 0);
    defender = { ...base, prd, ...(situation ? { situation } : {}) };
  }
  let duel = startAttack({ attacker, defender, d20, value });
  if (!defender && duel.stage === "awaitDefender") {
    const situation = situationOf(raw.situation);
    if (situation === undefined) return null;
    if (situation) duel = { ...duel, situation };
  }
  if (duel.attack.fumble) {
    // The fumble table's die is the roller's own; the line and what it asks come from the rules core.
    const face = int(raw.fumble?.d20, 1, 20);
    if (face === null || raw.fumble?.who !== "attacker") return null;
    const data = oeilNoirActor(actor);
    const hasWeapon = !attacker.unarmed && (data?.kind === "adversaire" ? attacker.armed !== false : !!weaponUuid);
    duel = withFumble(duel, "attacker", face, hasWeapon, fumblerValues(actor) ?? undefined);
    const detail = typeof raw.fumble.detail === "string" ? raw.fumble.detail.slice(0, 100) : null;
    if (duel.fumble)
      duel = { ...duel, fumble: { ...duel.fumble, detail, weaponUuid: attacker.unarmed ? null : weaponUuid } };
  }
  return duel;
}

/**
 * The duel as the GM's client holds it: its record, else a GM-authored card as it stands, else the player's card
 * taken afresh (null when it cannot be taken).
 */
export function trustedDuel(message: ChatMessage.Implementation, card: CardState): DuelData | "done" | null {
  const recorded = recordOf(message.id ?? "");
  if (recorded) return recorded;
  if (gmAuthored(message)) {
    const own = duelOf(card);
    return own?.closed ? "done" : own;
  }
  return mayOpen(card.rollerId) ? takeDuel(card) : null;
}

/**
 * The GM's "Close the duel" (issue 33): whatever the card's step, nothing more is offered. A player's card becomes a
 * tombstone, taken or not (so a card the GM's client cannot take, its attacker gone, closes too); a GM-authored card
 * is its own record. The card shows the GM's record closed (else the card's own copy, for display only).
 */
export const closeAction: CardAction = {
  name: ACTIONS.close,
  audience: "gm",
  execute({ message, card }): CardActionOutcome {
    const id = message.id ?? "";
    const recorded = recordOf(id);
    const duel = recorded === "done" ? null : (recorded ?? duelOf(card));
    if (!duel || !duelOpen(duel)) return { status: "already" };
    const closed = { ...closedCard(card, duel), actorUuid: duel.attacker.uuid ?? card.actorUuid };
    if (gmAuthored(message)) return { status: "applied", card: closed };
    return { status: "applied", card: closed, afterWrites: () => recordDuel(id, card.rollerId, closeDuel(duel)) };
  },
};

/** The active GM's client forgets the record of a deleted card (it can never be clicked again). */
export function registerDuelRecords(): void {
  Hooks.on("deleteChatMessage", (message) => {
    const id = message.id;
    // Only the serving page (relay/session.ts): another page's write of the store could drop a newer record.
    if (!isServingSession() || !id) return;
    void serializeOnGM(async () => {
      const store = readStore();
      if (!store.open[id] && store.done[id] === undefined) return;
      delete store.open[id];
      delete store.done[id];
      await writeStore(store);
    });
  });
}
