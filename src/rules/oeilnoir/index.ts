// Public API of the oeilnoir rules core.
export {};
