/**
 * The bench's table: the Foundry test double with clients (a GM and players), the system initialized once for every
 * bench module, and templates rendered as the gallery renders them (real templates, real Handlebars, the helper
 * shim, the system's helpers, the real lang file), each compiled once as Foundry's template cache does.
 */
import "./double.ts";
import Handlebars from "handlebars";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { doubleState } from "../test/double/index.ts";
import { installClients } from "../test/double/clients.ts";
import { readLang } from "../test/double/game.ts";
import { registerFoundryHelpers } from "../gallery/foundry-helpers.ts";
import { helpers as systemHelpers } from "../src/foundry/templates/helpers.ts";
import { initQuintette } from "../src/index.ts";
import { activateRuleset } from "../src/foundry/data/register.ts";
import { activeRulesetId, allRulesets } from "../src/foundry/ruleset.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
type Template = (context: unknown) => string;
let compiled: Map<string, Template> | null = null;

function templateFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? templateFiles(file) : name.endsWith(".hbs") ? [file] : [];
  });
}

/** The system initialized on the double, once, with every rule set's runtime (a world loads its own only). */
export async function table(): Promise<void> {
  if (compiled) return;
  installClients(doubleState());
  initQuintette();
  // The other rule sets as their own worlds would have them: their settings, then their runtime.
  for (const descriptor of allRulesets()) if (descriptor.id !== activeRulesetId()) activateRuleset(descriptor);
  const hbs = Handlebars.create();
  registerFoundryHelpers(hbs, readLang("fr"));
  for (const [name, fn] of Object.entries(systemHelpers)) hbs.registerHelper(name, fn);
  const cache = new Map<string, Template>();
  for (const file of templateFiles(join(ROOT, "templates"))) {
    const path = `systems/quintette/${relative(ROOT, file)}`;
    // Compiled once and registered compiled, as Foundry's template loader does (a string partial recompiles).
    const template = hbs.compile(readFileSync(file, "utf8"));
    hbs.registerPartial(path, template);
    cache.set(path, (context) => template(context, { allowProtoPropertiesByDefault: true }));
  }
  compiled = cache;
  const handlebars = (globalThis as unknown as { foundry: { applications: { handlebars: Record<string, unknown> } } })
    .foundry.applications.handlebars;
  handlebars.renderTemplate = async (path: string, context: unknown) => render(path, context);
}

/** A template rendered with its context (compiled at `table()`). */
export function render(path: string, context: unknown): string {
  const template = compiled?.get(path);
  if (!template) throw new Error(`No template ${path}`);
  return template(context);
}
