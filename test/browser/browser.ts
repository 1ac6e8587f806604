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
  // The load event does not wait for every web font (Font Awesome's icons may still be loading): until they are in,
  // the icons have other widths and the layout measured below is not the one a user sees.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
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

/**
 * What reads badly at the width the fixture is given (issue 33): a button whose label wraps past two lines, text
 * that overflows its box (cut off or spilling out, scroll boxes and ellipses aside), a select too narrow for any of its
 * options, anything wider than the frame.
 */
export async function inspectLayout(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) => {
      const text = ((el as HTMLElement).innerText || (el as HTMLInputElement).value || "").trim().replace(/\s+/g, " ");
      const cls =
        typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      return `${el.tagName.toLowerCase()}${cls} "${text.slice(0, 40)}"`;
    };
    const visible = (el: HTMLElement) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    /** Lines a text node takes: its rects merged while they overlap vertically. */
    const lines = (node: Node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      rects.sort((a, b) => a.top - b.top);
      let count = 0;
      let bottom = -Infinity;
      for (const r of rects) {
        if (r.top >= bottom - 2) {
          count += 1;
          bottom = r.bottom;
        } else bottom = Math.max(bottom, r.bottom);
      }
      return count;
    };
    for (const section of document.querySelectorAll<HTMLElement>(".gallery-fixture")) {
      const id = section.dataset.fixture ?? "?";
      const frame = section.querySelector<HTMLElement>(".gallery-frame");
      if (!frame) continue;
      if (frame.scrollWidth > frame.clientWidth + 1)
        found.push(`${id}: wider than its frame (${frame.scrollWidth} > ${frame.clientWidth})`);
      // A label that wraps: one run of text over more than two lines (a button laid out in rows on purpose, a card
      // face or a stat tile, has several short runs).
      for (const el of frame.querySelectorAll<HTMLElement>("button, a.button, [role=button]")) {
        if (!visible(el)) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let most = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (node.textContent?.trim()) most = Math.max(most, lines(node));
        if (most > 2) found.push(`${id}: button label on ${most} lines: ${name(el)}`);
      }
      for (const el of frame.querySelectorAll<HTMLElement>("*")) {
        // Boxes with text of their own only (an image a pixel too wide is not text), and no visually hidden label.
        if (!visible(el) || el.closest("input, textarea, select, option") || el.clientWidth <= 2) continue;
        if (!el.innerText?.trim()) continue;
        const style = getComputedStyle(el);
        if (style.display === "inline" || style.textOverflow === "ellipsis") continue;
        if (["auto", "scroll"].includes(style.overflowX)) continue;
        if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
          // Report the innermost box only: its ancestors overflow because of it.
          const inner = [...el.children].some(
            (c) =>
              (c as HTMLElement).scrollWidth > (c as HTMLElement).clientWidth + 1 && (c as HTMLElement).clientWidth > 0,
          );
          if (!inner) found.push(`${id}: text overflows (${el.scrollWidth} > ${el.clientWidth}): ${name(el)}`);
        }
      }
      // Every option, not only the one chosen in the fixture: whichever the user picks must read whole in the box.
      for (const select of frame.querySelectorAll<HTMLSelectElement>("select")) {
        if (!visible(select)) continue;
        const style = getComputedStyle(select);
        // The box less its padding and the drop-down arrow (about 16 px in Chromium).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 16;
        const probe = document.createElement("span");
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:pre;font:${style.font};letter-spacing:${style.letterSpacing}`;
        document.body.append(probe);
        for (const option of select.options) {
          probe.textContent = option.text;
          const need = probe.getBoundingClientRect().width;
          if (need > room + 1)
            found.push(`${id}: option cut off (${Math.round(need)} > ${room}): select "${option.text}"`);
        }
        probe.remove();
      }
    }
    return found;
  });
}

/**
 * Text that does not read against what is behind it: the WCAG contrast ratio of a text's colour over the first
 * opaque background found up its ancestors (colours with alpha blended in), under `min`. Text in a disabled control, a
 * dimmed part (opacity under 1), over an image or gradient, or hidden, is left out; so are the page's own titles.
 */
export async function inspectContrast(page: Page, min = 3): Promise<string[]> {
  return page.evaluate((min) => {
    type RGBA = [number, number, number, number];
    // Computed colours: `rgb(…)`/`rgba(…)`, or `color(srgb r g b / a)` (0–1) for a `color-mix()`.
    const parse = (c: string): RGBA | null => {
      const m = /^(rgba?|color)\((?:srgb\s+)?([^)]+)\)$/.exec(c.trim());
      if (!m) return null;
      const parts = m[2]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      const scale = m[1] === "color" ? 255 : 1;
      return [parts[0]! * scale, parts[1]! * scale, parts[2]! * scale, parts[3] ?? 1];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as RGBA;
    };
    const luminance = ([r, g, b]: RGBA) => {
      const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    /** The colour behind `el`: its own and its ancestors' backgrounds blended down to the first opaque one. */
    const backdrop = (el: Element): RGBA | null => {
      const layers: RGBA[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== "none") return null;
        const bg = parse(style.backgroundColor);
        if (bg && bg[3] > 0) {
          layers.push(bg);
          if (bg[3] >= 1) break;
        }
      }
      let color: RGBA = [255, 255, 255, 1];
      for (const layer of layers.reverse()) color = over(layer, color);
      return color;
    };
    const dimmed = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement)
        if (parseFloat(getComputedStyle(node).opacity) < 1) return true;
      return false;
    };
    const found: string[] = [];
    for (const section of document.querySelectorAll<HTMLElement>(".gallery-fixture")) {
      const id = section.dataset.fixture ?? "?";
      for (const frame of section.querySelectorAll<HTMLElement>(".gallery-frame")) {
        const theme = frame.dataset.theme ?? "";
        // Every colour must be one this check reads, or it proves nothing.
        const own = getComputedStyle(frame).color;
        if (!parse(own)) found.push(`${id}: unreadable colour ${own}`);
        const walker = document.createTreeWalker(frame, NodeFilter.SHOW_TEXT);
        const seen = new Set<Element>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const el = node.parentElement;
          if (!el || seen.has(el) || !node.textContent?.trim()) continue;
          seen.add(el);
          if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === "hidden") continue;
          if (el.closest(":disabled, [disabled], .disabled, .visually-hidden, option") || dimmed(el)) continue;
          const style = getComputedStyle(el);
          const fg = parse(style.color);
          const bg = backdrop(el);
          if (!fg || !bg || fg[3] === 0) continue;
          const text = over(fg, bg);
          const [a, b] = [luminance(text), luminance(bg)].sort((x, y) => y - x);
          const ratio = (a! + 0.05) / (b! + 0.05);
          if (ratio < min)
            found.push(
              `${id}: low contrast${theme ? ` (${theme})` : ""} ${ratio.toFixed(2)} < ${min}: ${el.tagName.toLowerCase()}` +
                `${typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : ""}` +
                ` "${(node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}"`,
            );
        }
      }
    }
    return found;
  }, min);
}
