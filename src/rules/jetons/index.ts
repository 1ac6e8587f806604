// Public API of the jetons rules core: diceless play with sealed token bids.
export * from "./tables";
export * from "./bids";
export * from "./base";
export * from "./archetype";
export * from "./sha256";
export * from "./commitment";
export * from "./ledger";
export * from "./question";
export * from "./purchases";
