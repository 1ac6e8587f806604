// Public API of the systemj rules core.
export {};
