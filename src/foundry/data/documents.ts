/**
 * The system's Actor and Item document classes. The "create actor / item" dialogs offer the active rule set's types,
 * while documents of every rule set stay valid (all data models are registered at init); a new actor's token shows
 * its own type's bars; a new document without an image gets its type's artwork.
 */
import { activeRuleset, activeTypes, rulesetOfType } from "../ruleset.ts";
import { addDerivedStatuses, derivedEffects, toggleByRules } from "../conditions/index.ts";
import { typeArtwork } from "./artwork.ts";

type TemporaryEffects = InstanceType<typeof foundry.documents.Actor>["temporaryEffects"];

export class QuintetteActor extends Actor {
  static override async createDialog(
    data?: Actor.CreateDialogData,
    createOptions?: Parameters<typeof Actor.createDialog>[1],
    options?: Actor.CreateDialogOptions,
  ) {
    const narrowed = withActiveTypes(options, activeTypes("Actor"));
    if (!narrowed) return null;
    return super.createDialog(data, createOptions, narrowed);
  }

  /** A new actor with no image of its own gets its type's artwork, as portrait and token (`artwork.ts`). */
  static override getDefaultArtwork(data?: Actor.CreateData): Actor.GetDefaultArtworkReturn {
    const img = typeArtwork(data?.type);
    return img ? { img, texture: { src: img } } : super.getDefaultArtwork(data);
  }

  // Token conditions the rules decide are derived from the data (src/foundry/conditions/).
  override prepareDerivedData(): void {
    super.prepareDerivedData();
    addDerivedStatuses(this);
  }

  // fvtt-types 14.x types these as stored effects (13.x as effect instances); the derived ones are drawn on the token
  // and never saved, so they are cast to the base class's type of either package.
  override get temporaryEffects(): TemporaryEffects {
    return [...super.temporaryEffects, ...(derivedEffects(this) as TemporaryEffects)];
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
    const narrowed = withActiveTypes(options, activeTypes("Item"));
    if (!narrowed) return null;
    return super.createDialog(data, createOptions, narrowed);
  }

  /** A new item with no image of its own gets its type's artwork (`artwork.ts`). */
  static override getDefaultArtwork(data?: Item.CreateData): Item.GetDefaultArtworkReturn {
    const img = typeArtwork(data?.type);
    return img ? { img } : super.getDefaultArtwork(data);
  }
}

/** Keeps a caller's own restriction, narrowed to the active rule set; without one, the active rule set's types. */
export function restrictTypes(requested: readonly string[] | null | undefined, active: readonly string[]): string[] {
  if (!active.length) return requested ? [...requested] : [];
  return requested ? requested.filter((t) => active.includes(t)) : [...active];
}

/**
 * The options with the narrowed types, or null (with a warning) when nothing is left to offer: Foundry's create
 * dialog throws on an empty type list (a Jetons world has no item type).
 */
function withActiveTypes<O extends object>(options: O | undefined, active: string[]): O | null {
  const requested = options && "types" in options && Array.isArray(options.types) ? (options.types as string[]) : null;
  const types = restrictTypes(requested, active);
  if (!types.length) {
    const ruleset = activeRuleset();
    ui.notifications?.warn(
      game.i18n?.format("QUINTETTE.Create.NoTypes", {
        ruleset: ruleset ? game.i18n.localize(ruleset.label) : "Quintette",
      }) ?? "",
    );
    return null;
  }
  return { ...(options ?? ({} as O)), types };
}

/**
 * A new actor's prototype token, unless the creation data chose: the manifest cannot name one default bar for nine
 * actor types with different resources, so the token gets its type's first two trackable bars; a player character's
 * token is linked (Foundry's default is unlinked). `preCreateActor` runs on the creating client before the write,
 * with the creation data as given, where `updateSource` changes what is stored (dnd5e and draw-steel link their
 * characters' tokens the same way, in their models' `_preCreate`).
 */
export function registerTokenDefaults(): void {
  Hooks.on("preCreateActor", (actor, data) => {
    const changes = {
      ...defaultTokenBars(actor.type, data.prototypeToken),
      ...defaultTokenLink(actor.type, data.prototypeToken),
    };
    if (Object.keys(changes).length) actor.updateSource(changes as Actor.UpdateData);
  });
}

/** Source changes linking a new player character's token, or null for another type or when the data chose. */
export function defaultTokenLink(
  type: string,
  token: { actorLink?: boolean | null | undefined } | null | undefined,
): Record<string, boolean> | null {
  const spec = rulesetOfType(type)?.actorTypes.find((t) => t.type === type);
  if (!spec?.playerCharacter || typeof token?.actorLink === "boolean") return null;
  return { "prototypeToken.actorLink": true };
}

/** What creation data says of the token bars (the part the defaults look at). */
interface TokenBarsData {
  bar1?: { attribute?: string | null | undefined } | null | undefined;
  bar2?: { attribute?: string | null | undefined } | null | undefined;
}

/** Source changes giving a new actor's token its type's bars, or null when the type has none or the data chose. */
export function defaultTokenBars(type: string, token: TokenBarsData | null | undefined): Record<string, string> | null {
  const spec = rulesetOfType(type)?.actorTypes.find((t) => t.type === type);
  const bars = spec?.trackable?.bar ?? [];
  const out: Record<string, string> = {};
  const [first, second] = bars;
  if (first && token?.bar1?.attribute === undefined) out["prototypeToken.bar1.attribute"] = first;
  if (second && token?.bar2?.attribute === undefined) out["prototypeToken.bar2.attribute"] = second;
  return Object.keys(out).length ? out : null;
}
