/**
 * The system's ActiveEffect class (`CONFIG.ActiveEffect.documentClass`, set at init): Foundry's, except that a change
 * reaches an actor only when the rules let a modifier touch that field (`keys.ts`). Foundry applies effects between
 * an actor's base and derived data; v13 calls `ActiveEffect#apply(actor, change)` for each change, v14 first asks
 * `shouldApplyChange(change, options)` ("Systems and modules may override this method to introduce additional
 * conditions under which a change is applied", fvtt-types 14.x active-effect.d.mts). Both are answered.
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

type ApplyArgs = Parameters<foundry.documents.ActiveEffect["apply"]>;
type ShouldApply = (this: EffectLike, change: ChangeLike, options?: unknown) => boolean;

export class QuintetteActiveEffect extends foundry.documents.ActiveEffect {
  override apply(actor: ApplyArgs[0], change: ApplyArgs[1]) {
    if (!allowed(this, change)) return {};
    return super.apply(actor, change);
  }
}

// v14's `shouldApplyChange` (fvtt-types 13.x does not declare it, so it cannot be written as an override): Foundry's
// answer, and the rules'. On v13 nothing calls it.
Object.defineProperty(QuintetteActiveEffect.prototype, "shouldApplyChange", {
  value(this: EffectLike, change: ChangeLike, options?: unknown): boolean {
    const base = Object.getPrototypeOf(QuintetteActiveEffect.prototype) as { shouldApplyChange?: ShouldApply };
    const inherited = base.shouldApplyChange;
    return (inherited ? inherited.call(this, change, options) : true) && allowed(this, change);
  },
  writable: true,
  configurable: true,
});

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    ActiveEffect: typeof QuintetteActiveEffect;
  }
}
