/**
 * SYSTEMJ combat: the hidden Action/Movement choice before each round, initiative by a Rapidité test ordered by the
 * rules core, and the tracker part. Choices are secret for real: a player's client sends its choice only to the GM
 * (relay query), the GM's client keeps it in its own client storage, and the Combat document only says who has
 * chosen, until the GM reveals; the rules core refuses any change after the reveal. No document can hold them
 * instead: every client receives every Combat, Actor, User and world setting. A choice the active GM's client does
 * not hold (another GM took over, storage cleared) is shown as lost, and its combatant chooses again (reconcileChoices).
 * The reveal posts a public card listing every choice.
 */
import { publicCombatants, shownCombatants } from "../combat/visibility.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import type { JsonObject } from "../chat/types.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { registerRelayHandler, relayToGM, type RelayResult } from "../relay/index.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { systemj } from "../../rules/index.ts";
import { revealCard, testCard } from "./cards.ts";
import { systemOf } from "./fighters.ts";
import {
  PHASE_TEMPLATE,
  lostChoices,
  phaseContext,
  publicPhase,
  type PublicPhase,
  type RevealLine,
} from "./phase-context.ts";
import { SystemJCreatureModel } from "./models.ts";
import { rollTest } from "./roll.ts";
import { dialogModifier, testDialogConfig } from "./tests.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import { markerLabel } from "./sheet-context.ts";
import { cardActor } from "./rolling.ts";

export const PHASE_FLAG = "systemjPhase";
export const SECRET_SETTING = "systemj.secretChoices";
export const CHOOSE = "systemj.choose";
export const REVEAL = "systemj.reveal";

type Secrets = Record<string, { round: number; choices: Record<string, systemj.RoundChoice> }>;

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.systemj.secretChoices": string;
  }
}

/** This client's own choices, shown to their owner before the reveal (never sent to other players). */
const ownChoices = new Map<string, systemj.RoundChoice>();
// Keyed by user too: one browser may be reloaded as another user (and the test double runs every client at once).
const ownKey = (combatId: string, round: number, combatantId: string) =>
  `${game.user?.id ?? ""}.${combatId}.${round}.${combatantId}`;

function readSecrets(): Secrets {
  try {
    // Kept as JSON text in this client's storage (a client setting): it never leaves the GM's browser.
    const raw: unknown = JSON.parse(String(game.settings?.get(SYSTEM_ID, SECRET_SETTING) ?? "{}"));
    return raw && typeof raw === "object" ? (raw as Secrets) : {};
  } catch {
    return {};
  }
}

async function writeSecrets(secrets: Secrets): Promise<void> {
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
async function writePublic(
  combat: foundry.documents.Combat | Combat.Implementation,
  state: systemj.ActionPhaseState,
  lost: readonly string[] = [],
): Promise<void> {
  await combat.update({ [`flags.${SYSTEM_ID}.${PHASE_FLAG}`]: publicPhase(state, lost) } as Combat.UpdateData);
}

/** The secret choices this (GM's) client holds for the combat's current round. */
function heldChoices(combat: foundry.documents.Combat, pub: PublicPhase): Record<string, systemj.RoundChoice> {
  const secrets = readSecrets();
  return secrets[combat.id ?? ""]?.round === pub.round ? secrets[combat.id ?? ""]!.choices : {};
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

function combatIds(combat: foundry.documents.Combat | Combat.Implementation): string[] {
  return combat.combatants.contents.flatMap((c) => (c.id ? [c.id] : []));
}

/** The combatant's actor (a token's synthetic actor, else the world actor). */
function actorOf(combatant: Combatant.Implementation): Actor.Implementation | null {
  return combatant.actor ?? game.actors?.get(combatant.actorId ?? "") ?? null;
}

/** A combatant belongs to whoever owns its actor (Foundry's rule for the tracker too). */
function ownsCombatant(combatant: Combatant.Implementation, user: User.Implementation): boolean {
  if (user.isGM) return true;
  return actorOf(combatant)?.testUserPermission(user, "OWNER") ?? false;
}

/** GM side of a choice: rights, then the rules core, then secret store and public "has chosen". */
export async function handleChoose(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  const combat = game.combats?.get(String(payload.combatId ?? ""));
  const combatant = combat?.combatants.get(String(payload.combatantId ?? ""));
  const choice = payload.choice;
  if (!combat?.id || !combatant?.id || (choice !== "action" && choice !== "mouvement"))
    return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  if (!ownsCombatant(combatant, requester))
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.NotYourCombatant" };
  const pub = readPublic(combat);
  const secrets = readSecrets();
  const mine = secrets[combat.id]?.round === pub.round ? secrets[combat.id]!.choices : {};
  let state = fullState(pub, combatIds(combat), mine);
  try {
    state = systemj.choose(state, combatant.id, choice);
  } catch {
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.Revealed" };
  }
  const held: Record<string, systemj.RoundChoice> = { ...mine, [combatant.id]: choice };
  await writeSecrets({ ...secrets, [combat.id]: { round: pub.round, choices: held } });
  // Anyone else marked chosen whose choice this client lacks stays visibly lost, never silently "waiting".
  await writePublic(combat, state, lostChoices(pub, held));
  return { status: "applied" };
}

/** GM side of the reveal: the rules core reveals every choice together (forced when someone has not chosen). */
export async function handleReveal(payload: JsonObject, requester: User.Implementation): Promise<RelayResult> {
  if (!requester.isGM) return { status: "denied", reason: "QUINTETTE.SystemJ.Error.NotGM" };
  const combat = game.combats?.get(String(payload.combatId ?? ""));
  if (!combat?.id) return { status: "invalid", reason: "QUINTETTE.Relay.Invalid" };
  const pub = readPublic(combat);
  if (pub.status === "revealed") return { status: "already", reason: "QUINTETTE.SystemJ.Error.Revealed" };
  // Choices lost since the GM last looked: the reveal waits, the tracker now shows who must choose again.
  if ((await reconcileChoices(combat)).some((id) => !pub.lost?.[id]))
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.ChoicesLost" };
  const held = heldChoices(combat, pub);
  let state: systemj.ActionPhaseState;
  try {
    state = systemj.reveal(fullState(pub, combatIds(combat), held), { force: payload.force === true });
  } catch {
    return { status: "denied", reason: "QUINTETTE.SystemJ.Error.StillWaiting" };
  }
  await writePublic(combat, state);
  await postReveal(combat, state, requester);
  return { status: "applied" };
}

/** The reveal's lines, in tracker order, from the revealed state (the card stores them: it renders after reload). */
export function revealLinesOf(combat: foundry.documents.Combat, state: systemj.ActionPhaseState): RevealLine[] {
  return publicCombatants(combat.combatants.contents).flatMap((c) =>
    c.id ? [{ name: c.name ?? "", img: c.img ?? null, choice: state.choices[c.id] ?? null }] : [],
  );
}

/** A public chat card at the reveal: each combatant's Action or Movement, and who had not chosen. */
async function postReveal(
  combat: foundry.documents.Combat,
  state: systemj.ActionPhaseState,
  requester: User.Implementation,
): Promise<void> {
  await postCard(revealCard(requester.id ?? "", state.round, revealLinesOf(combat, state)), {
    visibility: "public",
  });
}

/** A player's (or the GM's) choice for one combatant: remembered locally, sent to the GM only. */
export async function chooseFor(combat: foundry.documents.Combat, combatantId: string, choice: systemj.RoundChoice) {
  const result = await relayToGM(CHOOSE, { combatId: combat.id ?? "", combatantId, choice });
  if (result.status === "applied")
    ownChoices.set(ownKey(combat.id ?? "", readPublic(combat).round, combatantId), choice);
  ui.combat?.render();
  return result;
}

export function revealChoices(combat: foundry.documents.Combat, force: boolean) {
  return relayToGM(REVEAL, { combatId: combat.id ?? "", force });
}

/** Where a combatant keeps the modifier of its last initiative test (written by whoever rolled it, its owner). */
export const INITIATIVE_MODIFIER = "sjInitiativeModifier";

/**
 * The modifier a combatant's initiative was rolled with: only what a test dialog can produce counts (rules core);
 * anything else written on the combatant reads as no modifier.
 */
function initiativeModifier(combatant: { flags?: unknown }): systemj.Modifier {
  const flags = combatant.flags as { quintette?: Record<string, unknown> } | undefined;
  return systemj.parseModifier(flags?.quintette?.[INITIATIVE_MODIFIER]) ?? 0;
}

/**
 * Initiative: a Rapidité test with its card; the value stored is the roll, the modifier goes on the combatant's flags
 * (issue 16, SYSTEMJ 1). Rolled alone, the test dialog opens (table, free modifier, odds); closing it rolls nothing.
 * Rolled with others (roll all, roll NPCs) it rolls at 0 without a dialog each. Ties are broken by the actor's
 * Rapidité, read when sorting: a player may write only `initiative`, `flags` and `defeated` on a combatant.
 */
async function rollInitiative(combatant: Combatant.Implementation, batch: boolean): Promise<number | null> {
  const actor = actorOf(combatant);
  const model = systemOf(actor);
  if (!actor || !model) return null;
  const score = model.attributes.RAP;
  const label = "QUINTETTE.SystemJ.Attribute.RAP";
  let modifier: systemj.Modifier = 0;
  let rollMode: string | undefined;
  if (!batch) {
    const what = game.i18n?.localize(label) ?? label;
    const answer = await RollDialog.prompt(testDialogConfig(score, `${combatant.name ?? ""} — ${what} (${score})`));
    if (!answer) return null;
    modifier = dialogModifier(answer.values);
    rollMode = answer.rollMode;
  }
  const { roll, test } = await rollTest(score, modifier, label);
  await postCard(testCard(game.user?.id ?? "", cardActor(actor), test, "initiative"), {
    rolls: [roll],
    speaker: speakerFor(actor),
    ...(rollMode ? { rollMode: rollMode as ChatMessage.PassableRollMode } : {}),
  });
  if (initiativeModifier(combatant) !== modifier)
    await combatant.update({ [`flags.quintette.${INITIATIVE_MODIFIER}`]: modifier } as Combatant.UpdateData);
  return test.roll;
}

interface Ranked {
  id: string | null;
  name?: string | null | undefined;
  initiative: number | null;
  actor: unknown;
  flags?: unknown;
}

/**
 * Acting order from the rules core (criticals, successes by decreasing roll, failures, fumbles); then name, id. The
 * score the roll was made against is the actor's current Rapidité, with the modifier kept on the combatant.
 */
export function compareCombatants(a: Ranked, b: Ranked): number {
  const score = (c: Ranked) => {
    const t = (c.actor as { system?: { attributes?: { RAP?: unknown } } } | null)?.system?.attributes?.RAP;
    return typeof t === "number" && t >= 0 ? t : null;
  };
  const sa = score(a);
  const sb = score(b);
  const rolled = (c: Ranked, s: number | null) =>
    c.initiative !== null && s !== null && c.initiative >= 0 && c.initiative <= 99;
  const ra = rolled(a, sa);
  const rb = rolled(b, sb);
  if (ra !== rb) return ra ? -1 : 1;
  if (ra && rb) {
    const ranked = systemj.rankInitiative([
      { id: "a", roll: a.initiative!, score: sa!, modifier: initiativeModifier(a) },
      { id: "b", roll: b.initiative!, score: sb!, modifier: initiativeModifier(b) },
    ]);
    if (ranked[0]!.rank !== ranked[1]!.rank) return ranked[0]!.id === "a" ? -1 : 1;
  }
  return (a.name ?? "").localeCompare(b.name ?? "") || (a.id ?? "").localeCompare(b.id ?? "");
}

/** The combatants whose rolled initiative ties with another's, ranked by the rules core against their Rapidité. */
function tiedCombatants(combatants: readonly Combatant.Implementation[]): Set<string> {
  const entries: systemj.InitiativeEntry[] = [];
  for (const c of combatants) {
    const model = systemOf(actorOf(c));
    const roll = c.initiative;
    if (!model || roll === null || !Number.isInteger(roll) || roll < 0 || roll > 99 || !c.id) continue;
    entries.push({ id: c.id, roll, score: model.attributes.RAP, modifier: initiativeModifier(c) });
  }
  return new Set(systemj.initiativeTies(entries));
}

function trackerContext(combat: Combat.Stored | null) {
  if (!combat) return { sjPhase: null };
  const pub = readPublic(combat);
  const shown = shownCombatants(combat.combatants.contents, game.user?.isGM ?? false);
  const tied = tiedCombatants(shown);
  const rows = shown.map((c) => {
    const model = systemOf(actorOf(c));
    const entity = model instanceof SystemJCreatureModel ? "creature" : "personnage";
    return {
      id: c.id ?? "",
      name: c.name ?? "",
      img: c.img ?? "icons/svg/mystery-man.svg",
      owner: game.user ? ownsCombatant(c, game.user) : false,
      ownChoice: ownChoices.get(ownKey(combat.id ?? "", pub.round, c.id ?? "")) ?? null,
      markerLabel: model ? markerLabel(systemj.roleMarker(entity, model.role)) : null,
      tied: tied.has(c.id ?? ""),
    };
  });
  return { sjPhase: phaseContext(pub, rows, { isGM: game.user?.isGM ?? false }) };
}

/** Click wiring of the phase part (rendered inside the tracker). */
function onRenderTracker(app: { viewed?: Combat.Stored | null }, html: HTMLElement): void {
  const combat = app.viewed;
  if (!combat) return;
  for (const button of html.querySelectorAll<HTMLButtonElement>("[data-sj-phase]")) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      const row = button.closest<HTMLElement>("[data-combatant-id]");
      if (button.dataset.sjPhase === "choose" && row?.dataset.combatantId) {
        const choice = button.dataset.choice === "mouvement" ? "mouvement" : "action";
        void chooseFor(combat, row.dataset.combatantId, choice);
      } else if (button.dataset.sjPhase === "reveal") {
        void revealChoices(combat, button.dataset.force === "true");
      }
    });
  }
}

export const combatBehaviour: CombatBehaviour = {
  initiativeFormula: () => "1d100",
  rollInitiative: (combatant, _options, batch) => rollInitiative(combatant, batch ?? false),
  compare: (a, b) => compareCombatants(a, b),
  async onStartRound(combat) {
    // A new round: every choice hidden again, the GM's secrets of the last round dropped.
    const secrets = readSecrets();
    if (combat.id && secrets[combat.id]) {
      const { [combat.id]: _gone, ...rest } = secrets;
      await writeSecrets(rest);
    }
    await writePublic(combat, systemj.createActionPhase(combatIds(combat), Math.max(1, combat.round)));
  },
  tracker: {
    parts: { systemjPhase: { template: PHASE_TEMPLATE } },
    partContext: (_partId, combat) => trackerContext(combat),
  },
};

export function registerSystemJCombat(): void {
  game.settings?.register(SYSTEM_ID, SECRET_SETTING, {
    scope: "client",
    config: false,
    type: String,
    default: "{}",
  });
  registerRelayHandler(CHOOSE, handleChoose);
  // The active GM checks, once ready, that it holds every choice the combats say were made (see reconcileChoices).
  Hooks.once("ready", () => {
    if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
    for (const combat of game.combats?.contents ?? []) void reconcileChoices(combat);
  });
  registerRelayHandler(REVEAL, handleReveal);
  Hooks.on("renderCombatTracker", (app, html) =>
    onRenderTracker(app as { viewed?: Combat.Stored | null }, html as HTMLElement),
  );
}
