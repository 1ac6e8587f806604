/**
 * The first run of a world: its GM is asked which game the world plays (once: a choice or a dismissal ends it), in a
 * window also reachable from Configure Settings → Quintette → "Choose the game". Only a GM sees it; a world that
 * already holds actors is not new and is not asked. Registered at init; opened at ready. `CONFIG.QUINTETTE.options
 * .firstRun = false` (a module, at init) keeps it closed.
 */
import { HandlebarsApplication } from "../sheets/mixed.ts";
import { SYSTEM_ID, activeRulesetId, isRulesetId } from "../ruleset-id.ts";
import { FIRST_RUN_TEMPLATE, firstRunView } from "./first-run-view.ts";

export const FIRST_RUN_SETTING = "firstRunDone";

/** Marks the question answered (a choice or a dismissal): a new world asks once. */
async function markAsked(): Promise<void> {
  if (game.user?.isGM && !game.settings?.get(SYSTEM_ID, FIRST_RUN_SETTING)) {
    await game.settings?.set(SYSTEM_ID, FIRST_RUN_SETTING, true);
  }
}

export class FirstRunApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "quintette-first-run",
    classes: ["quintette", "quintette-first-run"],
    position: { width: 480, height: "auto" as const },
    window: { title: "QUINTETTE.FirstRun.Title", icon: "fa-solid fa-dice", resizable: false },
    actions: { choose: FirstRunApp.#onChoose, later: FirstRunApp.#onLater },
  };

  static override PARTS = { main: { template: FIRST_RUN_TEMPLATE } };

  /** The open window, if any (one at a time). */
  static current: FirstRunApp | null = null;

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ) {
    FirstRunApp.current = this;
    return { ...(await super._prepareContext(options)), ...firstRunView(activeRulesetId()) };
  }

  protected override _onClose(options: Parameters<foundry.applications.api.ApplicationV2["_onClose"]>[0]): void {
    super._onClose(options);
    if (FirstRunApp.current === this) FirstRunApp.current = null;
    void markAsked();
  }

  /** Plays the chosen game: the world setting (GM only), then a reload when it changed, as the setting asks. */
  static async choose(id: string): Promise<boolean> {
    if (!game.user?.isGM || !isRulesetId(id)) return false;
    const changed = id !== activeRulesetId();
    await markAsked();
    if (changed) await game.settings?.set(SYSTEM_ID, "ruleset", id);
    if (changed) foundry.utils.debouncedReload?.();
    return changed;
  }

  static async #onChoose(this: FirstRunApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await FirstRunApp.choose(target.dataset.ruleset ?? "");
    await this.close();
  }

  static async #onLater(this: FirstRunApp): Promise<void> {
    await markAsked();
    await this.close();
  }
}

/** Whether this client opens the question at ready: the active GM's, in a new world not asked yet. */
export function shouldAsk(): boolean {
  if (!game.user?.isGM || CONFIG.QUINTETTE?.options.firstRun === false) return false;
  const active = game.users?.activeGM;
  if (active && active.id !== game.user.id) return false;
  if (game.settings?.get(SYSTEM_ID, FIRST_RUN_SETTING)) return false;
  return (game.actors?.size ?? 0) === 0;
}

/** At init: the setting, the menu entry, and the question at ready. */
export function registerFirstRun(): void {
  game.settings?.register(SYSTEM_ID, FIRST_RUN_SETTING, {
    scope: "world",
    config: false,
    type: Boolean,
    default: false,
  });
  game.settings?.registerMenu(SYSTEM_ID, "chooseGame", {
    name: "QUINTETTE.FirstRun.Menu.Name",
    label: "QUINTETTE.FirstRun.Menu.Label",
    hint: "QUINTETTE.FirstRun.Menu.Hint",
    icon: "fa-solid fa-dice",
    type: FirstRunApp,
    restricted: true,
  });
  Hooks.once("ready", () => {
    if (shouldAsk()) void new FirstRunApp().render({ force: true });
  });
}
