/**
 * The Ahill-Mach test world shared by the unit and attack tests (test/worlds/, one per rule set): the data models,
 * cards, relay and the shared damage path registered on the double with player clients; Ysolde (player1's
 * personnage: Tailler en pièces, Salve, an axe and a métier) and the GM's guard, an opposant of fortune. A roll is
 * made as a player makes it: on their client, through the rule set's own roll path, with scripted dice.
 */
import { expect } from "vitest";
import { descriptor as ahillmachDescriptor } from "../../src/foundry/ahillmach/ruleset.ts";
import { clearRulesets, registerRuleset } from "../../src/foundry/ruleset.ts";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { addUser, asClient, installClients, type DoubleChatMessage } from "../double/shared-core.ts";
import { registerChatHooks, registerCardAction } from "../../src/foundry/chat/index.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerDamage, registerDamageApplier } from "../../src/foundry/damage/index.ts";
import type { CardState } from "../../src/foundry/chat/types.ts";
import {
  ActionModel,
  EquipementModel,
  MetierModel,
  OpposantModel,
  PersonnageModel,
} from "../../src/foundry/ahillmach/models.ts";
import { CARD_ACTIONS } from "../../src/foundry/ahillmach/actions.ts";
import { damageApplier } from "../../src/foundry/ahillmach/damage.ts";
import { performRoll, personnageSource } from "../../src/foundry/ahillmach/rolling.ts";
import { CombatantData } from "../../src/foundry/combat/model.ts";
import { chooseDice, facesLeft } from "../double/dice.ts";
import { cardOf } from "../cards.ts";
import { registerConflictWatch } from "../../src/foundry/ahillmach/conflict-watch.ts";
import { useSystemTemplates } from "./templates.ts";

/** The Ahill-Mach data models, keyed as the registry fills them (docs/architecture.md). */
export function registerAhillMachModels(): void {
  Object.assign(CONFIG.Actor.dataModels, { personnage: PersonnageModel, opposant: OpposantModel });
  Object.assign(CONFIG.Item.dataModels, {
    "am-action": ActionModel,
    "am-equipement": EquipementModel,
    "am-metier": MetierModel,
  });
}

export const stored = (m: DoubleChatMessage) => cardOf(m) as CardState;
const asActor = (a: DoubleActor) => a as unknown as Actor.Implementation;

/** Ysolde's attack move and axe. */
export const TAILLE = {
  _id: "taille",
  name: "Tailler en pièces",
  type: "am-action",
  system: { moveId: "taillerEnPieces" },
};
export const HACHE = {
  _id: "hache",
  name: "Hache",
  type: "am-equipement",
  system: { kind: "arme", damageDie: "8", bonus: 1 },
};
/** Ysolde's moves and gear by default. */
export const HERO_ITEMS = [
  TAILLE,
  { _id: "salve", name: "Salve", type: "am-action", system: { moveId: "salve" } },
  HACHE,
  { _id: "forge", name: "Forgeron", type: "am-metier", system: { mastery: 2 } },
];

export interface AhillMachWorldOptions {
  lang?: string;
  /** Render cards with the real templates (in `lang`). */
  templates?: boolean;
  /** Users besides the GM and player1 (default: player2). */
  players?: string[];
  /** Create Ysolde and the guard (default); without, the world has no actor and both fields are null. */
  cast?: boolean;
  /** Ysolde's system fields over the defaults, and her items instead of `HERO_ITEMS`. */
  hero?: { system?: Record<string, unknown>; items?: object[] };
}

interface World<A> {
  state: DoubleState;
  hero: A;
  brute: A;
}
export type AhillMachWorld = World<DoubleActor>;

/** A fresh double playing Ahill-Mach: its cards and damage path, and Ysolde and the guard (unless `cast: false`). */
export async function ahillmachWorld(options: { cast: false } & AhillMachWorldOptions): Promise<World<null>>;
export async function ahillmachWorld(options?: AhillMachWorldOptions): Promise<AhillMachWorld>;
export async function ahillmachWorld(options: AhillMachWorldOptions = {}): Promise<World<DoubleActor | null>> {
  const lang = options.lang ?? "fr";
  const state = installClients(resetFoundryDouble({ lang }));
  if (options.templates) useSystemTemplates(lang, ["ahillmach"]);
  registerAhillMachModels();
  Object.assign(CONFIG.Combatant.dataModels, { base: CombatantData });
  registerRelay();
  registerChatHooks();
  registerDamage();
  registerDamageApplier("ahillmach", damageApplier);
  registerCardAction(...CARD_ACTIONS);
  registerConflictWatch();
  // The registry knows the rule set: sheets' roll buttons reach its `api` through it (src/foundry/api/rolls.ts).
  clearRulesets();
  registerRuleset(ahillmachDescriptor);
  for (const user of options.players ?? ["player2"]) addUser(user);
  if (options.cast === false) return { state, hero: null, brute: null };
  const hero = await asGM(() =>
    DoubleActor.create(
      {
        _id: "ysolde0000000000",
        name: "Ysolde",
        type: "personnage",
        ownership: { default: 0, player1: 3 },
        system: {
          characteristics: { for: 2, dex: 1, con: 1, int: 1, mys: 1, aur: -1 },
          creation: "libre",
          penchant1: "Impétueux",
          ...options.hero?.system,
        },
        items: options.hero?.items ?? HERO_ITEMS,
      },
      { keepId: true },
    ),
  );
  const brute = await asGM(() =>
    DoubleActor.create(
      {
        _id: "garde00000000000",
        name: "Garde",
        type: "opposant",
        system: { tier: "fortune", protection: 1, mental: -1, hp: { value: 6 } },
      },
      { keepId: true },
    ),
  );
  return { state, hero, brute };
}

/**
 * `user` rolls `who`'s move (the `item`, or a characteristic with `kind: "characteristic"`) from their client with
 * the dialog's `values`; the dice show `faces`, all of which the roll must read. `characteristic`: the one the roll's
 * source is opened on (the dialog's choice), else the move's own.
 */
export async function rollAs(
  user: string,
  who: DoubleActor,
  values: Record<string, unknown>,
  faces: number[],
  options: { item?: string; kind?: "move" | "characteristic"; characteristic?: string | null } = {},
): Promise<DoubleChatMessage> {
  chooseDice(...faces);
  const item = options.item ? (who.items.get(options.item) as unknown as Item.Implementation) : null;
  const src = personnageSource(asActor(who), options.kind ?? "move", {
    item,
    characteristic: (options.characteristic ?? null) as never,
  });
  const message = await asClient(user, () =>
    performRoll(asActor(who), src, { values: values as never, rollMode: "publicroll" }),
  );
  expect(facesLeft()).toBe(0);
  return message as unknown as DoubleChatMessage;
}
