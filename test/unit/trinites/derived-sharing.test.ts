/**
 * Derived data of Trinités actors is shared between actors whose values are the same (frozen sign, skill and life
 * views, and the skills record of an actor without specialities): the cache is keyed by the values, so a changed
 * value leads to other views and nothing one actor shows leaks into another's.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { asGM, DoubleActor, resetFoundryDouble, setDoubleUser } from "../../double/index.ts";
import { applyRuleset } from "../../../src/foundry/data/register.ts";
import { clearRulesets, registerRuleset } from "../../../src/foundry/ruleset.ts";
import { descriptor } from "../../../src/foundry/trinites/ruleset.ts";
import { deriveActor, type TrinitesActorSource, type TrinitesDerived } from "../../../src/foundry/trinites/derived.ts";
import { trinites as T } from "../../../src/rules/index.ts";

const derivedOf = (actor: DoubleActor) => (actor.system as unknown as { derived: TrinitesDerived }).derived;

function source(over: { signes?: Record<string, number>; bases?: Record<string, number>; spec?: string[] } = {}) {
  const competences = Object.fromEntries(
    T.SKILL_IDS.map((id) => [
      id,
      { base: over.bases?.[id] ?? 2, specialites: id === "melee" ? (over.spec ?? []) : [] },
    ]),
  );
  const signes = Object.fromEntries(T.SIGN_IDS.map((id) => [id, over.signes?.[id] ?? 1]));
  return {
    signes,
    competences,
    vie: { value: 24, max: 24, nonLetal: false },
    xp: { total: 0, depense: 0 },
  } satisfies TrinitesActorSource;
}

describe("Trinités derived data shared by value", () => {
  it("gives actors with the same values the same frozen views, and other values other views", () => {
    const a = deriveActor(source(), "humain");
    const b = deriveActor(source(), "humain");
    expect(b.skills).toBe(a.skills);
    expect(b.signs).toBe(a.signs);
    expect(Object.isFrozen(a.skills.melee)).toBe(true);
    expect(() => {
      (a.skills.melee as { score: number }).score = 99;
    }).toThrow();

    // One base changed: that skill's score follows, its sign's other skills keep theirs, the first actor is unchanged.
    const c = deriveActor(source({ bases: { melee: 5 } }), "humain");
    expect(c.skills.melee!.score).toBe(T.skillScore(5, 1));
    expect(c.skills.corpsACorps).toBe(a.skills.corpsACorps);
    expect(c.skills.art).toBe(a.skills.art);
    expect(a.skills.melee!.score).toBe(T.skillScore(2, 1));

    // One sign bonus changed: its three skills follow, no other.
    const d = deriveActor(source({ signes: { belier: 3 } }), "humain");
    expect(d.signs.find((s) => s.id === "belier")!.skills.map((s) => s.score)).toEqual([5, 5, 5]);
    expect(d.skills.art).toBe(a.skills.art);
    expect(a.skills.melee!.score).toBe(3);

    // The same bases under two signs never share a view (the sign is part of the key).
    const e = deriveActor(source({ signes: Object.fromEntries(T.SIGN_IDS.map((id, i) => [id, i % 3])) }), "humain");
    expect(new Set(e.signs.map((s) => s.id)).size).toBe(T.SIGN_IDS.length);
    for (const sign of e.signs) for (const skill of sign.skills) expect(skill.sign).toBe(sign.id);
  });

  it("shows a speciality where one is written, then shares the plain views again once it is gone", () => {
    const plain = deriveActor(source(), "trinite");
    const spec = deriveActor(source({ spec: ["Épée", " "] }), "trinite");
    expect(spec.skills.melee!.specialites).toEqual(["Épée"]);
    expect(spec.skills.melee!.specialiteRows).toEqual([
      { index: 0, name: "Épée" },
      { index: 1, name: " " },
    ]);
    expect(spec.skills).not.toBe(plain.skills);
    expect(spec.skills.art).toBe(plain.skills.art);
    expect(plain.skills.melee!.specialites).toEqual([]);
    const again = deriveActor(source(), "trinite");
    expect(again.skills).toBe(plain.skills);
  });
});

describe("Trinités derived data through the data model", () => {
  beforeEach(() => {
    resetFoundryDouble({ lang: "fr" });
    setDoubleUser("gm");
    clearRulesets();
    registerRuleset(descriptor);
    applyRuleset(descriptor);
  });

  it("follows every update of one actor and leaves an actor with the same values as it was", async () => {
    const [aelis, brune] = await asGM(() =>
      Promise.all([
        DoubleActor.create({ name: "Aelis", type: "trinite" }),
        DoubleActor.create({ name: "Brune", type: "trinite" }),
      ]),
    );
    expect(derivedOf(aelis).skills).toBe(derivedOf(brune).skills);
    await asGM(() => aelis.update({ "system.competences.melee.base": 4, "system.signes.belier": 2 }));
    expect(derivedOf(aelis).skills.melee!.score).toBe(6);
    expect(derivedOf(brune).skills.melee!.score).toBe(0);
    await asGM(() => aelis.update({ "system.competences.melee.specialites": ["Hache"] }));
    expect(derivedOf(aelis).skills.melee!.specialitesText).toBe("Hache");
    await asGM(() => aelis.update({ "system.competences.melee.specialites": [], "system.signes.belier": 0 }));
    expect(derivedOf(aelis).skills.melee).toMatchObject({ score: 4, specialites: [], specialitesText: "" });
    await asGM(() => aelis.update({ "system.competences.melee.base": 0 }));
    expect(derivedOf(aelis).skills).toBe(derivedOf(brune).skills);
  });
});
