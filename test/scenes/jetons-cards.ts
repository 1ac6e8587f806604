/** Playing a Jetons question card's forms as a user does (the Jetons scenes). */
import type { DoubleChatMessage } from "../double/shared-core.ts";
import { cardTree, clickInCard, type UserId } from "./table.ts";

/**
 * `user` fills the inputs of the form around a card control (by name: text, or the values ticked) and clicks it, the
 * click bubbling through the card as in the browser.
 */
export async function fillAndClick(
  user: UserId,
  message: DoubleChatMessage,
  action: string,
  fields: Record<string, string | boolean | string[]> = {},
): Promise<void> {
  const card = await cardTree(user, message);
  const button = card.tree.querySelector(`[data-jetons-action="${action}"]`);
  if (!button) throw new Error(`${user} sees no ${action} on the card`);
  const form = button.closest("[data-jetons-form]") ?? card.tree;
  for (const [name, value] of Object.entries(fields)) {
    const inputs = form.querySelectorAll(`[name="${name}"]`);
    if (!inputs.length) throw new Error(`No input ${name} in the ${action} form`);
    for (const input of inputs) {
      if (input.type === "checkbox" || input.type === "radio")
        input.checked = Array.isArray(value) ? value.includes(input.value) : value === true || value === input.value;
      else input.value = String(value);
    }
  }
  await clickInCard(user, card, button);
}
