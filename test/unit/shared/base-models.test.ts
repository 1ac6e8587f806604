/**
 * Issue 24: the base data models are used by every rule set. Every actor model of the five rule sets extends
 * `BaseActorModel` (the rich-text fields and the migration of old biography keys, written once), every item model
 * `BaseItemModel`.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { BaseActorModel, BaseItemModel } from "../../../src/foundry/data/models.ts";
import type { RulesetId, RulesetRegistration } from "../../../src/foundry/ruleset.ts";
import { registration as trinites } from "../../../src/foundry/trinites/registration.ts";
import { registration as ahillmach } from "../../../src/foundry/ahillmach/registration.ts";
import { registration as oeilnoir } from "../../../src/foundry/oeilnoir/registration.ts";
import { registration as jetons } from "../../../src/foundry/jetons/registration.ts";
import { registration as systemj } from "../../../src/foundry/systemj/registration.ts";

const REGISTRATIONS: Record<RulesetId, RulesetRegistration> = { trinites, ahillmach, oeilnoir, jetons, systemj };

describe("base data models", () => {
  beforeEach(() => resetFoundryDouble());

  it.each(Object.entries(REGISTRATIONS))("%s: every actor and item model extends the base one", (_id, r) => {
    expect(r.actorTypes.length).toBeGreaterThan(0);
    for (const t of r.actorTypes) expect(t.model.prototype, t.type).toBeInstanceOf(BaseActorModel);
    for (const t of r.itemTypes) expect(t.model.prototype, t.type).toBeInstanceOf(BaseItemModel);
  });

  it.each(Object.entries(REGISTRATIONS))(
    "%s: every actor model moves an old biography key into biography",
    (_id, r) => {
      for (const t of r.actorTypes) {
        const migrated = t.model.migrateData({ biographie: "<p>Née à Venise.</p>" }) as Record<string, unknown>;
        expect(migrated.biography, t.type).toBe("<p>Née à Venise.</p>");
        expect(migrated, t.type).not.toHaveProperty("biographie");
      }
    },
  );
});
