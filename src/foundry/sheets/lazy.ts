/**
 * Sheet actions whose code is imported on the first click (their module is its own chunk, outside a world's entry:
 * docs/architecture.md "Budget"). Each forwarder keeps the sheet as `this`, as ApplicationV2 calls an action.
 */
export type SheetAction = (this: never, event: Event, target: HTMLElement) => unknown;

export function lazyActions<N extends string>(
  load: () => Promise<{ HANDLERS: Record<N, SheetAction> }>,
  names: readonly N[],
): Record<N, (this: unknown, event: Event, target: HTMLElement) => Promise<void>> {
  const forward = (name: N) =>
    async function (this: unknown, event: Event, target: HTMLElement) {
      const handler = (await load()).HANDLERS[name] as (this: unknown, event: Event, target: HTMLElement) => unknown;
      await handler.call(this, event, target);
    };
  return Object.fromEntries(names.map((name) => [name, forward(name)])) as Record<
    N,
    (this: unknown, event: Event, target: HTMLElement) => Promise<void>
  >;
}
