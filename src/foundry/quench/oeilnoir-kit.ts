/**
 * What L'Œil Noir's batches share (oeilnoir.ts, oeilnoir-rounds.ts): the test world's héros, sword and orc, the duel
 * card's actions and stored state, and the hands' steps on a duel card (defend, a step, an attack from the sheet).
 */
import { waitFor } from "./hands.ts";
import { cardData, rollFromSheet, shownActions, type Run } from "./kit.ts";

export const RULESET = "oeilnoir";
export const D20 = 20;
export const D6 = 6;
export const A = {
  parry: "oeilnoir.parry",
  dodge: "oeilnoir.dodge",
  noParry: "oeilnoir.noParry",
  damage: "oeilnoir.damage",
  applyHit: "oeilnoir.applyHit",
  close: "oeilnoir.close",
  undo: "quintette.undo",
  fumbleCheck: "oeilnoir.fumbleCheck",
  freeAttack: "oeilnoir.freeAttack",
  volonte: "oeilnoir.volonte",
  stand: "oeilnoir.stand",
  rescue: "oeilnoir.rescue",
  chooseDefender: "oeilnoir.chooseDefender",
  /** The shared applier, offered when the blow names nobody: the clicking user's targets. */
  apply: "quintette.applyDamage",
} as const;
export const DEFENCES = [A.parry, A.dodge, A.noParry];

/** A héros as the test world's Alrik: AT 14 / PRD 12 with the sword (Épée 10 points, 6 to the attack), INI base 10. */
export const HEROS = {
  qualities: { CO: 12, IN: 13, AG: 14, FO: 13, DE: 12, CN: 13 },
  ev: { value: 30, max: 30 },
  volonte: 12,
  skills: { epees: { points: 10, toAttack: 6 } },
};
export const SWORD = {
  name: "Épée",
  type: "on-arme-melee",
  system: { skill: "epees", pi: { dice: 1, bonus: 3 }, piFo: { threshold: 11, step: 4 }, breakage: 1 },
};
/** A short bow (Arcs, 1D6+4 PI, 20 arrows): Alrik's in the GM batch, shot with nobody targeted. */
export const BOW = {
  name: "Arc court",
  type: "on-arme-distance",
  system: { skill: "arcs", pi: { dice: 1, bonus: 4 }, range: 50, ammo: 20 },
};
/** The test world's orc: AT 12, PRD 9, INI base 9, 1D6+4 PI, PR 2, EV 28. */
export const ORC = {
  at: 12,
  prd: 9,
  iniBase: 9,
  pi: { dice: 1, bonus: 4 },
  pr: 2,
  cn: 14,
  ev: { value: 28, max: 28 },
  volonte: 8,
};

interface Test {
  d20: number;
  value: number;
  success: boolean;
}

export interface Duel {
  stage: string;
  attack: Test & { critical?: boolean };
  parry: (Test & { fumble: boolean; dodge?: boolean }) | null;
  damage: { faces: number[]; pi: number; critical?: boolean } | null;
  hit: {
    damage: number;
    evAfter: number;
    totalWounds?: number;
    volonteTarget?: number | null;
    status?: string;
    dying?: { d6: number; rounds: number } | null;
  } | null;
  defender: { uuid: string | null; name: string } | null;
  /** A fumble line (attack or parry table): its check and the opponent's free attack. */
  fumble?: {
    table: string;
    who: string;
    d20: number;
    key: string | null;
    iniChange: number;
    check?: { kind: string; value: number; result: Test | null } | null;
    freeAttack?: { attackerName: string; defenderName: string; unparryable: boolean; messageId: string | null } | null;
  } | null;
  free?: { unparryable: boolean; attackModifier: number; parryPenalty: number };
  volonte?: Test | null;
  standing?: Test | null;
  rescue?: { healerName: string; skill: number; ev: number; test: Test }[];
  closed?: boolean;
}

export const duelOf = (message: ChatMessage.Implementation) =>
  (cardData(message).data as { duel?: Duel } | undefined)?.duel ?? ({} as Duel);
export const stageOf = (message: ChatMessage.Implementation) => duelOf(message).stage;
export const ev = (actor: Actor.Implementation | null | undefined) =>
  (actor?.system as unknown as { ev: { value: number } } | undefined)?.ev.value ?? null;
export const applied = (message: ChatMessage.Implementation) =>
  (cardData(message).applied as { id: string; targetUuid: string; undone: boolean }[] | undefined) ?? [];

/** Waits until this user's log shows the card with `action` enabled (the card reaches each client later). */
export async function shown(run: Run, message: ChatMessage.Implementation, action: string): Promise<string[]> {
  await waitFor(`${action} on the card`, async () => (await shownActions(run, message)).includes(action));
  return shownActions(run, message);
}

/** Clicks a card button that opens the defender's dialog, answered with its defaults, until the duel moves on. */
export async function defend(
  run: Run,
  message: ChatMessage.Implementation,
  action: string,
  args?: Record<string, unknown>,
) {
  await run.hands.answering({}, async () => {
    await run.hands.clickCard(message, action, args);
    await waitFor("the defence recorded", () => stageOf(message) !== "awaitParry");
  });
}

/**
 * Clicks a card button once this user's log shows it (a page renders the card after its data changes), then waits
 * until the duel reaches `stage` (a relayed step arrives later than the click).
 */
export async function step(
  run: Run,
  message: ChatMessage.Implementation,
  action: string,
  stage: string,
): Promise<void> {
  await shown(run, message, action);
  await run.hands.clickCard(message, action);
  await waitFor(`${action}: the duel at ${stage}`, () => stageOf(message) === stage);
}

/**
 * `attacker` attacks `target` from its sheet's attack button for `key` (the dialog answered with its defaults), the
 * D20 showing `d20`; resolves with the duel card.
 */
export async function attackWith(
  run: Run,
  attacker: Actor.Implementation,
  key: string,
  target: TokenDocument.Implementation,
  d20: number,
): Promise<ChatMessage.Implementation> {
  await run.hands.target([target]);
  run.dice.choose(D20, d20);
  const card = await rollFromSheet(run, attacker, "roll", { roll: key });
  await run.hands.target([]);
  return card;
}

/** The héros' sword (its attack key `attack:<id>`, its parry button's args `{ weapon: id }`). */
export const swordOf = (actor: Actor.Implementation) => actor.items.find((i) => i.name === SWORD.name)?.id ?? "";
export const swordParry = (actor: Actor.Implementation) => ({ weapon: swordOf(actor) });

export const turn = (run: Run) => {
  const combat = run.sandbox.combat;
  return { round: combat?.round ?? 0, current: combat?.combatant?.name ?? null };
};
