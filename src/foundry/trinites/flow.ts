/**
 * The client side of a Trinités test: the roll request (dialog, roll, card), the "react" buttons of a card (an
 * opponent answers with its own test), and the follow-ups of a resolved card — a reaction recorded on the card it
 * answers, an initiative score set in the tracker — requested from the active GM through the shared relay, so a
 * player without rights on the other message or on the combat gets them applied.
 */
import { trinites as T } from "../../rules/index.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { readCard } from "../chat/flags.ts";
import { isDone } from "../chat/card-state.ts";
import { actionToken, requestCardAction } from "../chat/actions.ts";
import { registerCardButtonLock, registerCardViewerContext, rerenderMessage } from "../chat/render.ts";
import type { CardState } from "../chat/types.ts";
import { RollDialog, currentRollMode } from "../dialog/roll-dialog.ts";
import { runRollRequest, type RollRequest } from "../dialog/request.ts";
import type { RollDialogResult } from "../dialog/inputs.ts";
import {
  buildTestCard,
  damageLock,
  INITIATIVE,
  OPPOSITION,
  RULESET,
  readData,
  reactionSkillFor,
  reactViewerContext,
  signed,
  type TestSetup,
} from "./card.ts";
import { seatOf } from "./seats.ts";
import { answersTo, pendingAnswers } from "./confrontation.ts";
import {
  groupInitiativeDialogConfig,
  setupFrom,
  testDialogConfig,
  type DialogPreset,
  type RollerView,
  type WeaponView,
} from "./dialog.ts";
import { consumeUpdate, pendingFor } from "./influence.ts";
import { HumainModel, TriniteModel, WeaponModel } from "./models.ts";
import { wornProtection } from "./damage.ts";
import { TrinitesRoll } from "./roll.ts";
import { boundName, boundText } from "../trust/bound.ts";

/** What the dialog and the card need of an actor, or null for an actor of another rule set. */
export function rollerOf(actor: Actor.Implementation): RollerView | null {
  const system = actor.system;
  if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return null;
  const derived = system.derived;
  return {
    name: boundName(actor),
    uuid: actor.uuid,
    img: actor.img ?? null,
    trinite: system instanceof TriniteModel,
    adamKarma: derived.karma?.adamType ?? "aucun",
    derived,
  };
}

export function weaponOf(item: Item.Implementation): WeaponView | null {
  const system = item.system;
  if (!(system instanceof WeaponModel)) return null;
  const skill = T.isSkillId(system.competence) ? system.competence : "melee";
  return {
    itemId: item.id ?? "",
    name: boundName(item),
    damage: system.degats,
    skill,
    swordKind: system.swordKind,
    area: system.zone,
  };
}

/** The targeted tokens' actors, with what the damage buttons preview (kind, worn armour as read now). */
function currentTargets(): TestSetup["targets"] {
  const tokens = game.user?.targets ?? new Set();
  const out: TestSetup["targets"] = [];
  for (const token of tokens) {
    const actor = token.actor;
    if (!actor || out.some((t) => t.uuid === actor.uuid)) continue;
    const system = actor.system;
    const kind = system instanceof TriniteModel ? "trinite" : system instanceof HumainModel ? "humain" : null;
    out.push({
      uuid: actor.uuid ?? "",
      name: boundText(token.name ?? actor.name),
      kind,
      protection: wornProtection(actor),
    });
  }
  return out;
}

/** The turn the actor is acting in (its combatant holds the marker in the started combat), or null. */
export function actingTurn(actor: { id: string | null }): TestSetup["turn"] {
  const combat = game.combat;
  if (!combat?.started) return null;
  for (const c of combat.combatants) {
    if (c.actor?.id === actor.id && seatOf(c).acting) {
      return { combatId: combat.id ?? "", round: combat.round ?? 0, combatantId: c.id ?? "" };
    }
  }
  return null;
}

export interface TestPreset extends DialogPreset {
  opposes?: TestSetup["opposes"];
  initiative?: boolean;
  combat?: { combatId: string; combatantId: string } | null;
}

/** Rolls with the dialog's values and posts the card. Resolves with the message, or null on an invalid choice. */
export async function performTest(
  actor: Actor.Implementation,
  preset: TestPreset,
  chosen: RollDialogResult,
): Promise<ChatMessage.Implementation | null> {
  const roller = rollerOf(actor);
  if (!roller) return null;
  let setup: TestSetup;
  try {
    setup = setupFrom(roller, chosen.values, preset, {
      rollerId: game.user?.id ?? "",
      targets: preset.opposes || preset.initiative ? [] : currentTargets(),
      opposes: preset.opposes ?? null,
      initiative:
        preset.initiative && preset.combat ? { ...preset.combat, surprised: chosen.values.surprised === true } : null,
      turn: preset.opposes || preset.initiative ? null : actingTurn(actor),
    });
  } catch {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Trinites.Dialog.InvalidChoice") ?? "");
    return null;
  }
  const roll = TrinitesRoll.forActor(roller.trinite);
  await roll.evaluate();
  const card = buildTestCard(setup, roll.chains);
  const message = await postCard(card, {
    rolls: [roll],
    speaker: speakerFor(actor),
    rollMode: chosen.rollMode as ChatMessage.PassableRollMode,
  });
  const next = {
    ...(setup.initiative ? null : nextReactionUpdate(reactionBonuses(actor), setup)),
    ...(setup.initiative ? null : consumeUpdate(actor.system, setup.opposes ? "reaction" : "action")),
  };
  if (Object.keys(next).length) await actor.update(next);
  return message ?? null;
}

/** The roll an Encourager/Intimider option waits for: a reaction, an action (any other test), none for initiative. */
function influenceUse(preset: TestPreset): "action" | "reaction" | null {
  return preset.initiative ? null : preset.opposes || preset.reaction ? "reaction" : "action";
}

/**
 * The preset with the actor's pending encouragement/intimidation added to the dialog's modifier, and a hint naming
 * who gave it (the roll spends it, performTest).
 */
export function withInfluences(actor: Actor.Implementation, preset: TestPreset): TestPreset {
  const use = influenceUse(preset);
  const pending = use ? pendingFor(actor.system, use) : [];
  if (!pending.length) return preset;
  const i18n = game.i18n;
  const lines = pending.map(
    (p) =>
      i18n?.format(`QUINTETTE.Trinites.Dialog.InfluenceHint.${p.action}.${use}`, {
        source: p.source,
        value: signed(p.value),
      }) ?? "",
  );
  if (preset.modifier) lines.push(i18n?.localize("QUINTETTE.Trinites.Dialog.ModifierFromAttack") ?? "");
  return {
    ...preset,
    modifier: (preset.modifier ?? 0) + pending.reduce((sum, p) => sum + p.value, 0),
    modifierHint: lines.join(" "),
  };
}

/** The Prudences and Dangers waiting for the actor's next reactions. */
export function reactionBonuses(actor: Actor.Implementation): T.ReactionBonuses {
  const system = actor.system;
  return system instanceof TriniteModel || system instanceof HumainModel
    ? { prudence: system.reactions.prudence, danger: system.reactions.danger }
    : T.NO_REACTION_BONUSES;
}

/** The modifier of the actor's next reaction (+3 while a Prudence waits, −3 while a Danger waits). */
export function pendingReaction(actor: Actor.Implementation): number {
  return T.reactionBonusModifier(reactionBonuses(actor));
}

/** A reaction spends one Prudence and one Danger; an action with Prudence or Danger covers one more reaction each. */
export function nextReactionUpdate(current: T.ReactionBonuses, setup: TestSetup): Record<string, unknown> | null {
  const next = setup.opposes
    ? T.spendReactionBonuses(current)
    : T.addReactionBonuses(current, setup.prime ? [setup.prime] : [], setup.penalties);
  if (next.prudence === current.prudence && next.danger === current.danger) return null;
  return { "system.reactions": { ...next } };
}

/** A test as a roll request of the shared dialog (sheet buttons, the tracker, reactions). */
export function testRequest(actor: Actor.Implementation, asked: TestPreset = {}): RollRequest | null {
  const roller = rollerOf(actor);
  if (!roller) return null;
  const preset = withInfluences(actor, asked);
  return {
    dialog: testDialogConfig(roller, { ...preset, freeActions: preset.freeActions ?? keptFreeActions(actor) }),
    roll: (chosen) => {
      keepFreeActions(actor, chosen.values.freeActions);
      return performTest(actor, preset, chosen);
    },
  };
}

/** The turn a count of free actions belongs to: the active combat's round and turn (none out of combat). */
function turnKey(): string | null {
  const combat = game.combat;
  return combat ? `${combat.id ?? ""}:${combat.round}:${combat.turn ?? ""}` : null;
}

/** Free actions declared on this client, per actor, for the turn they were declared in (a form default only). */
const freeActionsKept = new Map<string, { turn: string; count: number }>();

function keptFreeActions(actor: Actor.Implementation): number | undefined {
  const kept = freeActionsKept.get(actor.uuid ?? "");
  return kept && kept.turn === turnKey() ? kept.count : undefined;
}

function keepFreeActions(actor: Actor.Implementation, value: unknown): void {
  const turn = turnKey();
  const count = Math.min(6, Math.trunc(Number(value)));
  if (turn && Number.isInteger(count) && count >= 1) freeActionsKept.set(actor.uuid ?? "", { turn, count });
}

/** Opens the dialog (Shift: defaults), rolls, posts the card. */
export async function rollTest(actor: Actor.Implementation, preset: TestPreset = {}, skipDialog = false) {
  const request = testRequest(actor, preset);
  if (!request) return null;
  return runRollRequest(request, skipDialog, (config) => RollDialog.prompt(config), currentRollMode());
}

/** One fighter of a group initiative roll: its actor and its combatant. */
export interface InitiativeEntry {
  actor: Actor.Implementation;
  combat: { combatId: string; combatantId: string };
}

/**
 * The GM rolls a group's initiative (roll NPCs, roll all) through one dialog: the shared conditions once, then each
 * fighter's own Rapidité test and card, as a single roll would post it. A group of one opens the usual dialog.
 */
export async function rollGroupInitiative(entries: readonly InitiativeEntry[], skipDialog = false): Promise<void> {
  const group = entries.flatMap((e) => {
    const roller = rollerOf(e.actor);
    return roller ? [{ ...e, roller }] : [];
  });
  const only = group.length === 1 ? group[0] : undefined;
  if (only) {
    await rollTest(only.actor, { initiative: true, combat: only.combat }, skipDialog);
    return;
  }
  if (!group.length) return;
  const request: RollRequest = {
    dialog: groupInitiativeDialogConfig(group.map((g) => g.roller)),
    roll: async (chosen) => {
      for (const g of group) await performTest(g.actor, { initiative: true, combat: g.combat }, chosen);
    },
  };
  await runRollRequest(request, skipDialog, (config) => RollDialog.prompt(config), currentRollMode());
}

/** An opponent answers a card's test: the owner of the targeted actor rolls a reaction. */
export async function rollReaction(message: ChatMessage.Implementation, targetUuid: string): Promise<void> {
  const actor = await fromUuid<Actor.Implementation>(targetUuid);
  const card = readCard(message);
  if (!card || !actor || !(actor instanceof Actor) || !actor.isOwner) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Trinites.Card.NotYourTarget") ?? "");
    return;
  }
  // Each character reacts once to a given action.
  if (answersTo(message.id ?? "").has(targetUuid)) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Trinites.Card.AlreadyReacted") ?? "");
    return;
  }
  await rollTest(actor, {
    skill: reactionSkillFor(card) ?? "esquive",
    reaction: true,
    modifier: (readData(card).setup.targetReaction ?? 0) + pendingReaction(actor),
    opposes: { messageId: message.id ?? "", key: targetUuid },
  });
}

/** Card actions a resolved card still needs on other documents (the message they go to, the action, its args). */
export function pendingFollowUps(
  messageId: string,
  card: CardState,
  lookup: (id: string) => CardState | null,
): { messageId: string; action: string; args: Record<string, string> }[] {
  if (card.ruleset !== RULESET) return [];
  const data = readData(card);
  if (!data.result) return [];
  const out: { messageId: string; action: string; args: Record<string, string> }[] = [];
  const opposes = data.setup.opposes;
  if (opposes) {
    const origin = lookup(opposes.messageId);
    const args = { key: opposes.key, source: messageId };
    // A card this client cannot see (a blind roll) is still asked for: the GM checks it.
    if (!origin || !isDone(origin, actionToken(OPPOSITION, args, origin))) {
      out.push({ messageId: opposes.messageId, action: OPPOSITION, args });
    }
  }
  if (data.setup.initiative && !isDone(card, actionToken(INITIATIVE, {}, card))) {
    out.push({ messageId, action: INITIATIVE, args: {} });
  }
  return out;
}

/** Requests in flight from this client (a create and an update hook may both see the same resolved card). */
const inFlight = new Set<string>();

/**
 * A Trinités card appeared or changed: its follow-ups are requested once, by the roller's client when the roller is
 * connected (through the relay: the GM applies), otherwise by the active GM's.
 */
export async function onTrinitesMessage(message: ChatMessage.Implementation): Promise<void> {
  const card = readCard(message);
  if (!card || card.ruleset !== RULESET) return;
  const roller = game.users?.get(card.rollerId);
  // Every page of that user asks (a GM's two pages included): only requests, which the serving page runs once each
  // (card tokens), so a second page's ask answers "already"; nothing is written here.
  const mine = roller?.active ? roller.isSelf : Boolean(game.users?.activeGM?.isSelf);
  if (!mine) return;
  const lookup = (id: string) => {
    const m = game.messages?.get(id);
    return m ? readCard(m) : null;
  };
  for (const f of pendingFollowUps(message.id ?? "", card, lookup)) {
    const key = `${f.messageId}|${f.action}|${JSON.stringify(f.args)}`;
    if (inFlight.has(key)) continue;
    inFlight.add(key);
    try {
      await requestCardAction(f.messageId, f.action, f.args);
    } finally {
      inFlight.delete(key);
    }
  }
}

/** Whether this user answers for a targeted actor: its owner (a GM answers for anyone). */
export function canReactFor(uuid: string): boolean {
  if (game.user?.isGM) return true;
  const actor = fromUuidSync<Actor.Implementation>(uuid);
  return actor instanceof Actor && actor.isOwner;
}

/** The React click: the listener returns the roll's promise (browsers ignore it; callers and tests may await it). */
export function onReactClick(message: ChatMessage.Implementation, event: Event): Promise<void> | null {
  const target = event.target;
  if (!target || !("closest" in target)) return null;
  const button = (target as Element).closest<HTMLElement>("[data-trinites-react]");
  if (!button || button.hasAttribute("disabled")) return null;
  event.preventDefault();
  return rollReaction(message, button.dataset.trinitesReact ?? "");
}

function reactButtonListener(message: ChatMessage.Implementation, html: HTMLElement): void {
  html.addEventListener("click", (event) => onReactClick(message, event));
}

/** The card a reaction card answers, if it is one: its buttons change when a reaction is posted or deleted. */
function answeredMessageId(message: ChatMessage.Implementation): string | null {
  const card = readCard(message);
  return card?.ruleset === RULESET ? (readData(card).setup?.opposes?.messageId ?? null) : null;
}

export function registerTrinitesHooks(): void {
  // Each client renders a card for its user from the reactions posted against it (documents it reads itself).
  registerCardViewerContext(RULESET, (state, viewer) =>
    reactViewerContext(state, viewer, viewer.messageId ? answersTo(viewer.messageId) : new Map()),
  );
  registerCardButtonLock(RULESET, (_state, button, viewer) =>
    viewer.messageId ? damageLock(button, pendingAnswers(viewer.messageId)) : null,
  );
  Hooks.on("createChatMessage", (message) => {
    const answered = answeredMessageId(message);
    if (answered) rerenderMessage(answered);
    void onTrinitesMessage(message);
  });
  Hooks.on("deleteChatMessage", (message) => {
    const answered = answeredMessageId(message);
    if (answered) rerenderMessage(answered);
  });
  Hooks.on("updateChatMessage", (message) => void onTrinitesMessage(message));
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (readCard(message)?.ruleset === RULESET) reactButtonListener(message, html);
  });
}
