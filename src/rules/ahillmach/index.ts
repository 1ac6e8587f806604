// Public API of the ahillmach rules core.
export * from "./characteristics";
export * from "./resolution";
export * from "./odds";
export * from "./progression";
export * from "./classes";
export * from "./moves";
export * from "./penchants";
export * from "./surpass";
export * from "./wounds";
export * from "./metiers";
export * from "./opponents";
export * from "./conflict";
export * from "./character";
export * from "./ward";
export * from "./edge";
