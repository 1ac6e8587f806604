// Public API of the oeilnoir rules core (L'Œil Noir combat, RULES.md §3).
export * from "./values";
export * from "./check";
export * from "./damage";
export * from "./life";
export * from "./initiative";
export * from "./odds";
export * from "./tables";
export * from "./equipment";
export * from "./situation";
export * from "./abilities";
export { roundHalfUp } from "./validate";
export * from "./gear";
export * from "./economy";
