/**
 * What the base sheets need before their first render: the tab group's name and which items an actor may hold. The
 * rest of the context (`context.ts`) is imported at render, outside a world's entry.
 */
export const TAB_GROUP = "primary";

/** Whether an item of `itemType` may be embedded in an actor of `actorType`: same rule set, or either unknown. */
export function canEmbed(
  actorType: string,
  itemType: string,
  rulesetOf: (type: string) => string | undefined,
): boolean {
  const a = rulesetOf(actorType);
  const i = rulesetOf(itemType);
  return !a || !i || a === i;
}
