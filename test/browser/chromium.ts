/**
 * Which Chromium the browser tests drive, in this order: `CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, else the
 * build shipped inside the `@sparticuz/chromium` npm package (a devDependency, so `npm ci` brings it; nothing is
 * downloaded from anywhere else). That package holds brotli-compressed files: the browser, the SwiftShader GL
 * libraries it loads from its own folder, the NSS/expat libraries a bare Linux lacks, and a font. They are
 * unpacked once into `node_modules/.cache/quintette-chromium/<version>/`.
 */
import { createRequire } from "node:module";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import { dirname, join, resolve } from "node:path";

export interface ChromiumChoice {
  /** What to pass as playwright-core's `executablePath`. */
  executablePath: string;
  /** Where it came from, for error messages. */
  source: "CHROMIUM_PATH" | "debian" | "npm";
  /** Extra environment for the browser process (the npm build needs its libraries and fonts). */
  env: Record<string, string>;
  /** Extra command-line switches. */
  args: string[];
}

const DEBIAN = "/usr/bin/chromium";
const PACKAGE = "@sparticuz/chromium";

/** The only host the npm package's build runs on (a Linux x86-64 ELF with Amazon Linux libraries). */
const NPM_BUILD_HOST = "linux-x64";

export function chooseChromium(
  env: NodeJS.ProcessEnv = process.env,
  debian = DEBIAN,
  host = `${process.platform}-${process.arch}`,
): ChromiumChoice {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, source: "CHROMIUM_PATH", env: {}, args: [] };
  if (existsSync(debian)) return { executablePath: debian, source: "debian", env: {}, args: [] };
  // Elsewhere it would fail to start with a loader error: say what to do instead.
  if (host !== NPM_BUILD_HOST)
    throw new Error(`${PACKAGE} ships a ${NPM_BUILD_HOST} Chromium only; on ${host}, set CHROMIUM_PATH to a Chromium`);
  return npmChromium();
}

/** The package's folder, found through Node's resolution so a hoisted or nested install both work. */
function packageDir(): string {
  const require = createRequire(import.meta.url);
  let dir = dirname(require.resolve(PACKAGE));
  while (!existsSync(join(dir, "package.json")) || readPackage(dir).name !== PACKAGE) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`${PACKAGE} is not installed: run npm ci`);
    dir = up;
  }
  return dir;
}

function readPackage(dir: string): { name?: string; version?: string } {
  return JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
}

export function npmChromium(): ChromiumChoice {
  const pkg = packageDir();
  const version = readPackage(pkg).version ?? "unknown";
  const bin = join(pkg, "bin");
  // node_modules/.cache is where build tools keep derived files; it goes away with node_modules.
  const cache = resolve(pkg, "..", "..", ".cache", "quintette-chromium", version);
  const executablePath = join(cache, "chromium");
  if (!existsSync(executablePath)) unpack(bin, cache);
  const libs = join(cache, "lib");
  return {
    executablePath,
    source: "npm",
    env: {
      // Bundled NSS and expat first, the system's after (a bare Debian has none of them).
      LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      FONTCONFIG_FILE: join(cache, "fonts.conf"),
    },
    // This build is chrome-headless-shell; it cannot use the setuid sandbox nor a zygote on a container.
    args: ["--no-zygote", "--disable-setuid-sandbox"],
  };
}

/** Unpacks into a sibling folder, then renames it into place, so an interrupted run never leaves half a browser. */
function unpack(bin: string, cache: string): void {
  const work = `${cache}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const browser = join(work, "chromium");
  writeFileSync(browser, brotliDecompressSync(readFileSync(join(bin, "chromium.br"))));
  chmodSync(browser, 0o755);
  // The browser loads libGLESv2.so/libEGL.so from its own folder.
  untar(brotliDecompressSync(readFileSync(join(bin, "swiftshader.tar.br"))), work);
  // Holds lib/libnss3.so and friends.
  untar(brotliDecompressSync(readFileSync(join(bin, "al2023.tar.br"))), work);
  untar(brotliDecompressSync(readFileSync(join(bin, "fonts.tar.br"))), join(work, "bundled"));
  // The package's own fonts.conf points at serverless paths; ours lists the bundled font and keeps the system's.
  writeFileSync(
    join(work, "fonts.conf"),
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${join(cache, "bundled", "fonts")}</dir>
  <cachedir>${join(cache, "fonts-cache")}</cachedir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`,
  );
  mkdirSync(dirname(cache), { recursive: true });
  if (existsSync(cache)) rmSync(work, { recursive: true, force: true });
  else renameSync(work, cache);
}

/**
 * Extracts a POSIX (ustar) tar held in memory: regular files and folders, which is all these archives hold.
 * Entries whose path would leave `dest` are refused.
 */
export function untar(tar: Buffer, dest: string): string[] {
  const written: string[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const field = (start: number, length: number): string =>
      header
        .subarray(start, start + length)
        .toString("utf8")
        .replace(/\0.*$/s, "");
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const type = field(156, 1) || "0";
    const prefix = field(345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    longName = undefined;
    const body = tar.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {
      longName = body.toString("utf8").replace(/\0.*$/s, "");
      continue;
    }
    const target = resolve(dest, name);
    if (target !== resolve(dest) && !target.startsWith(resolve(dest) + "/")) throw new Error(`tar entry ${name}`);
    if (type === "5") mkdirSync(target, { recursive: true });
    else if (type === "0" || type === "7") {
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, body, { mode: parseInt(field(100, 8).trim() || "644", 8) & 0o777 });
      written.push(name);
    }
    // Pax headers ("x", "g") and links are not used by these archives and are skipped.
  }
  return written;
}
