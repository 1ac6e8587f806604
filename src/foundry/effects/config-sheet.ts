/**
 * Quintette's effect config sheet: Foundry's ActiveEffectConfig (its header, details, duration and changes parts
 * untouched, so both generations' change rows keep working) with one more section in its Changes tab (`keys.hbs`): the
 * keys the world's rule set lets effects change on the actor types this effect lands on (`targets.ts`, read at each
 * render from `CONFIG.QUINTETTE.effectKeys`), with their labels, offered to Foundry's key inputs as a `<datalist>`; a
 * line saying any other key does nothing in this game; and each stored change whose key applies nowhere, with why.
 * Registered at init as the system's default ActiveEffect sheet.
 */
import { SYSTEM_ID } from "../ruleset.ts";
import { linkKeyInputs } from "./config-dom.ts";
import { buildKeysContext, EFFECT_KEYS_PART, gameName, refusalOf, type EffectKeysContext } from "./key-choices.ts";
import { changesOf } from "./sheet-context.ts";
import { targetsOf } from "./targets.ts";

type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;

export { EFFECT_KEYS_PART };
/** The tab group and tab of Foundry's sheet that hold the change rows. */
const SHEET_GROUP = "sheet";
const CHANGES_TAB = "changes";

const i18n = {
  localize: (key: string) => game.i18n?.localize(key) ?? key,
  format: (key: string, data: Record<string, string>) => game.i18n?.format(key, data) ?? key,
};

/** Foundry's parts with ours right after its change rows (before the footer's save button). */
function withKeysPart(parts: Record<string, Part>): Record<string, Part> {
  const out: Record<string, Part> = {};
  for (const [id, part] of Object.entries(parts)) {
    if (id === "footer") out.keys = { template: EFFECT_KEYS_PART };
    out[id] = part;
  }
  if (!out.keys) out.keys = { template: EFFECT_KEYS_PART };
  return out;
}

interface EffectLike {
  parent?: unknown;
  changes?: readonly unknown[];
  system?: unknown;
}

export class QuintetteEffectConfig extends foundry.applications.sheets.ActiveEffectConfig {
  static override DEFAULT_OPTIONS = { classes: ["quintette", "effect-config"] };

  static override PARTS: Record<string, Part> = withKeysPart(
    (foundry.applications.sheets.ActiveEffectConfig as unknown as { PARTS: Record<string, Part> }).PARTS,
  );

  /** What the keys section shows for this effect now. */
  effectKeysContext(): EffectKeysContext {
    const effect = this.#effect();
    const { ruleset, targets } = targetsOf(effect.parent as Parameters<typeof targetsOf>[0]);
    const changes = changesOf(effect as Parameters<typeof changesOf>[0]);
    return buildKeysContext(
      { targets, changes, ruleset, listId: this.#listId() },
      { active: this.tabGroups[SHEET_GROUP] === CHANGES_TAB },
      i18n,
    );
  }

  protected override async _preparePartContext(
    partId: string,
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: foundry.applications.sheets.ActiveEffectConfig.RenderOptions,
  ): Promise<foundry.applications.api.ApplicationV2.RenderContextOf<this>> {
    const base = await super._preparePartContext(partId, context, options);
    if (partId === "keys") Object.assign(base, { effectKeys: this.effectKeysContext() });
    return base;
  }

  /** Foundry's key inputs offer the allowed keys and mark, as they are typed, a key that does nothing here. */
  protected override async _onRender(
    context: foundry.applications.api.ApplicationV2.RenderContextOf<this>,
    options: foundry.applications.sheets.ActiveEffectConfig.RenderOptions,
  ): Promise<void> {
    await super._onRender(context, options);
    const { ruleset, targets } = targetsOf(this.#effect().parent as Parameters<typeof targetsOf>[0]);
    const game = gameName(ruleset, i18n);
    linkKeyInputs(this.element, {
      listId: this.#listId(),
      refusal: (key) => refusalOf(key, targets, game, i18n),
    });
  }

  #effect(): EffectLike {
    return this.document as unknown as EffectLike;
  }

  #listId(): string {
    return `${this.id}-keys`;
  }
}

/** At init: the system's default sheet for every ActiveEffect. */
export function registerEffectConfig(): void {
  foundry.applications.apps.DocumentSheetConfig.registerSheet(
    CONFIG.ActiveEffect.documentClass,
    SYSTEM_ID,
    QuintetteEffectConfig,
    { makeDefault: true, label: "QUINTETTE.Effects.Config.Sheet" },
  );
}
