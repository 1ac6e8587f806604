// Public API of the trinites rules core.
export {};
