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
export declare function stampManifest<M extends object>(
  manifest: M,
  version: string,
  location: string | undefined,
): M & { version: string; authors: { name: string; url?: string }[] } & Partial<ReturnType<typeof releaseAddresses>>;
