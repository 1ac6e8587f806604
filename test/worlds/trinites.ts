/**
 * The Trinités test world shared by the unit and attack tests (test/worlds/, one per rule set): the rule set
 * registered on the double as a world that plays it registers it (data models, combatant model, relay, chat hooks,
 * card models; on demand the card actions, the cards' hooks, damage and the real templates) with player clients;
 * Aelis (a Trinité, player1's), Brune (a human, player1's) and the Thug (a human, player2's), each created by the GM;
 * and the GM's combat they fight in. The rule set's init runs (`applyRuleset`): its seat relay, wound hooks and seat
 * watch are live, so a player's own wound write moves their character's seat in a fight (a test that needs a wound
 * with no such move writes it before the character joins the fight: `test/attacks/trinites-seat.test.ts`).
 */
import { settle, DoubleActor, asGM, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { DoubleCombat, addUser, installClients } from "../double/shared-core.ts";
import { registerCardAction, registerChatHooks } from "../../src/foundry/chat/index.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { applyRuleset } from "../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../src/foundry/ruleset.ts";
import { CombatantData } from "../../src/foundry/combat/model.ts";
import { QuintetteCombat, registerCombat, registerCombatBehaviour } from "../../src/foundry/combat/index.ts";
import { descriptor } from "../../src/foundry/trinites/ruleset.ts";
import { combatBehaviour } from "../../src/foundry/trinites/combat.ts";
import { CARD_ACTIONS } from "../../src/foundry/trinites/actions.ts";
import { damageAction, damageApplier } from "../../src/foundry/trinites/damage.ts";
import { registerDamage, registerDamageApplier } from "../../src/foundry/damage/index.ts";
import { registerTrinitesCardModels } from "../../src/foundry/trinites/card-model.ts";
import { registerTrinitesHooks } from "../../src/foundry/trinites/flow.ts";
import { useSystemTemplates } from "./templates.ts";

export interface TrinitesWorldOptions {
  /** The language of the lang files (default en). */
  lang?: "fr" | "en";
  /** The server's latency for every write (ms). */
  latency?: number;
  /** Register the card actions (the test cards' buttons and the damage button), as the world's runtime does. */
  cardActions?: boolean;
  /** The chat hooks of the test cards (reactions, follow-ups), as the world's runtime registers them. */
  flowHooks?: boolean;
  /** Render cards with the real templates (in the world's language). */
  realTemplates?: boolean;
  /** Aelis's system fields, replacing the world's at the top level. */
  aelis?: Record<string, unknown>;
  /** Aelis's player (default player1). */
  aelisOwner?: string;
  /** Brune's system fields. */
  brune?: Record<string, unknown>;
  /** The damage buttons' writer and the rule set's damage applier, as the world's runtime registers them. */
  damage?: boolean;
}

export interface TrinitesWorld {
  state: DoubleState;
  aelis: DoubleActor;
  brune: DoubleActor;
  thug: DoubleActor;
}

/** Aelis's system in the world: her spirits, three skills and two signs. */
export const AELIS = {
  deva: { value: 5, max: 6 },
  archonte: { value: 2, max: 2 },
  adam: { value: 4, max: 4 },
  competences: { melee: { base: 3 }, rapidite: { base: 4 }, esquive: { base: 2 } },
  signes: { belier: 2, capricorne: 1 },
};

/** Creates an actor as the GM does. */
export const createActor = (data: Record<string, unknown>) => asGM(() => DoubleActor.create(data, { keepId: true }));

/** A fresh double playing Trinités, with player2's client, and the three characters. */
export async function trinitesWorld(options: TrinitesWorldOptions = {}): Promise<TrinitesWorld> {
  const double = resetFoundryDouble({ lang: options.lang ?? "en" });
  const state = installClients(double, options.latency === undefined ? {} : { latency: options.latency });
  clearRulesets();
  registerRuleset(descriptor);
  state.CONFIG.Combatant.dataModels = { base: CombatantData };
  registerRelay();
  registerChatHooks();
  registerTrinitesCardModels();
  applyRuleset(descriptor);
  if (options.realTemplates) useSystemTemplates(options.lang ?? "en", ["trinites"]);
  if (options.cardActions) registerCardAction(...CARD_ACTIONS, damageAction);
  if (options.flowHooks) registerTrinitesHooks();
  if (options.damage) {
    registerDamage();
    registerDamageApplier("trinites", damageApplier);
  }
  addUser("player2");
  const aelis = await createActor({
    name: "Aelis",
    type: "trinite",
    ownership: { default: 0, [options.aelisOwner ?? "player1"]: 3 },
    system: { ...AELIS, ...options.aelis },
  });
  const brune = await createActor({
    name: "Brune",
    type: "humain",
    ownership: { default: 0, player1: 3 },
    ...(options.brune ? { system: options.brune } : {}),
  });
  const thug = await createActor({ name: "Thug", type: "humain", ownership: { default: 0, player2: 3 } });
  return { state, aelis, brune, thug };
}

/** A fighter of `trinitesFight`: its actor, or its actor with the seat the GM gives its combatant. */
export type Fighter = DoubleActor | { actor: DoubleActor; initiative?: number; phase?: string };

/**
 * The GM's combat (id `fight` unless `id`), the world's active one: each fighter a combatant under the given id
 * (default Aelis `cA` and the Thug `cT`). Of the system's own document class (round and turn changes reach the
 * Trinités machine) unless `machine` is false (Foundry's own: the machine never runs). `round`: the GM sets it, then
 * the double's hooks settle.
 */
export async function trinitesFight(
  world: TrinitesWorld,
  options: { fighters?: Record<string, Fighter>; round?: number; machine?: boolean; id?: string } = {},
): Promise<DoubleCombat> {
  if (options.machine !== false) {
    registerCombat(() => "trinites");
    registerCombatBehaviour("trinites", combatBehaviour);
  }
  const fighters = options.fighters ?? { cA: world.aelis, cT: world.thug };
  const CombatClass = options.machine === false ? DoubleCombat : (QuintetteCombat as unknown as typeof DoubleCombat);
  const combat = await asGM(() => CombatClass.create({ _id: options.id ?? "fight" }, { keepId: true }));
  await asGM(() =>
    combat.createEmbeddedDocuments(
      "Combatant",
      Object.entries(fighters).map(([id, f]) => {
        const { actor, initiative, phase } = f instanceof DoubleActor ? { actor: f } : f;
        return {
          _id: id,
          name: actor.name,
          actorId: actor.id,
          ...(initiative === undefined ? {} : { initiative }),
          ...(phase === undefined ? {} : { system: { phase } }),
        };
      }),
      { keepId: true },
    ),
  );
  world.state.game.combats.set(combat.id, combat);
  Object.assign(world.state.game, { combat });
  // A runaway machine would call nextRound forever: count, and stop the test loudly past a few rounds.
  const next = combat.nextRound.bind(combat);
  combat.nextRound = async () => {
    if (combat.round > 5) throw new Error("rounds run away");
    return next();
  };
  if (options.round !== undefined) {
    const round = options.round;
    await asGM(() => combat.update({ round }));
    await settle();
  }
  return combat;
}
