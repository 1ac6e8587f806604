/**
 * SYSTEMJ combat: initiative by a Rapidité test ordered by the rules core, the tracker part, and the round's start
 * for the hidden Action/Movement choice (its flow lives in choices.ts, re-exported here).
 */
import { shownCombatants } from "../combat/visibility.ts";
import type { CombatBehaviour } from "../combat/behaviour.ts";
import { postCard, speakerFor } from "../chat/post.ts";
import { registerRelayHandler } from "../relay/index.ts";
import { SYSTEM_ID } from "../ruleset.ts";
import { systemj } from "../../rules/index.ts";
import { testCard } from "./cards.ts";
import { systemOf } from "./fighters.ts";
import { PHASE_TEMPLATE, phaseContext } from "./phase-context.ts";
import {
  CHOOSE,
  REVEAL,
  SECRET_SETTING,
  actorOf,
  chooseFor,
  combatIds,
  handleChoose,
  handleReveal,
  ownChoiceOf,
  ownsCombatant,
  readPublic,
  readSecrets,
  reconcileChoices,
  registerChoiceQuery,
  revealChoices,
  writePublic,
  writeSecrets,
} from "./choices.ts";

export {
  CHOOSE,
  OPEN_CHOICE,
  PHASE_FLAG,
  REVEAL,
  SECRET_SETTING,
  chooseFor,
  fullState,
  handleChoose,
  handleOpen,
  handleReveal,
  readPublic,
  reconcileChoices,
  revealChoices,
  revealLinesOf,
} from "./choices.ts";
import { SystemJCreatureModel } from "./models.ts";
import { rollTest } from "./roll.ts";
import { dialogModifier, testDialogConfig } from "./tests.ts";
import { RollDialog } from "../dialog/roll-dialog.ts";
import { markerLabel } from "./sheet-context.ts";
import { cardActor } from "./rolling.ts";
import { boundName } from "../trust/bound.ts";

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
      name: boundName(c),
      img: c.img ?? "icons/svg/mystery-man.svg",
      owner: game.user ? ownsCombatant(c, game.user) : false,
      ownChoice: ownChoiceOf(combat.id ?? "", pub.round, c.id ?? ""),
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
    // Every id written (a flag update merges objects): last round's commitments and salts never linger.
    const blank = Object.fromEntries(combatIds(combat).map((id) => [id, ""]));
    const round = Math.max(1, combat.round);
    await writePublic(combat, systemj.createActionPhase(combatIds(combat), round), [], {
      commitments: blank,
      salts: blank,
    });
  },
  tracker: {
    parts: { systemjPhase: { template: PHASE_TEMPLATE } },
    partContext: (_partId, combat) => trackerContext(combat),
  },
};

/**
 * The active GM checks, once ready, that it holds every choice the combats say were made (see reconcileChoices).
 * The runtime's ready step calls it (the entry's one `ready` listener runs it). Any page of the active GM that loads, not only the serving one: at its load that page
 * takes the service (relay/session.ts, the newest claim wins), so it is the page that will take openings and reveal,
 * and it checks against its own storage; the page that served before does not run this again (one write).
 */
export function reconcileAtReady(): void {
  if (!game.user?.isGM || game.users?.activeGM?.id !== game.user.id) return;
  for (const combat of game.combats?.contents ?? []) void reconcileChoices(combat);
}

export function registerSystemJCombat(): void {
  game.settings?.register(SYSTEM_ID, SECRET_SETTING, {
    scope: "client",
    config: false,
    type: String,
    default: "{}",
  });
  registerRelayHandler(CHOOSE, handleChoose);
  registerChoiceQuery();
  registerRelayHandler(REVEAL, handleReveal);
  Hooks.on("renderCombatTracker", (app, html) =>
    onRenderTracker(app as { viewed?: Combat.Stored | null }, html as HTMLElement),
  );
}
