/**
 * The system's Actor and Item document classes. One behaviour only: the "create actor / item" dialogs offer the active
 * rule set's types, while documents of every rule set stay valid (all data models are registered at init).
 */
import { activeTypes } from "../ruleset.ts";
import { addDerivedStatuses, derivedEffects, toggleByRules } from "../conditions/index.ts";

export class QuintetteActor extends Actor {
  static override async createDialog(
    data?: Actor.CreateDialogData,
    createOptions?: Parameters<typeof Actor.createDialog>[1],
    options?: Actor.CreateDialogOptions,
  ) {
    return super.createDialog(data, createOptions, withActiveTypes(options, activeTypes("Actor")));
  }

  // Token conditions the rules decide are derived from the data (src/foundry/conditions/).
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    addDerivedStatuses(this);
  }

  override get temporaryEffects(): ActiveEffect.Implementation[] {
    return [...super.temporaryEffects, ...derivedEffects(this)];
  }

  override async toggleStatusEffect(statusId: string, options?: Actor.ToggleStatusEffectOptions) {
    const ruled = await toggleByRules(this, statusId, options);
    return ruled.handled ? ruled.result : super.toggleStatusEffect(statusId, options);
  }
}

export class QuintetteItem extends Item {
  static override async createDialog(
    data?: Item.CreateDialogData,
    createOptions?: Parameters<typeof Item.createDialog>[1],
    options?: Item.CreateDialogOptions,
  ) {
    return super.createDialog(data, createOptions, withActiveTypes(options, activeTypes("Item")));
  }
}

/** Keeps a caller's own restriction, narrowed to the active rule set; without one, the active rule set's types. */
export function restrictTypes(requested: readonly string[] | null | undefined, active: readonly string[]): string[] {
  if (!active.length) return requested ? [...requested] : [];
  return requested ? requested.filter((t) => active.includes(t)) : [...active];
}

function withActiveTypes<O extends object>(options: O | undefined, active: string[]): O {
  const requested = options && "types" in options && Array.isArray(options.types) ? (options.types as string[]) : null;
  return { ...(options ?? ({} as O)), types: restrictTypes(requested, active) };
}
