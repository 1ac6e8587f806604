/** The token-controls button that opens the collective reserve (Jetons worlds only), and the sheet without items. */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, resetFoundryDouble } from "../../double/index.ts";
import { registerCoreSettings } from "../../../src/foundry/settings/index.ts";
import { addReserveControl, RESERVE_TOOL } from "../../../src/foundry/jetons/controls.ts";

type Controls = Parameters<typeof addReserveControl>[0];

function controls(): Controls {
  return {
    tokens: {
      name: "tokens",
      order: 1,
      title: "CONTROLS.GroupToken",
      icon: "fa-solid fa-user-alt",
      activeTool: "select",
      tools: {
        select: { name: "select", order: 1, title: "CONTROLS.BasicSelect", icon: "fa-solid fa-expand" },
        target: { name: "target", order: 4, title: "CONTROLS.TargetSelect", icon: "fa-solid fa-bullseye" },
      },
    },
  };
}

beforeEach(() => {
  resetFoundryDouble({ lang: "en" });
  registerCoreSettings();
});

describe("collective reserve button", () => {
  it("is added after the token tools in a Jetons world and opens the reserve", async () => {
    await asGM(() => game.settings?.set("quintette", "ruleset", "jetons"));
    const c = controls();
    let opened = 0;
    addReserveControl(c, () => opened++);
    const tool = c.tokens?.tools?.[RESERVE_TOOL];
    expect(tool?.button).toBe(true);
    expect(tool?.order).toBe(5);
    tool?.onChange?.(new Event("click"), true);
    expect(opened).toBe(1);
  });

  it("is absent from other rule sets' worlds", async () => {
    await asGM(() => game.settings?.set("quintette", "ruleset", "trinites"));
    const c = controls();
    addReserveControl(c, () => undefined);
    expect(Object.keys(c.tokens?.tools ?? {})).toEqual(["select", "target"]);
  });
});

describe("archetype sheet", () => {
  it("has no items tab or part, since Jetons has no item types", async () => {
    const { ArchetypeSheet } = await import("../../../src/foundry/jetons/sheet.ts");
    expect(ArchetypeSheet.SHEET_TABS.map((t) => t.id)).toEqual(["jetons", "effects", "biography"]);
    expect(Object.keys(ArchetypeSheet.PARTS)).not.toContain("items");
    expect(Object.keys(ArchetypeSheet.PARTS)).toContain("biography");
  });
});
