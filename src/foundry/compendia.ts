/**
 * Other rule sets' compendia are out of sight. Foundry shows every pack a system declares to the GM (pack
 * ownership can hide a pack from players only, and is the world's own configuration to keep), so the compendium
 * directory's render hook removes the entries of packs another rule set ships, for every user, and any folder of
 * the system's that holds nothing else once they are gone. The packs stay loaded: links into them still resolve.
 */
import { allRulesets, type RulesetId } from "./ruleset.ts";

/** Pack collection ids (`quintette.trinites-regles`) shipped by rule sets other than `active`. */
export function hiddenPacks(active: RulesetId): Set<string> {
  return new Set(allRulesets().flatMap((d) => (d.id === active ? [] : (d.packs ?? []))));
}

/** The part of the directory's element this uses (an HTMLElement in Foundry). */
interface DirectoryNode {
  dataset: DOMStringMap;
  remove(): void;
  closest(selector: string): DirectoryNode | null;
  parentElement: DirectoryNode | null;
  querySelector(selector: string): DirectoryNode | null;
}
interface DirectoryRoot {
  querySelectorAll(selector: string): Iterable<DirectoryNode>;
}

/** Removes the hidden packs' entries, then each folder they leave empty. */
export function hidePacks(root: DirectoryRoot, hidden: ReadonlySet<string>): number {
  let removed = 0;
  for (const entry of [...root.querySelectorAll("[data-pack]")]) {
    if (!hidden.has(entry.dataset.pack ?? "")) continue;
    let folder = entry.parentElement?.closest(".folder") ?? null;
    entry.remove();
    removed++;
    while (folder && !folder.querySelector("[data-pack]")) {
      const parent = folder.parentElement?.closest(".folder") ?? null;
      folder.remove();
      folder = parent;
    }
  }
  return removed;
}

export function registerCompendiumFilter(active: RulesetId): void {
  Hooks.on("renderCompendiumDirectory", (_app: unknown, element: HTMLElement) => {
    hidePacks(element, hiddenPacks(active));
  });
}
