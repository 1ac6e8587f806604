// Types of build-report.mjs for the build test.
export declare const RULESETS: string[];
export declare const RULESET_STYLES: string[];
export interface WorldLoad {
  ruleset: string;
  js: string[];
  jsGzip: number;
  ownChunks: number;
  css: string[];
  cssBytes: number;
}
export declare function worldReport(dist: string): { worlds: WorldLoad[] };
