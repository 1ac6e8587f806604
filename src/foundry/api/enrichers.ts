export function registerEnrichers(): void {}
