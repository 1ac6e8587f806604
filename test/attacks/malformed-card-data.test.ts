/**
 * Malformed rule-set data (issue 12): any player can author a message whose card has the right shape (it passes the
 * shared validation) but whose `data` holds anything. For Ahill-Mach, Jetons and SYSTEMJ, every client's readers run
 * on it (the chat render hook, the tracker part, the rule set's message hooks) and the GM clicks every card action:
 * nothing throws (a bad card is logged and ignored, as the shared core does) and no document is written.
 */
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, settle } from "../double/index.ts";
import {
  DoubleChatMessage,
  DoubleCombat,
  addUser,
  asClient,
  chatLogOf,
  installClients,
} from "../double/shared-core.ts";
import { registerCardAction, registerChatHooks } from "../../src/foundry/chat/index.ts";
import { requestCardAction, type CardAction } from "../../src/foundry/chat/actions.ts";
import { readCard } from "../../src/foundry/chat/flags.ts";
import { registerRelay } from "../../src/foundry/relay/index.ts";
import { registerDamage } from "../../src/foundry/damage/index.ts";
import type { CombatBehaviour } from "../../src/foundry/combat/index.ts";
import type { CardState, JsonValue } from "../../src/foundry/chat/types.ts";
import { buildMoveCard } from "../../src/foundry/ahillmach/card.ts";
import { buildDamageCard } from "../../src/foundry/ahillmach/damage-card.ts";
import { CARD_ACTIONS as AM_ACTIONS } from "../../src/foundry/ahillmach/actions.ts";
import { combatBehaviour as amCombat } from "../../src/foundry/ahillmach/combat.ts";
import { CARD_ACTIONS as J_ACTIONS, registerJetonsRelay } from "../../src/foundry/jetons/actions.ts";
import { onRenderQuestion, onUpdateQuestion } from "../../src/foundry/jetons/client.ts";
import { newQuestionCard } from "../../src/foundry/jetons/question-card.ts";
import { registerJetonsSettings } from "../../src/foundry/jetons/settings.ts";
import { registerSystemJSettings } from "../../src/foundry/systemj/settings.ts";
import { CARD_ACTIONS as SJ_ACTIONS } from "../../src/foundry/systemj/actions.ts";
import { exchangeCard, revealCard, testCard } from "../../src/foundry/systemj/cards.ts";
import { combatBehaviour as sjCombat, registerSystemJCombat } from "../../src/foundry/systemj/combat.ts";
import { startExchange } from "../../src/foundry/systemj/exchange.ts";
import { testData } from "../../src/foundry/systemj/tests.ts";
import { registerSystemJCardModels } from "../../src/foundry/systemj/card-model.ts";
import { registerJetonsCardModels } from "../../src/foundry/jetons/card-model.ts";
import { useSystemTemplates } from "../worlds/templates.ts";

const CLIENTS = ["gm", "player1", "player2"];
const HERO = "Actor.hero00000000000";

interface RulesetUnderTest {
  actions: CardAction[];
  combat: CombatBehaviour;
  /** The rule set's settings, relay handlers and own hooks on messages (beyond the shared card hooks). */
  register(): void;
  /** Honest cards of each kind, authored by player1 for the hero. */
  cards(): CardState[];
}

const roller = { userId: "player1", actorUuid: HERO, actorName: "Hero", img: null };

const RULESETS: Record<string, RulesetUnderTest> = {
  ahillmach: {
    actions: AM_ACTIONS,
    combat: amCombat,
    register: () => {},
    cards: () => [
      buildMoveCard(
        {
          kind: "move",
          moveId: "defendre",
          free: null,
          characteristic: "FOR" as never,
          helpers: 0,
          hinderers: 0,
          advantage: 0,
          bonus: 1,
          surpass: false,
          parts: [{ label: "FOR", value: 1 }],
          dealsDamage: true,
          weapon: { die: 8, modifier: 0, name: "Épée" },
          level: 1,
        },
        [3, 4],
        roller,
      ),
      buildDamageCard({ roller, formula: "1d8", faces: [5], amount: 5, source: "Épée" }),
    ],
  },
  jetons: {
    actions: J_ACTIONS,
    combat: {},
    register: () => {
      registerJetonsSettings();
      registerJetonsRelay();
      // As the rule set's init registers them (src/foundry/jetons/ruleset.ts).
      Hooks.on("renderChatMessageHTML", onRenderQuestion);
      Hooks.on("updateChatMessage", onUpdateQuestion);
    },
    cards: () => [
      newQuestionCard(
        {
          uuid: HERO,
          name: "Hero",
          img: null,
          traits: [
            { name: "Escrime", points: 2 },
            { name: "Acrobaties", points: 1 },
          ],
          weakness: "Vertige",
          conditions: [{ name: "Blessé", permanent: false }],
          advantage: { active: true, label: "Épée" },
          tokens: 5,
        },
        "player1",
        "q0000000000000001",
      ),
    ],
  },
  systemj: {
    actions: SJ_ACTIONS,
    combat: sjCombat,
    register: () => {
      registerSystemJSettings();
      registerSystemJCombat();
    },
    cards: () => [
      testCard("player1", { uuid: HERO, name: "Hero", img: null }, testData("x", 56, 0, 10)),
      exchangeCard(
        "player1",
        { uuid: HERO, name: "Hero", img: null },
        startExchange({
          mode: "meleeForce",
          attacker: { uuid: HERO, name: "Hero" },
          defender: { uuid: "Actor.villain000000000", name: "Villain" },
          weapon: { name: "Épée", damage: "1d8", family: "corpsACorps" },
          counterWeapon: { name: "", damage: "1d3", family: "corpsACorps" },
          first: testData("x", 56, 0, 10),
          gear: { canParry: true, canBlock: false },
        }),
      ),
      revealCard("player1", 1, [{ name: "Hero", img: null, choice: "action" }]),
    ],
  },
};

/* ------------------------------------------------------------------ mutations of a valid card's data */

type Path = (string | number)[];

/** Every path into the data, up to three levels deep (keys of objects, indices of arrays). */
function pathsOf(value: JsonValue, prefix: Path = []): Path[] {
  if (prefix.length >= 3 || value === null || typeof value !== "object") return [];
  const entries: [string | number, JsonValue][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

const kind = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/** A value of another JSON kind than `original`, or "delete" (the key goes missing). */
const otherKind = (original: unknown) =>
  fc
    .oneof(
      fc.constant<JsonValue | "delete">("delete"),
      fc.constant(null),
      fc.integer({ min: -1e6, max: 1e6 }),
      fc.string({ maxLength: 12 }),
      fc.boolean(),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
    )
    .filter((v) => v === "delete" || kind(v) !== kind(original));

function setAt(data: JsonValue, path: Path, value: JsonValue | "delete"): JsonValue {
  const copy = structuredClone(data);
  let node = copy as Record<string | number, JsonValue>;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, JsonValue>;
  const last = path[path.length - 1]!;
  if (value !== "delete") node[last] = value;
  else if (Array.isArray(node)) node.splice(Number(last), 1);
  else delete node[last];
  return copy;
}

const getAt = (data: JsonValue, path: Path): unknown =>
  path.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], data);

/** A card of `ruleset` whose data is malformed: replaced whole, or one key's value of another kind (or missing). */
function malformedCard(ruleset: string): fc.Arbitrary<CardState> {
  const honest = RULESETS[ruleset]!.cards();
  return fc.constantFrom(...honest).chain((card) => {
    const data = card.data as JsonValue;
    const whole = fc
      .oneof(
        fc.constant(null),
        fc.integer(),
        fc.string({ maxLength: 12 }),
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
        fc.jsonValue({ maxDepth: 3 }),
      )
      .map((d) => ({ ...card, data: d }) as unknown as CardState);
    const paths = pathsOf(data);
    const one = fc
      .constantFrom(...paths)
      .chain((path) => otherKind(getAt(data, path)).map((v) => setAt(data, path, v as JsonValue | "delete")))
      .map((d) => ({ ...card, data: d }) as unknown as CardState);
    // Elements of lists (options, tests, traits) get their own share: readers iterate them.
    const inLists = paths.filter((p) => typeof p[p.length - 1] === "number");
    const element = inLists.length
      ? fc
          .constantFrom(...inLists)
          .chain((path) => otherKind(getAt(data, path)).map((v) => setAt(data, path, v as JsonValue | "delete")))
          .map((d) => ({ ...card, data: d }) as unknown as CardState)
      : one;
    return fc.oneof(whole, one, one, element);
  });
}

/* ------------------------------------------------------------------ the world and its readers */

async function world(ruleset: RulesetUnderTest): Promise<DoubleCombat> {
  // Every client renders what it receives into its chat log (renderChatMessageHTML for what its user may see).
  installClients(resetFoundryDouble({ lang: "en" }), { chatLog: true });
  useSystemTemplates("en");
  registerRelay();
  registerSystemJCardModels();
  registerJetonsCardModels();
  registerChatHooks();
  registerDamage();
  registerCardAction(...ruleset.actions);
  ruleset.register();
  addUser("player2");
  await asGM(() =>
    DoubleActor.create(
      {
        _id: "hero00000000000",
        name: "Hero",
        type: "hero",
        ownership: { default: 0, player1: 3 },
      },
      { keepId: true },
    ),
  );
  const combat = await asGM(() => DoubleCombat.create({ _id: "fight" }, { keepId: true }));
  Object.assign(combat, { round: 1 });
  await asGM(() =>
    combat.createEmbeddedDocuments("Combatant", [{ _id: "cH", name: "Hero", actorId: "hero00000000000" }], {
      keepId: true,
    }),
  );
  return combat;
}

/**
 * Everything a write could change: actors, combats and their combatants, the messages there are (but the forged one,
 * `forged`). The forged message's own card is left out: its author may rewrite it anyway, and an action may redraw it.
 */
function snapshot(forged = ""): string {
  const g = game as unknown as {
    actors: { contents: { toObject(): unknown }[] };
    combats: { contents: { toObject(): unknown; combatants: { contents: { toObject(): unknown }[] } }[] };
    messages: { contents: { toObject(): unknown }[] };
  };
  return JSON.stringify({
    actors: g.actors.contents.map((a) => a.toObject()),
    combats: g.combats.contents.map((c) => [c.toObject(), c.combatants.contents.map((x) => x.toObject())]),
    messages: g.messages.contents.map((m) => (m as { id?: string }).id).filter((id) => id !== forged),
  });
}

/** Every reader of every client, then every action the GM may click with the card's own and empty arguments. */
async function readEverywhere(ruleset: RulesetUnderTest, card: CardState, combat: DoubleCombat): Promise<void> {
  const before = snapshot();
  // The author posts it: every client receiving it renders it into its log (`renderChatMessageHTML`, the shared card
  // render and the rule set's own listeners); then the author rewrites it: every client runs `updateChatMessage` with
  // the author's id and renders it again. The double delivers both; no hook is fired by hand.
  const message = await asClient("player1", () =>
    DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card } } }),
  );
  await asClient("player1", () => message.update({ content: "<p>y</p>" }));
  await settle();
  for (const userId of CLIENTS) {
    expect(chatLogOf(userId).has(message.id), `${userId} logged the card`).toBe(true);
    asClient(userId, () => {
      ruleset.combat.tracker?.partContext?.("part", combat as never, {});
      ruleset.combat.tracker?.turnContext?.(combat as never, combat.combatants.get("cH") as never, {}, 0);
    });
  }
  const clicks: [string, Record<string, string | number | boolean | null>][] = [
    ...card.buttons.map((b): [string, Record<string, string | number | boolean | null>] => [b.action, b.args]),
    ...ruleset.actions.map((a): [string, Record<string, string | number | boolean | null>] => [a.name, {}]),
  ];
  // The GM, and the author (whose clicks the GM's client runs too: a "roller" action is theirs).
  for (const userId of ["gm", "player1"]) {
    for (const [action, args] of clicks) {
      const result = await asClient(userId, () => requestCardAction(message.id, action, args));
      expect(result.status, `${userId}: ${action} ${JSON.stringify(args)}`).not.toBe("error");
    }
  }
  // Asynchronous readers (a reveal the render hook starts) settle before the check.
  await settle();
  expect(snapshot(message.id)).toBe(before);
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("malformed rule-set data in a well-shaped card, authored by a player", () => {
  for (const [id, ruleset] of Object.entries(RULESETS)) {
    it(`${id}: every client's readers and the GM's clicks neither throw nor write`, async () => {
      await fc.assert(
        fc.asyncProperty(malformedCard(id), async (card) => {
          errors.mockClear();
          const combat = await world(ruleset);
          await readEverywhere(ruleset, card, combat);
          expect(errors).not.toHaveBeenCalled();
        }),
        { seed: Number(process.env.SEED ?? 1212), numRuns: Number(process.env.RUNS ?? 30) },
      );
    });
  }

  /** Cases found or worth keeping, each a mutation of one honest card: [rule set, card index, data path, value]. */
  const NAMED: Record<string, [string, number, Path, JsonValue | "delete"]> = {
    // Found by the property (seed 1212): the fight card's collect step looked up a non-string uuid and threw.
    "SYSTEMJ fight card: the defender's uuid a number": ["systemj", 1, ["exchange", "defender", "uuid"], 7],
    "SYSTEMJ fight card: a test of the exchange null": ["systemj", 1, ["exchange", "tests", 0], null],
    "SYSTEMJ fight card: the weapon a string": ["systemj", 1, ["exchange", "weapon"], "1d100"],
    "Ahill-Mach move card: an option null": ["ahillmach", 0, ["options", 0], null],
    "Ahill-Mach move card: damage a string": ["ahillmach", 0, ["damage"], "100d100"],
    "Jetons question: a trait null": ["jetons", 0, ["question", "traits", 0], null],
    "Jetons question: bids an array": ["jetons", 0, ["question", "bids"], [1, 2]],
  };
  for (const [name, [id, index, path, value]] of Object.entries(NAMED)) {
    it(`named example: ${name}`, async () => {
      const ruleset = RULESETS[id]!;
      const honest = ruleset.cards()[index]!;
      const card = { ...honest, data: setAt(honest.data as JsonValue, path, value) } as unknown as CardState;
      await readEverywhere(ruleset, card, await world(ruleset));
      expect(errors).not.toHaveBeenCalled();
    });
  }

  it("the honest cards pass the shared validation (the mutations start from well-shaped cards)", async () => {
    for (const ruleset of Object.values(RULESETS)) {
      await world(ruleset);
      for (const card of ruleset.cards()) {
        const m = await asClient("player1", () =>
          DoubleChatMessage.create({ author: "player1", content: "<p>x</p>", flags: { quintette: { card } } }),
        );
        expect(readCard(m as never)).not.toBeNull();
      }
    }
  });
});
