// Public API of the rules core: pure functions from die faces and character values to outcomes and odds.
export * as distribution from "./shared/distribution";
export * as trinites from "./trinites";
export * as ahillmach from "./ahillmach";
export * as oeilnoir from "./oeilnoir";
export * as jetons from "./jetons";
export * as systemj from "./systemj";
