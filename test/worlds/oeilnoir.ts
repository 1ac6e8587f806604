/**
 * The L'Œil Noir test world shared by the unit and attack tests (test/worlds/, one per rule set): a GM and player1
 * (Alrik's player) on the double, the real templates, the relay, the card models and actions, damage, scripted dice
 * and the defence and rescue dialogs answered; Alrik (héros, sword and long mail, player1's), an orc (adversaire, the GM's),
 * Bruna (player2's héros). Each test changes what it needs through `setupWorld`'s options; `setupWorld` in
 * `beforeEach` (or in the test), `teardownWorld` in `afterEach`.
 */
import { DoubleActor, asGM, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { chooseDice, emptyTray, rolledFormulas, rolledRolls } from "../double/dice.ts";
import { DoubleCombat, addUser, asClient, installClients, type DoubleChatMessage } from "../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../src/foundry/chat/index.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerDamage, registerDamageApplier } from "../../src/foundry/damage/index.ts";
import { oeilNoirDamage } from "../../src/foundry/oeilnoir/damage.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import { ACTOR_MODELS, ITEM_MODELS, type AdversaireModel, type HerosModel } from "../../src/foundry/oeilnoir/models.ts";
import { OEILNOIR_CARD_ACTIONS, setRescuePrompt } from "../../src/foundry/oeilnoir/actions.ts";
import { performAttack } from "../../src/foundry/oeilnoir/launch.ts";
import { requestCardAction } from "../../src/foundry/chat/actions.ts";
import { duelOf } from "../../src/foundry/oeilnoir/duel.ts";
import { setDefencePrompt } from "../../src/foundry/oeilnoir/defence-prompt.ts";
import type { RollDialogConfig } from "../../src/foundry/dialog/inputs.ts";
import { QuintetteCombat, registerCombat, registerCombatBehaviour } from "../../src/foundry/combat/index.ts";
import { oeilNoirCombat } from "../../src/foundry/oeilnoir/combat.ts";
import { cardOf } from "../cards.ts";
import { registerOeilNoirCardModels } from "../../src/foundry/oeilnoir/card-model.ts";
import { useSystemTemplates } from "./templates.ts";

export interface World {
  state: DoubleState;
  alrik: DoubleActor;
  orc: DoubleActor;
  bruna: DoubleActor;
}

/** The defence dialogs opened (parry, dodge), and the answer the next one gives (null: cancelled). */
export const defenceDialogs: RollDialogConfig[] = [];
let defenceAnswer: { modifier?: number; adjust?: number } | null = {};

/** The defender's answer to its next dialogs (default: no modifier). */
export function answerDefence(answer: { modifier?: number; adjust?: number } | null): void {
  defenceAnswer = answer;
}

/** Answers the defence dialog as its user would: the given modifiers, none by default. */
export function installDefencePrompt(): void {
  defenceDialogs.length = 0;
  defenceAnswer = {};
  setDefencePrompt(async (config) => {
    defenceDialogs.push(config);
    if (!defenceAnswer) return null;
    const values: Record<string, number> = { modifier: defenceAnswer.modifier ?? 0 };
    if (config.inputs.some((i) => i.name === "adjust")) values.adjust = defenceAnswer.adjust ?? 0;
    return { values, rollMode: "publicroll" };
  });
}
/** The rescue dialogs opened (a healer's Heilkunde test), and the answer the next one gives (null: cancelled). */
export const rescueDialogs: RollDialogConfig[] = [];
let rescueAnswer: { skill?: number; modifier: number } | null = { modifier: 0 };

/** The healer's answer to its next rescue dialogs (default: the skill the dialog offers, no modifier). */
export function answerRescue(answer: { skill?: number; modifier: number } | null): void {
  rescueAnswer = answer;
}

/** Answers the rescue dialog as its user would: the offered skill and no modifier, unless `answerRescue` said. */
export function installRescuePrompt(): void {
  rescueDialogs.length = 0;
  rescueAnswer = { modifier: 0 };
  setRescuePrompt(async (config) => {
    rescueDialogs.push(config);
    if (!rescueAnswer) return null;
    const initial = config.inputs.find((i) => i.name === "skill")?.initial;
    return {
      values: { skill: rescueAnswer.skill ?? Number(initial), modifier: rescueAnswer.modifier },
      rollMode: "publicroll",
    };
  });
}

/** Every formula rolled, in order (the double's dice). */
export const rolled = rolledFormulas;
/** The target each roll carried (D20 tests), in order. */
export const targets = (): unknown[] => rolledRolls.map((r) => r.options.target);

/** Scripted dice: the faces of each roll, in order, in the double's tray (replacing any left). */
export function dice(...rolls: number[][]): void {
  emptyTray();
  chooseDice(...rolls.flat());
}

export const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
export const duel = (m: DoubleChatMessage) => duelOf(stored(m));
export const herosOf = (a: DoubleActor) => a.system as unknown as HerosModel & { derived: { status: string } };
export const adversaireOf = (a: DoubleActor) => a.system as unknown as AdversaireModel;

export const SWORD = {
  _id: "epee",
  name: "Épée",
  type: "on-arme-melee",
  system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 }, breakage: 1 },
};
export const MAIL = { _id: "maille", name: "Chemise de mailles longue", type: "on-armure", system: { pr: 4, enc: 4 } };

/** What a test changes in one of the world's actors: top-level system fields replaced, the items instead. */
export interface ActorPatch {
  system?: Record<string, unknown>;
  items?: Record<string, unknown>[];
}

export interface WorldOptions {
  /** The language of the lang files and templates (default fr). */
  lang?: "fr" | "en";
  /** Alrik's changes (default: his sword and his long mail). */
  alrik?: ActorPatch;
  /** Bruna's changes (default: no items). */
  bruna?: ActorPatch;
  /** The orc's changes. */
  orc?: ActorPatch;
}

/** A héros' source data as its player's character (owner level 3 for `owner`, none for the others). */
export function herosData(
  id: string,
  name: string,
  owner: string,
  system: Record<string, unknown>,
  items: Record<string, unknown>[] = [],
) {
  return { _id: id, name, type: "heros", ownership: { default: 0, [owner]: 3 }, system, items };
}

const patched = (data: ReturnType<typeof herosData>, patch: ActorPatch = {}) => ({
  ...data,
  system: { ...data.system, ...patch.system },
  items: patch.items ?? data.items,
});

/** Alrik's source data, player1's héros: with `patch` applied. */
export const alrikData = (patch: ActorPatch = {}) =>
  patched(
    herosData(
      "alrik",
      "Alrik",
      "player1",
      {
        qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
        ev: { value: 30, max: 30 },
        volonte: 12,
        skills: { epees: { points: 10, toAttack: 6 } },
      },
      [SWORD, MAIL],
    ),
    patch,
  );

/** Alrik as a document no server holds (model and view tests that need no world). */
export const alrikDocument = (patch: ActorPatch = {}) => new DoubleActor(alrikData(patch));

/** Creates an actor as the GM does (keeping its id). */
export const createActor = (data: Record<string, unknown>) => asGM(() => DoubleActor.create(data, { keepId: true }));

/** A fresh world with everything the rule set's runtime registers for a duel, and its three actors. */
export async function setupWorld(options: WorldOptions = {}): Promise<World> {
  const lang = options.lang ?? "fr";
  const state = installClients(resetFoundryDouble({ lang }));
  useSystemTemplates(lang, ["oeilnoir"]);
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
  registerRelay();
  registerChatHooks();
  registerOeilNoirCardModels();
  registerDamage();
  registerDamageApplier("oeilnoir", oeilNoirDamage);
  registerCardAction(...OEILNOIR_CARD_ACTIONS);
  installDefencePrompt();
  installRescuePrompt();
  const alrik = await createActor(alrikData(options.alrik));
  const orc = await createActor({
    _id: "orc",
    name: "Orc",
    type: "adversaire",
    system: {
      at: 12,
      prd: 9,
      iniBase: 9,
      pi: { dice: 1, bonus: 4 },
      pr: 2,
      cn: 14,
      ev: { value: 28, max: 28 },
      volonte: 8,
      ...options.orc?.system,
    },
    items: options.orc?.items ?? [],
  });
  const bruna = await createActor(
    patched(
      herosData("bruna", "Bruna", "player2", {
        qualities: { CO: 12, IN: 14, AG: 12, FO: 11, DE: 13, CN: 12 },
        ev: { value: 28, max: 28 },
      }),
      options.bruna,
    ),
  );
  return { state, alrik, orc, bruna };
}

export function teardownWorld(): void {
  setDefencePrompt(null);
  setRescuePrompt(null);
}

/** Adds a player (player2 plays Bruna when given her). */
export function player(id: string, character?: DoubleActor): void {
  const user = addUser(id);
  if (character) Object.assign(user, { character });
}

/** An attack from the sheet's path (no dialog values): Alrik with his sword, an adversaire with its own attack. */
export async function attack(
  by: DoubleActor,
  target: DoubleActor | null,
  user = "player1",
  options: { values?: object; weaponId?: string | null } = {},
): Promise<DoubleChatMessage> {
  const weaponId = options.weaponId !== undefined ? options.weaponId : by.id === "alrik" ? "epee" : null;
  const m = await asClient(user, () =>
    performAttack(by as never, {
      weaponId,
      target: target as never,
      ...(options.values ? { values: options.values as never } : {}),
    }),
  );
  return m as unknown as DoubleChatMessage;
}

/**
 * The orc's blow that takes Alrik down, played at the table: the orc's attack (2, a hit) by `user`, Alrik's player
 * takes it unparried, the GM rolls the damage (6 on the die), Alrik's player applies it (3 on the time-left die if
 * he is left dying). Returns the duel card.
 */
export async function orcStrikesAlrik(world: Pick<World, "alrik" | "orc">, user = "gm"): Promise<DoubleChatMessage> {
  dice([2]);
  const m = await attack(world.orc, world.alrik, user);
  await asClient("player1", () => requestCardAction(m.id, "oeilnoir.noParry"));
  dice([6]);
  await asClient("gm", () => requestCardAction(m.id, "oeilnoir.damage"));
  dice([3]);
  await asClient("player1", () => requestCardAction(m.id, "oeilnoir.applyHit"));
  return m;
}

/** A combatant of `inCombat`: an actor's (id `c-<actor id>`), or a row with no actor (its own id and name). */
export type FighterEntry =
  | { actor: DoubleActor; initiative: number | null; flags?: Record<string, unknown> }
  | { id: string; name: string; initiative: number | null; flags?: Record<string, unknown> };

/**
 * A running combat with these fighters (GM-created), resolved by uuid like the world's documents. `tracked`: the
 * system's own Combat class (turns with the rule set's second actions), registered for L'Œil Noir. `round`: the
 * round it is in before its combatants join.
 */
export async function inCombat(
  state: DoubleState,
  entries: FighterEntry[],
  options: { tracked?: boolean; round?: number; id?: string } = {},
): Promise<DoubleCombat> {
  if (options.tracked) {
    registerCombat(() => "oeilnoir");
    registerCombatBehaviour("oeilnoir", oeilNoirCombat);
  }
  const CombatClass = options.tracked ? (QuintetteCombat as unknown as typeof DoubleCombat) : DoubleCombat;
  const combat = new CombatClass({ _id: options.id ?? "fight" });
  if (options.round !== undefined) combat.round = options.round;
  const idOf = (e: FighterEntry) => ("actor" in e ? `c-${e.actor.id}` : e.id);
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      entries.map((e) => ({
        _id: idOf(e),
        name: "actor" in e ? e.actor.name : e.name,
        ...("actor" in e ? { actorId: e.actor.id } : {}),
        initiative: e.initiative,
        ...(e.flags ? { flags: e.flags } : {}),
      })),
      { keepId: true },
    ),
  );
  for (const e of entries) {
    const c = combat.combatants.get(idOf(e));
    if (c && "actor" in e) Object.defineProperty(c, "actor", { get: () => e.actor });
  }
  Object.assign(state.game, { combat });
  const resolve = globalThis.fromUuid;
  const byUuid = (uuid: string) => combat.combatants.contents.find((c) => c.uuid === uuid);
  Object.assign(globalThis, { fromUuid: async (uuid: string) => byUuid(uuid) ?? resolve(uuid as never) });
  return combat;
}

/** Gives an actor the statuses Foundry derives from its effects (prone…), settable by `toggleStatusEffect`. */
export function withStatuses(actor: DoubleActor): Set<string> {
  const statuses = new Set<string>();
  Object.assign(actor, {
    statuses,
    toggleStatusEffect: async (id: string, { active }: { active: boolean }) =>
      active ? statuses.add(id) : statuses.delete(id),
  });
  return statuses;
}
