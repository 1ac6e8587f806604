// The one configured release location, and the manifest fields that come from it; the manifest's version and
// authors come from package.json (`version`, `author` then `contributors`: manifestAuthors), nowhere else.
//
// Set it with the environment variable QUINTETTE_REPOSITORY or package.json `quintette.repository` (the variable
// wins): the https address of the project's GitHub repository, e.g. https://github.com/owner/quintette. Unset by
// default: the build then leaves url, bugs, readme, manifest and download out of dist/system.json and says so.

/** Hosts that only ever stand in for a real address; a release never names them. */
export const PLACEHOLDER_HOSTS = /(^|\.)(example\.(org|com|net)|localhost|invalid|test)$/i;

/** The configured repository address (no trailing slash), or undefined when unset. Throws on an unusable value. */
export function releaseLocation(pkg, env = process.env) {
  const raw = (env.QUINTETTE_REPOSITORY ?? pkg.quintette?.repository ?? "").trim();
  if (!raw) return undefined;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`release location "${raw}" is not an address`);
  }
  if (url.protocol !== "https:") throw new Error(`release location "${raw}" must be an https address`);
  if (PLACEHOLDER_HOSTS.test(url.hostname)) throw new Error(`release location "${raw}" is a placeholder host`);
  if (url.hostname !== "github.com" || url.pathname.split("/").filter(Boolean).length !== 2)
    throw new Error(`release location "${raw}" must be a GitHub repository: https://github.com/<owner>/<name>`);
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

/** The addresses a release at `location` publishes for `version` (GitHub releases, tag v<version>). */
export function releaseAddresses(location, version) {
  return {
    url: location,
    bugs: `${location}/issues`,
    readme: `${location}/blob/v${version}/README.md`,
    changelog: `${location}/blob/v${version}/CHANGELOG.md`,
    manifest: `${location}/releases/latest/download/system.json`,
    download: `${location}/releases/download/v${version}/quintette-${version}.zip`,
  };
}

/** A package.json person (npm: "Name <email> (url)" or `{ name, email, url }`) as a manifest author. */
function person(entry) {
  if (typeof entry !== "string")
    return { name: String(entry?.name ?? "").trim(), email: entry?.email, url: entry?.url };
  const m = /^([^<(]*)(?:<([^>]*)>)?\s*(?:\(([^)]*)\))?/.exec(entry.trim());
  return { name: (m?.[1] ?? "").trim(), email: m?.[2]?.trim(), url: m?.[3]?.trim() };
}

/**
 * The manifest's authors, from the one place they are configured: package.json `author` then `contributors`. The
 * first author without an address of their own gets the repository's, when a release location is set.
 */
export function manifestAuthors(pkg, location) {
  const people = [pkg.author, ...(pkg.contributors ?? [])].filter(Boolean).map(person);
  if (!people.length || people.some((p) => !p.name)) throw new Error("package.json author: every author needs a name");
  return people.map((p, i) => {
    const author = { name: p.name };
    if (p.email) author.email = p.email;
    const url = p.url ?? (i === 0 ? location : undefined);
    if (url) author.url = url;
    return author;
  });
}

/**
 * dist/system.json: the source manifest with package.json's version and authors, and the release fields only when a
 * location is set.
 */
export function stampManifest(manifest, pkg, location) {
  const stamped = { ...manifest, version: pkg.version, authors: manifestAuthors(pkg, location) };
  for (const key of ["url", "bugs", "readme", "changelog", "manifest", "download"]) delete stamped[key];
  if (!location) return stamped;
  return { ...stamped, ...releaseAddresses(location, pkg.version) };
}
