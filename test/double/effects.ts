/**
 * Opt-in addition to the double: status effects on actors, for the token-condition tests. Installed by a test file
 * with `installEffectsDouble()` (after `resetFoundryDouble()`); the rest of the double is unchanged. What is faked:
 *
 * - `ActiveEffect` documents holding `name`, `img`, a `statuses` set (fvtt-types `BaseActiveEffect` schema:
 *   "statuses: The status effect ids which this ActiveEffect applies") and `flags` (`ActiveEffect.CoreFlags`:
 *   `core.overlay`, which `toggleStatusEffect`'s `overlay` option sets: "Whether to set the effect as the overlay
 *   effect?").
 * - `Actor#statuses`: "The statuses that are applied to this actor by active effects" (fvtt-types actor.d.mts),
 *   refilled when the actor prepares its data; then the document's own `prepareDerivedData` runs, as Foundry's
 *   `Document#prepareData` does after embedded documents (fvtt-types client document: "prepareBaseData, then
 *   prepareEmbeddedDocuments, then prepareDerivedData").
 * - `Actor#temporaryEffects` (the effects drawn on the token) and `Actor#toggleStatusEffect(id, {active})`, which
 *   creates an ActiveEffect from the `CONFIG.statusEffects` entry or deletes it; it returns the new effect, `true`
 *   when already there, `false` when removed, `undefined` when nothing changes (its doc comment in actor.d.mts).
 * - `CONFIG.ActiveEffect.documentClass` and `CONFIG.specialStatusEffects` (`DEFEATED: "dead"` by default, config.d.mts).
 */
import { DoubleActor, DoubleDocument } from "./documents.ts";

export class DoubleActiveEffect {
  name: string;
  img: string;
  statuses: Set<string>;
  flags: { core?: { overlay?: boolean } };
  parent: unknown;
  constructor(
    data: { name?: string; img?: string; statuses?: Iterable<string>; flags?: { core?: { overlay?: boolean } } },
    { parent = null }: { parent?: unknown } = {},
  ) {
    this.name = data.name ?? "";
    this.img = data.img ?? "";
    this.statuses = new Set(data.statuses ?? []);
    this.flags = structuredClone(data.flags ?? {});
    this.parent = parent;
  }
}

const effectsOf = new WeakMap<object, DoubleActiveEffect[]>();

interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
}

export function installEffectsDouble(): void {
  const g = globalThis as unknown as { CONFIG: Record<string, unknown>; ActiveEffect?: unknown };
  g.ActiveEffect = DoubleActiveEffect;
  g.CONFIG.ActiveEffect = { documentClass: DoubleActiveEffect };
  g.CONFIG.specialStatusEffects = { DEFEATED: "dead" };
  const proto = DoubleActor.prototype as unknown as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(proto, "toggleStatusEffect")) return;
  const basePrepare = DoubleDocument.prototype.prepareData;
  Object.defineProperties(proto, {
    effects: {
      get(this: object) {
        if (!effectsOf.has(this)) effectsOf.set(this, []);
        return effectsOf.get(this);
      },
    },
    temporaryEffects: {
      get(this: { effects: DoubleActiveEffect[] }) {
        return [...this.effects];
      },
      configurable: true,
    },
    prepareData: {
      value(this: DoubleActor & { effects: DoubleActiveEffect[]; statuses: Set<string> }) {
        basePrepare.call(this);
        this.statuses = new Set(this.effects.flatMap((e) => [...e.statuses]));
        (this as { prepareDerivedData?: () => void }).prepareDerivedData?.();
      },
      configurable: true,
      writable: true,
    },
    prepareDerivedData: { value() {}, configurable: true, writable: true },
    toggleStatusEffect: {
      async value(
        this: DoubleActor & { effects: DoubleActiveEffect[] },
        statusId: string,
        { active }: { active?: boolean } = {},
      ) {
        const entry = (g.CONFIG.statusEffects as StatusEffectEntry[]).find((s) => s.id === statusId);
        if (!entry) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
        const existing = this.effects.filter((e) => e.statuses.has(statusId));
        const on = active ?? existing.length === 0;
        let result: DoubleActiveEffect | boolean | undefined;
        if (on && !existing.length) {
          result = new DoubleActiveEffect({ name: entry.name, img: entry.img, statuses: [statusId] }, { parent: this });
          this.effects.push(result);
        } else if (!on && existing.length) {
          effectsOf.set(
            this,
            this.effects.filter((e) => !existing.includes(e)),
          );
          result = false;
        } else result = on ? true : undefined;
        this.prepareData();
        return result;
      },
      configurable: true,
      writable: true,
    },
  });
}
