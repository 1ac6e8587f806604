/**
 * The fields an active effect may change, per actor type: what the rules let a modifier touch (a characteristic, a
 * quality, a skill score, a sign bonus). Everything else (life, wounds, karma, tokens, states) is the rules' to decide
 * and stays derived from the data; changes to it are not applied. The lists and the reasons are in
 * `docs/rules/<ruleset>.md` ("Active effects"). `*` stands for one path segment. Pure: no Foundry.
 */
export const MODIFIABLE_KEYS: Readonly<Record<string, readonly string[]>> = {
  trinite: ["system.signes.*", "system.competences.*.base"],
  humain: ["system.signes.*", "system.competences.*.base"],
  personnage: ["system.characteristics.*"],
  opposant: ["system.characteristics.*", "system.protection"],
  heros: ["system.qualities.*", "system.volonte", "system.vitesse", "system.artDeLaGuerre"],
  adversaire: ["system.at", "system.prd", "system.iniBase", "system.pr", "system.vitesse", "system.volonte"],
  archetype: [],
  "sj-personnage": ["system.attributes.*", "system.skills.*"],
  creature: ["system.attributes.*", "system.skills.*"],
};

function matches(pattern: string, key: string): boolean {
  const p = pattern.split(".");
  const k = key.split(".");
  return p.length === k.length && p.every((part, i) => part === "*" || part === k[i]);
}

type KeySource = (actorType: string) => readonly string[] | undefined;
let worldKeys: KeySource = () => undefined;

/**
 * Where the world's lists are read at each use (`CONFIG.QUINTETTE.effectKeys`, api/config.ts): a module that edits
 * them changes what applies. A type the world's lists do not name keeps the list above.
 */
export function readKeysFrom(source: KeySource): void {
  worldKeys = source;
}

/** The patterns an effect may change on an actor of `type`, read now (none for a type no list names). */
export function allowedKeys(actorType: string): readonly string[] {
  return worldKeys(actorType) ?? MODIFIABLE_KEYS[actorType] ?? [];
}

/** Whether `key` is one of `patterns` (`*` standing for one path segment). */
export function matchesAny(patterns: readonly string[], key: string | null | undefined): boolean {
  return !!key && patterns.some((pattern) => matches(pattern, key));
}

/** Whether an effect change to `key` applies to an actor of `type` (none for a type the list does not name). */
export function isModifiable(actorType: string, key: string | null | undefined): boolean {
  return matchesAny(allowedKeys(actorType), key);
}

/** An effect change in either generation's shape: v13 `mode` (a number), v14 `type` (a name). */
export interface ChangeLike {
  key?: string | null | undefined;
  value?: unknown;
  mode?: number | null | undefined;
  type?: string | null | undefined;
  priority?: number | null | undefined;
}
