// Public API of the ahillmach rules core.
export * from "./characteristics";
export * from "./resolution";
export * from "./odds";
