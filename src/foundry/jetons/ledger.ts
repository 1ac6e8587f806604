/**
 * The Jetons ledger (issue 22, attack 5): every character's reserve and bid lock live in a world setting only a GM
 * may write (`quintette.jetonsLedger`), beside the collective reserve. The GM's client computes every token move from
 * it, never from the actor; the actor's `system.tokens` and `system.bidLock` are a display copy the GM's client
 * mirrors after each move. A player's write to their own character changes only that copy: the active GM's client
 * puts it back from the ledger, and at the GM's load every copy is reconciled with the ledger, so tokens written
 * while no GM was connected are not kept.
 */
import { SYSTEM_ID } from "../ruleset.ts";
import { archetypeData } from "./models.ts";
import { collectiveTokens, LEDGER_KEY, setCollectiveTokens, startingTokens } from "./settings.ts";
import { boundName } from "../trust/bound.ts";

/** Update option marking the GM's own mirror writes (the watch leaves them alone). */
export const MIRROR_OPTION = "quintetteLedgerMirror";

export interface ReserveEntry {
  tokens: number;
  bidLock: string;
}

interface LedgerStore {
  reserves: Record<string, ReserveEntry>;
}

type ArchetypeActor = Actor.Implementation;

const isEntry = (v: unknown): v is ReserveEntry =>
  !!v &&
  typeof v === "object" &&
  Number.isSafeInteger((v as ReserveEntry).tokens) &&
  (v as ReserveEntry).tokens >= 0 &&
  typeof (v as ReserveEntry).bidLock === "string";

/** The ledger as stored; null when no GM has set it up yet (a world from before the ledger). */
function readLedger(): LedgerStore | null {
  let raw: unknown;
  try {
    raw = game.settings?.get(SYSTEM_ID, LEDGER_KEY);
  } catch {
    return null;
  }
  if (typeof raw !== "string" || raw === "") return null;
  try {
    const parsed = JSON.parse(raw) as { reserves?: unknown };
    const reserves: Record<string, ReserveEntry> = {};
    if (parsed.reserves && typeof parsed.reserves === "object")
      for (const [uuid, entry] of Object.entries(parsed.reserves)) if (isEntry(entry)) reserves[uuid] = entry;
    return { reserves };
  } catch {
    return { reserves: {} };
  }
}

async function writeLedger(store: LedgerStore): Promise<void> {
  if (!game.user?.isGM) throw new Error("Quintette: only a GM writes the Jetons ledger");
  await game.settings?.set(SYSTEM_ID, LEDGER_KEY, JSON.stringify(store));
}

const copyOf = (actor: ArchetypeActor): ReserveEntry | null => {
  const system = archetypeData(actor);
  return system ? { tokens: system.tokens, bidLock: system.bidLock } : null;
};

/** A synthetic actor's world actor (an unlinked token's base), or null for a world actor. */
function baseOf(actor: ArchetypeActor): ArchetypeActor | null {
  if (!actor.isToken) return null;
  const id = (actor as { _id?: unknown })._id ?? actor.id;
  const base = typeof id === "string" ? game.actors?.get(id) : undefined;
  return base && archetypeData(base) ? base : null;
}

/**
 * What the ledger starts a character it does not know at: a world actor gets the world's J; a synthetic actor (an
 * unlinked token) its base actor's count, never what its token's delta says (its owner may write there).
 */
function startOf(actor: ArchetypeActor, store: LedgerStore | null): ReserveEntry {
  const base = baseOf(actor);
  const known = base ? store?.reserves[base.uuid ?? ""] : undefined;
  return { tokens: known?.tokens ?? startingTokens(), bidLock: "" };
}

/**
 * A character's reserve as the GM's client counts it: the ledger's entry, world actors and synthetic ones (unlinked
 * tokens) alike. One the ledger does not know yet (no GM has seen it appear) counts as the ledger would start it; a
 * world that never had a ledger counts its characters as they say until the GM's load sets it up.
 */
export function reserveOf(actor: ArchetypeActor): ReserveEntry | null {
  if (!archetypeData(actor)) return null;
  const store = readLedger();
  if (!store) return copyOf(actor);
  return store.reserves[actor.uuid ?? ""] ?? startOf(actor, store);
}

/** The actors of unlinked tokens on every scene that hold tokens (their reserves are the ledger's too). */
export function syntheticCharacters(): ArchetypeActor[] {
  const out: ArchetypeActor[] = [];
  const scenes = (game as { scenes?: Iterable<{ tokens: Iterable<TokenDocument.Implementation> }> }).scenes;
  for (const scene of scenes ?? [])
    for (const token of scene.tokens) {
      const actor = token.actorLink ? null : token.actor;
      if (actor && archetypeData(actor)) out.push(actor);
    }
  return out;
}

/** Writes the actor's display copy from the ledger (with any other system changes of the same move). */
async function mirror(actor: ArchetypeActor, entry: ReserveEntry, extra: Record<string, unknown> = {}): Promise<void> {
  const copy = copyOf(actor);
  const same = copy && copy.tokens === entry.tokens && copy.bidLock === entry.bidLock;
  if (same && !Object.keys(extra).length) return;
  await actor.update(
    { "system.tokens": entry.tokens, "system.bidLock": entry.bidLock, ...extra } as Actor.UpdateData,
    // Our own option, read back by our updateActor listener; 13.x and 14.x type the options differently.
    { [MIRROR_OPTION]: true } as unknown as Parameters<ArchetypeActor["update"]>[1],
  );
}

async function setEntry(actor: ArchetypeActor, entry: ReserveEntry): Promise<void> {
  const store = readLedger() ?? { reserves: {} };
  store.reserves[actor.uuid ?? ""] = { tokens: entry.tokens, bidLock: entry.bidLock };
  await writeLedger(store);
}

/**
 * One token move on the GM's client (call it inside the ledger queue): the character's entry, then the collective
 * reserve (null: unchanged), then the display copy with `extra`. If the collective reserve cannot be written, the
 * entry goes back and the error is thrown: no token is made or lost.
 */
export async function commitMove(
  actor: ArchetypeActor,
  after: ReserveEntry,
  collectiveAfter: number | null,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const before = reserveOf(actor);
  await setEntry(actor, after);
  try {
    if (collectiveAfter !== null && collectiveAfter !== collectiveTokens()) await setCollectiveTokens(collectiveAfter);
  } catch (error) {
    if (before) await setEntry(actor, before);
    throw error;
  }
  // The copy is display only: if it cannot be written now, the ledger still holds the move (the next move or the
  // GM's next load writes the copy again), and the card records it, so a retry never moves the tokens twice.
  try {
    await mirror(actor, after, extra);
  } catch (error) {
    console.error("quintette | jetons: the character's copy of the ledger could not be written", actor.name, error);
  }
}

function warnReverted(actor: ArchetypeActor, who: string): void {
  const text =
    game.i18n?.format("QUINTETTE.Jetons.Error.LedgerReverted", { name: boundName(actor), detail: who }) ??
    "QUINTETTE.Jetons.Error.LedgerReverted";
  console.warn(`quintette | jetons: ${text}`);
  ui.notifications?.warn(text, { permanent: true });
}

/**
 * At the active GM's load: every character's copy is put back to the ledger's values. A character the ledger does
 * not know gets the world's J and no lock (it appeared while no GM was connected: what its owner wrote is not kept);
 * a world that never had a ledger takes its characters as they stand, once.
 */
export async function reconcileLedger(): Promise<void> {
  const stored = readLedger();
  const store: LedgerStore = { reserves: { ...stored?.reserves } };
  // World actors first: a synthetic actor the ledger does not know starts at its base actor's count.
  const actors = [...(game.actors?.contents ?? []).filter((a) => archetypeData(a)), ...syntheticCharacters()];
  for (const actor of actors) {
    const uuid = actor.uuid ?? "";
    if (!store.reserves[uuid]) store.reserves[uuid] = stored ? startOf(actor, store) : copyOf(actor)!;
  }
  await writeLedger(store);
  for (const actor of actors) {
    const entry = store.reserves[actor.uuid ?? ""]!;
    const copy = copyOf(actor);
    if (copy && (copy.tokens !== entry.tokens || copy.bidLock !== entry.bidLock)) {
      warnReverted(actor, game.i18n?.localize("QUINTETTE.Jetons.Error.WhileNoGM") ?? "");
      await mirror(actor, entry);
    }
  }
}

/**
 * A new character on the active GM's client (a world actor, or an unlinked token's actor): a GM's creation enters
 * the ledger as it is; a player's with what the ledger would start it at.
 */
export async function enterLedger(actor: ArchetypeActor, byGM: boolean, who: string): Promise<void> {
  const copy = copyOf(actor);
  if (!copy) return;
  const entry = byGM ? copy : startOf(actor, readLedger());
  await setEntry(actor, entry);
  if (copy.tokens !== entry.tokens || copy.bidLock !== entry.bidLock) {
    warnReverted(actor, who);
    await mirror(actor, entry);
  }
}

/**
 * A change of a character's copy on the active GM's client. The GM's own mirror writes are skipped; another GM
 * write (a hand edit of the reserve) becomes the ledger's value; a player's write is put back from the ledger.
 */
export async function watchCopy(actor: ArchetypeActor, options: unknown, byGM: boolean, who: string): Promise<void> {
  if ((options as Record<string, unknown> | null)?.[MIRROR_OPTION]) return;
  const copy = copyOf(actor);
  const entry = reserveOf(actor);
  if (!copy || !entry || (copy.tokens === entry.tokens && copy.bidLock === entry.bidLock)) return;
  if (byGM) {
    await setEntry(actor, copy);
    return;
  }
  warnReverted(actor, who);
  await mirror(actor, entry);
}

/**
 * A question card deleted on the active GM's client (RULES.md: a question that ends unsettled moves no token, every
 * sealed bid goes back to its owner): every reserve its sealed bid froze is released. A bid never leaves the reserve
 * before the settlement, so releasing the lock returns it whole.
 */
export async function releaseLocksOf(messageId: string): Promise<void> {
  const store = readLedger();
  if (!store || !messageId) return;
  const held = Object.entries(store.reserves).filter(([, entry]) => entry.bidLock === messageId);
  if (!held.length) return;
  for (const [, entry] of held) entry.bidLock = "";
  await writeLedger(store);
  for (const [uuid, entry] of held) {
    const doc = fromUuidSync(uuid as Parameters<typeof fromUuidSync>[0]) as unknown;
    const actor = doc instanceof Actor ? (doc as ArchetypeActor) : null;
    if (!actor || !archetypeData(actor)) continue;
    try {
      await mirror(actor, entry);
    } catch (error) {
      console.error("quintette | jetons: the character's copy of the ledger could not be written", actor.name, error);
    }
  }
}
