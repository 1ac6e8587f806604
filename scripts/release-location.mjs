// The one configured release location, and the manifest fields that come from it.
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

/** dist/system.json: the source manifest with the version, and the release fields only when a location is set. */
export function stampManifest(manifest, version, location) {
  const stamped = { ...manifest, version };
  for (const key of ["url", "bugs", "readme", "changelog", "manifest", "download"]) delete stamped[key];
  const authors = [{ name: "Quintette contributors" }];
  if (!location) return { ...stamped, authors };
  return { ...stamped, authors: [{ ...authors[0], url: location }], ...releaseAddresses(location, version) };
}
