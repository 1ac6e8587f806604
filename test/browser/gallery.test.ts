import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { mkdirSync, readFileSync, writeFileSync, mkdtempSync, cpSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { inspectGalleryPage, launch, serve } from "./browser";

const root = join(import.meta.dirname, "..", "..");
const galleryDir = join(root, "gallery-dist");
const fixtureIds = JSON.parse(readFileSync(join(galleryDir, "fixtures.json"), "utf8")) as string[];

let browser: Browser;
let server: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  browser = await launch();
  server = await serve(galleryDir);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe("gallery", () => {
  it("has fixtures to show", () => {
    expect(fixtureIds.length).toBeGreaterThan(0);
  });

  for (const lang of ["fr", "en"]) {
    it(`renders every fixture in ${lang} with no error and no untranslated key`, async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const problems = await inspectGalleryPage(page, `${server.url}/${lang}.html`);
      expect(problems).toEqual([]);
      const shown = await page.$$eval(".gallery-fixture", (els) => els.map((e) => (e as HTMLElement).dataset.fixture));
      expect(shown).toEqual(fixtureIds);
      const dir = join(root, "test-results", "gallery", lang);
      mkdirSync(dir, { recursive: true });
      for (const id of fixtureIds) {
        const frame = page.locator(`.gallery-fixture[data-fixture="${id}"] .gallery-frame`);
        const box = await frame.boundingBox();
        expect(box?.height ?? 0, `${id} renders something visible`).toBeGreaterThan(8);
        await frame.screenshot({ path: join(dir, `${id}.png`) });
      }
      await page.close();
    });
  }

  it("the inspection catches render errors, untranslated keys and missing styles", async () => {
    // A page with one defect of each kind: the harness must report all of them, or it proves nothing.
    const dir = mkdtempSync(join(tmpdir(), "gallery-selftest-"));
    cpSync(join(galleryDir, "gallery.css"), join(dir, "gallery.css"));
    writeFileSync(
      join(dir, "bad.html"),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="missing.css"></head><body>
<section class="gallery-fixture" data-fixture="a"><div class="gallery-frame"><pre class="gallery-error">a: Missing helper: "nope"</pre></div></section>
<section class="gallery-fixture" data-fixture="b"><div class="gallery-frame"><p>QUINTETTE.Sheet.Untranslated</p><button title="QUINTETTE.Tip">x</button></div></section>
</body></html>`,
    );
    const local = await serve(dir);
    const page = await browser.newPage();
    const problems = await inspectGalleryPage(page, `${local.url}/bad.html`);
    await page.close();
    await local.close();
    expect(problems.some((p) => p.includes('render error: a: Missing helper: "nope"'))).toBe(true);
    expect(problems).toContain("untranslated key b: QUINTETTE.Sheet.Untranslated");
    expect(problems).toContain("untranslated key b: QUINTETTE.Tip");
    expect(problems.some((p) => p.includes("missing.css"))).toBe(true);
  });
});
