/**
 * The roll and action entry points are typed methods of the base models (`data/models.ts`): every rule set's actor
 * and item models inherit them, whatever document class builds the actor (issue 32: the product does not bend to the
 * double). The macros of docs/api.md call them (`move.system.use()`: api-doc.test.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { BaseActorModel, BaseItemModel } from "../../../src/foundry/data/models.ts";

beforeAll(async () => {
  resetFoundryDouble();
  await import("../../../src/index.ts");
  Hooks.callAll("init");
});

describe("entry points on the base models", () => {
  it("are the base classes' own methods, inherited by every registered actor and item model", () => {
    for (const name of ["roll", "rollRequest", "act"])
      expect(Object.getOwnPropertyNames(BaseActorModel.prototype), name).toContain(name);
    expect(Object.getOwnPropertyNames(BaseItemModel.prototype)).toContain("use");
    const actorModels = Object.entries(CONFIG.Actor.dataModels as unknown as Record<string, { prototype: object }>);
    const itemModels = Object.entries(CONFIG.Item.dataModels as unknown as Record<string, { prototype: object }>);
    expect(actorModels.length).toBeGreaterThan(5);
    for (const [type, model] of actorModels) {
      expect(model.prototype instanceof BaseActorModel, type).toBe(true);
      expect((model.prototype as { roll?: unknown }).roll, type).toBe(BaseActorModel.prototype.roll);
    }
    for (const [type, model] of itemModels) {
      expect(model.prototype instanceof BaseItemModel, type).toBe(true);
      expect((model.prototype as { use?: unknown }).use, type).toBe(BaseItemModel.prototype.use);
    }
  });
});
