/**
 * The first run of a world: at ready, the GM of a new world (no actors yet) is asked which game it plays, once (a
 * choice or a dismissal ends it); a player never is; the same window opens from the settings menu, for a GM only.
 */
import { describe, expect, it } from "vitest";
import { DoubleActor, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { installClients } from "../../double/clients.ts";
import { worldCollections } from "../../double/documents.ts";
import { FIRST_RUN_SETTING, FirstRunApp } from "../../../src/foundry/settings/first-run.ts";

type Action = (this: FirstRunApp, event: unknown, target: { dataset: Record<string, string> }) => Promise<void>;

/** A world started as Foundry starts it, on `user`'s client, up to `ready`. */
async function startWorld(user: "gm" | "player1", before?: () => void): Promise<void> {
  const state = resetFoundryDouble({ lang: "fr" });
  installClients(state);
  FirstRunApp.current = null;
  const { initQuintette } = await import("../../../src/index.ts");
  setDoubleUser(user);
  before?.();
  initQuintette();
  Hooks.callAll("setup");
  Hooks.callAll("ready");
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const asked = () => FirstRunApp.current?.rendered ?? false;
const action = (name: string) =>
  (FirstRunApp.current as unknown as { options: { actions: Record<string, Action> } }).options.actions[name]!;
const setting = (key: string) => game.settings!.get("quintette", key as "ruleset");
/** What the double's ApplicationV2 keeps of a render and a close (test/double/applications.ts). */
const seen = (app: FirstRunApp) => app as unknown as { lastContext: unknown; closed: boolean };

describe("the first run of a world", () => {
  it("asks the GM of a new world which game it plays; the choice is played and not asked again", async () => {
    await startWorld("gm");
    expect(asked()).toBe(true);
    const app = FirstRunApp.current!;
    expect(seen(app).lastContext).toMatchObject({
      games: [
        { id: "trinites", label: "QUINTETTE.Ruleset.trinites", current: true },
        { id: "ahillmach", current: false },
        { id: "oeilnoir" },
        { id: "jetons" },
        { id: "systemj" },
      ],
    });
    await action("choose").call(app, {}, { dataset: { ruleset: "systemj" } });
    expect(setting("ruleset")).toBe("systemj");
    expect(setting(FIRST_RUN_SETTING)).toBe(true);
    expect(seen(app).closed).toBe(true);
  });

  it("once dismissed, it is not asked again; the world keeps its game", async () => {
    await startWorld("gm");
    await action("later").call(FirstRunApp.current!, {}, { dataset: {} });
    expect(setting("ruleset")).toBe("trinites");
    expect(setting(FIRST_RUN_SETTING)).toBe(true);
    FirstRunApp.current = null;
    Hooks.callAll("ready");
    expect(asked()).toBe(false);
  });

  it("never asks a player, nor the GM of a world that already has actors; a player cannot choose", async () => {
    await startWorld("player1");
    expect(asked()).toBe(false);
    expect(await FirstRunApp.choose("jetons")).toBe(false);
    expect(setting("ruleset")).toBe("trinites");
    await startWorld("gm", () => {
      const actor = new DoubleActor({ name: "Aelis", type: "trinite" });
      worldCollections.actors.set(actor.id, actor);
    });
    expect(asked()).toBe(false);
  });

  it("opens again from the settings menu, for a GM only", async () => {
    await startWorld("gm");
    const menu = (game.settings as unknown as { menus: Map<string, { type: unknown; restricted: boolean }> }).menus.get(
      "quintette.chooseGame",
    );
    expect(menu).toMatchObject({ type: FirstRunApp, restricted: true, label: "QUINTETTE.FirstRun.Menu.Label" });
  });
});
