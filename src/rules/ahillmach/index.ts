// Public API of the ahillmach rules core.
export {};
