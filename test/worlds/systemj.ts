/**
 * The SYSTEMJ test world shared by the unit, scene and attack tests (test/worlds/, one per rule set): the models, cards, relay, damage, settings,
 * combat and Chronoste registered on the double with player clients; scripted d100 faces; Aude (player1's
 * personnage, a sword and leather), Brin (player2's, the same) and the GM's bear; a fight card posted as a roller
 * would post it, and the combat of the action phase.
 */
import { descriptor as systemjDescriptor } from "../../src/foundry/systemj/ruleset.ts";
import { clearRulesets, registerRuleset } from "../../src/foundry/ruleset.ts";
import { vi } from "vitest";
import { DoubleActor, asGM, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { chooseDice, emptyTray, facesLeft, trayFaces } from "../double/dice.ts";
import { DoubleChatMessage, DoubleCombat, addUser, asClient, installClients } from "../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../src/foundry/chat/index.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerDamage } from "../../src/foundry/damage/index.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import type { systemj } from "../../src/rules/index.ts";
import { CARD_ACTIONS } from "../../src/foundry/systemj/actions.ts";
import { exchangeCard, readExchange } from "../../src/foundry/systemj/cards.ts";
import { startExchange } from "../../src/foundry/systemj/exchange.ts";
import { ITEM_MODELS, SystemJCreatureModel, SystemJPersonnageModel } from "../../src/foundry/systemj/models.ts";
import { testData } from "../../src/foundry/systemj/tests.ts";
import { registerSystemJCombat } from "../../src/foundry/systemj/combat.ts";
import { registerChronoste } from "../../src/foundry/systemj/chronoste.ts";
import { registerExchangeStore } from "../../src/foundry/systemj/exchange-store.ts";
import { registerRoundBinding } from "../../src/foundry/systemj/binding.ts";
import { registerCoreSettings } from "../../src/foundry/settings/index.ts";
import { applyRuleset } from "../../src/foundry/data/register.ts";
import { registerSystemJSettings } from "../../src/foundry/systemj/settings.ts";
import { registerSystemJCardModels } from "../../src/foundry/systemj/card-model.ts";
import { answerTestDialogs, type DialogAnswers } from "../unit/systemj/dialog-answer.ts";
import { cardOf } from "../cards.ts";

export const attributes = { FOR: 60, RES: 50, AGI: 70, RAP: 74, INT: 40, PER: 45, CHA: 30 };

/** The sword every personnage holds by default. */
export const SWORD = {
  _id: "epee",
  name: "Épée",
  type: "sj-arme",
  system: { equipped: true, def: 8, damage: "1d8", family: "corpsACorps" },
};

/** A personnage owned by `owner`: by default with leather (2 armour points) and a sword in hand. */
export const personnage = (
  id: string,
  name: string,
  owner: string,
  system: Record<string, unknown> = {},
  items: object[] = [
    { _id: "cuir", name: "Cuir", type: "sj-armure", system: { equipped: true, armourPoints: 2 } },
    SWORD,
  ],
) => ({
  _id: id,
  name,
  type: "sj-personnage",
  ownership: { default: 0, [owner]: 3 },
  system: { attributes, hitPoints: { value: 15, max: 15 }, armourPoints: { value: 2, max: 2 }, ...system },
  items,
});

/** The GM's créature `id` (by default the bear of the world, with its thick hide: 3 armour points). */
export const creature = (
  id = "ours",
  system: Record<string, unknown> = {
    attributes: { FOR: 80, RES: 70, AGI: 45, RAP: 60, INT: 10, PER: 20, CHA: 30 },
    hitPoints: { value: 22, max: 22 },
    armourPoints: { value: 3, max: 3 },
    skills: { detection: 70 },
  },
  items: object[] = [
    { _id: "peau", name: "Cuir épais", type: "sj-armure", system: { equipped: true, armourPoints: 3 } },
  ],
) => ({ _id: id, name: "Ours", type: "creature", system, items });

/** The GM creates `data` (a `personnage` or a `creature`) with its ids. */
export const create = (data: Record<string, unknown>) => asGM(() => DoubleActor.create(data, { keepId: true }));

interface World<A> {
  state: DoubleState;
  aude: A;
  brin: A;
  ours: A;
  dialogs: DialogAnswers;
}
export type SystemJWorld = World<DoubleActor>;

/** The d100 (or damage) faces the next rolls read, in order, in the double's tray; a roll with none left throws. */
export function dice(...next: number[]): void {
  emptyTray();
  chooseDice(...next);
}

/** Faces scripted and not yet rolled. */
export { facesLeft };
/** Those faces, in order. */
export const facesQueued = () => trayFaces();

export const card = (m: DoubleChatMessage) => cardOf(m) as CardState;
export const exchangeOf = (m: DoubleChatMessage) => readExchange(card(m));

export interface SystemJWorldOptions {
  lang?: string;
  /**
   * Register the rule set as the system's entry does (core settings, the world's rule set chosen by the GM,
   * `applyRuleset`: data models with their entry points, sheets, card actions, its init) instead of piece by piece.
   */
  entry?: boolean;
  /** Create Aude, Brin and the bear (default); without, the world has no actor and the fields below are null. */
  cast?: boolean;
}

/** A fresh double playing SYSTEMJ: everything a world's runtime registers, and the three fighters (unless `cast: false`). */
export async function systemjWorld(options: { cast: false } & SystemJWorldOptions): Promise<World<null>>;
export async function systemjWorld(options?: SystemJWorldOptions): Promise<SystemJWorld>;
export async function systemjWorld(options: SystemJWorldOptions = {}): Promise<World<DoubleActor | null>> {
  const state = installClients(resetFoundryDouble({ lang: options.lang ?? "fr" }));
  // The registry knows the rule set: sheets' roll buttons reach its `api` through it (src/foundry/api/rolls.ts).
  clearRulesets();
  registerRuleset(systemjDescriptor);
  if (options.entry) {
    registerCoreSettings();
    await asGM(() => state.game.settings.set("quintette", "ruleset", "systemj"));
    registerRelay();
    registerChatHooks();
    registerDamage();
    // As init orders it: the shared card hooks (which start from no card action), then the rule set's.
    applyRuleset(systemjDescriptor);
  } else {
    // Keyed by the declared types only in fvtt-types 14.x: filled like the registry does (docs/architecture.md).
    Object.assign(CONFIG.Actor.dataModels, { "sj-personnage": SystemJPersonnageModel, creature: SystemJCreatureModel });
    Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
    registerRelay();
    registerSystemJCardModels();
    registerChatHooks();
    registerDamage();
    registerCardAction(...CARD_ACTIONS);
    registerSystemJSettings();
    registerSystemJCombat();
    registerChronoste();
    registerExchangeStore();
    registerRoundBinding();
  }
  // Follow-up tests open the test dialog on the clicking client; honest clicks roll at its defaults.
  const dialogs = answerTestDialogs();
  addUser("player2");
  if (options.cast === false) return { state, aude: null, brin: null, ours: null, dialogs };
  const aude = await create(personnage("aude", "Aude", "player1", { skills: { dissimulation: 55 } }));
  const brin = await create(personnage("brin", "Brin", "player2"));
  const ours = await create(creature());
  return { state, aude, brin, ours, dialogs };
}

/** Restores what a world's test mocked (the dialog answers). */
export const restoreWorld = () => vi.restoreAllMocks();

/**
 * A fight card as its roller posts it from their own client (the server sets the author): `attacker` on `defender`
 * with the first test's roll against `score`. The attacker swings the sword if it holds one, else bare hands.
 */
export async function postFight(
  roller: string,
  attacker: DoubleActor,
  defender: DoubleActor,
  options: { mode?: systemj.AttackMode; roll: number; score: number; canParry?: boolean },
): Promise<DoubleChatMessage> {
  const armed = attacker.type === "sj-personnage";
  const sword = { name: "Épée", damage: "1d8", family: "corpsACorps" };
  const hands = { name: "", damage: "1d3", family: "corpsACorps" };
  const data = startExchange({
    mode: options.mode ?? "meleeForce",
    attacker: { uuid: attacker.uuid, name: attacker.name },
    defender: { uuid: defender.uuid, name: defender.name },
    weapon: armed ? sword : hands,
    counterWeapon: defender.type === "sj-personnage" ? sword : hands,
    first: testData("x", options.score, 0, options.roll),
    gear: { canParry: options.canParry ?? false, canBlock: false },
  });
  const state = exchangeCard(roller, { uuid: attacker.uuid, name: attacker.name, img: null }, data);
  return asClient(roller, () => DoubleChatMessage.create({ author: roller, flags: { quintette: { card: state } } }));
}

/**
 * The GM's combat `fight` (by default of Aude and the bear, combatants `ca` and `co`; `round` when given), the
 * world's active combat.
 */
export async function fightCombat(
  state: DoubleState,
  options: { combatants?: { _id: string; name: string; actorId: string }[]; round?: number } = {},
): Promise<DoubleCombat> {
  const c = await asGM(() =>
    DoubleCombat.create({ _id: "fight", ...(options.round ? { round: options.round } : {}) }, { keepId: true }),
  );
  const combatants = options.combatants ?? [
    { _id: "ca", name: "Aude", actorId: "aude" },
    { _id: "co", name: "Ours", actorId: "ours" },
  ];
  await asGM(() => c.createEmbeddedDocuments("Combatant", combatants, { keepId: true }));
  state.game.combats.set(c.id, c);
  Object.assign(state.game, { combat: c });
  return c;
}
