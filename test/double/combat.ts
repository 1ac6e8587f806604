/**
 * Combat double: `foundry.documents.Combat/Combatant` and `foundry.applications.sidebar.tabs.CombatTracker` shells
 * with the hooks our subclasses override, wired like Foundry's: `setupTurns` sorts with `_sortCombatants`;
 * `rollInitiative` evaluates each combatant's `getInitiativeRoll()` (the double's Roll: its dice take their faces from
 * the tray the test fills, `chooseDice` in dice.ts);
 * `nextRound`/`nextTurn` call `_onEndTurn`, `_onEndRound`, `_onStartRound`, `_onStartTurn` in Foundry's order, and
 * let the world's clock run `CONFIG.time`'s seconds (time.ts);
 * the tracker's render builds its PARTS and one turn context per combatant via `_prepareTurnContext`.
 * A combatant's `actor` is its token's actor (a synthetic actor for an unlinked token), else the world actor of its
 * `actorId`, and its permission is that actor's (a GM owns all), as in Foundry; `installClients` also refuses a player's combatant update outside initiative, flags and defeated.
 */
import { HandlebarsApplicationMixin, ApplicationV2 } from "./applications.ts";
import { DoubleCollection, DoubleDocument, worldCollections } from "./documents.ts";
import { DataModelValidationError, DataModelValidationFailure } from "./fields.ts";
import { deepClone, type Plain } from "./utils.ts";
import { RollDouble } from "./dice.ts";
import { currentUser, type ClientUser } from "./context.ts";
import { callAll, trackListener } from "./server.ts";
import { requestCreates, requestDeletes, requestUpdates, type CreateSpec } from "./writes.ts";
import { combatSeconds, elapseWorldTime } from "./time.ts";

/** The active GM (fvtt-types `Users#activeGM`), or null. */
function activeGM(): ClientUser | null {
  const users = (globalThis as { game?: { users?: { activeGM: ClientUser | null } } }).game?.users;
  return users?.activeGM ?? null;
}
function combatSettings(): { skipDefeated?: boolean } {
  const g = (globalThis as { game?: { settings?: { get(n: string, k: string): unknown } } }).game;
  try {
    return (g?.settings?.get("core", "combatTrackerConfig") as { skipDefeated?: boolean } | undefined) ?? {};
  } catch {
    return {};
  }
}

function configClass(name: "Combat" | "Combatant"): unknown {
  const cfg = (globalThis as { CONFIG?: Record<string, { documentClass?: unknown }> }).CONFIG;
  return cfg?.[name]?.documentClass;
}

export class DoubleCombatant extends DoubleDocument {
  static override documentName = "Combatant";
  initiative: number | null;
  tokenId: string | null;
  actorId: string | null;
  /** Hidden by the GM in the tracker (players do not see it). */
  hidden: boolean;
  defeated: boolean;
  constructor(data: Plain = {}, context: { parent?: DoubleDocument | null } = {}) {
    super(data, context);
    this.hidden = data.hidden === true;
    this.defeated = data.defeated === true;
    this.initiative = typeof data.initiative === "number" ? data.initiative : null;
    this.tokenId = typeof data.tokenId === "string" ? data.tokenId : null;
    this.actorId = typeof data.actorId === "string" ? data.actorId : null;
  }
  get combat(): DoubleCombat | null {
    return this.parent instanceof DoubleCombat ? this.parent : null;
  }
  /**
   * fvtt-types `Combatant#token`: "A reference to the Token document which this Combatant represents, if any": the
   * token of `tokenId` in a scene.
   */
  get token(): { actor: DoubleDocument | null } | null {
    const scenes = (
      globalThis as { game?: { scenes?: Iterable<{ tokens: Map<string, { actor: DoubleDocument | null }> }> } }
    ).game?.scenes;
    if (!this.tokenId) return null;
    for (const scene of scenes ?? []) {
      const token = scene.tokens.get(this.tokenId);
      if (token) return token;
    }
    return null;
  }
  /**
   * fvtt-types `Combatant#actor`: "A reference to the Actor document which this Combatant represents, if any": its
   * token's actor (a synthetic actor for an unlinked token), else the world actor of `actorId`.
   */
  get actor(): DoubleDocument | null {
    const token = this.token;
    if (token) return token.actor;
    const actors = (globalThis as { game?: { actors?: { get(id: string): DoubleDocument | undefined } } }).game?.actors;
    return this.actorId ? (actors?.get(this.actorId) ?? null) : null;
  }
  override getUserLevel(user: { id: string; isGM: boolean }): number {
    if (user.isGM) return 3;
    return this.actor?.getUserLevel(user) ?? 0;
  }
  /**
   * fvtt-types `Combatant#isNPC`: "treated as a non-player combatant if it has no associated actor and no player users
   * who can control it" (read, as Foundry's tracker does, as: no actor, or an actor no player owns).
   */
  get isNPC(): boolean {
    return !this.actor || !this.actor.hasPlayerOwner;
  }
  /**
   * fvtt-types `Combatant#isDefeated`: "Is this Combatant defeated?": its `defeated` field, or its actor's defeated
   * status (`CONFIG.specialStatusEffects.DEFEATED`).
   */
  get isDefeated(): boolean {
    const cfg = (globalThis as { CONFIG?: { specialStatusEffects?: { DEFEATED?: string } } }).CONFIG;
    const statuses = (this.actor as { statuses?: Set<string> } | null)?.statuses;
    return this.defeated || !!statuses?.has(cfg?.specialStatusEffects?.DEFEATED ?? "dead");
  }
  override toObject(): Plain {
    return {
      ...super.toObject(),
      initiative: this.initiative,
      hidden: this.hidden,
      defeated: this.defeated,
      actorId: this.actorId,
      tokenId: this.tokenId,
    };
  }
  override detach(): void {
    const combat = this.combat;
    combat?.combatants.delete(this.id);
    combat?.setupTurns();
  }
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { initiative, hidden, defeated, ...rest } = changes;
    if (typeof defeated === "boolean") this.defeated = defeated;
    // fvtt-types `Combatant.Schema.initiative` is a NumberField: a numeric string is cast, anything else refused.
    if (initiative !== undefined) {
      const value = initiative === null || initiative === "" ? null : Number(initiative);
      if (value !== null && !Number.isFinite(value))
        throw new DataModelValidationError(new DataModelValidationFailure(initiative, "initiative is not a number"));
      this.initiative = value;
    }
    if (typeof hidden === "boolean") this.hidden = hidden;
    super.applyUpdate(rest, options);
  }
  /**
   * fvtt-types `Combatant#_getInitiativeFormula`: "Acquire the default dice formula which should be used to roll
   * initiative": `CONFIG.Combat.initiative.formula` (default `null`), else the manifest's (fvtt-types `System` schema
   * `initiative`: "A default initiative formula used for this system", `game.system.initiative`). With neither, Foundry
   * builds a Roll from no formula and throws (issue 21: other systems' public reports); the double throws too.
   */
  _getInitiativeFormula(): string {
    const g = globalThis as {
      CONFIG?: { Combat?: { initiative?: { formula?: string | null } } };
      game?: { system?: { initiative?: string | null } };
    };
    const formula = g.CONFIG?.Combat?.initiative?.formula || g.game?.system?.initiative;
    if (!formula) throw new Error("No initiative formula: neither CONFIG.Combat.initiative.formula nor the manifest's");
    return formula;
  }
  /**
   * "Get a Roll object which represents the initiative roll for this Combatant", an explicit formula winning over
   * `_getInitiativeFormula()` (fvtt-types `Combatant#getInitiativeRoll`).
   */
  getInitiativeRoll(formula?: string): RollDouble {
    return new RollDouble(formula || this._getInitiativeFormula());
  }
}

export class DoubleCombat extends DoubleDocument {
  static override documentName = "Combat";
  readonly combatants = new DoubleCollection<DoubleCombatant>();
  turns: DoubleCombatant[] = [];
  round = 0;
  turn: number | null = null;
  /** fvtt-types `Combat#current`: "Record the current round, turn, and tokenId to understand changes in the encounter state". */
  current: Plain = { round: null, turn: null, tokenId: null, combatantId: null };
  /** fvtt-types `Combat#previous`: "Track the previous round, turn, and tokenId…", undefined before the first setup. */
  previous: Plain | undefined = undefined;
  /** Every lifecycle call, in order, for assertions. */
  readonly lifecycle: string[] = [];
  /** The client (user id) of each setup of the turns (each sort of the combatants), for assertions. */
  readonly setups: string[] = [];

  constructor(data: Plain = {}, context: { parent?: DoubleDocument | null } = {}) {
    super(data, context);
    if (typeof data.round === "number") this.round = data.round;
    if (typeof data.turn === "number" || data.turn === null) this.turn = data.turn;
    const cls = (configClass("Combatant") ?? DoubleCombatant) as typeof DoubleCombatant;
    for (const raw of Array.isArray(data.combatants) ? (data.combatants as Plain[]) : []) {
      const c = new cls({ type: "base", ...raw }, { parent: this });
      this.combatants.set(c.id, c);
    }
    // No setupTurns here: a subclass's own fields do not exist yet while the base constructor runs; the turns are
    // set up when the combatants change (broadcast) or by the caller.
  }

  /** fvtt-types `Combat` schema `active`: "Is the Combat encounter currently active?" (a stored field). */
  get active(): boolean {
    return this.toObject().active === true;
  }

  /**
   * fvtt-types `Combat#prepareDerivedData`: "Calls `Combat#setupTurns` if there is at least one Combatant and
   * `this.turns` is empty" (the double's constructor cannot: see above; the world's boot calls this once built).
   */
  prepareDerivedData(): void {
    if (this.combatants.size > 0 && this.turns.length === 0) this.setupTurns();
  }

  /** Foundry's rule: turns exist and the first round began. */
  get started(): boolean {
    return this.turns.length > 0 && this.round > 0;
  }
  get combatant(): DoubleCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  /** Combatants: one operation through the server each; the owner of the combatant's actor, or a GM, creates one. */
  async createEmbeddedDocuments(name: string, data: Plain[], options: Plain = {}): Promise<DoubleCombatant[]> {
    if (name !== "Combatant") throw new Error(`The combat double only embeds Combatants, not ${name}`);
    const cls = (configClass("Combatant") ?? DoubleCombatant) as typeof DoubleCombatant;
    const spec: CreateSpec<DoubleCombatant> = {
      documentName: "Combatant",
      build: (source) => new cls({ type: "base", ...source }, { parent: this }),
      exists: (id) => this.combatants.has(id),
      add: (c) => {
        this.combatants.set(c.id, c);
        this.setupTurns();
      },
      assertCreate: (user, source) => {
        const c = new cls({ type: "base", ...source }, { parent: this });
        if (!user.isGM && !c.testUserPermission(user, "OWNER"))
          throw new Error(`User ${user.id} lacks permission to create Combatant`);
      },
    };
    return requestCreates(spec, data, options);
  }
  async updateEmbeddedDocuments(name: string, updates: Plain[], options: Plain = {}): Promise<DoubleCombatant[]> {
    if (name !== "Combatant") throw new Error(`The combat double only embeds Combatants, not ${name}`);
    const combatants = updates.map((u) => {
      const c = typeof u._id === "string" ? this.combatants.get(u._id) : undefined;
      if (!c) throw new Error(`No Combatant [${String(u._id)}] in Combat [${this.id}] to update`);
      return c;
    });
    return requestUpdates(
      combatants,
      updates.map(({ _id: _ignored, ...changes }) => changes),
      options,
    );
  }
  async deleteEmbeddedDocuments(name: string, ids: string[], options: Plain = {}): Promise<DoubleCombatant[]> {
    if (name !== "Combatant") throw new Error(`The combat double only embeds Combatants, not ${name}`);
    const combatants = ids.map((id) => {
      const c = this.combatants.get(id);
      if (!c) throw new Error(`No Combatant [${id}] in Combat [${this.id}] to delete`);
      return c;
    });
    return requestDeletes(combatants, options);
  }
  override readonly embeddedKeys = ["combatants"];
  override toObject(): Plain {
    return {
      ...super.toObject(),
      round: this.round,
      turn: this.turn,
      combatants: this.combatants.map((c) => c.toObject()),
    };
  }
  /** fvtt-types `Combat#settings`: the `core.combatTrackerConfig` setting (`skipDefeated`: "Whether to skip defeated tokens"). */
  get settings(): { skipDefeated?: boolean } {
    return combatSettings();
  }
  _sortCombatants(a: DoubleCombatant, b: DoubleCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || a.id.localeCompare(b.id);
  }
  setupTurns(): DoubleCombatant[] {
    this.setups.push(currentUser().id);
    this.turns = this.combatants.contents.sort((a, b) => this._sortCombatants(a, b));
    this.current = this._getCurrentState();
    this.previous ??= this.current;
    return this.turns;
  }
  /** fvtt-types `Combat#_getCurrentState`: "Get the current history state" for a combatant (default `this.combatant`). */
  _getCurrentState(combatant: DoubleCombatant | undefined = this.combatant): Plain {
    return {
      round: this.round,
      turn: this.turn,
      combatantId: combatant?.id ?? null,
      tokenId: combatant?.tokenId ?? null,
    };
  }
  /**
   * fvtt-types `Combat.InitiativeOptions.updateTurn`: "Update the Combat turn after adding new initiative scores to
   * keep the turn on the same Combatant" (default true).
   */
  async rollInitiative(ids: string | string[], options: Plain = {}): Promise<this> {
    const currentId = this.combatant?.id;
    const updates: Plain[] = [];
    for (const id of typeof ids === "string" ? [ids] : ids) {
      const c = this.combatants.get(id);
      // Foundry's Combat#rollInitiative asks each combatant for its roll (`getInitiativeRoll(formula)`) and evaluates
      // it: a formula without dice (the manifest's "0") has its one total, dice take faces from the tray (none: throws).
      if (!c) throw new Error(`No Combatant [${id}] in Combat [${this.id}]`);
      const roll = await c.getInitiativeRoll().evaluate();
      updates.push({ _id: id, initiative: roll.total });
    }
    await this.updateEmbeddedDocuments("Combatant", updates);
    if (options.updateTurn !== false && currentId)
      await this.update({ turn: this.turns.findIndex((t) => t.id === currentId) });
    return this;
  }
  /**
   * fvtt-types `Combat#rollNPC`: "Roll initiative for all non-player actors who have not already rolled", options
   * "forwarded to the Combat.rollInitiative method"; all their ids go in one call.
   */
  async rollNPC(options: Plain = {}): Promise<this> {
    const ids = this.combatants.contents.filter((c) => c.isOwner && c.isNPC && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids, options);
  }
  /** fvtt-types `Combat#rollAll`: "Roll initiative for all combatants which have not already rolled". */
  async rollAll(options: Plain = {}): Promise<this> {
    const ids = this.combatants.contents.filter((c) => c.isOwner && c.initiative === null).map((c) => c.id);
    return this.rollInitiative(ids, options);
  }
  /** The turn change the last broadcast made (prior and current state), for `_onUpdate` on each client. */
  #turnChange: { prior: Plain; current: Plain } | null = null;
  /**
   * `turn` and `round` are Combat fields (fvtt-types `Combat.Schema` `round`, `turn`). When a broadcast changes them,
   * `previous`/`current` follow (fvtt-types `Combat#previous`: "Track the previous round, turn, and tokenId to
   * understand changes in the encounter state", set by `_onUpdate` or `setupTurns`); the turns are NOT set up again:
   * Foundry sets them up when `turns` is empty (`Combat#prepareDerivedData`: "Calls setupTurns if there is at least
   * one Combatant and this.turns is empty") and when combatants change (`_onUpdateDescendantDocuments` below). The
   * pointer keeps its index over the order as it stands.
   */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { turn, round, combatants: _embedded, ...rest } = changes;
    if (turn === null || typeof turn === "number") this.turn = turn;
    if (typeof round === "number") this.round = round;
    super.applyUpdate(rest, options);
    if (!options.broadcast || this.isServerCopy) return;
    if (turn === undefined && round === undefined) {
      this.#turnChange = null;
      return;
    }
    const prior = deepClone(this.current);
    if (!this.turns.length && this.combatants.size) this.setupTurns();
    this.current = this._getCurrentState();
    this.previous = prior;
    this.#turnChange = { prior, current: deepClone(this.current) };
  }
  /**
   * A batch of combatant updates, once per operation on every client (writes.ts): the turns are sorted again when an
   * initiative changed (fvtt-types `Combat#setupTurns`: "Return the Array of combatants sorted into initiative order";
   * `Combat#debounceSetup`: "de-duplicate multiple concurrent Combatant changes"), the turn index staying where it was.
   * A change of anything else a system's order reads sets up nothing: the system does that itself.
   */
  _onUpdateDescendantDocuments(
    _parent: unknown,
    collection: string,
    _documents: unknown[],
    changes: Plain[],
    _options: Plain,
    _userId: string,
  ): void {
    if (collection === "combatants" && changes.some((c) => "initiative" in c)) this.setupTurns();
  }
  /**
   * On every client: `combatTurnChange` (fvtt-types hooks: "fires on all clients after the database update has
   * occurred for the Combat"); on the active GM's client only, the turn events, unawaited (fvtt-types
   * `Combat#_manageTurnEvents`, `_onStartTurn`… "This method only executes for one designated GM user").
   */
  override _onUpdate(changed: Plain, options: Plain, userId: string): void {
    super._onUpdate(changed, options, userId);
    const change = this.#turnChange;
    if (!change) return;
    const moved = change.prior.round !== change.current.round || change.prior.turn !== change.current.turn;
    if (!moved) return;
    callAll("combatTurnChange", this, deepClone(change.prior), deepClone(change.current));
    const gm = activeGM();
    if (gm && currentUser().id === gm.id) trackListener(this._manageTurnEvents(change.prior, change.current));
  }
  /**
   * fvtt-types `Combat#_manageTurnEvents`: "End Turn, End Round, Begin Round, Begin Turn… Each lifecycle event is an
   * async method, and each is awaited before proceeding"; only when the encounter moves forward.
   */
  async _manageTurnEvents(prior: Plain, current: Plain): Promise<void> {
    const pRound = Number(prior.round ?? 0);
    const cRound = Number(current.round ?? 0);
    const pTurn = prior.turn === null || prior.turn === undefined ? -1 : Number(prior.turn);
    const cTurn = current.turn === null || current.turn === undefined ? -1 : Number(current.turn);
    const advanceRound = cRound > pRound;
    const advanceTurn = advanceRound || (cRound === pRound && cTurn > pTurn);
    if (!advanceTurn) return;
    const ended = typeof prior.combatantId === "string" ? this.combatants.get(prior.combatantId) : undefined;
    if (ended && pRound > 0) await this._onEndTurn(ended, { round: pRound, turn: pTurn, skipped: false });
    if (advanceRound && pRound > 0) await this._onEndRound({ round: pRound, skipped: false });
    if (advanceRound) await this._onStartRound({ round: cRound, skipped: false });
    // The turn that starts is `this.combatant` once the events above have run (a round start that re-sorts the turns
    // moves who stands at the pointer): foundryvtt/foundryvtt#10786 quotes v12's `_manageTurnEvents`,
    // "if ( (advanceTurn || changeCombatant) && next ) await this._onStartTurn(this.combatant)".
    const started = this.combatant;
    if (started) await this._onStartTurn(started, { round: cRound, turn: this.turn ?? cTurn, skipped: false });
  }
  /** fvtt-types `Hooks.combatStart`: "fires on the initiating client before any database update occurs". */
  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    callAll("combatStart", this, updateData);
    await this.update(updateData);
    return this;
  }
  /**
   * fvtt-types `Combat#nextTurn`: "Advance the combat to the next turn", skipping defeated combatants when the tracker
   * says so (`skipDefeated`); past the last turn, or before the first round, the next round. The `combatTurn` hook
   * "fires on the initiating client before any database update occurs"; the update then makes its round trip.
   */
  async nextTurn(): Promise<this> {
    const turn = this.turn ?? -1;
    const skip = this.settings.skipDefeated === true;
    let next: number | null = null;
    for (let i = turn + 1; i < this.turns.length; i += 1) {
      if (skip && this.turns[i]?.isDefeated) continue;
      next = i;
      break;
    }
    if (this.round === 0 || next === null) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1, worldTime: { delta: combatSeconds(false) } };
    callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    elapseWorldTime(updateOptions.worldTime.delta);
    return this;
  }
  /**
   * fvtt-types `Combat#nextRound`: "Advance the combat to the next round"; the first turn (the first not defeated one
   * with `skipDefeated`). The `combatRound` hook "fires on the initiating client before any database update occurs".
   */
  async nextRound(): Promise<this> {
    let turn: number | null = this.turn === null ? null : 0;
    if (this.settings.skipDefeated === true && turn !== null) {
      turn = this.turns.findIndex((t) => !t.isDefeated);
      if (turn === -1) turn = 0;
    }
    const updateData = { round: this.round + 1, turn };
    // Before the first round no turn nor round ends.
    const updateOptions = { direction: 1, worldTime: { delta: this.round > 0 ? combatSeconds(true) : 0 } };
    callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    elapseWorldTime(updateOptions.worldTime.delta);
    return this;
  }
  async _onStartRound(context: Plain): Promise<void> {
    this.lifecycle.push(`startRound:${String(context.round)}`);
  }
  async _onEndRound(context: Plain): Promise<void> {
    this.lifecycle.push(`endRound:${String(context.round)}`);
  }
  async _onStartTurn(combatant: DoubleCombatant, _context: Plain): Promise<void> {
    this.lifecycle.push(`startTurn:${combatant.name}`);
  }
  async _onEndTurn(combatant: DoubleCombatant, _context: Plain): Promise<void> {
    this.lifecycle.push(`endTurn:${combatant.name}`);
  }
  /**
   * fvtt-types `Combat#activate`: "Set the current Combat encounter as active within the Scene"; the double has one
   * viewed scene, so it is `game.combat` from then on (until deleted).
   */
  async activate(): Promise<this[]> {
    await this.update({ active: true });
    Object.assign(game, { combat: this });
    return [this];
  }
  /** A deleted combat is no longer the viewed one (Foundry's `game.combat` is the viewed scene's active combat). */
  override _onDelete(options: Plain, userId: string): void {
    super._onDelete(options, userId);
    if ((game as unknown as { combat?: unknown }).combat === this) Object.assign(game, { combat: null });
  }
  /** A Combat: created through the server (an ASSISTANT or a GM: metadata create "ASSISTANT"), in `game.combats`. */
  static async create(data: Plain = {}, options: Plain = {}): Promise<DoubleCombat> {
    const cls = (configClass("Combat") ?? DoubleCombat) as typeof DoubleCombat;
    const [combat] = await requestCreates(
      {
        documentName: "Combat",
        build: (source) => new cls(source),
        exists: (id) => worldCollections.combats.has(id),
        add: (c) => void worldCollections.combats.set(c.id, c),
        assertCreate: (user) => {
          if (!user.isGM) throw new Error(`User ${user.id} lacks permission to create Combat`);
        },
      },
      [data],
      options,
    );
    if (!combat) throw new Error("Combat creation cancelled");
    return combat;
  }
}

const Base = HandlebarsApplicationMixin(ApplicationV2);

/** CombatTracker shell: Foundry's three parts, `viewed`, and the turn context Foundry builds for each row. */
export class DoubleCombatTracker extends Base {
  static override PARTS: Record<string, Plain> = {
    header: { template: "templates/sidebar/tabs/combat/header.hbs" },
    tracker: { template: "templates/sidebar/tabs/combat/tracker.hbs" },
    footer: { template: "templates/sidebar/tabs/combat/footer.hbs" },
  };
  viewed: DoubleCombat | null = null;
  override async _prepareContext(_options: Plain): Promise<Plain> {
    return { combat: this.viewed };
  }
  override async _preparePartContext(partId: string, context: Plain, options: Plain): Promise<Plain> {
    if (partId !== "tracker") return context;
    return { ...context, ...(await this._prepareTrackerContext(context, options)) };
  }
  /** Foundry's tracker-part context: one turn row per combatant, in turn order. */
  async _prepareTrackerContext(_context: Plain, _options: Plain): Promise<Plain | undefined> {
    const combat = this.viewed;
    if (!combat) return undefined;
    const turns = await Promise.all(combat.turns.map((c, i) => this._prepareTurnContext(combat, c, i)));
    return { turns, hasDecimals: false };
  }
  /**
   * The tracker's "Mark defeated" (fvtt-types 13.x CombatTracker `_onToggleDefeatedStatus`: "Handle toggling the
   * defeated status effect on a combatant token"; 14.x: "Also applies or clears the configured defeated status effect
   * on the combatant's actor, as an overlay"): the combatant's `defeated` flips, then its actor's
   * `toggleStatusEffect(CONFIG.specialStatusEffects.DEFEATED, { overlay: true, active })`, which throws "Invalid status
   * ID" when that id is not in `CONFIG.statusEffects` (effects.ts).
   */
  async _onToggleDefeatedStatus(combatant: DoubleCombatant): Promise<void> {
    const isDefeated = !combatant.isDefeated;
    await combatant.update({ defeated: isDefeated });
    const cfg = (globalThis as { CONFIG?: { specialStatusEffects?: { DEFEATED?: string } } }).CONFIG;
    const id = cfg?.specialStatusEffects?.DEFEATED ?? "dead";
    const actor = combatant.actor as {
      toggleStatusEffect?: (id: string, options: Plain) => Promise<unknown>;
    } | null;
    await actor?.toggleStatusEffect?.(id, { overlay: true, active: isDefeated });
  }
  async _prepareTurnContext(combat: DoubleCombat, combatant: DoubleCombatant, index: number): Promise<Plain> {
    return deepClone({
      id: combatant.id,
      name: combatant.name,
      img: combatant.img,
      initiative: combatant.initiative,
      hasDecimals: false,
      hidden: false,
      isDefeated: false,
      isOwner: true,
      canPing: false,
      active: index === combat.turn,
      css: index === combat.turn ? "active" : "",
      effects: { icons: [], tooltip: "" },
      resource: null,
    });
  }
}
