// Public API of the trinites rules core (RULES.md §1).
export * from "./dice";
export * from "./skills";
export * from "./tables";
export * from "./test";
export * from "./odds";
export * from "./initiative";
export * from "./life";
export * from "./harm";
export * from "./karma";
export * from "./xp";
export * from "./combat";
export * from "./martial";
export * from "./reactions";
export * from "./influence";
export * from "./equipment";
