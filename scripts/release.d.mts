// Types of release.mjs for the manifest test.
export declare function releaseProblems(
  dir: string,
  pkg: { version: string },
  sourceManifest: { version: string },
  changelog: string,
  location: string | undefined,
): Promise<string[]>;
