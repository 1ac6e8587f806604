/**
 * The templates' load started at init. Foundry's `loadTemplates` is asynchronous (it fetches each file) and a template
 * is a partial only once loaded, while Foundry builds the UI without waiting for it: whatever renders a template that
 * includes partials (a card, the combat tracker, a sheet) first awaits `templatesLoaded()`.
 */
let loaded: Promise<unknown> = Promise.resolve();

/** Loads `paths` as partials; a failure is reported, and a missing partial then fails only the render that needs it. */
export function loadPartials(paths: readonly string[]): Promise<unknown> {
  loaded = foundry.applications.handlebars
    .loadTemplates([...new Set(paths)])
    .catch((error: unknown) => console.error("quintette | templates not loaded", error));
  return loaded;
}

/** Settles once the templates started at init are partials. */
export function templatesLoaded(): Promise<unknown> {
  return loaded;
}
