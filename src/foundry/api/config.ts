/**
 * `CONFIG.QUINTETTE`: what a module may read and change of the world's rule set, filled at init before any module's
 * own `init` listener runs. The code reads it at each use, never a copy taken earlier: the token conditions (the
 * HUD's list is built from it at `setup`; derived conditions and HUD clicks read it each time), the fields active
 * effects may change, the card actions the world answers, the Dice So Nice colour sets and the system's options.
 * A change here only narrows or widens what the world's own rules already allow: the GM's client still checks every
 * request and recomputes every write (docs/security.md). docs/api.md documents each entry.
 */
import { ownCardActionNames } from "../chat/actions.ts";
import type { ConditionSpec } from "../conditions/types.ts";
import { conditionsOf } from "../conditions/index.ts";
import { allColorsets, type DiceSoNiceColorset } from "../dice/colorsets.ts";
import { MODIFIABLE_KEYS, readKeysFrom } from "../effects/keys.ts";
import { activeRuleset, activeRulesetId, type RulesetId } from "../ruleset.ts";

/** System options read at use; a module may turn either off (at init, before `ready`). */
export interface QuintetteOptions {
  /** Journal links (`@QRoll[…]`, docs/api.md) become links that roll; false leaves their text as written. */
  enrichers: boolean;
  /** A new world asks its GM which game it plays (once, at ready). */
  firstRun: boolean;
}

export interface QuintetteConfig {
  /** The world's rule set (read only: the setting decides it). */
  readonly ruleset: RulesetId;
  /** Its token conditions (`ConditionSpec`: id, name key, img, actorTypes, and for derived ones derive/toggle). */
  conditions: ConditionSpec[];
  /** Per actor type of the rule set, the fields an active effect may change (`*`: one path segment). */
  effectKeys: Record<string, string[]>;
  /** The card actions the world's GM answers (its rule set's and the shared ones); a name removed is refused. */
  cardActions: string[];
  /** Dice So Nice colour sets the system adds when the module is ready. */
  diceColorsets: DiceSoNiceColorset[];
  options: QuintetteOptions;
}

declare global {
  interface CONFIG {
    /** Quintette's configuration for modules (src/foundry/api/config.ts), set at init. */
    QUINTETTE?: QuintetteConfig;
  }
}

/** The configuration of a world playing `ruleset`: copies, so a module's edits touch this world only. */
export function buildConfig(ruleset: RulesetId): QuintetteConfig {
  const types = activeRuleset()?.actorTypes.map((t) => t.type) ?? [];
  const effectKeys: Record<string, string[]> = {};
  for (const type of types) effectKeys[type] = [...(MODIFIABLE_KEYS[type] ?? [])];
  const own = activeRuleset()?.diceSoNice ?? [];
  const colorsets = [...allColorsets()];
  for (const set of own) if (!colorsets.some((c) => c.name === set.name)) colorsets.push(set);
  return {
    ruleset,
    conditions: conditionsOf(ruleset).map((c) => ({ ...c })),
    effectKeys,
    cardActions: ownCardActionNames(),
    diceColorsets: colorsets.map((c) => ({ ...c })),
    options: { enrichers: true, firstRun: true },
  };
}

/** At init, after the rule sets are registered: publishes the configuration and points the readers at it. */
export function registerConfig(): void {
  CONFIG.QUINTETTE = buildConfig(activeRulesetId());
  readKeysFrom((type) => CONFIG.QUINTETTE?.effectKeys[type]);
}
