/**
 * The system's ActiveEffect class: Foundry's, except that a change reaches an actor only when the rules let a modifier
 * touch that field (`keys.ts`). Foundry applies effects between an actor's base and derived data; v13 calls
 * `ActiveEffect#apply(actor, change)` for each change, v14 first asks `shouldApplyChange(change, options)` ("Systems
 * and modules may override this method to introduce additional conditions under which a change is applied", fvtt-types
 * 14.x active-effect.d.mts). Both are answered. Built at init from the configured class (the test double has none
 * unless a test installs it), so the entry defines no subclass of a global that may not exist yet.
 */
import { isModifiable, type ChangeLike } from "./keys.ts";

interface EffectLike {
  parent?: unknown;
}

/** The actor an effect's changes land on: its parent, or the actor owning its parent item. */
export function effectActor(effect: EffectLike): { type: string; documentName?: string } | null {
  const parent = effect.parent as { documentName?: string; type?: string; parent?: unknown } | null | undefined;
  if (parent?.documentName === "Actor") return parent as { type: string };
  const owner = parent?.parent as { documentName?: string; type?: string } | null | undefined;
  return owner?.documentName === "Actor" ? (owner as { type: string }) : null;
}

function allowed(effect: EffectLike, change: ChangeLike): boolean {
  const actor = effectActor(effect);
  return !!actor && isModifiable(actor.type, change.key);
}

type EffectClass = typeof foundry.documents.ActiveEffect;
type ApplyArgs = Parameters<InstanceType<EffectClass>["apply"]>;

export function defineEffectClass(Base: EffectClass): EffectClass {
  class QuintetteActiveEffect extends Base {
    override apply(actor: ApplyArgs[0], change: ApplyArgs[1]) {
      if (!allowed(this, change)) return {};
      return super.apply(actor, change);
    }
  }
  // v14 only (fvtt-types 13.x does not declare it): set on the prototype as a class method would be.
  const base = Base.prototype as unknown as { shouldApplyChange?: (c: ChangeLike, o?: unknown) => boolean };
  if (typeof base.shouldApplyChange === "function") {
    const inherited = base.shouldApplyChange;
    Object.defineProperty(QuintetteActiveEffect.prototype, "shouldApplyChange", {
      value(this: EffectLike, change: ChangeLike, options?: unknown) {
        return inherited.call(this, change, options) && allowed(this, change);
      },
      writable: true,
      configurable: true,
    });
  }
  return QuintetteActiveEffect as unknown as EffectClass;
}

/** At init: the configured ActiveEffect class gets the rules' filter. */
export function registerEffectClass(): void {
  const config = (CONFIG as { ActiveEffect?: { documentClass?: EffectClass } }).ActiveEffect;
  if (config?.documentClass) config.documentClass = defineEffectClass(config.documentClass);
}
