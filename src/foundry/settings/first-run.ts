export function registerFirstRun(): void {}
