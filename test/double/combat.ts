/**
 * Combat double: `foundry.documents.Combat/Combatant` and `foundry.applications.sidebar.tabs.CombatTracker` shells
 * with the hooks our subclasses override, wired like Foundry's: `setupTurns` sorts with `_sortCombatants`;
 * `rollInitiative` rolls each combatant's `getInitiativeRoll()` (a fixed value per formula that tests set);
 * `nextRound`/`nextTurn` call `_onEndTurn`, `_onEndRound`, `_onStartRound`, `_onStartTurn` in Foundry's order;
 * the tracker's render builds its PARTS and one turn context per combatant via `_prepareTurnContext`.
 * A combatant's `actor` is the world actor of its `actorId`, and its permission is that actor's (a GM owns all), as
 * in Foundry; `installClients` also refuses a player's combatant update outside initiative, flags and defeated.
 */
import { HandlebarsApplicationMixin, ApplicationV2 } from "./applications.ts";
import { DoubleCollection, DoubleDocument } from "./documents.ts";
import { DataModelValidationError, DataModelValidationFailure } from "./fields.ts";
import { deepClone, type Plain } from "./utils.ts";
import { clientStore, type DoubleUser } from "./game.ts";

/**
 * fvtt-types `Combat#_onStartRound`/`_onStartTurn`/`_onEndTurn`/`_onEndRound`: "This method only executes for one
 * designated GM user. If no GM users are present this method will not be called." The double runs them on the
 * active GM's client, whoever advanced the combat, and skips them with no GM connected.
 */
async function onDesignatedGM(fn: () => Promise<void>): Promise<void> {
  const users = (globalThis as { game?: { users?: { activeGM: DoubleUser | null } } }).game?.users;
  const gm = users?.activeGM;
  if (!gm) return;
  await clientStore.run(gm, fn);
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
  constructor(data: Plain = {}, context: { parent?: DoubleDocument | null } = {}) {
    super(data, context);
    this.hidden = data.hidden === true;
    this.initiative = typeof data.initiative === "number" ? data.initiative : null;
    this.tokenId = typeof data.tokenId === "string" ? data.tokenId : null;
    this.actorId = typeof data.actorId === "string" ? data.actorId : null;
  }
  get combat(): DoubleCombat | null {
    return this.parent instanceof DoubleCombat ? this.parent : null;
  }
  get actor(): DoubleDocument | null {
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
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { initiative, hidden, ...rest } = changes;
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
  /** Foundry's default: the system's initiative formula from CONFIG. */
  _getInitiativeFormula(): string {
    const cfg = (globalThis as { CONFIG?: { Combat?: { initiative?: { formula?: string | null } } } }).CONFIG;
    return cfg?.Combat?.initiative?.formula ?? "1d20";
  }
  /**
   * "Get a Roll object which represents the initiative roll for this Combatant", an explicit formula winning over
   * `_getInitiativeFormula()` (fvtt-types `Combatant#getInitiativeRoll`); only the formula is kept here.
   */
  getInitiativeRoll(formula?: string): { formula: string } {
    return { formula: formula || this._getInitiativeFormula() };
  }
}

export class DoubleCombat extends DoubleDocument {
  static override documentName = "Combat";
  /** What `rollInitiative` gets for a formula (tests set it); a formula without a result throws. */
  static rolls: Record<string, number> = {};
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

  /** Foundry's rule: turns exist and the first round began. */
  get started(): boolean {
    return this.turns.length > 0 && this.round > 0;
  }
  get combatant(): DoubleCombatant | undefined {
    return this.turn === null ? undefined : this.turns[this.turn];
  }
  async createEmbeddedDocuments(name: string, data: Plain[]): Promise<DoubleCombatant[]> {
    if (name !== "Combatant") throw new Error(`The combat double only embeds Combatants, not ${name}`);
    const cls = (configClass("Combatant") ?? DoubleCombatant) as typeof DoubleCombatant;
    const created = data.map((d) => new cls({ type: "base", ...d }, { parent: this }));
    for (const c of created) this.combatants.set(c.id, c);
    this.setupTurns();
    return created;
  }
  async updateEmbeddedDocuments(name: string, updates: Plain[]): Promise<DoubleCombatant[]> {
    if (name !== "Combatant") throw new Error(`The combat double only embeds Combatants, not ${name}`);
    const done = updates.flatMap((u) => {
      const c = typeof u._id === "string" ? this.combatants.get(u._id) : undefined;
      if (!c) throw new Error(`No Combatant [${String(u._id)}] in Combat [${this.id}] to update`);
      const { _id: _ignored, ...changes } = u;
      c.applyUpdate(changes);
      c.recordUpdate(changes);
      return [c];
    });
    this.setupTurns();
    return done;
  }
  _sortCombatants(a: DoubleCombatant, b: DoubleCombatant): number {
    const ia = a.initiative ?? -Infinity;
    const ib = b.initiative ?? -Infinity;
    return ib - ia || a.id.localeCompare(b.id);
  }
  setupTurns(): DoubleCombatant[] {
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
    const updates = (typeof ids === "string" ? [ids] : ids).flatMap((id) => {
      const c = this.combatants.get(id);
      // Foundry's Combat#rollInitiative asks each combatant for its roll (`getInitiativeRoll(formula)`).
      if (!c) throw new Error(`No Combatant [${id}] in Combat [${this.id}]`);
      const formula = c.getInitiativeRoll().formula;
      const value = DoubleCombat.rolls[formula];
      // The double rolls no dice: a formula the test gave no result for fails loudly.
      if (value === undefined) throw new Error(`DoubleCombat.rolls has no result for ${formula}`);
      return [{ _id: id, initiative: value }];
    });
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
  /** `turn` and `round` are Combat fields (fvtt-types `Combat.Schema` `round`, `turn`). */
  override applyUpdate(changes: Plain, options: Plain = {}): void {
    const { turn, round, ...rest } = changes;
    if (turn === null || typeof turn === "number") this.turn = turn;
    if (typeof round === "number") this.round = round;
    super.applyUpdate(rest, options);
  }
  async startCombat(): Promise<this> {
    this.round = 1;
    this.turn = 0;
    await onDesignatedGM(() => this._onStartRound({ round: 1, skipped: false }));
    const first = this.combatant;
    if (first) await onDesignatedGM(() => this._onStartTurn(first, { round: 1, turn: 0, skipped: false }));
    return this;
  }
  async nextTurn(): Promise<this> {
    const current = this.combatant;
    const turn = this.turn ?? 0;
    if (turn + 1 >= this.turns.length) return this.nextRound();
    if (current) await onDesignatedGM(() => this._onEndTurn(current, { round: this.round, turn, skipped: false }));
    this.turn = turn + 1;
    const next = this.combatant;
    if (next)
      await onDesignatedGM(() => this._onStartTurn(next, { round: this.round, turn: this.turn, skipped: false }));
    return this;
  }
  async nextRound(): Promise<this> {
    const current = this.combatant;
    if (current && this.round > 0) {
      await onDesignatedGM(() => this._onEndTurn(current, { round: this.round, turn: this.turn ?? 0, skipped: false }));
    }
    if (this.round > 0) await onDesignatedGM(() => this._onEndRound({ round: this.round, skipped: false }));
    this.round += 1;
    this.turn = 0;
    this.setupTurns();
    await onDesignatedGM(() => this._onStartRound({ round: this.round, skipped: false }));
    const first = this.combatant;
    if (first) await onDesignatedGM(() => this._onStartTurn(first, { round: this.round, turn: 0, skipped: false }));
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
  static async create(data: Plain = {}): Promise<DoubleCombat> {
    const cls = (configClass("Combat") ?? DoubleCombat) as typeof DoubleCombat;
    return new cls(data);
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
