// Public API of the systemj rules core.
export * from "./attributes";
export * from "./skills";
export * from "./difficulty";
export * from "./test";
export * from "./odds";
export * from "./combat-scores";
export * from "./initiative";
export * from "./action-phase";
export * from "./combat";
export * from "./damage";
export * from "./cards";
export * from "./time";
export * from "./combat-odds";
export * from "./armour";
export * from "./identity";
export * from "./choice-commitment";
