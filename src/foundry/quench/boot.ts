/**
 * The boot batch: every registration the system makes is there in the live world, as Foundry built it (data models,
 * default sheets, Roll classes, card models, templates loaded as partials and rendering with Foundry's Handlebars, the
 * system's helpers, the status effects, the settings of the world's own game only, the other games' packs out of
 * sight); and the clean-up batch, which closes every Quench sandbox left in the world. Both read only, but the
 * clean-up's deletions of what the batches made.
 */
import { CARD_TYPE } from "../chat/card-model.ts";
import { hiddenPacks } from "../compendia.ts";
import { statusEffectsOf } from "../conditions/index.ts";
import { activeRuleset, allRulesets } from "../ruleset.ts";
import { activeRulesetId, RULESET_IDS } from "../ruleset-id.ts";
import { SHARED_TEMPLATES } from "../templates/index.ts";
import { helpers } from "../templates/helpers.ts";
import { templatesLoaded } from "../templates/loaded.ts";
import { TIMEOUT, type BatchSpec, type QuenchBatchContext } from "./kit.ts";
import { currentHands } from "./hands.ts";
import { Sandbox } from "./sandbox.ts";

/** The world settings each game registers (`quintette.<key>`), none of which another game's world may hold. */
export const RULESET_SETTINGS: Record<string, readonly string[]> = {
  trinites: [],
  ahillmach: [],
  oeilnoir: ["oeilnoir.duels"],
  jetons: ["jetonsTraitPoints", "jetonsStartingTokens", "jetonsCollective", "jetonsLedger"],
  systemj: ["systemj.specials", "systemj.chronoste", "systemj.exchanges"],
};

interface SettingsMap {
  settings: Map<string, unknown>;
}

function registerBoot(context: QuenchBatchContext): void {
  const { describe, it, expect, before } = context;
  describe("Everything the system registers is in the live world", function () {
    this.timeout(TIMEOUT);
    before(async () => {
      await templatesLoaded();
    });

    it("every game's actor and item types have their data model and their default sheet", () => {
      for (const ruleset of allRulesets())
        for (const [documentName, specs] of [
          ["Actor", ruleset.actorTypes],
          ["Item", ruleset.itemTypes],
        ] as const)
          for (const spec of specs) {
            const config = CONFIG[documentName] as unknown as {
              dataModels: Record<string, unknown>;
              sheetClasses: Record<string, Record<string, { cls: unknown; default: boolean }> | undefined>;
            };
            expect(config.dataModels[spec.type], `${documentName} ${spec.type}'s model`).to.equal(spec.model);
            const sheets = Object.values(config.sheetClasses[spec.type] ?? {});
            expect(
              sheets.some((s) => s.cls === spec.sheet && s.default),
              `${documentName} ${spec.type}'s default sheet`,
            ).to.equal(true);
          }
    });

    it("every game's Roll classes and card models are registered", () => {
      const rolls = CONFIG.Dice.rolls as unknown[];
      const cardModels = CONFIG.ChatMessage.dataModels as Record<string, unknown>;
      expect(cardModels[CARD_TYPE], "the shared card model").to.not.equal(undefined);
      for (const ruleset of allRulesets()) {
        for (const roll of ruleset.rolls) expect(rolls, `${roll.name} in CONFIG.Dice.rolls`).to.include(roll);
        for (const card of ruleset.cardTypes ?? [])
          expect(cardModels[card.type], `card type ${card.type}`).to.equal(card.model);
      }
    });

    it("every template of the world is a loaded partial, compiled by Foundry's Handlebars", async () => {
      const paths = [...SHARED_TEMPLATES, ...(activeRuleset()?.templates ?? [])];
      expect(paths.length).to.be.greaterThan(0);
      const failures: string[] = [];
      for (const path of paths) {
        if (!Handlebars.partials[path]) failures.push(`${path}: not a partial`);
        try {
          const template = await foundry.applications.handlebars.getTemplate(path);
          if (typeof template !== "function") failures.push(`${path}: not compiled`);
        } catch (error) {
          failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      expect(failures).to.deep.equal([]);
    });

    it("the system's Handlebars helpers are registered", () => {
      for (const name of Object.keys(helpers)) expect(Handlebars.helpers[name], name).to.be.a("function");
    });

    it("the status effects are the world's game's, and the defeated one is among them", () => {
      const ids = CONFIG.statusEffects.map((s) => s.id);
      expect(ids).to.deep.equal(statusEffectsOf(activeRulesetId()).map((s) => s.id));
      expect(ids).to.include(CONFIG.specialStatusEffects.DEFEATED);
    });

    it("the world holds the settings of its own game and of no other", () => {
      const keys = [...(game.settings as unknown as SettingsMap).settings.keys()]
        .filter((k) => k.startsWith("quintette."))
        .map((k) => k.slice("quintette.".length));
      const active = activeRulesetId();
      expect(keys).to.include("ruleset");
      for (const key of RULESET_SETTINGS[active] ?? []) expect(keys, `${active}'s ${key}`).to.include(key);
      for (const id of RULESET_IDS) {
        if (id === active) continue;
        for (const key of RULESET_SETTINGS[id] ?? []) expect(keys, `${id}'s ${key}`).to.not.include(key);
        expect(
          keys.filter((k) => k.startsWith(id)),
          `settings named after ${id}`,
        ).to.deep.equal([]);
      }
    });

    it("the compendium directory shows none of the other games' packs", async () => {
      const shown = await currentHands().shownPacks();
      const hidden = hiddenPacks(activeRulesetId());
      expect(hidden.size).to.be.greaterThan(0);
      expect(shown.filter((id) => hidden.has(id))).to.deep.equal([]);
    });
  });
}

function registerCleanup(context: QuenchBatchContext): void {
  const { describe, it, expect } = context;
  describe("Every Quench sandbox is deleted", function () {
    this.timeout(TIMEOUT);
    it("closes every sandbox the batches left (a prepared player sandbox, an interrupted run)", async () => {
      if (!game.user?.isGM) throw new Error("Run this batch as a GM");
      for (const sandbox of Sandbox.all()) await sandbox.close();
      expect(Sandbox.all()).to.deep.equal([]);
    });
  });
}

export const bootBatch: BatchSpec = {
  key: "quintette.boot",
  displayName: "boot (every registration in the live world)",
  runAs: "gm",
  register: registerBoot,
};

export const cleanupBatch: BatchSpec = {
  key: "quintette.cleanup",
  displayName: "clean up (delete every Quench sandbox)",
  runAs: "gm",
  register: registerCleanup,
};
