/**
 * The Handlebars-mixed Foundry classes our sheets and apps extend, built once here.
 *
 * Workaround for fvtt-types 13.345.1: tsc cannot check a class that extends `HandlebarsApplicationMixin(X)`
 * directly (even an empty one): it reports TS2589 "excessively deep" and runs out of memory. Each mixed class is
 * therefore typed as its Foundry base plus the Handlebars statics and members we use; at run time it is the real
 * mixed class. Remove when the type package checks the mixin in reasonable time.
 */
type Part = foundry.applications.api.HandlebarsApplicationMixin.HandlebarsTemplatePart;
type RenderOptions = foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;

interface HandlebarsStatics {
  PARTS: Record<string, Part>;
}
/** The Handlebars members our subclasses call or override. */
export interface HandlebarsMembers {
  _configureRenderParts(options: RenderOptions): Record<string, Part>;
}
type Mixed<Base> = Base & HandlebarsStatics;

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;
const { ApplicationV2 } = foundry.applications.api;

export const HandlebarsActorSheet = HandlebarsApplicationMixin(ActorSheetV2) as unknown as Mixed<typeof ActorSheetV2>;
export const HandlebarsItemSheet = HandlebarsApplicationMixin(ItemSheetV2) as unknown as Mixed<typeof ItemSheetV2>;
export const HandlebarsApplication = HandlebarsApplicationMixin(ApplicationV2) as unknown as Mixed<
  typeof ApplicationV2
>;

/** Calls the mixin's `_configureRenderParts` (out of the narrowed type) on a mixed instance. */
export function configureHandlebarsParts(
  mixed: { prototype: object },
  app: object,
  options: RenderOptions,
): Record<string, Part> {
  return (mixed.prototype as HandlebarsMembers)._configureRenderParts.call(app, options);
}
