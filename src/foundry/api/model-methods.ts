/**
 * The entry points as methods of every Quintette data model, for macros and modules: `actor.system.roll(key,
 * options)`, `actor.system.rollRequest(key, options)`, `actor.system.act(name, options)` and `item.system.use(options)`.
 * They sit on the system models (not on the Actor and Item classes) so that they exist on every actor, a token's
 * synthetic one included, whatever document class a world or the test double builds; each calls `api/rolls.ts` with
 * the model's document. Installed at init on each registered model that does not define the name itself.
 */
import { act, roll, rollRequest, useItem } from "./rolls.ts";
import type { ActionOptions, RollOptions } from "./types.ts";

interface OwnedModel {
  parent: unknown;
}

const ACTOR_METHODS = {
  roll(this: OwnedModel, key: string, options?: RollOptions) {
    return roll(this.parent as Actor.Implementation, key, options);
  },
  rollRequest(this: OwnedModel, key: string, options?: RollOptions) {
    return rollRequest(this.parent as Actor.Implementation, key, options);
  },
  act(this: OwnedModel, name: string, options?: ActionOptions) {
    return act(this.parent as Actor.Implementation, name, options);
  },
};

const ITEM_METHODS = {
  use(this: OwnedModel, options?: RollOptions) {
    return useItem(this.parent as Item.Implementation, options);
  },
};

function install(model: unknown, methods: Record<string, unknown>): void {
  const proto = (model as { prototype?: object } | null)?.prototype;
  if (!proto) return;
  for (const [name, fn] of Object.entries(methods)) {
    if (name in proto) continue;
    Object.defineProperty(proto, name, { value: fn, writable: true, configurable: true, enumerable: false });
  }
}

export function installActorEntryPoints(model: unknown): void {
  install(model, ACTOR_METHODS);
}

export function installItemEntryPoints(model: unknown): void {
  install(model, ITEM_METHODS);
}
