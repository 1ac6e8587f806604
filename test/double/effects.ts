/**
 * The ActiveEffect document class (`foundry.documents.ActiveEffect`, `CONFIG.ActiveEffect.documentClass`: every
 * double has it, so the system's class extends it at module evaluation as it extends Foundry's); embedding effects in
 * actors and items is opt-in: a test file calls `installEffectsDouble()` after `resetFoundryDouble()`; the rest of the
 * double is unchanged. Each behaviour and its source (fvtt-types 13.345.1, 14.366.0 where v14 differs):
 *
 * - An effect holds `name`, `img`, `disabled`, `transfer`, `changes` (`{ key, value, mode, priority }`), `statuses`,
 *   `origin`, `flags` (`BaseActiveEffect` schema: `disabled` "Is this ActiveEffect currently disabled?", `transfer`
 *   "Does this ActiveEffect automatically transfer from an Item to an Actor?" `initial: true`, `changes` "The array of
 *   EffectChangeData objects which the ActiveEffect applies", `mode` "@defaultValue `CONST.ACTIVE_EFFECT_MODES.ADD`",
 *   `statuses` "The status effect ids which this ActiveEffect applies"; `ActiveEffect.CoreFlags` `core.overlay`).
 * - `active`: "Whether the Active Effect currently applying its changes to the target" (not disabled, not
 *   `isSuppressed`, whose core value is false).
 * - Actors and items have an `effects` collection (`get(id)`, `contents`, iteration). Writes (`createEmbeddedDocuments
 *   ("ActiveEffect")`, `effect.update`, `effect.delete`) need ownership of the actor or item that holds them
 *   (embedded documents' `getUserLevel` read the parent) and re-prepare the actor; they are local to this client: no
 *   server round trip and no document hooks (the double's server knows Items and Combatants only).
 * - `Actor#allApplicableEffects`: "If CONFIG.ActiveEffect.legacyTransferral is false, this will also return all the
 *   transferred ActiveEffects on any of the Actor's owned Items" (v13's default): the actor's own, then each item's
 *   effects with `transfer`.
 * - `Actor#applyActiveEffects`: "Apply any transformations to the Actor data which are caused by ActiveEffects", run
 *   between base and derived data (client document: "prepareBaseData, then prepareEmbeddedDocuments, then
 *   prepareDerivedData"): every change of every active applicable effect, sorted by priority (default `mode * 10`),
 *   goes through `effect.apply(actor, change)`; `overrides` records the result; `statuses`: "The statuses that are
 *   applied to this actor by active effects".
 * - `ActiveEffect#apply(actor, change)`: "Apply this ActiveEffect to a provided Actor … @returns An object of property
 *   paths and their updated values", by `ACTIVE_EFFECT_MODES` (`CUSTOM` 0: left to the system, `MULTIPLY` 1, `ADD` 2,
 *   `DOWNGRADE` 3, `UPGRADE` 4, `OVERRIDE` 5; constants.d.mts), numbers cast from the change's string value.
 * - `toDragData()`: "Serialize salient information about this Document when dragging it" (`{ type, uuid }`);
 *   `sheet`: the ActiveEffectConfig a click opens (the double records the render).
 * - `Actor#temporaryEffects` and `Actor#toggleStatusEffect(id, {active})`, which creates an ActiveEffect from the
 *   `CONFIG.statusEffects` entry or deletes it; it returns the new effect, `true` when already there, `false` when
 *   removed, `undefined` when nothing changes (its doc comment in actor.d.mts).
 * - `duration` (v13 `DurationSchema`, client/documents/active-effect.d.mts): `startTime` "The world time when the
 *   active effect first started" (`null` by default), `seconds` "The maximum duration of the effect, in seconds";
 *   kept as given.
 * - `CONFIG.ActiveEffect.documentClass` and `CONFIG.specialStatusEffects` (`DEFEATED: "dead"` by default, config.d.mts).
 * - v14 (`presentGeneration(14)`): each change is first asked of `ActiveEffect#shouldApplyChange(change, options)`
 *   ("Determine whether a change from this ActiveEffect should be applied during the current phase. Systems and
 *   modules may override this method"), then applied by the static `ActiveEffect.applyChange(targetDoc, change)`
 *   ("Apply this ActiveEffect to a target Document"; `ActiveEffect#apply` "has been moved to
 *   ActiveEffect.applyChange", deprecated): 14.366.0 client/documents/active-effect.d.mts.
 */
import { DataModel } from "./fields.ts";
import { DoubleActor, DoubleItem } from "./documents.ts";
import { deepClone, getProperty, randomID, type Plain } from "./utils.ts";

export interface DoubleChange {
  key: string;
  value: string;
  mode: number;
  priority?: number | null;
}

interface EffectData {
  _id?: string;
  name?: string;
  img?: string;
  disabled?: boolean;
  transfer?: boolean;
  changes?: Partial<DoubleChange>[];
  statuses?: Iterable<string>;
  origin?: string | null;
  flags?: { core?: { overlay?: boolean } } & Plain;
  duration?: { startTime?: number | null; seconds?: number | null };
}

type Holder = DoubleActor | DoubleItem;

/** An actor's or item's effects: an array (the condition tests read it as one) with Foundry's collection lookups. */
export class EffectCollection<T extends { id: string }> extends Array<T> {
  get(id: string): T | undefined {
    return this.find((e) => e.id === id);
  }
  get contents(): T[] {
    return [...this];
  }
  get size(): number {
    return this.length;
  }
}

function holderOf(effect: DoubleActiveEffect): Holder | null {
  const p = effect.parent;
  return p instanceof DoubleActor || p instanceof DoubleItem ? p : null;
}
function actorOf(doc: Holder | null): DoubleActor | null {
  if (doc instanceof DoubleActor) return doc;
  return doc?.parent instanceof DoubleActor ? doc.parent : null;
}
function assertOwner(doc: Holder | null, action: string): void {
  if (doc && !doc.isOwner) throw new Error(`User lacks permission to ${action} ActiveEffect on ${doc.uuid}`);
}

export class DoubleActiveEffect {
  static documentName = "ActiveEffect";
  _id: string;
  name: string;
  img: string;
  disabled: boolean;
  transfer: boolean;
  changes: DoubleChange[];
  statuses: Set<string>;
  origin: string | null;
  flags: { core?: { overlay?: boolean } } & Plain;
  duration: { startTime: number | null; seconds: number | null };
  parent: unknown;
  /** ActiveEffectConfig renders asked for (`sheet.render(true)`). */
  sheetRenders = 0;
  constructor(data: EffectData, { parent = null }: { parent?: unknown } = {}) {
    this._id = data._id ?? randomID();
    this.name = data.name ?? "";
    this.img = data.img ?? "";
    this.disabled = data.disabled ?? false;
    this.transfer = data.transfer ?? true;
    this.changes = (data.changes ?? []).map((c) => ({
      key: c.key ?? "",
      value: String(c.value ?? ""),
      mode: c.mode ?? 2,
      priority: c.priority ?? null,
    }));
    this.statuses = new Set(data.statuses ?? []);
    this.origin = data.origin ?? null;
    this.flags = structuredClone(data.flags ?? {});
    this.duration = { startTime: data.duration?.startTime ?? null, seconds: data.duration?.seconds ?? null };
    this.parent = parent;
  }
  get id(): string {
    return this._id;
  }
  get documentName(): string {
    return "ActiveEffect";
  }
  get uuid(): string {
    const p = this.parent as { uuid?: string } | null;
    return `${p?.uuid ?? ""}.ActiveEffect.${this._id}`;
  }
  get isSuppressed(): boolean {
    return false;
  }
  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }
  get sheet(): { render(force?: boolean): void } {
    return { render: () => void (this.sheetRenders += 1) };
  }
  toObject(): Plain {
    return {
      _id: this._id,
      name: this.name,
      img: this.img,
      disabled: this.disabled,
      transfer: this.transfer,
      changes: deepClone(this.changes),
      statuses: [...this.statuses],
      origin: this.origin,
      flags: deepClone(this.flags),
      duration: { ...this.duration },
    };
  }
  toDragData(): Plain {
    return { type: "ActiveEffect", uuid: this.uuid };
  }
  async update(changes: Partial<EffectData>): Promise<this> {
    const holder = holderOf(this);
    assertOwner(holder, "update");
    const { sheetRenders } = this;
    Object.assign(this, new DoubleActiveEffect({ ...this.toObject(), ...deepClone(changes) }, { parent: this.parent }));
    this.sheetRenders = sheetRenders;
    actorOf(holder)?.prepareData();
    return this;
  }
  async delete(): Promise<this> {
    const holder = holderOf(this);
    assertOwner(holder, "delete");
    const list = (holder as unknown as { effects: EffectCollection<DoubleActiveEffect> } | null)?.effects;
    const i = list?.indexOf(this) ?? -1;
    if (i >= 0) list?.splice(i, 1);
    actorOf(holder)?.prepareData();
    return this;
  }
  /** v13's application of one change (v14 deprecates it for the static `applyChange`). */
  apply(actor: object, change: DoubleChange): Plain {
    return applyByMode(actor, change);
  }
  /** v14's application of one change (only on v14: `presentEffectsGeneration`). */
  static applyChange?: (target: object, change: DoubleChange) => Plain;
}

/** The application by mode; a number field gets a number. */
function applyByMode(actor: object, change: DoubleChange): Plain {
  const current = getProperty(actor, change.key);
  const n = Number(change.value);
  const numeric = typeof current === "number";
  const delta = numeric ? n : change.value;
  let next: unknown;
  switch (change.mode) {
    case 1:
      next = numeric ? current * n : current;
      break;
    case 2:
      next = numeric ? current + n : `${String(current ?? "")}${String(delta)}`;
      break;
    case 3:
      next = numeric ? Math.min(current, n) : current;
      break;
    case 4:
      next = numeric ? Math.max(current, n) : current;
      break;
    case 5:
      next = delta;
      break;
    default:
      return {};
  }
  setPath(actor, change.key, next);
  return { [change.key]: next };
}

type ShouldApply = (this: DoubleActiveEffect, change: DoubleChange, options?: Plain) => boolean;

/** Which generation's application the effect class presents (see the header); called by `presentGeneration`. */
export function presentEffectsGeneration(generation: 13 | 14): void {
  const proto = DoubleActiveEffect.prototype as unknown as { shouldApplyChange?: ShouldApply };
  if (generation === 14) {
    // Foundry's own answer: an active effect's changes apply (the double has one application phase).
    proto.shouldApplyChange = function () {
      return true;
    };
    DoubleActiveEffect.applyChange = applyByMode;
  } else {
    delete proto.shouldApplyChange;
    delete DoubleActiveEffect.applyChange;
  }
}

/** Foundry's `setProperty` walks into any object (a document's `system` is a DataModel, not a plain object). */
function setPath(object: object, key: string, value: unknown): void {
  const parts = key.split(".");
  const last = parts.pop() ?? key;
  let target = object as Plain;
  for (const part of parts) {
    if (target[part] === null || typeof target[part] !== "object") target[part] = {};
    target = target[part] as Plain;
  }
  target[last] = value;
}

const effectsOf = new WeakMap<object, EffectCollection<DoubleActiveEffect>>();
/** The document's own `toObject` before this file adds the live effects to it. */
const sourceOf = new WeakMap<object, (this: object) => Plain>();

/**
 * A document's effects, built on first read from its creation data's `effects` (Foundry creates the embedded
 * documents a creation names: an item dropped on an actor brings its effects with it), with their ids.
 */
function effectsGetter(this: object): EffectCollection<DoubleActiveEffect> {
  let list = effectsOf.get(this);
  if (!list) {
    list = new EffectCollection<DoubleActiveEffect>();
    effectsOf.set(this, list);
    let proto: object | null = Object.getPrototypeOf(this) as object | null;
    while (proto && !sourceOf.has(proto)) proto = Object.getPrototypeOf(proto) as object | null;
    const toObject = proto ? sourceOf.get(proto) : undefined;
    const raw = toObject?.call(this).effects;
    const Cls = effectClass();
    if (Array.isArray(raw)) for (const data of raw) list.push(new Cls(data as EffectData, { parent: this }));
  }
  return list;
}

interface StatusEffectEntry {
  id: string;
  name: string;
  img: string;
}

type EffectClass = new (data: EffectData, context: { parent?: unknown }) => DoubleActiveEffect;
const effectClass = (): EffectClass =>
  ((globalThis as { CONFIG?: { ActiveEffect?: { documentClass?: EffectClass } } }).CONFIG?.ActiveEffect
    ?.documentClass ?? DoubleActiveEffect) as EffectClass;

/** Wraps a document class's embedded writes so that "ActiveEffect" goes to its effects and the rest as before. */
function embedEffects(proto: Record<string, unknown>): void {
  const create = proto.createEmbeddedDocuments as
    ((n: string, d: Plain[], o?: Plain) => Promise<unknown[]>) | undefined;
  Object.defineProperty(proto, "createEmbeddedDocuments", {
    async value(this: Holder & { effects: EffectCollection<DoubleActiveEffect> }, name: string, data: Plain[], o = {}) {
      if (name !== "ActiveEffect") {
        if (!create) throw new Error(`The double only embeds ActiveEffects in ${this.documentName}s`);
        return create.call(this, name, data, o);
      }
      assertOwner(this, "create");
      const Cls = effectClass();
      const created = data.map((d) => new Cls({ ...(d as EffectData), _id: randomID() }, { parent: this }));
      this.effects.push(...created);
      actorOf(this)?.prepareData();
      return created;
    },
    configurable: true,
    writable: true,
  });
  Object.defineProperty(proto, "effects", { get: effectsGetter, configurable: true });
  const toObject = proto.toObject as (this: object) => Plain;
  sourceOf.set(proto, toObject);
  Object.defineProperty(proto, "toObject", {
    value(this: { effects: DoubleActiveEffect[] }) {
      return { ...toObject.call(this), effects: this.effects.map((e) => e.toObject()) };
    },
    configurable: true,
    writable: true,
  });
}

export function installEffectsDouble(): void {
  const g = globalThis as unknown as { CONFIG: Record<string, unknown> };
  const proto = DoubleActor.prototype as unknown as Record<string, unknown>;
  if (Object.prototype.hasOwnProperty.call(proto, "toggleStatusEffect")) return;
  embedEffects(proto);
  embedEffects(DoubleItem.prototype as unknown as Record<string, unknown>);
  Object.defineProperties(DoubleItem.prototype, {
    transferredEffects: {
      get(this: DoubleItem & { effects: DoubleActiveEffect[] }) {
        return this.effects.filter((e) => e.transfer);
      },
      configurable: true,
    },
  });
  Object.defineProperties(proto, {
    allApplicableEffects: {
      *value(this: DoubleActor & { effects: DoubleActiveEffect[] }) {
        yield* this.effects;
        // `items` is not yet set while the base constructor prepares the data.
        for (const item of this.items?.values() ?? [])
          yield* (item as unknown as { effects: DoubleActiveEffect[] }).effects.filter((e) => e.transfer);
      },
      configurable: true,
      writable: true,
    },
    applyActiveEffects: {
      value(this: DoubleActor & { allApplicableEffects(): Iterable<DoubleActiveEffect>; statuses: Set<string> }) {
        const overrides: Plain = {};
        this.statuses = new Set();
        const changes: (DoubleChange & { effect: DoubleActiveEffect; order: number })[] = [];
        for (const effect of this.allApplicableEffects()) {
          if (!effect.active) continue;
          for (const c of effect.changes) changes.push({ ...c, effect, order: c.priority ?? c.mode * 10 });
          for (const s of effect.statuses) this.statuses.add(s);
        }
        changes.sort((a, b) => a.order - b.order);
        for (const change of changes) {
          const { effect } = change;
          const v14 = DoubleActiveEffect.applyChange;
          const should = (effect as unknown as { shouldApplyChange?: ShouldApply }).shouldApplyChange;
          if (v14 && should) {
            if (should.call(effect, change, {})) Object.assign(overrides, v14(this, change));
          } else Object.assign(overrides, effect.apply(this, change));
        }
        (this as unknown as { overrides: Plain }).overrides = overrides;
      },
      configurable: true,
      writable: true,
    },
    temporaryEffects: {
      get(this: { effects: DoubleActiveEffect[] }) {
        return [...this.effects];
      },
      configurable: true,
    },
    prepareData: {
      value(this: DoubleActor & { applyActiveEffects(): void }) {
        const sys = this.system as DataModel & { prepareBaseData?: () => void; prepareDerivedData?: () => void };
        if (sys instanceof DataModel) {
          sys.reset();
          sys.prepareBaseData?.();
        }
        this.applyActiveEffects();
        if (sys instanceof DataModel) sys.prepareDerivedData?.();
        (this as { prepareDerivedData?: () => void }).prepareDerivedData?.();
      },
      configurable: true,
      writable: true,
    },
    prepareDerivedData: { value() {}, configurable: true, writable: true },
    toggleStatusEffect: {
      async value(
        this: DoubleActor & { effects: EffectCollection<DoubleActiveEffect> },
        statusId: string,
        { active }: { active?: boolean } = {},
      ) {
        const entry = (g.CONFIG.statusEffects as StatusEffectEntry[]).find((s) => s.id === statusId);
        if (!entry) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
        const existing = this.effects.filter((e) => e.statuses.has(statusId));
        const on = active ?? existing.length === 0;
        let result: DoubleActiveEffect | boolean | undefined;
        if (on && !existing.length) {
          result = new (effectClass())({ name: entry.name, img: entry.img, statuses: [statusId] }, { parent: this });
          this.effects.push(result);
        } else if (!on && existing.length) {
          const kept = this.effects.filter((e) => !existing.includes(e));
          this.effects.splice(0, this.effects.length, ...kept);
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

/** Test helper: an effect written on `doc` by the current user, as the sheet's create button and the config would. */
export async function addEffect(doc: Holder, data: EffectData): Promise<DoubleActiveEffect> {
  const [effect] = (await (
    doc as unknown as { createEmbeddedDocuments(n: string, d: Plain[]): Promise<DoubleActiveEffect[]> }
  ).createEmbeddedDocuments("ActiveEffect", [data as Plain])) as DoubleActiveEffect[];
  if (!effect) throw new Error("No effect created");
  return effect;
}
