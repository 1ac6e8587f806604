/**
 * The héros sheet's split options are shared (frozen) by every skill with the same points and points to attack: the
 * cache is keyed by both, so the sheet follows a changed split or new points, and no sheet can change another's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { asClient } from "../../double/shared-core.ts";
import { ACTOR_MODELS, ITEM_MODELS } from "../../../src/foundry/oeilnoir/models.ts";
import { HerosSheet } from "../../../src/foundry/oeilnoir/sheets.ts";
import type { HerosView } from "../../../src/foundry/oeilnoir/view.ts";
import type { FormInput } from "../../double/applications.ts";
import { alrikDocument as alrik } from "../../worlds/oeilnoir.ts";

type Sheet = { render(): Promise<unknown>; lastContext: { on?: unknown }; submitForm(e: FormInput[]): Promise<void> };

beforeEach(() => {
  resetFoundryDouble({ lang: "fr" });
  Object.assign(CONFIG.Actor.dataModels, ACTOR_MODELS);
  Object.assign(CONFIG.Item.dataModels, ITEM_MODELS);
});

describe("Œil Noir héros sheet: split options", () => {
  it("follow the split and the points as the owner changes them, and are shared by equal skills only", async () => {
    const sheet = new (HerosSheet as unknown as new (o: object) => Sheet)({ document: alrik() });
    const epees = async () => {
      await asClient("player1", () => sheet.render());
      return (sheet.lastContext.on as HerosView).skills.find((s) => s.key === "epees")!;
    };
    const first = await epees();
    const selected = (s: typeof first) => s.splits.filter((o) => o.selected).map((o) => o.label);
    expect(selected(first)).toEqual(["6 / 4"]);
    expect(Object.isFrozen(first.splits)).toBe(true);
    expect(Object.isFrozen(first.splits[0])).toBe(true);

    await asClient("player1", () =>
      sheet.submitForm([{ name: "system.skills.epees.toAttack", type: "number", value: "4" }]),
    );
    const second = await epees();
    expect(selected(second)).toEqual(["4 / 6"]);
    expect(selected(first)).toEqual(["6 / 4"]);

    await asClient("player1", () =>
      sheet.submitForm([
        { name: "system.skills.epees.points", type: "number", value: "12" },
        { name: "system.skills.epees.toAttack", type: "number", value: "6" },
      ]),
    );
    const third = await epees();
    expect(third.splits.map((o) => o.value)).toEqual([4, 5, 6, 7, 8]);
    expect(selected(third)).toEqual(["6 / 6"]);

    // Back to the first values: the very options shown then.
    await asClient("player1", () =>
      sheet.submitForm([
        { name: "system.skills.epees.points", type: "number", value: "10" },
        { name: "system.skills.epees.toAttack", type: "number", value: "6" },
      ]),
    );
    expect((await epees()).splits).toBe(first.splits);
  });
});
