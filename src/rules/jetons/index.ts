// Public API of the jetons rules core: diceless play with sealed token bids.
export * from "./tables";
export * from "./bids";
export * from "./base";
export * from "./archetype";
// The hash lives in the shared rules core (the GM's effect records use it too); Jetons keeps exporting it.
export * from "../shared/sha256";
export * from "./commitment";
export * from "./ledger";
export * from "./question";
export * from "./purchases";
