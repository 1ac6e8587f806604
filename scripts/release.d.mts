// Types of release.mjs for the manifest test.
import type { PackageFields } from "./release-location.mjs";

export declare function releaseProblems(
  dir: string,
  pkg: PackageFields,
  sourceManifest: { version: string; compatibility?: { minimum: string; verified: string } },
  changelog: string,
  location: string | undefined,
): Promise<string[]>;
export declare function checkedFoundryVersion(changelog: string): string | undefined;
export declare function expectedVerified(changelog: string, minimum: string | undefined): string;
