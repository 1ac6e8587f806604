/**
 * The Handlebars helpers Foundry v13 gives templates, shimmed for the gallery and the test double: only helpers
 * Foundry documents (`FOUNDRY_HELPERS` in test/double/render-check.ts, cited there) and our templates use. Each
 * follows the documented behaviour of Foundry's helper of the same name closely enough that a template that renders
 * here renders in Foundry. Anything else a template calls is the system's own (src/foundry/templates/helpers.ts).
 */
import type HandlebarsNS from "handlebars";

type Hash = Record<string, unknown>;
type Options = { hash: Hash; fn?: (ctx: unknown) => string; inverse?: (ctx: unknown) => string };
type Translations = Record<string, unknown>;

/** Dot-path lookup as `game.i18n.localize` does; a missing key comes back as itself, as in Foundry. */
export function makeLocalizer(translations: Translations) {
  const localize = (key: string): string => {
    let node: unknown = translations;
    for (const part of key.split(".")) {
      if (node && typeof node === "object" && part in node) node = (node as Record<string, unknown>)[part];
      else return key;
    }
    return typeof node === "string" ? node : key;
  };
  const format = (key: string, data: Hash): string =>
    localize(key).replace(/{([^}]+)}/g, (whole, name: string) => (name in data ? String(data[name]) : whole));
  return { localize, format };
}

export function registerFoundryHelpers(hbs: typeof HandlebarsNS, translations: Translations): void {
  const { localize, format } = makeLocalizer(translations);
  const opts = (args: unknown[]) => args[args.length - 1] as Options;
  const values = (args: unknown[]) => args.slice(0, -1);
  const escape = hbs.Utils.escapeExpression;

  hbs.registerHelper("localize", (key: string, options: Options) =>
    Object.keys(options.hash).length ? format(key, options.hash) : localize(key),
  );
  hbs.registerHelper("numberFormat", (value: unknown, options: Options) => {
    const n = Number(value);
    const decimals = Number(options.hash.decimals ?? 0);
    const text = n.toLocaleString("fr-FR", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    return options.hash.sign && n >= 0 ? `+${text}` : text;
  });
  hbs.registerHelper("checked", (v: unknown) => (v ? "checked" : ""));
  hbs.registerHelper("disabled", (v: unknown) => (v ? "disabled" : ""));
  hbs.registerHelper("concat", (...args: unknown[]) => values(args).join(""));
  hbs.registerHelper("eq", (a: unknown, b: unknown) => a === b);
  hbs.registerHelper("ne", (a: unknown, b: unknown) => a !== b);
  hbs.registerHelper("lt", (a: number, b: number) => a < b);
  hbs.registerHelper("gt", (a: number, b: number) => a > b);
  hbs.registerHelper("lte", (a: number, b: number) => a <= b);
  hbs.registerHelper("gte", (a: number, b: number) => a >= b);
  hbs.registerHelper("and", (...args: unknown[]) => values(args).every(Boolean));
  hbs.registerHelper("or", (...args: unknown[]) => values(args).some(Boolean));
  hbs.registerHelper("not", (v: unknown) => !v);
  hbs.registerHelper("ifThen", (cond: unknown, a: unknown, b: unknown) => (cond ? a : b));
  // No `editor` helper: its toggle button only works in ApplicationV1 sheets, and every sheet here is ApplicationV2
  // (use `<prose-mirror>`); a template calling it fails to render in the gallery instead of looking fine.
  hbs.registerHelper("selectOptions", (...args: unknown[]) => {
    const choices = values(args)[0];
    const { hash } = opts(args);
    const selected = hash.selected;
    const isSelected = (v: string) =>
      Array.isArray(selected) ? selected.map(String).includes(v) : selected !== undefined && String(selected) === v;
    const label = (l: unknown) => (hash.localize ? localize(String(l)) : String(l));
    const entries: Array<{ value: string; label: string }> = [];
    if (hash.blank !== undefined && hash.blank !== null) entries.push({ value: "", label: label(hash.blank) });
    const nameAttr = String(hash.nameAttr ?? "value");
    const labelAttr = String(hash.labelAttr ?? "label");
    if (Array.isArray(choices)) {
      for (const c of choices) {
        if (c && typeof c === "object") {
          const rec = c as Record<string, unknown>;
          entries.push({ value: String(rec[nameAttr]), label: label(rec[labelAttr]) });
        } else entries.push({ value: String(c), label: label(c) });
      }
    } else if (choices && typeof choices === "object") {
      for (const [k, v] of Object.entries(choices)) {
        const l = v && typeof v === "object" ? (v as Record<string, unknown>)[labelAttr] : v;
        entries.push(hash.inverted ? { value: String(l), label: label(k) } : { value: k, label: label(l) });
      }
    }
    return new hbs.SafeString(
      entries
        .map(
          (e) =>
            `<option value="${escape(e.value)}"${isSelected(e.value) ? " selected" : ""}>${escape(e.label)}</option>`,
        )
        .join(""),
    );
  });
}
