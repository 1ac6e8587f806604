// Public API of the jetons rules core.
export {};
