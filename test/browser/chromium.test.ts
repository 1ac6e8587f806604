import { describe, expect, it } from "vitest";
import { chromium } from "playwright-core";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { chooseChromium, npmChromium, untar } from "./chromium";

/** One ustar header + body, as `tar` writes them (checksum is not read by `untar`). */
function entry(name: string, body: string, type = "0"): Buffer {
  const header = Buffer.alloc(512);
  header.write(name, 0, "utf8");
  header.write("0000644\0", 100, "utf8");
  header.write(`${body.length.toString(8).padStart(11, "0")}\0`, 124, "utf8");
  header.write(type, 156, "utf8");
  header.write("ustar\0", 257, "utf8");
  const data = Buffer.alloc(Math.ceil(body.length / 512) * 512);
  data.write(body, 0, "utf8");
  return Buffer.concat([header, data]);
}

describe("which Chromium the browser tests use", () => {
  it("CHROMIUM_PATH first, then Debian's, then the npm build", () => {
    expect(chooseChromium({ CHROMIUM_PATH: "/opt/c/chrome" }, "/bin/sh")).toMatchObject({
      executablePath: "/opt/c/chrome",
      source: "CHROMIUM_PATH",
    });
    // Any existing file stands for an installed Debian Chromium.
    expect(chooseChromium({}, "/bin/sh")).toMatchObject({ executablePath: "/bin/sh", source: "debian" });
    // The npm build is a Linux x86-64 program: another host is told to name its own Chromium.
    expect(() => chooseChromium({}, "/nonexistent/chromium", "darwin-arm64")).toThrow(/CHROMIUM_PATH/);
    expect(chooseChromium({ CHROMIUM_PATH: "/opt/c/chrome" }, "/nonexistent", "darwin-arm64").source).toBe(
      "CHROMIUM_PATH",
    );
    const fallback = chooseChromium({}, "/nonexistent/chromium", "linux-x64");
    expect(fallback.source).toBe("npm");
    expect(existsSync(fallback.executablePath)).toBe(true);
    expect(fallback.env.LD_LIBRARY_PATH?.split(":")[0]).toMatch(/quintette-chromium\/[^/]+\/lib$/);
  });

  it("unpacks files and folders of a tar, and refuses a path leaving the target", () => {
    const dir = mkdtempSync(join(tmpdir(), "untar-"));
    const tar = Buffer.concat([entry("d/", "", "5"), entry("d/a.txt", "bonjour"), Buffer.alloc(1024)]);
    expect(untar(tar, dir)).toEqual(["d/a.txt"]);
    expect(readFileSync(join(dir, "d", "a.txt"), "utf8")).toBe("bonjour");
    expect(() => untar(entry("../evil", "x"), dir)).toThrow(/tar entry/);
  });

  // Run even where Debian's Chromium exists, so the bare-machine path is checked on every machine.
  it("the build shipped by the npm package renders a page with its own libraries and font", async () => {
    const choice = npmChromium();
    const browser = await chromium.launch({
      executablePath: choice.executablePath,
      env: { ...process.env, ...choice.env },
      args: [...choice.args, "--no-sandbox", "--disable-gpu"],
    });
    try {
      const page = await browser.newPage();
      await page.setContent("<p>Œil Noir</p>");
      expect(await page.innerText("p")).toBe("Œil Noir");
      expect(browser.version()).toMatch(/^\d+\./);
    } finally {
      await browser.close();
    }
  });
});
