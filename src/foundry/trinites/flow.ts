/**
 * The client side of a Trinités test: the dialog, the roll, the card. Also the chat hooks: the "react" buttons of a
 * card (an opponent answers with its own test) and the GM-side forwarding of resolved reactions and initiative.
 */
import { trinites as T } from "../../rules/index.ts";
import { postCard } from "../chat/post.ts";
import { readCard } from "../chat/flags.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import { forwardReaction } from "./actions.ts";
import { buildTestCard, readData, type TestSetup } from "./card.ts";
import { applyInitiativeCard, seatOf, shiftUpdate } from "./combat.ts";
import { setupFrom, testDialogConfig, type DialogPreset, type RollerView, type WeaponView } from "./dialog.ts";
import { HumainModel, TriniteModel, WeaponModel } from "./models.ts";
import { TrinitesRoll } from "./roll.ts";

/** What the dialog and the card need of an actor, or null for an actor of another rule set. */
export function rollerOf(actor: Actor.Implementation): RollerView | null {
  const system = actor.system;
  if (!(system instanceof TriniteModel) && !(system instanceof HumainModel)) return null;
  const derived = system.derived;
  return {
    name: actor.name ?? "",
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
  return { name: item.name ?? "", damage: system.degats, skill, swordKind: system.swordKind, area: system.zone };
}

function currentTargets(): TestSetup["targets"] {
  const tokens = game.user?.targets ?? new Set();
  const out: TestSetup["targets"] = [];
  for (const token of tokens) {
    const actor = token.actor;
    if (actor && !out.some((t) => t.uuid === actor.uuid))
      out.push({ uuid: actor.uuid, name: token.name ?? actor.name ?? "" });
  }
  return out;
}

export interface RollRequest extends DialogPreset {
  opposes?: TestSetup["opposes"];
  initiative?: boolean;
  combat?: { combatId: string; combatantId: string } | null;
}

/** Opens the dialog, rolls, posts the card. Resolves with the message, or null when the dialog was closed. */
export async function rollTest(
  actor: Actor.Implementation,
  request: RollRequest = {},
): Promise<ChatMessage.Implementation | null> {
  const roller = rollerOf(actor);
  if (!roller) return null;
  const chosen = await RollDialog.prompt(testDialogConfig(roller, request));
  if (!chosen) return null;
  let setup: TestSetup;
  try {
    setup = setupFrom(roller, chosen.values, request, {
      rollerId: game.user?.id ?? "",
      targets: request.opposes || request.initiative ? [] : currentTargets(),
      opposes: request.opposes ?? null,
      initiative:
        request.initiative && request.combat
          ? { ...request.combat, surprised: chosen.values.surprised === true }
          : null,
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
    speaker: ChatMessage.getSpeaker({ actor }),
    rollMode: chosen.rollMode as ChatMessage.PassableRollMode,
  });
  return message ?? null;
}

/** An opponent answers a card's test: the owner of the targeted actor rolls a reaction. */
export async function rollReaction(message: ChatMessage.Implementation, targetUuid: string): Promise<void> {
  const actor = await fromUuid<Actor.Implementation>(targetUuid);
  if (!actor || !(actor instanceof Actor) || !actor.isOwner) {
    ui.notifications?.warn(game.i18n?.localize("QUINTETTE.Trinites.Card.NotYourTarget") ?? "");
    return;
  }
  await rollTest(actor, {
    skill: "esquive",
    reaction: true,
    opposes: { messageId: message.id ?? "", key: targetUuid },
  });
}

/** A resolved Trinités card changed or appeared: forward reactions and initiative (GM's client only). */
export async function onTrinitesMessage(message: ChatMessage.Implementation): Promise<void> {
  const card = readCard(message);
  if (!card || card.ruleset !== "trinites" || !game.users?.activeGM?.isSelf) return;
  const data = readData(card);
  if (!data.result) return;
  if (data.setup.opposes) await forwardReaction(message);
  if (data.setup.initiative) await applyInitiativeCard(card);
}

function reactButtonListener(message: ChatMessage.Implementation, html: HTMLElement): void {
  html.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const button = target.closest<HTMLElement>("[data-trinites-react]");
    if (!button) return;
    event.preventDefault();
    void rollReaction(message, button.dataset.trinitesReact ?? "");
  });
}

const boundTrackers = new WeakSet<HTMLElement>();

/** The tracker part's shift buttons: ±3 for the GM, waiting (−1) for the acting combatant's owner. */
async function onShiftClick(button: HTMLElement): Promise<void> {
  const combat = game.combat as Combat.Implementation | null;
  const id = button.closest<HTMLElement>("[data-combatant-id]")?.dataset.combatantId ?? "";
  const combatant = combat?.combatants.get(id);
  const delta = Number(button.dataset.trinitesShift);
  if (!combat || !combatant || !Number.isInteger(delta)) return;
  const seat = seatOf(combatant);
  const waiting = delta === -1 && seat.acting && combatant.isOwner;
  if (!game.user?.isGM && !waiting) return;
  const update = shiftUpdate(seat, delta);
  if (update) await combat.updateEmbeddedDocuments("Combatant", [update]);
}

function bindTracker(html: HTMLElement): void {
  if (boundTrackers.has(html)) return;
  boundTrackers.add(html);
  html.addEventListener("click", (event) => {
    const target = event.target;
    const button = target instanceof Element ? target.closest<HTMLElement>("[data-trinites-shift]") : null;
    if (!button) return;
    event.preventDefault();
    void onShiftClick(button);
  });
}

export function registerTrinitesHooks(): void {
  Hooks.on("renderCombatTracker", (_app, html) => {
    if (html instanceof HTMLElement) bindTracker(html);
  });
  Hooks.on("createChatMessage", (message) => void onTrinitesMessage(message));
  Hooks.on("updateChatMessage", (message) => void onTrinitesMessage(message));
  Hooks.on("renderChatMessageHTML", (message, html) => {
    if (readCard(message)?.ruleset === "trinites") reactButtonListener(message, html);
  });
}
