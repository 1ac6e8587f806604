/**
 * Headless Chromium driven by playwright-core (never a browser downloaded by Playwright; see `chromium.ts` for which
 * one), and a static file server on the loopback for the gallery.
 */
import { chromium, type Browser, type Page } from "playwright-core";
import { chooseChromium } from "./chromium";
import { createServer, type Server } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize } from "node:path";

export async function launch(): Promise<Browser> {
  const choice = chooseChromium();
  return chromium.launch({
    executablePath: choice.executablePath,
    env: { ...process.env, ...choice.env },
    headless: true,
    args: [
      ...choice.args,
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css",
  ".js": "text/javascript",
  ".json": "application/json",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
};

/** Serves `dir` on 127.0.0.1 at a free port. */
export async function serve(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    );
    try {
      const body = await readFile(join(dir, path.endsWith("/") ? `${path}index.html` : path));
      res.writeHead(200, { "content-type": TYPES[extname(path)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a gallery page shows that it must not: render errors, untranslated keys, failed loads, console errors. */
export async function inspectGalleryPage(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => problems.push(`page error: ${err.message}`));
  page.on("requestfailed", (req) => problems.push(`failed to load ${req.url()}`));
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
  });
  await page.goto(url, { waitUntil: "load" });
  problems.push(
    ...(await page.$$eval(".gallery-error", (els) => els.map((e) => `render error: ${e.textContent ?? ""}`))),
  );
  const untranslated = await page.evaluate(() => {
    const found: string[] = [];
    const key = /QUINTETTE\.[A-Za-z0-9_.-]+|TYPES\.(Actor|Item)\.[A-Za-z0-9_-]+|CHAT\.[A-Z][A-Za-z]+/g;
    for (const section of document.querySelectorAll<HTMLElement>(".gallery-fixture")) {
      const id = section.dataset.fixture ?? "?";
      const frame = section.querySelector<HTMLElement>(".gallery-frame");
      if (!frame) continue;
      const texts = [frame.innerText];
      for (const el of frame.querySelectorAll<HTMLElement>("[title],[placeholder],[aria-label],[data-tooltip]")) {
        for (const attr of ["title", "placeholder", "aria-label", "data-tooltip"])
          texts.push(el.getAttribute(attr) ?? "");
      }
      for (const el of frame.querySelectorAll<HTMLInputElement>("input[type=button],input[type=submit]"))
        texts.push(el.value);
      for (const t of texts) for (const m of t.match(key) ?? []) found.push(`${id}: ${m}`);
    }
    return found;
  });
  problems.push(...untranslated.map((u) => `untranslated key ${u}`));
  return problems;
}
