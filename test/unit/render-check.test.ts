/**
 * What Foundry would refuse at render or import time, checked over everything we ship (helpers in
 * test/double/render-check.ts, each rule cited there): one root element per ApplicationV2 part, no `{{editor}}`,
 * 16-character ids in every pack document and embedded document, token bars that exist on the actor types using them.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { doubleState, resetFoundryDouble, type DataModel, type SchemaField } from "../double/index.ts";
import {
  FOUNDRY_HELPERS,
  ROOT,
  helperCalls,
  isValidId,
  rootElementRange,
  templateRootRange,
} from "../double/render-check.ts";
import { helpers as systemHelpers } from "../../src/foundry/templates/helpers.ts";
import { initQuintette } from "../../src/index.ts";
import { allRulesets } from "../../src/foundry/ruleset.ts";
import { ChronosteApp } from "../../src/foundry/systemj/chronoste.ts";
import { ReserveApp } from "../../src/foundry/jetons/reserve-app.ts";
import { RollDialog } from "../../src/foundry/dialog/roll-dialog.ts";
import { descriptor as ahillmach } from "../../src/foundry/ahillmach/ruleset.ts";
import { descriptor as jetons } from "../../src/foundry/jetons/ruleset.ts";
import { descriptor as oeilnoir } from "../../src/foundry/oeilnoir/ruleset.ts";
import { descriptor as systemj } from "../../src/foundry/systemj/ruleset.ts";
import { descriptor as trinites } from "../../src/foundry/trinites/ruleset.ts";

/** Every rule set whole: init registers only the world's runtime, the tracker parts of all five are checked. */
const DESCRIPTORS = [trinites, ahillmach, oeilnoir, jetons, systemj];

type Json = Record<string, unknown>;

function files(dir: string, ext: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file, ext) : name.endsWith(ext) ? [file] : [];
  });
}

/** Every ApplicationV2 part template: registered sheets, our own apps and the combat tracker parts. */
function partTemplates(): Map<string, string> {
  const out = new Map<string, string>();
  const add = (owner: string, parts: unknown) => {
    for (const [id, part] of Object.entries((parts ?? {}) as Record<string, { template?: string }>))
      // Ours only: the effect config sheet keeps Foundry's own parts, which are Foundry's templates.
      if (part.template?.startsWith("systems/quintette/")) out.set(part.template, `${owner}.${id}`);
  };
  for (const r of doubleState().sheets) add((r.sheetClass as { name: string }).name, (r.sheetClass as Json).PARTS);
  for (const app of [ChronosteApp, ReserveApp, RollDialog]) add(app.name, (app as unknown as Json).PARTS);
  for (const d of DESCRIPTORS) add(`${d.id} tracker`, d.combat?.tracker?.parts);
  return out;
}

describe("render check", () => {
  beforeAll(() => {
    resetFoundryDouble();
    initQuintette();
  });

  it("counts root elements on every path of a template", () => {
    const none = () => "";
    expect(rootElementRange("{{!-- c --}}\n<div>{{#if a}}<p></p><p></p>{{/if}}</div>\n", none)).toEqual({
      min: 1,
      max: 1,
    });
    expect(rootElementRange("<div></div>\n<p></p>", none)).toEqual({ min: 2, max: 2 });
    expect(rootElementRange("{{#if a}}<div></div>{{else}}<p></p>{{/if}}", none)).toEqual({ min: 1, max: 1 });
    expect(rootElementRange("{{#if a}}<div></div>{{/if}}", none)).toEqual({ min: 0, max: 1 });
    expect(rootElementRange("{{#each a}}<li></li>{{/each}}", none).max).toBe(Number.POSITIVE_INFINITY);
    expect(rootElementRange('<input class="{{#if a}}x{{/if}}"><img src="a" />', none)).toEqual({ min: 2, max: 2 });
    expect(rootElementRange("{{> p}}", () => "<a></a><b></b>")).toEqual({ min: 2, max: 2 });
  });

  it("finds the part templates of every sheet, app and tracker part", () => {
    const parts = partTemplates();
    expect(parts.size).toBeGreaterThan(20);
    expect([...parts.keys()]).toEqual(expect.arrayContaining(["systems/quintette/templates/systemj/chronoste.hbs"]));
  });

  it("every ApplicationV2 part renders exactly one root element", () => {
    const wrong = [...partTemplates()]
      .map(([template, owner]) => ({ template, owner, range: templateRootRange(template) }))
      .filter(({ range }) => range.min !== 1 || range.max !== 1)
      .map(({ template, owner, range }) => `${owner} ${template}: ${range.min}…${range.max} roots`);
    expect(wrong).toEqual([]);
  });

  it("no template uses {{editor}} (ApplicationV2 needs <prose-mirror>)", () => {
    const withEditor = files(path.join(ROOT, "templates"), ".hbs")
      .filter((f) => /\{\{~?\s*editor\b/.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(ROOT, f));
    expect(withEditor).toEqual([]);
  });

  it("every pack document and embedded document has a valid 16-character id", () => {
    const bad: string[] = [];
    const walk = (value: unknown, where: string) => {
      if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${where}[${i}]`));
      else if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          if (k === "_id" && !isValidId(v)) bad.push(`${where}: ${String(v)}`);
          walk(v, `${where}.${k}`);
        }
      }
    };
    const packFiles = files(path.join(ROOT, "packs-src"), ".json");
    expect(packFiles.length).toBeGreaterThan(10);
    for (const file of packFiles) walk(JSON.parse(readFileSync(file, "utf8")), path.relative(ROOT, file));
    expect(bad).toEqual([]);
  });

  it("every token bar attribute exists as a {value, max} resource on the actor types that use it", () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, "system.json"), "utf8")) as Json;
    const models = doubleState().CONFIG.Actor.dataModels as Record<string, typeof DataModel>;
    const isBar = (type: string, attribute: string) => {
      const field = models[type]?.schema.getField(attribute) as SchemaField | undefined;
      return Boolean(field && "fields" in field && field.has("value") && field.has("max"));
    };
    const bad: string[] = [];
    const types = Object.keys(models);
    expect(types.length).toBeGreaterThanOrEqual(9);
    // The manifest's attributes are every new token's default, whatever its actor type.
    for (const key of ["primaryTokenAttribute", "secondaryTokenAttribute"]) {
      const attribute = manifest[key];
      if (typeof attribute === "string")
        for (const type of types) if (!isBar(type, attribute)) bad.push(`system.json ${key} ${attribute} on ${type}`);
    }
    for (const d of allRulesets())
      for (const spec of d.actorTypes)
        for (const attribute of spec.trackable?.bar ?? [])
          if (!isBar(spec.type, attribute)) bad.push(`${d.id} trackable ${attribute} on ${spec.type}`);
    for (const file of files(path.join(ROOT, "packs-src"), ".json")) {
      const doc = JSON.parse(readFileSync(file, "utf8")) as Json;
      const token = doc.prototypeToken as Record<string, { attribute?: string | null }> | undefined;
      for (const bar of ["bar1", "bar2"]) {
        const attribute = token?.[bar]?.attribute;
        if (attribute && !isBar(String(doc.type), attribute))
          bad.push(`${path.relative(ROOT, file)} ${bar} ${attribute} on ${String(doc.type)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("every helper a template calls is one Foundry registers or the system's own", () => {
    const known = new Set([...FOUNDRY_HELPERS, ...Object.keys(systemHelpers)]);
    const unknown = files(path.join(ROOT, "templates"), ".hbs").flatMap((file) =>
      helperCalls(readFileSync(file, "utf8"))
        .filter((h) => !known.has(h))
        .map((h) => `${path.relative(ROOT, file)}: ${h}`),
    );
    expect(unknown).toEqual([]);
  });

  it("finds the helpers a template calls, not the values it shows", () => {
    const calls = helperCalls(
      '{{#if (eq a 1)}}{{localize "K" n=2}}{{else}}{{value}}{{/if}}<b data-x="{{json (object key=id)}}">{{> "p" x=1}}</b>',
    );
    expect(calls.sort()).toEqual(["eq", "json", "localize", "object"]);
  });
});
