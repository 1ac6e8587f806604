// Types of release-location.mjs for the tests that import it.
export declare const PLACEHOLDER_HOSTS: RegExp;
export declare function releaseLocation(
  pkg: { quintette?: { repository?: string } },
  env?: Record<string, string | undefined>,
): string | undefined;
export declare function releaseAddresses(
  location: string,
  version: string,
): { url: string; bugs: string; readme: string; changelog: string; manifest: string; download: string };
/** package.json's fields the manifest takes: its version and its authors. */
export interface PackageFields {
  version: string;
  author?: string | { name?: string; email?: string; url?: string };
  contributors?: (string | { name?: string; email?: string; url?: string })[];
}
export declare function manifestAuthors(
  pkg: PackageFields,
  location: string | undefined,
): { name: string; email?: string; url?: string }[];
export declare function stampManifest<M extends object>(
  manifest: M,
  pkg: PackageFields,
  location: string | undefined,
): M & { version: string; authors: { name: string; email?: string; url?: string }[] } & Partial<
    ReturnType<typeof releaseAddresses>
  >;
