// Types of build-report.mjs for the build test.
export declare const RULESETS: string[];
export declare const RULESET_STYLES: string[];
export declare const JS_BUDGET_GZIP: number;
export interface BuildReport {
  js: string[];
  jsGzip: number;
  css: string[];
  cssBytes: number;
}
export declare function buildReport(dist: string): BuildReport;
export declare function checkBudget(report: BuildReport): void;
