/**
 * `npm run gallery` (through run.ts): render every fixture of gallery/fixtures with the real templates, real
 * Handlebars, the real lang files and the real CSS into a static site (gallery-dist/): one page per language to browse
 * (each fixture in Foundry's dark and light themes side by side), and small pages of GROUP_SIZE fixtures per language
 * and theme (`<lang>/<theme>/group-<n>.html`, listed in groups.json) that the browser test opens one per test, so no
 * test's time grows with the number of fixtures. A render error is written into the page as `.gallery-error`, so the
 * browser test reports it with the rest.
 *
 * Styles load as Foundry 13 loads them: its cascade layers declared first, each of the manifest's stylesheets imported
 * into the layer its `styles` entry names (`system`); the gallery's stand-ins for Foundry's own styles below it, form
 * controls in `elements` (gallery/foundry-core.css), window and sidebar chrome in `applications` (gallery.css). Font
 * Awesome stays a plain stylesheet.
 */
import Handlebars from "handlebars";
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { makeLocalizer, registerFoundryHelpers } from "../../gallery/foundry-helpers";
import { withCoreStrings } from "../../gallery/core-lang";
import type { GalleryFixture } from "../../gallery/types";
import { choosePluralKey } from "../../src/foundry/i18n/plural";

const root = join(import.meta.dirname, "..", "..");
const out = join(root, "gallery-dist");
export const LANGUAGES = ["fr", "en"] as const;
/** Foundry 13's interface themes: the body's class, and each application's (`.themed.theme-light`). */
export const THEMES = ["dark", "light"] as const;
type Theme = (typeof THEMES)[number];
/**
 * Foundry 13's cascade layers, lowest first (foundryvtt/foundryvtt#6842 gives the core ones; packages' stylesheets go
 * in `system` and `modules`, draw-steel's manifest naming `system`, `variables` and `elements`).
 */
const FOUNDRY_LAYERS = [
  "reset",
  "variables",
  "elements",
  "blocks",
  "applications",
  "compatibility",
  "system",
  "modules",
  "exceptions",
];
/** The manifest's stylesheets with their layers, as Foundry loads them. */
const manifestStyles = (
  JSON.parse(readFileSync(join(root, "system.json"), "utf8")) as { styles: { src: string; layer?: string }[] }
).styles;

const fixtureModules = import.meta.glob<{ fixtures: GalleryFixture[] }>("../../gallery/fixtures/**/*.fixtures.ts", {
  eager: true,
});
// The system's own helpers are pure functions; the gallery registers the same object Foundry gets at init.
const systemHelperModules = import.meta.glob<{ helpers?: Record<string, Handlebars.HelperDelegate> }>(
  "../../src/foundry/templates/helpers.ts",
  { eager: true },
);

function templateFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return templateFiles(path);
    return name.endsWith(".hbs") || name.endsWith(".html") ? [path] : [];
  });
}

/** The language's strings, ours and Foundry's core ones the templates use. */
function strings(lang: string) {
  const ours = JSON.parse(readFileSync(join(root, "lang", `${lang}.json`), "utf8")) as Record<string, unknown>;
  return withCoreStrings(lang, ours);
}

/** One Handlebars environment per language, with every template registered as a partial under Foundry's path. */
function environment(lang: string) {
  const hbs = Handlebars.create();
  registerFoundryHelpers(hbs, strings(lang));
  for (const mod of Object.values(systemHelperModules)) {
    for (const [name, fn] of Object.entries(mod.helpers ?? {})) hbs.registerHelper(name, fn);
  }
  // Foundry's `game.i18n` gives `qPlural` the interface language; here each page's language is fixed.
  const { localize } = makeLocalizer(strings(lang));
  const i18n = { lang, has: (key: string) => localize(key) !== key };
  hbs.registerHelper("qPlural", (key: unknown, count: unknown) => choosePluralKey(String(key), count, i18n));
  for (const file of templateFiles(join(root, "templates"))) {
    hbs.registerPartial(`systems/quintette/${relative(root, file)}`, readFileSync(file, "utf8"));
  }
  return hbs;
}

const escape = (s: string) => Handlebars.Utils.escapeExpression(s);

export function allFixtures(): GalleryFixture[] {
  const list = Object.entries(fixtureModules).flatMap(([, mod]) => mod.fixtures);
  const seen = new Set<string>();
  for (const f of list) {
    if (seen.has(f.id)) throw new Error(`duplicate gallery fixture id ${f.id}`);
    seen.add(f.id);
  }
  return list.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * A sheet's default width, as its class's `DEFAULT_OPTIONS.position` gives it (src/foundry/<ruleset>/sheets.ts), found
 * from the fixture's classes; the first match wins. Chat cards and the sidebar get Foundry's 300 px sidebar.
 */
const SHEET_WIDTHS: [string[], number][] = [
  [["ahillmach", "opposant"], 680],
  [["ahillmach", "item"], 560],
  [["ahillmach"], 760],
  [["trinites", "item"], 540],
  [["trinites"], 820],
  [["systemj", "item"], 380],
  [["systemj"], 760],
  [["oeilnoir", "item"], 460],
  [["jetons"], 640],
  [["item"], 560],
];
function sheetWidth(classes: readonly string[]): number {
  return SHEET_WIDTHS.find(([need]) => need.every((c) => classes.includes(c)))?.[1] ?? 720;
}

/** A fixture's rendered parts, in the wrapper Foundry's window or sidebar gives them, for each theme asked. */
function renderFixture(
  hbs: typeof Handlebars,
  fixture: GalleryFixture,
  lang: string,
  themes: readonly Theme[],
): string {
  let body: string;
  try {
    const context = fixture.localized
      ? { ...fixture.context, ...fixture.localized(makeLocalizer(strings(lang))) }
      : fixture.context;
    body = fixture.parts
      .map((part) => {
        const source = readFileSync(join(root, part), "utf8");
        return hbs.compile(source, { strict: false })(context, { allowProtoPropertiesByDefault: true });
      })
      .join("\n");
  } catch (error) {
    body = `<pre class="gallery-error">${escape(fixture.id)}: ${escape(String(error))}</pre>`;
  }
  const classes = ["quintette", fixture.frame, ...(fixture.classes ?? [])].join(" ");
  const width =
    fixture.width ??
    (fixture.frame === "sheet"
      ? sheetWidth(fixture.classes ?? [])
      : { dialog: 420, chat: 300, sidebar: 300 }[fixture.frame]);
  const frames = themes.map(
    (
      theme,
    ) => `  <div class="gallery-frame frame-${fixture.frame} themed theme-${theme}" data-theme="${theme}" style="width:${width}px">
    <div class="${escape(classes)}">${body}</div>
  </div>`,
  );
  return `<section class="gallery-fixture" data-fixture="${escape(fixture.id)}">
  <h2 class="gallery-title">${escape(fixture.title)} <code>${escape(fixture.id)}</code></h2>
  <div class="gallery-themes">
${frames.join("\n")}
  </div>
</section>`;
}

/** The page's stylesheets: Foundry's layer order, then each sheet imported into its layer. */
function stylesheets(): string {
  const imports = [
    `@import url("foundry-core.css") layer(elements);`,
    `@import url("gallery.css") layer(applications);`,
    ...manifestStyles.map(({ src, layer }) => `@import url("${src}")${layer ? ` layer(${layer})` : ""};`),
  ];
  return `<link rel="stylesheet" href="fontawesome/css/all.min.css">
<style>
@layer ${FOUNDRY_LAYERS.join(", ")};
${imports.join("\n")}
</style>`;
}

/**
 * The body's theme on a page of one theme's frames: the other one. Foundry themes the interface (the body) and each
 * window on its own (`.themed.theme-…`), so a window's rules must follow its nearest theme, never an ancestor's.
 */
const OTHER: Record<Theme, Theme> = { dark: "light", light: "dark" };

/**
 * A page of rendered fixtures; `base` leads from the page's folder to gallery-dist/ (every relative URL resolves
 * there). `theme` is the interface's (the body's) when the page shows one.
 */
function page(lang: string, title: string, sections: string[], base = "", theme?: Theme): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
${base ? `<base href="${base}">` : ""}
<link rel="icon" href="data:,">
<title>Quintette gallery (${lang}${theme ? `, ${theme}` : ""})</title>
${stylesheets()}
</head>
<body class="gallery${theme ? ` theme-${OTHER[theme]}` : ""}">
<h1>Quintette — ${lang}${theme ? ` — ${theme}` : ""} — ${escape(title)}</h1>
${sections.join("\n")}
</body>
</html>
`;
}

const fixtures = allFixtures();
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(root, "styles"), join(out, "styles"), { recursive: true });
for (const sheet of ["gallery.css", "foundry-core.css"]) cpSync(join(root, "gallery", sheet), join(out, sheet));
// Foundry ships Font Awesome 6 and our templates use its classes; the free edition stands in for it here.
const fontAwesome = join(root, "node_modules", "@fortawesome", "fontawesome-free");
for (const dir of ["css", "webfonts"])
  cpSync(join(fontAwesome, dir), join(out, "fontawesome", dir), { recursive: true });
/** Fixtures per browser test (test/browser/gallery.test.ts): small enough that a test takes a few seconds. */
const GROUP_SIZE = 6;
const groups: string[][] = [];
for (let i = 0; i < fixtures.length; i += GROUP_SIZE) groups.push(fixtures.slice(i, i + GROUP_SIZE).map((f) => f.id));
const pages: (readonly [string, string])[] = [];
for (const lang of LANGUAGES) {
  const hbs = environment(lang);
  const both = fixtures.map((f) => renderFixture(hbs, f, lang, THEMES));
  pages.push([`${lang}.html`, page(lang, `${fixtures.length} fixtures`, both)]);
  for (const theme of THEMES) {
    const sections = fixtures.map((f) => renderFixture(hbs, f, lang, [theme]));
    groups.forEach((group, n) => {
      const shown = group.map((id) => sections[fixtures.findIndex((f) => f.id === id)]!);
      const title = `${group[0]} … ${group.at(-1)}`;
      pages.push([`${lang}/${theme}/group-${n}.html`, page(lang, title, shown, "../../", theme)]);
    });
  }
}
for (const [path, html] of pages) {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), html);
}

// Foundry serves its own core icons (`icons/svg/mystery-man.svg`…); the gallery stands in with a neutral picture.
const CORE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#5a5448"/><circle cx="32" cy="24" r="11" fill="#c9c4bc"/><path d="M12 58c2-13 10-20 20-20s18 7 20 20z" fill="#c9c4bc"/></svg>`;
const coreIcons = new Set(pages.flatMap(([, html]) => html.match(/(?<=["'(])\/?icons\/[\w/.-]+\.svg/g) ?? []));
for (const icon of coreIcons) {
  const path = join(out, icon.replace(/^\//, ""));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, CORE_ICON);
}
writeFileSync(
  join(out, "index.html"),
  `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Quintette gallery</title><ul>${LANGUAGES.map((l) => `<li><a href="${l}.html">${l}</a></li>`).join("")}</ul>`,
);
writeFileSync(join(out, "fixtures.json"), JSON.stringify(fixtures.map((f) => f.id)));
writeFileSync(join(out, "groups.json"), JSON.stringify(groups));
console.log(
  `gallery: ${fixtures.length} fixtures × ${LANGUAGES.length} languages × ${THEMES.length} themes in ${relative(root, out)}/`,
);
