/**
 * `quintette.rules()`: the whole rules core (`src/rules/index.ts`) for macros and modules. The build ships it as a
 * file of its own, `rules.mjs` beside the entry, with its own copy of the code: the entry never imports it, so no
 * world loads it until something calls this.
 */
import type * as RulesCore from "../../rules/index.ts";

export type { RulesCore };

/** The file the build writes beside `quintette.mjs` (scripts/build-rules.mjs). */
export const RULES_FILE = "rules.mjs";

type ModuleLoader = (url: string) => Promise<unknown>;

// The specifier is a runtime value, left to the browser: bundling it would pull the rules core into the entry.
const importUrl: ModuleLoader = (url) => import(/* @vite-ignore */ url);

let loader: ModuleLoader = importUrl;
let loaded: Promise<typeof RulesCore> | undefined;

/**
 * The file's address as Foundry serves it: `systems/<id>/rules.mjs` through `getRoute`, which adds the server's
 * route prefix. Not relative to `import.meta.url`: Vite rewrites `new URL(…, import.meta.url)` into an asset.
 */
export function rulesUrl(): string {
  const id = game.system?.id ?? "quintette";
  return foundry.utils.getRoute(`systems/${id}/${RULES_FILE}`);
}

/** Resolves with the rules core's namespaces; loads the file once (a failed load is tried again on the next call). */
export function rules(): Promise<typeof RulesCore> {
  loaded ??= (loader(rulesUrl()) as Promise<typeof RulesCore>).catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** Tests: import something else than the built file (`src/rules/index.ts`); no argument puts the real one back. */
export function setRulesLoader(next?: ModuleLoader): void {
  loader = next ?? importUrl;
  loaded = undefined;
}
