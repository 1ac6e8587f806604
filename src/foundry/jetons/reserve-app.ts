/**
 * The collective reserve, visible to all: a small window with the count; the GM's shows each character's reserve
 * with a "hand back" control. It re-renders when the world setting or a character's reserve changes.
 */
import { HandlebarsApplication } from "../sheets/mixed.ts";
import { handBack } from "./actions.ts";
import { archetypeData } from "./models.ts";
import { collectiveTokens, onCollectiveChange } from "./settings.ts";
import { reserveView } from "./view.ts";

export const RESERVE_TEMPLATE = "systems/quintette/templates/jetons/reserve.hbs";

/** Characters of the world with their reserves, for the reserve view. */
export function worldCharacters() {
  return (game.actors?.contents ?? []).flatMap((actor) => {
    const system = archetypeData(actor);
    return system
      ? [
          {
            uuid: actor.uuid,
            name: actor.name,
            img: actor.img ?? "",
            tokens: system.tokens,
            locked: system.bidLock !== "",
          },
        ]
      : [];
  });
}

export class ReserveApp extends HandlebarsApplication {
  static override DEFAULT_OPTIONS = {
    id: "quintette-jetons-reserve",
    classes: ["quintette", "jetons", "jetons-reserve"],
    position: { width: 320, height: "auto" as const },
    window: { title: "QUINTETTE.Jetons.Reserve.Title", icon: "fa-solid fa-coins", resizable: false },
    actions: { handBack: ReserveApp.#onHandBack },
  };

  static override PARTS = { main: { template: RESERVE_TEMPLATE } };

  static #instance: ReserveApp | null = null;

  /** Opens (or brings forward) the single reserve window. */
  static async open(): Promise<ReserveApp> {
    const app = (ReserveApp.#instance ??= new ReserveApp());
    await app.render({ force: true });
    return app;
  }

  /** Re-renders the open window (setting change, a character's reserve changed). */
  static refresh(): void {
    const app = ReserveApp.#instance;
    if (app?.rendered) void app.render();
  }

  protected override async _prepareContext(
    options: Parameters<foundry.applications.api.ApplicationV2["_prepareContext"]>[0],
  ) {
    const base = await super._prepareContext(options);
    return { ...base, ...reserveView(collectiveTokens(), game.user?.isGM ?? false, worldCharacters()) };
  }

  static async #onHandBack(this: ReserveApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    const row = target.closest<HTMLElement>("[data-actor-uuid]");
    const input = row?.querySelector<HTMLInputElement>("input[name=amount]");
    const uuid = row?.dataset.actorUuid;
    const amount = Number(input?.value ?? 0);
    if (!uuid || !Number.isSafeInteger(amount) || amount < 1) return;
    const actor = await fromUuid<Actor.Implementation>(uuid);
    if (!actor) return;
    const result = await handBack(actor, amount);
    if (result.status !== "applied") ui.notifications?.warn(game.i18n?.localize(result.reason ?? "") ?? "");
  }
}

/** Keeps the window in step with the world setting and the characters' reserves. */
export function registerReserveRefresh(): void {
  onCollectiveChange(() => ReserveApp.refresh());
  Hooks.on("updateActor", (actor: Actor.Implementation) => {
    if (actor.type === "archetype") ReserveApp.refresh();
  });
}
