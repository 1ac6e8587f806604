/**
 * The ready actors of the packs (issue 37), as a GM brings them to a table: read from their sources
 * (packs-src/<ruleset>-acteurs), imported into the world by the GM as Foundry imports a compendium document (the
 * stored data without its pack key, under its own id), player characters given to a player.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { asClient, settle } from "../../double/shared-core.ts";
import type { DoubleActor } from "../../double/index.ts";
import type { RulesetId } from "../../../src/foundry/ruleset.ts";
import { GM, type UserId } from "../../scenes/table.ts";

const root = join(import.meta.dirname, "..", "..", "..");

export interface ReadyActor {
  _id: string;
  name: string;
  type: string;
  img: string;
  system: Record<string, unknown>;
  items: { _id: string; name: string; type: string; system: Record<string, unknown> }[];
  prototypeToken: { actorLink: boolean; bar1: { attribute: string | null }; bar2: { attribute: string | null } };
}

/** The pack of ready actors of a rule set. */
export const readyPack = (ruleset: RulesetId) => `${ruleset}-acteurs`;

/** Every document source of a pack, by file name order. */
export function packSources<T = Record<string, unknown>>(pack: string): T[] {
  const dir = join(root, "packs-src", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as T);
}

/** The source without the pack's LevelDB keys (`_key`), as the compiled pack holds it. */
export function withoutKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutKeys) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== "_key")
        .map(([k, v]) => [k, withoutKeys(v)]),
    ) as T;
  return value;
}

/** The GM imports a ready actor into the world; `owner` (a player) gets it as their own. */
export async function importReady(source: ReadyActor, owner?: UserId): Promise<DoubleActor> {
  const cls = CONFIG.Actor.documentClass as unknown as {
    create(data: object, options?: object): Promise<DoubleActor>;
  };
  const data = withoutKeys(source) as ReadyActor & { ownership: Record<string, number> };
  if (owner) data.ownership = { default: 0, [owner]: 3 };
  const actor = await asClient(GM, () => cls.create(data, { keepId: true }));
  await settle();
  return actor;
}
