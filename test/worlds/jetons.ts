/**
 * The Jetons test world shared by the question, sheet and attack tests (test/worlds/, one per rule set): the card models, relay, settings and card
 * actions registered on the double with player clients, the ledger's watch when a test wants it, archetype
 * characters the GM creates and gives to their players, and the question card driven to its bidding.
 */
import { expect } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, type DoubleState } from "../double/index.ts";
import { addUser, asClient, installClients, setLatency, type DoubleChatMessage } from "../double/shared-core.ts";
import { registerChatHooks } from "../../src/foundry/chat/index.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerCardAction } from "../../src/foundry/chat/actions.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { ArchetypeModel } from "../../src/foundry/jetons/models.ts";
import { CARD_ACTIONS, registerJetonsRelay } from "../../src/foundry/jetons/actions.ts";
import { askQuestion, autoReveal, sealBid, sendQuestionEvent } from "../../src/foundry/jetons/client.ts";
import {
  onCreateActorLedger,
  onCreateTokenLedger,
  onUpdateTokenLedger,
  onReadyLedger,
  onDeleteMessageLedger,
  onUpdateActorLedger,
} from "../../src/foundry/jetons/hooks.ts";
import { readQuestionData, type QuestionCardData } from "../../src/foundry/jetons/question-data.ts";
import { clearMemorySecrets } from "../../src/foundry/jetons/secrets.ts";
import { registerJetonsSettings } from "../../src/foundry/jetons/settings.ts";
import { registerJetonsCardModels } from "../../src/foundry/jetons/card-model.ts";
import { descriptor } from "../../src/foundry/jetons/ruleset.ts";
import { clearRulesets, registerRuleset } from "../../src/foundry/ruleset.ts";
import { registerCoreSettings } from "../../src/foundry/settings/index.ts";
import { applyRuleset } from "../../src/foundry/data/register.ts";
import { useSystemTemplates } from "./templates.ts";

export interface JetonsWorldOptions {
  lang?: string;
  /** Add player2 (a second player's client). */
  player2?: boolean;
  /** The server's latency for every write (ms). */
  latency?: number;
  /** Register the GM's ledger watch on actor creation and update (the world's runtime does). */
  ledgerWatch?: boolean;
  /** Render cards with the real templates (in the world's language). */
  realTemplates?: boolean;
}

/** A fresh double playing Jetons. */
export function jetonsWorld(options: JetonsWorldOptions = {}): DoubleState {
  const state = openWorld(options);
  registerJetonsCardModels();
  registerJetonsSettings();
  registerJetonsRelay();
  registerCardAction(...CARD_ACTIONS);
  state.CONFIG.Actor.dataModels.archetype = ArchetypeModel;
  return table(options, state);
}

/**
 * A fresh double playing Jetons registered as the system's entry does it (core settings, `applyRuleset`: the data
 * model with its entry points, the sheet, card actions, the rule set's init; the world's rule set chosen by the GM):
 * what the sheet tests need.
 */
export async function jetonsEntryWorld(options: JetonsWorldOptions = {}): Promise<DoubleState> {
  const state = openWorld(options);
  clearRulesets();
  registerCoreSettings();
  registerRuleset(descriptor);
  applyRuleset(descriptor);
  await asGM(() => state.game.settings.set("quintette", "ruleset", "jetons"));
  return table(options, state);
}

/** The double with its clients, the relay and the chat hooks. */
function openWorld(options: JetonsWorldOptions): DoubleState {
  const state = installClients(resetFoundryDouble({ lang: options.lang ?? "en" }));
  if (options.realTemplates) useSystemTemplates(options.lang ?? "en", ["jetons"]);
  clearMemorySecrets();
  registerRelay();
  registerChatHooks();
  return state;
}

/** The table's users and socket, and the ledger's watch, as `options` ask. */
function table(options: JetonsWorldOptions, state: DoubleState): DoubleState {
  if (options.player2) addUser("player2");
  if (options.latency) setLatency(options.latency);
  if (options.ledgerWatch) {
    Hooks.on("createActor", (a, o, u) => void onCreateActorLedger(a, o, u));
    Hooks.on("updateActor", (a, c, o, u) => void onUpdateActorLedger(a, c, o, u));
    Hooks.on("deleteChatMessage", onDeleteMessageLedger);
    Hooks.on("createToken", (t, o, u) => void onCreateTokenLedger(t, o, u));
    Hooks.on("updateToken", (t, c, o, u) => void onUpdateTokenLedger(t, c, o, u));
  }
  return state;
}

/** The GM reconciles the ledger as at its load. */
export const gmReady = () => asClient("gm", async () => onReadyLedger());

export type Trait = { name: string; points: number };
export const TWO_TRAITS: Trait[] = [
  { name: "Escrime", points: 2 },
  { name: "Acrobaties", points: 1 },
];

/** The GM creates an archetype (ACTOR_CREATE is an Assistant's right) and gives it to its player; 5 tokens. */
export function character(
  name: string,
  owner: string,
  system: Record<string, unknown> = {},
  options: { id?: string } = {},
): Promise<DoubleActor> {
  return asGM(() =>
    DoubleActor.create(
      {
        ...(options.id ? { _id: options.id } : {}),
        name,
        type: "archetype",
        ownership: { default: 0, [owner]: 3 },
        system: { archetype: "Elfe Éclaireur", traits: TWO_TRAITS, weakness: "Vertige", tokens: 5, ...system },
      },
      options.id ? { keepId: true } : {},
    ),
  );
}

/** The question card's data (a GM-written question card, else the test fails). */
export function questionData(m: DoubleChatMessage): QuestionCardData {
  const d = readQuestionData(readCard(m as never));
  if (!d) throw new Error("no question card");
  return d;
}

export interface Opposition {
  /** The traits the player ticks ("0,1"). */
  traits?: string;
  useAdvantage?: boolean;
  weakness?: boolean;
  extraConditions?: number;
}

/**
 * The player asks about their character (ticking `traits`), the GM opposes (the weakness and `extraConditions`):
 * with the defaults, traits 0 and 1 (3 points) against the weakness and one condition, pivot +1. Bidding is open.
 */
export async function toBidding(
  actor: DoubleActor,
  player: string,
  options: Opposition = {},
): Promise<DoubleChatMessage> {
  const m = (await asClient(player, () => askQuestion(actor as never))) as unknown as DoubleChatMessage;
  const asked = await asClient(player, () =>
    sendQuestionEvent(m.id, "joueur", {
      event: "ask",
      text: "Do I escape?",
      traits: options.traits ?? "0,1",
      useAdvantage: options.useAdvantage ?? false,
    }),
  );
  expect(asked.status).toBe("applied");
  const opposed = await asClient("gm", () =>
    sendQuestionEvent(m.id, "mj", {
      event: "oppose",
      strike: null,
      refuseAdvantage: false,
      conditions: "",
      weakness: options.weakness ?? true,
      extraConditions: options.extraConditions ?? 1,
      extraNegative: 0,
    }),
  );
  expect(opposed.status).toBe("applied");
  expect(questionData(m).question.status).toBe("bidding");
  return m;
}

/** Both seal their bids; the player's client sends its opening, and the GM's opens both together. */
export async function bidAndReveal(m: DoubleChatMessage, player: string, playerBid: number, gmBid: number) {
  expect((await asClient(player, () => sealBid(m.id, "joueur", playerBid))).status).toBe("applied");
  expect((await asClient("gm", () => sealBid(m.id, "mj", gmBid))).status).toBe("applied");
  await asClient(player, () => autoReveal(m as never));
  return questionData(m);
}
