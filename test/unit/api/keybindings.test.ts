/**
 * Keybindings and the published API on the double: the fast-roll modifier and the play/edit toggle are registered
 * through `game.keybindings` (a recording stand-in here: the double has none), the fast roll follows the user's
 * binding, and `game.system.api` is the same object as the `quintette` alias.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { bindingHeld, fastRollHeld, registerKeybindings } from "../../../src/foundry/api/keybindings.ts";

type Registered = { name: string; editable?: { key: string; modifiers?: string[] }[] };
const registered = new Map<string, Registered>();

beforeAll(async () => {
  resetFoundryDouble();
  Object.assign(game, {
    keybindings: {
      register: (ns: string, action: string, data: Registered) => void registered.set(`${ns}.${action}`, data),
      get: (ns: string, action: string) =>
        (registered.get(`${ns}.${action}`)?.editable ?? []).map((b) => ({ modifiers: [], ...b })),
    },
    system: {},
  });
  registerKeybindings();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
});

describe("keybindings", () => {
  it("registers the fast roll (Shift) and the play/edit toggle, with localized names", () => {
    expect(registered.get("quintette.fastRoll")).toMatchObject({
      name: "QUINTETTE.Keybindings.FastRoll.Name",
      editable: [{ key: "ShiftLeft" }, { key: "ShiftRight" }],
    });
    expect(registered.get("quintette.toggleEditMode")?.editable).toEqual([{ key: "KeyE", modifiers: ["ALT"] }]);
  });

  it("holds the fast roll as bound: Shift by default, Alt once rebound", () => {
    expect(fastRollHeld({ shiftKey: true })).toBe(true);
    expect(fastRollHeld({ altKey: true })).toBe(false);
    expect(fastRollHeld(null)).toBe(false);
    const alt = [{ key: "AltLeft" }];
    expect(bindingHeld(alt, { shiftKey: true }, new Set<string>())).toBe(false);
    expect(bindingHeld(alt, { altKey: true }, new Set<string>())).toBe(true);
    expect(bindingHeld([{ key: "KeyR", modifiers: ["CONTROL"] }], { ctrlKey: true }, new Set(["KeyR"]))).toBe(true);
    expect(bindingHeld([{ key: "KeyR", modifiers: ["CONTROL"] }], {}, new Set(["KeyR"]))).toBe(false);
  });
});

describe("the API", () => {
  it("is published as game.system.api and the quintette alias", () => {
    const api = (game.system as unknown as { api?: Record<string, unknown> }).api;
    expect(api).toBeDefined();
    expect(globalThis.quintette).toBe(api);
    for (const name of ["roll", "rollRequest", "useItem", "act", "actionNames", "rollMacro", "useItemMacro"])
      expect(typeof api?.[name], name).toBe("function");
    expect(typeof (api?.cards as { act?: unknown }).act).toBe("function");
  });
});
