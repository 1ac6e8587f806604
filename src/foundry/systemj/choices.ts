/**
 * SYSTEMJ's hidden Action/Movement choice (issue 22, attack 6). Every client receives every User, Combat, Actor and
 * world setting, so a choice never travels there. A player's client makes a secret salt and sends:
 * - through the relay (on its own User document, read by all): only the commitment, a hash of combat, round,
 *   combatant, choice and salt; the GM's client learns from Foundry's server who sent it and checks the ownership;
 * - through a query to the active GM only (`User#query`: Foundry delivers it to that user, no one else): the choice
 *   and its salt, taken only by the serving page of that GM (relay/session.ts). A query carries no identity; the GM
 *   takes it only when it hashes to the commitment that combatant's owner sent, so it can only be the owner's.
 * The GM's client keeps choice and salt in its own client storage; the Combat document holds who has chosen and the
 * commitments. At the reveal the GM's client checks each choice against its public commitment and publishes the
 * salts, so every client can check them too. A choice the active GM's client does not hold (another GM took over,
 * storage cleared) is shown as lost, and its combatant chooses again (reconcileChoices).
 */
import { publicCombatants } from "../combat/visibility.ts";
import type { JsonObject } from "../chat/types.ts";
import { postCard, userSpeaker } from "../chat/post.ts";
import { isServingSession, relayToGM, type RelayResult } from "../relay/index.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { serializeOnGM } from "../trust/queue.ts";
import { systemj } from "../../rules/index.ts";
import { sha256Hex } from "../../rules/shared/sha256.ts";
import { revealCard } from "./cards.ts";
import { lostChoices, publicPhase, type PublicPhase, type RevealLine } from "./phase-context.ts";
import { boundName } from "../trust/bound.ts";

export const PHASE_FLAG = "systemjPhase";
export const SECRET_SETTING = "systemj.secretChoices";
export const CHOOSE = "systemj.choose";
export const REVEAL = "systemj.reveal";
/** The query that carries a choice and its salt to the active GM only. */
export const OPEN_CHOICE = "quintette.systemj.openChoice";

type Held = { choice: systemj.RoundChoice; salt: string };
type Secrets = Record<
  string,
  { round: number; choices: Record<string, systemj.RoundChoice>; salts?: Record<string, string> }
>;

export interface ChoiceOpeningData {
  [key: string]: string | number;
  combatId: string;
  round: number;
  combatantId: string;
  choice: string;
  salt: string;
}

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.systemj.secretChoices": string;
  }
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- merging into the type package's namespace
  namespace CONFIG {
    interface Queries {
      "quintette.systemj.openChoice": (data: ChoiceOpeningData) => Promise<RelayResult>;
    }
  }
}

const hash = sha256Hex;

/** This client's own choices, shown to their owner before the reveal (never sent to other players). */
const ownChoices = new Map<string, systemj.RoundChoice>();
// Keyed by user too: one browser may be reloaded as another user (and the test double runs every client at once).
const ownKey = (combatId: string, round: number, combatantId: string) =>
  `${game.user?.id ?? ""}.${combatId}.${round}.${combatantId}`;

export function ownChoiceOf(combatId: string, round: number, combatantId: string): systemj.RoundChoice | null {
  return ownChoices.get(ownKey(combatId, round, combatantId)) ?? null;
}

export function readSecrets(): Secrets {
  try {
    // Kept as JSON text in this client's storage (a client setting): it never leaves the GM's browser.
    const raw: unknown = JSON.parse(String(game.settings?.get(SYSTEM_ID, SECRET_SETTING) ?? "{}"));
    return raw && typeof raw === "object" ? (raw as Secrets) : {};
  } catch {
    return {};
  }
}

export async function writeSecrets(secrets: Secrets): Promise<void> {
  await game.settings?.set(SYSTEM_ID, SECRET_SETTING, JSON.stringify(secrets));
}

export function readPublic(combat: { flags?: unknown; round: number }): PublicPhase {
  const flags = (combat.flags ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const raw = flags[SYSTEM_ID]?.[PHASE_FLAG] as PublicPhase | undefined;
  // A copy: an update may merge into the document's flag object, which must not change a state read before it.
  if (raw && raw.round === Math.max(1, combat.round)) return foundry.utils.deepClone(raw);
  return { round: Math.max(1, combat.round), status: "choosing", chosen: {}, choices: {} };
}

/** The full state, on the GM's client: public status with the secret choices of this round. */
export function fullState(
  pub: PublicPhase,
  combatantIds: readonly string[],
  secret: Record<string, systemj.RoundChoice> = {},
): systemj.ActionPhaseState {
  const choices: Record<string, systemj.RoundChoice | null> = {};
  for (const id of combatantIds)
    choices[id] = pub.status === "revealed" ? (pub.choices[id] ?? null) : (secret[id] ?? null);
  return { round: pub.round, status: pub.status, choices };
}

// Our configured Combat too: in fvtt-types 14.x it no longer assigns to the base class (see combat/documents.ts).
export async function writePublic(
  combat: foundry.documents.Combat | Combat.Implementation,
  state: systemj.ActionPhaseState,
  lost: readonly string[] = [],
  extra: Pick<PublicPhase, "commitments" | "salts"> = {},
): Promise<void> {
  await combat.update({
    [`flags.${SYSTEM_ID}.${PHASE_FLAG}`]: { ...publicPhase(state, lost), ...extra },
  } as Combat.UpdateData);
}

/** The secret choices (and salts) this (GM's) client holds for the combat's current round. */
function heldOf(combat: foundry.documents.Combat, pub: PublicPhase): Record<string, Held> {
  const entry = readSecrets()[combat.id ?? ""];
  if (entry?.round !== pub.round) return {};
  const out: Record<string, Held> = {};
  for (const [id, choice] of Object.entries(entry.choices)) out[id] = { choice, salt: entry.salts?.[id] ?? "" };
  return out;
}

/** The held choices that match their public commitment (a mismatch counts as lost: that choice cannot be shown). */
function heldChoices(combat: foundry.documents.Combat, pub: PublicPhase): Record<string, systemj.RoundChoice> {
  const out: Record<string, systemj.RoundChoice> = {};
  for (const [id, held] of Object.entries(heldOf(combat, pub))) {
    const commitment = pub.commitments?.[id] ?? "";
    const opening = { combatId: combat.id ?? "", round: pub.round, combatantId: id, ...held };
    if (systemj.verifyChoice(commitment, opening, hash)) out[id] = held.choice;
  }
  return out;
}

export function combatIds(combat: foundry.documents.Combat | Combat.Implementation): string[] {
  return combat.combatants.contents.flatMap((c) => (c.id ? [c.id] : []));
}

/**
 * Active GM's check: choices the document says were made but this client does not hold (the GM changed or reloaded
 * with cleared storage) become "lost" on the document, so every tracker asks those combatants to choose again.
 * Returns the lost ids (written only when there are new ones).
 */
export async function reconcileChoices(combat: foundry.documents.Combat): Promise<string[]> {
  const pub = readPublic(combat);
  const held = heldChoices(combat, pub);
  const lost = lostChoices(pub, held);
  const fresh = lost.filter((id) => !pub.lost?.[id]);
  if (fresh.length) await writePublic(combat, fullState(pub, combatIds(combat), held), lost);
  return lost;
}

/** The combatant's actor (a token's synthetic actor, else the world actor). */
export function actorOf(combatant: Combatant.Implementation): Actor.Implementation | null {
  return combatant.actor ?? game.actors?.get(combatant.actorId ?? "") ?? null;
}

/** A combatant belongs to whoever owns its actor (Foundry's rule for the tracker too). */
export function ownsCombatant(combatant: Combatant.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  return actorOf(combatant)?.testUserPermission(user, "OWNER") ?? false;
}

/** Commitments the GM's client accepted and awaits the opening of: combat.round.combatant → hash. */
const awaiting = new Map<string, string>();
const awaitKey = (combatId: string, round: number, combatantId: string) => `${combatId}.${round}.${combatantId}`;

/**
 * GM side of a commitment (relayed: the requester is server-attested): rights, the round, then the commitment is
 * awaited until its opening comes by query. Nothing public changes yet.
 */
export async function handleChoose(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  const combat = game.combats?.get(String(payload.combatId ?? ""));
  const combatant = combat?.combatants.get(String(payload.combatantId ?? ""));
  const commitment = payload.commitment;
  if (!combat?.id || !combatant?.id || typeof commitment !== "string" || !systemj.COMMITMENT_PATTERN.test(commitment))
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  if (!ownsCombatant(combatant, requester))
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.NotYourCombatant" };
  const pub = readPublic(combat);
  if (pub.status === "revealed") return { status: "denied", reason: "QUINTETTE.SystemJ.Error.Revealed" };
  if (payload.round !== pub.round) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  // One awaited commitment per combatant and round (bounded by the combats' size): a new one replaces the old.
  awaiting.set(awaitKey(combat.id, pub.round, combatant.id), commitment);
  return { status: "applied" };
}

function asOpening(data: unknown): (systemj.ChoiceOpening & { choice: systemj.RoundChoice }) | null {
  if (!data || typeof data !== "object") return null;
  const d = data as Record<string, unknown>;
  if (d.choice !== "action" && d.choice !== "mouvement") return null;
  if (typeof d.combatId !== "string" || typeof d.combatantId !== "string" || typeof d.salt !== "string") return null;
  if (typeof d.round !== "number") return null;
  return { combatId: d.combatId, round: d.round, combatantId: d.combatantId, choice: d.choice, salt: d.salt };
}

/**
 * GM side of an opening (a query: no identity). Taken only when it hashes to the commitment the combatant's owner
 * sent for this round; then the rules core, the secret store and the public "has chosen" with the commitment.
 */
export function handleOpen(data: unknown): Promise<RelayResult> {
  return serializeOnGM(async () => {
    // The serving page only: another page of the GM lacks the awaited commitment and the reveal runs elsewhere; it
    // takes nothing and writes nothing (Foundry does not say which of a user's pages a query reaches).
    if (!isServingSession()) return { status: "denied", reason: "QUINTETTE.Relay.NotServing" };
    const opening = asOpening(data);
    const combat = opening ? game.combats?.get(opening.combatId) : undefined;
    if (!opening || !combat?.id || !combat.combatants.get(opening.combatantId))
      return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const key = awaitKey(opening.combatId, opening.round, opening.combatantId);
    const commitment = awaiting.get(key);
    if (!commitment || !systemj.verifyChoice(commitment, opening, hash))
      return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    awaiting.delete(key);
    const pub = readPublic(combat);
    if (pub.round !== opening.round) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
    const secrets = readSecrets();
    const entry = secrets[combat.id]?.round === pub.round ? secrets[combat.id] : undefined;
    const mine = entry?.choices ?? {};
    let state = fullState(pub, combatIds(combat), heldChoices(combat, pub));
    try {
      state = systemj.choose(state, opening.combatantId, opening.choice);
    } catch {
      return { status: "denied", reason: "QUINTETTE.SystemJ.Error.Revealed" };
    }
    const held = { ...mine, [opening.combatantId]: opening.choice };
    const salts = { ...(entry?.salts ?? {}), [opening.combatantId]: opening.salt };
    await writeSecrets({ ...secrets, [combat.id]: { round: pub.round, choices: held, salts } });
    const commitments = { ...(pub.commitments ?? {}), [opening.combatantId]: commitment };
    // Anyone else marked chosen whose choice this client lacks stays visibly lost, never silently "waiting".
    await writePublic(combat, state, lostChoices(pub, held), { commitments });
    return { status: "applied" };
  });
}

/** GM side of the reveal: the rules core reveals every choice together (forced when someone has not chosen). */
export async function handleReveal(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  if (!requester.isGM) return { status: "denied", reason: "QUINTETTE.SystemJ.Error.NotGM" };
  const combat = game.combats?.get(String(payload.combatId ?? ""));
  if (!combat?.id) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  const pub = readPublic(combat);
  if (pub.status === "revealed") return { status: "already", reason: "QUINTETTE.SystemJ.Error.Revealed" };
  // Choices lost since the GM last looked (or that no longer match their commitment): the reveal waits.
  if ((await reconcileChoices(combat)).some((id) => !pub.lost?.[id]))
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.ChoicesLost" };
  const held = heldChoices(combat, pub);
  let state: systemj.ActionPhaseState;
  try {
    state = systemj.reveal(fullState(pub, combatIds(combat), held), { force: payload.force === true });
  } catch {
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.StillWaiting" };
  }
  // Each revealed choice with its salt: any client may hash it again against the commitment it saw.
  const all = heldOf(combat, pub);
  const salts = Object.fromEntries(Object.keys(held).map((id) => [id, all[id]?.salt ?? ""]));
  await writePublic(combat, state, [], { salts });
  await postReveal(combat, state, requester);
  return { status: "applied" };
}

/**
 * The reveal's lines, in tracker order (the combat's `turns`, initiative order, not the order combatants joined; any
 * combatant the turns lack comes last), from the revealed state (the card stores them: it renders after reload).
 */
export function revealLinesOf(combat: foundry.documents.Combat, state: systemj.ActionPhaseState): RevealLine[] {
  const ids = new Set(combat.turns.map((c) => c.id ?? ""));
  const inTurns = combat.turns.flatMap((c) => combat.combatants.get(c.id ?? "") ?? []);
  const rest = combat.combatants.contents.filter((c) => !ids.has(c.id ?? ""));
  return publicCombatants([...inTurns, ...rest]).flatMap((c) =>
    c.id ? [{ name: boundName(c), img: c.img ?? null, choice: state.choices[c.id] ?? null }] : [],
  );
}

/** A public chat card at the reveal: each combatant's Action or Movement, and who had not chosen. */
async function postReveal(
  combat: foundry.documents.Combat,
  state: systemj.ActionPhaseState,
  requester: User.Implementation,
): Promise<void> {
  const card = revealCard(requester.id ?? "", state.round, revealLinesOf(combat, state));
  // The GM's record of the round, whatever token the GM has selected.
  await postCard(card, { visibility: "public", speaker: userSpeaker(requester) });
}

/** 128 random bits from the platform's CSPRNG, lowercase hex (the rules core asks for at least that). */
function makeSalt(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The opening goes to the active GM only: by query, or at once on the GM's own client. */
async function sendOpening(opening: ChoiceOpeningData): Promise<RelayResult> {
  const gm = game.users?.activeGM;
  if (!gm) return { status: "noGM", reason: "QUINTETTE.Relay.NoGM" };
  if (gm.isSelf) return handleOpen(opening);
  try {
    return await gm.query(OPEN_CHOICE, opening, { timeout: 10_000 });
  } catch {
    return { status: "error", reason: "QUINTETTE.Relay.Failed" };
  }
}

/** A player's (or the GM's) choice for one combatant: the commitment by the relay, the choice to the GM only. */
export async function chooseFor(combat: foundry.documents.Combat, combatantId: string, choice: systemj.RoundChoice) {
  const round = readPublic(combat).round;
  const opening: ChoiceOpeningData = { combatId: combat.id ?? "", round, combatantId, choice, salt: makeSalt() };
  let commitment: string;
  try {
    commitment = systemj.commitChoice({ ...opening, choice }, hash);
  } catch {
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" } satisfies RelayResult;
  }
  let result = await relayToGM(CHOOSE, { combatId: opening.combatId, combatantId, round, commitment });
  if (result.status === "applied") result = await sendOpening(opening);
  if (result.status === "applied") ownChoices.set(ownKey(opening.combatId, round, combatantId), choice);
  ui.combat?.render();
  return result;
}

export function revealChoices(combat: foundry.documents.Combat, force: boolean) {
  return relayToGM(REVEAL, { combatId: combat.id ?? "", force });
}

/** The GM's side of the opening query (registered at init on every client; only the active GM answers). */
export function registerChoiceQuery(): void {
  const queries = CONFIG.queries as unknown as Record<string, (data: unknown) => Promise<RelayResult>>;
  queries[OPEN_CHOICE] = (data) => handleOpen(data);
}
