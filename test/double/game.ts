/**
 * `game`: settings (register/get/set with defaults, choices and onChange), i18n backed by the real lang files
 * (lang/fr.json, lang/en.json; `localize` returns the key when missing, like Foundry), the current user and users.
 */
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { DoubleCollection, worldCollections } from "./documents.ts";
import { getProperty, setProperty, type Plain } from "./utils.ts";
import { assertSettingWrite, updateUserDocument, userFlag } from "./permissions.ts";
import { clientStore } from "./context.ts";
import { GameTimeDouble } from "./time.ts";
import { callAll, roundTrip, userHasPermission, userHasRole, USER_ROLES } from "./server.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const MANIFEST = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as { initiative?: string };

export function readLang(lang: string): Plain {
  const file = path.join(ROOT, "lang", `${lang}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Plain) : {};
}

export interface SettingConfigLike {
  name?: string;
  hint?: string;
  scope?: string;
  config?: boolean;
  type?: unknown;
  choices?: Record<string, string>;
  default?: unknown;
  requiresReload?: boolean;
  onChange?: (value: unknown) => void;
  range?: { min: number; max: number; step: number };
  [key: string]: unknown;
}

export class SettingsDouble {
  /** Registered configs, keyed `namespace.key`. */
  readonly settings = new Map<string, SettingConfigLike & { namespace: string; key: string }>();
  readonly values = new Map<string, unknown>();
  readonly menus = new Map<string, unknown>();

  register(namespace: string, key: string, config: SettingConfigLike): void {
    this.settings.set(`${namespace}.${key}`, { ...config, namespace, key });
  }
  registerMenu(namespace: string, key: string, config: unknown): void {
    this.menus.set(`${namespace}.${key}`, config);
  }
  get(namespace: string, key: string): unknown {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    const slot = valueSlot(id, config.scope);
    return this.values.has(slot) ? this.values.get(slot) : config.default;
  }
  /**
   * Refuses a value outside `choices`, like Foundry's setting validation. A client setting is stored in the browser
   * at once (onChange there); a world setting is a Setting document: a round trip through the server
   * (SETTINGS_MODIFY), then every client stores it and runs `onChange` and the `updateSetting` hook (fvtt-types
   * `SettingConfig.onChange`: "A callback function which triggers when the setting is changed").
   */
  async set(namespace: string, key: string, value: unknown): Promise<unknown> {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    if (config.choices && !(String(value) in config.choices))
      throw new Error(`Invalid value for ${id}: ${String(value)}`);
    if (config.scope !== "world") {
      this.values.set(valueSlot(id, config.scope), value);
      config.onChange?.(value);
      return value;
    }
    await roundTrip(() => {
      assertSettingWrite(id, config.scope);
      return {
        apply: () => this.values.set(id, value),
        notify: () => {
          config.onChange?.(value);
          callAll("updateSetting", { key: id, value }, { value }, {}, "");
        },
      };
    });
    return value;
  }
  reset(): void {
    this.settings.clear();
    this.values.clear();
    this.menus.clear();
  }
}

/**
 * Where a value is kept: a "client" setting lives in each browser's storage (fvtt-types `SettingConfig` scope
 * docs: "client" settings are stored locally per client), so each connected user of the double has its own, e.g.
 * `core.rollMode`; "world" settings are one shared value.
 */
function valueSlot(id: string, scope: unknown): string {
  if (scope !== "client") return id;
  const g = (globalThis as { game?: { user?: { id?: string | null } } }).game;
  return `${g?.user?.id ?? ""}|${id}`;
}

export class I18nDouble {
  lang = "en";
  translations: Plain = {};
  constructor(lang = "en") {
    this.setLanguage(lang);
  }
  setLanguage(lang: string): void {
    this.lang = lang;
    this.translations = readLang(lang);
  }
  has(key: string): boolean {
    return typeof getProperty(this.translations, key) === "string";
  }
  localize(key: string): string {
    const v = getProperty(this.translations, key);
    return typeof v === "string" ? v : key;
  }
  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{([^}]+)}/g, (m, name: string) => (name in data ? String(data[name]) : m));
  }
}

export class DoubleUser {
  active = true;
  flags: Plain = {};
  /** `CONST.USER_ROLES`: PLAYER 1, TRUSTED 2, ASSISTANT 3, GAMEMASTER 4. */
  role: number;
  constructor(
    readonly id: string,
    public name: string,
    isGMOrRole: boolean | number,
  ) {
    this.role = typeof isGMOrRole === "number" ? isGMOrRole : isGMOrRole ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER;
  }
  /** fvtt-types `BaseUser#isGM`: "Test whether the User has a GAMEMASTER or ASSISTANT role in this World?" */
  get isGM(): boolean {
    return this.role >= USER_ROLES.ASSISTANT;
  }
  set isGM(value: boolean) {
    this.role = value ? USER_ROLES.GAMEMASTER : USER_ROLES.PLAYER;
  }
  hasPermission(permission: string): boolean {
    return userHasPermission(this, permission);
  }
  hasRole(role: keyof typeof USER_ROLES | number): boolean {
    return userHasRole(this, role);
  }
  get documentName(): string {
    return "User";
  }
  get uuid(): string {
    return `User.${this.id}`;
  }
  toObject(): Plain {
    return { _id: this.id, name: this.name, role: this.role, flags: structuredClone(this.flags) };
  }
  /** Foundry's User update: permission-checked (permissions.ts), fires `updateUser` on every client. */
  async update(changes: Plain = {}, options: Plain = {}): Promise<this | undefined> {
    return updateUserDocument(this, changes, options);
  }
  getFlag(scope: string, key: string): unknown {
    return userFlag(this, scope, key);
  }
  /** A User is owned by itself and by GMs (BaseUser#getUserLevel, permissions.ts). */
  testUserPermission(user: { id: string; isGM: boolean }, _level: string): boolean {
    return user.isGM || user.id === this.id;
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    const changes: Plain = {};
    setProperty(changes, `flags.${scope}.${key}`, value);
    return this.update(changes);
  }
  /** Records queries; the handler in CONFIG.queries answers on the queried user's client (relay tests). */
  readonly queries: { name: string; data: unknown }[] = [];
  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    this.queries.push({ name, data });
    const cfg = (globalThis as { CONFIG?: { queries?: Record<string, (d: unknown, o: unknown) => unknown> } }).CONFIG;
    const handler = cfg?.queries?.[name];
    if (!handler) throw new Error(`No query handler for ${name}`);
    // The handler runs on the queried user's client (fvtt-types `User#query`: "Query this user").
    return clientStore.run(this, () => handler(data, options));
  }
}

export class UsersDouble extends DoubleCollection<DoubleUser> {
  /**
   * fvtt-types `Users#activeGM`: "Get one User who is an active Gamemaster (non-assistant if possible), or null if no
   * active GM is available" (the lowest id among equals, so a test knows which).
   */
  get activeGM(): DoubleUser | null {
    const gms = this.contents.filter((u) => u.isGM && u.active);
    return gms.sort((a, b) => b.role - a.role || a.id.localeCompare(b.id))[0] ?? null;
  }
}

export { clientStore };

export function createGame(lang = "en") {
  const gm = new DoubleUser("gm", "Gamemaster", true);
  const player = new DoubleUser("player1", "Player", false);
  const users = new UsersDouble([
    [gm.id, gm],
    [player.id, player],
  ]);
  // The default client is a player's (least privilege): a test that needs the GM says so (`asGM`, `asClient("gm",
  // …)`, `setDoubleUser("gm")`), so no path passes only because the double ran it as the GM (issue 13).
  let chosen: DoubleUser = player;
  return {
    // The manifest's fields the code reads (`initiative`: fvtt-types `System` schema, "A default initiative formula").
    system: { id: "quintette", version: "0.0.0-test", initiative: MANIFEST.initiative ?? null },
    settings: new SettingsDouble(),
    i18n: new I18nDouble(lang),
    /** The user of the client running this code: the one `asClient`/`asGM` runs as, else the chosen one. */
    get user(): DoubleUser {
      return (clientStore.getStore() as DoubleUser | undefined) ?? chosen;
    },
    set user(user: DoubleUser) {
      chosen = user;
    },
    users,
    actors: worldCollections.actors,
    items: worldCollections.items,
    messages: worldCollections.messages,
    packs: new DoubleCollection<unknown>(),
    modules: new DoubleCollection<{ id: string; active: boolean }>(),
    combats: worldCollections.combats,
    time: new GameTimeDouble(),
    ready: false,
    release: { generation: 13 },
    version: "13.345",
  };
}
export type GameDouble = ReturnType<typeof createGame>;
