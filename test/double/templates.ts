/**
 * Real template rendering on the double, as Foundry's template functions document it (fvtt-types
 * `client/applications/handlebars.d.mts`):
 *
 * - `loadTemplates(paths)` "Load and cache a set of templates": each file is fetched (asynchronously: the double
 *   registers them after a macrotask, as a fetch answers after the current task) and only then is a partial, usable
 *   as `{{> "path"}}` ("Include a pre-loaded template as a partial").
 * - `getTemplate(path, id)` fetches a template not yet loaded and registers it ("An ID to register the partial
 *   with"); `renderTemplate(path, data)` goes through it ("asynchronous file template file loading with a client-side
 *   caching layer"), so a template rendered once is a partial too.
 *
 * A partial nothing loaded is missing: Handlebars throws "The partial … could not be found", as in Foundry.
 */
import Handlebars from "handlebars";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { registerFoundryHelpers } from "../../gallery/foundry-helpers.ts";
import { helpers as systemHelpers } from "../../src/foundry/templates/helpers.ts";
import { readLang } from "./game.ts";
import { trackListener } from "./server.ts";
import type { Plain } from "./utils.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const PREFIX = "systems/quintette/";

/** The repository's file behind a `systems/quintette/…` path (the double serves no other). */
function fetchTemplate(template: string): string {
  if (!template.startsWith(PREFIX)) throw new Error(`The double serves no template ${template}`);
  return readFileSync(path.join(ROOT, template.slice(PREFIX.length)), "utf8");
}

interface HandlebarsDouble {
  recorded: string[];
  loadTemplates(paths: string[] | Record<string, string>): Promise<unknown[]>;
  renderTemplate(template: string, data: Plain): Promise<string>;
  getTemplate(template: string, id?: string): Promise<Handlebars.TemplateDelegate>;
}

/**
 * Replaces the double's recording template functions with real Handlebars over the repository's templates, with the
 * gallery's shim of Foundry's helpers, the system's own helpers (registered at init in Foundry) and the real lang file
 * of `lang`. Templates loaded before are partials at once: those the double recorded (`doubleState().templates`: an
 * init that already ran) and `loaded` (what the system's init loads, for a test that skips init:
 * test/worlds/templates.ts); later loads answer after a macrotask.
 */
export function useRealTemplates(lang = "en", loaded: readonly string[] = []): void {
  const hbs = Handlebars.create();
  registerFoundryHelpers(hbs, readLang(lang));
  for (const [name, fn] of Object.entries(systemHelpers)) hbs.registerHelper(name, fn);
  const f = (globalThis as unknown as { foundry?: { applications: { handlebars: HandlebarsDouble } } }).foundry;
  if (!f) throw new Error("The Foundry double is not installed");
  const handlebars = f.applications.handlebars;
  const register = (template: string, id = template) => {
    const compiled = hbs.compile(fetchTemplate(template));
    hbs.registerPartial(id, compiled);
    // Foundry registers a loaded template as a partial of the page's Handlebars ("An ID to register the partial with").
    (globalThis as unknown as { Handlebars?: typeof Handlebars }).Handlebars?.registerPartial(id, compiled);
    return compiled;
  };
  for (const template of new Set([...handlebars.recorded, ...loaded])) register(template);
  handlebars.loadTemplates = (paths) => {
    handlebars.recorded.push(...(Array.isArray(paths) ? paths : Object.values(paths)));
    const entries = Array.isArray(paths) ? paths.map((p) => [p, p] as const) : Object.entries(paths);
    const done = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      return entries.map(([id, template]) => register(template, id));
    })();
    trackListener(done);
    return done;
  };
  handlebars.getTemplate = async (template, id) => {
    const known = hbs.partials[id ?? template] as Handlebars.TemplateDelegate | string | undefined;
    if (typeof known === "function") return known;
    return register(template, id);
  };
  handlebars.renderTemplate = async (template, data) =>
    (await handlebars.getTemplate(template))(data, { allowProtoPropertiesByDefault: true });
}
