/**
 * Where a SYSTEMJ fight's state lives (issue 22): only where a GM writes. The card a player posts carries their own
 * first die and modifier; the GM's client takes it once, rebuilding the whole exchange from documents (attacker,
 * weapon, defender, gear, score) with that die, and from then on reads only its own record, a world setting only a
 * GM may write. Records are never evicted while their message exists: an open exchange stays open, a finished one
 * stays finished (a short tombstone), so no number of other exchanges can bring a card back to a step it left.
 * Instead of eviction, a player may hold a bounded number of open exchanges (OPEN_PER_USER); past it the GM's client
 * takes no new card of theirs until some end or are deleted.
 */
import { boundCombatants, recordUse, roundRefusalOf } from "./binding.ts";
import { readCard } from "../chat/flags.ts";
import { systemj } from "../../rules/index.ts";
import type { CardState } from "../chat/types.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { isServingSession } from "../relay/session.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { isPlainRecord } from "../trust/validate.ts";
import { asExchange, readExchange } from "./cards.ts";
import { startExchange, type ExchangeData, type WeaponData } from "./exchange.ts";
import {
  attackScore,
  attributesOf,
  counterWeapon,
  defenceGear,
  holdsImprovised,
  modeOfWeapon,
  skillScore,
  systemOf,
  weaponData,
  weaponsOf,
  type WeaponCard,
} from "./fighters.ts";
import { SETTING_EXCHANGES } from "./settings.ts";
import { testData } from "./tests.ts";
import { boundName } from "../trust/bound.ts";

/** Open exchanges a non-GM roller may have at once (the GM's client refuses to take more, never evicts). */
export const OPEN_PER_USER = 50;

interface OpenRecord {
  roller: string;
  data: ExchangeData;
}

interface Store {
  open: Record<string, OpenRecord>;
  /** Finished exchanges (a miss, or damage applied): message id → roller. Dropped only with their message. */
  done: Record<string, string>;
}

function readStore(): Store {
  let parsed: unknown;
  try {
    parsed = JSON.parse(String(game.settings?.get(SYSTEM_ID, SETTING_EXCHANGES) ?? "{}"));
  } catch {
    parsed = {};
  }
  const store: Store = { open: {}, done: {} };
  if (!isPlainRecord(parsed)) return store;
  const open = isPlainRecord(parsed.open) ? parsed.open : {};
  for (const [id, rec] of Object.entries(open)) {
    const data = isPlainRecord(rec) && typeof rec.roller === "string" ? asExchange(rec.data) : null;
    if (data && isPlainRecord(rec)) store.open[id] = { roller: String(rec.roller), data };
  }
  const done = isPlainRecord(parsed.done) ? parsed.done : {};
  for (const [id, roller] of Object.entries(done)) if (typeof roller === "string") store.done[id] = roller;
  return store;
}

async function writeStore(store: Store): Promise<void> {
  await game.settings?.set(SYSTEM_ID, SETTING_EXCHANGES, JSON.stringify(store));
}

const finished = (data: ExchangeData) => data.phase === "miss";

/** What the GM's record says of a message: its open exchange, "done", or nothing yet. */
export function recordOf(messageId: string): ExchangeData | "done" | null {
  const store = readStore();
  if (store.done[messageId] !== undefined) return "done";
  return store.open[messageId]?.data ?? null;
}

/** Records the exchange a step produced (the executor runs it after the step's effects, in the GM's queue). */
export async function recordExchange(
  messageId: string,
  roller: string,
  data: ExchangeData,
  end = finished(data),
): Promise<void> {
  const store = readStore();
  if (end) {
    delete store.open[messageId];
    store.done[messageId] = roller;
  } else {
    store.open[messageId] = { roller, data };
  }
  await writeStore(store);
}

/** Whether the roller may open one more exchange (a GM always may). */
export function mayOpen(roller: User.Implementation | null | undefined): boolean {
  if (!roller || roller.isGM) return true;
  const open = Object.values(readStore().open).filter((r) => r.roller === roller.id).length;
  return open < OPEN_PER_USER;
}

/** The active GM forgets the records of deleted messages (their cards can never be clicked again). */
export function forgetDeleted(messageIds: readonly string[]): Promise<void> {
  return serializeOnGM(async () => {
    const store = readStore();
    let changed = false;
    for (const id of messageIds) {
      if (store.open[id] || store.done[id] !== undefined) changed = true;
      delete store.open[id];
      delete store.done[id];
    }
    if (changed) await writeStore(store);
  });
}

/* Taking a card ------------------------------------------------------------------------------------------------ */

interface ActorLike {
  uuid: string | null;
  name: string | null;
  system: unknown;
  items: Iterable<{ id: string | null; name: string | null; system: unknown }>;
  testUserPermission(user: User.Implementation, level: "OWNER"): boolean;
}

function actorSync(uuid: string): ActorLike | null {
  const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
  return doc && systemOf(doc as ActorLike) ? (doc as ActorLike) : null;
}

const sameWeapon = (a: WeaponData, b: WeaponData) =>
  a.name === b.name && a.damage === b.damage && a.family === b.family;

/** The weapon the card names, as the attacker holds it: a weapon card, bare hands, or a thrown object. */
function heldWeapon(
  actor: ActorLike,
  mode: systemj.AttackMode,
  named: WeaponData,
): { weapon: WeaponCard | null; thrown: boolean } | null {
  const model = systemOf(actor);
  if (!model) return null;
  const card = weaponsOf(actor.items).find((w) => sameWeapon(weaponData(w), named));
  if (card && (mode === "meleeStealth" || modeOfWeapon(card) === mode)) return { weapon: card, thrown: false };
  if (mode !== "ranged" && sameWeapon(named, weaponData(null))) return { weapon: null, thrown: false };
  const thrown = systemj.objectThrow(attributesOf(model));
  if (mode === "ranged" && named.damage === thrown.damage && named.family === thrown.family)
    return { weapon: null, thrown: true };
  return null;
}

type Measurable = { getActiveTokens?: () => { center: { x: number; y: number } }[] };

/** Whether the defender stands within the weapon's range of the attacker, on this client's canvas; null: unknown. */
function inRangeNow(attacker: ActorLike, defender: ActorLike, weapon: WeaponCard | null): boolean | null {
  if (!weapon || weapon.system.range === 0 || !canvas?.grid) return null;
  const from = (attacker as unknown as Measurable).getActiveTokens?.()[0];
  const to = (defender as unknown as Measurable).getActiveTokens?.()[0];
  if (!from || !to) return null;
  // As in the attack dialog (rolling.ts): BaseGrid#measurePath is typed with `never` parameters in fvtt-types 14.x.
  const grid = canvas.grid as foundry.grid.GridlessGrid;
  return grid.measurePath([from.center, to.center], {}).distance <= weapon.system.range;
}

/**
 * The exchange a fresh card starts, rebuilt on the reading client from documents: only the roller's die and
 * modifier (their own dice and dialog) and their choice of weapon and target come from the card; scores, gear,
 * names and the step come from the actors and the rules core. Null when the card cannot be such a start.
 */
export function takeExchange(card: CardState, messageId = ""): ExchangeData | null {
  const raw = readExchange(card);
  const first = raw?.tests[0];
  if (!raw || !first || first.by !== "attacker") return null;
  if (raw.mode !== "meleeForce" && raw.mode !== "meleeStealth" && raw.mode !== "ranged") return null;
  const roller = game.users?.get(card.rollerId);
  const attacker = actorSync(raw.attacker.uuid);
  const defender = actorSync(raw.defender.uuid);
  if (!roller || !attacker || !defender || !attacker.uuid || !defender.uuid) return null;
  if (!roller.isGM && !attacker.testUserPermission(roller, "OWNER")) return null;
  // A player's attack the revealed round refuses (the fighter showed Mouvement, or nothing, or already took the round's
  // action with another card) is not taken; only a GM overrides the round (issues 25, 33).
  if (!roller.isGM && roundRefusalOf(attacker, "action", messageId)) return null;
  const modifier = systemj.parseModifier(first.modifier);
  const roll = first.roll;
  if (modifier === null || !Number.isInteger(roll) || roll < 0 || roll > 99) return null;
  const held = heldWeapon(attacker, raw.mode, raw.weapon);
  const model = systemOf(attacker);
  if (!held || !model) return null;
  const attrs = attributesOf(model);
  const stealth = raw.mode === "meleeStealth";
  const score = stealth
    ? skillScore(model, "dissimulation")
    : held.thrown
      ? systemj.objectThrow(attrs).score
      : attackScore(attrs, held.weapon, raw.mode);
  const label = stealth
    ? "QUINTETTE.SystemJ.Skill.dissimulation"
    : held.thrown
      ? "QUINTETTE.SystemJ.Score.throwObject"
      : `QUINTETTE.SystemJ.Mode.${raw.mode}`;
  const defenderWeapons = weaponsOf(defender.items);
  return startExchange({
    mode: raw.mode,
    attacker: { uuid: attacker.uuid, name: boundName(attacker) },
    defender: { uuid: defender.uuid, name: boundName(defender) },
    weapon: held.thrown ? raw.weapon : weaponData(held.weapon),
    counterWeapon: weaponData(counterWeapon(defenderWeapons)),
    first: testData(label, score, modifier, roll),
    gear: defenceGear(defenderWeapons, holdsImprovised(defender.items)).gear,
    ranged: {
      // Measured again between the two tokens when both are on this client's canvas, else as the roller measured.
      inRange: inRangeNow(attacker, defender, held.weapon) ?? raw.missReason !== "outOfRange",
      // Whether the target sees the shot coming is the GM's call (issue 33): a GM's card says it (the attack dialog),
      // a player's card never does (whatever it claims); a "sight" step asks the GM.
      ...(roller.isGM ? { targetAware: !(raw.mode === "ranged" && raw.phase === "hit") } : {}),
    },
  });
}

/**
 * The exchange as the GM's client holds it: its record once taken ("done" when finished), else the card taken
 * afresh (null when it cannot be taken, or when its roller already has too many open exchanges).
 */
export function trustedExchange(card: CardState, messageId: string): ExchangeData | "done" | null {
  const recorded = recordOf(messageId);
  if (recorded) return recorded;
  return mayOpen(game.users?.get(card.rollerId)) ? takeExchange(card, messageId) : null;
}

/**
 * A fresh attack card is the round's action of its attacker's combatant (issue 33): the serving GM's client records
 * it when the card arrives; a player's card posted when that round's action was already taken is closed at once (a
 * tombstone, as a finished exchange), so it is never taken, in this round or a later one. A GM's card is only recorded.
 */
async function takeRoundAction(message: ChatMessage.Implementation, userId: string): Promise<void> {
  const card = readCard(message);
  const raw = card?.ruleset === "systemj" ? readExchange(card) : null;
  if (!card || !raw || raw.tests.length !== 1 || raw.tests[0]?.by !== "attacker" || !message.id) return;
  const attacker = actorSync(raw.attacker.uuid) as (ActorLike & { id?: string; isToken?: boolean }) | null;
  const bound = attacker ? boundCombatants(attacker) : [];
  if (!bound.length) return;
  const first = await recordUse(bound, { act: message.id });
  if (first || game.users?.get(userId)?.isGM) return;
  const id = message.id;
  await serializeOnGM(async () => {
    const store = readStore();
    if (store.open[id] || store.done[id] !== undefined) return;
    store.done[id] = card.rollerId;
    await writeStore(store);
  });
}

/** The active GM's client records each fight card's use of the round and drops the record of a deleted one. */
export function registerExchangeStore(): void {
  Hooks.on("createChatMessage", (message, _options, userId) => {
    if (isServingSession()) void takeRoundAction(message, userId);
  });
  Hooks.on("deleteChatMessage", (message) => {
    // Only the serving page (relay/session.ts): another page's write of the store could drop a newer record.
    if (isServingSession() && message.id) void forgetDeleted([message.id]);
  });
}
