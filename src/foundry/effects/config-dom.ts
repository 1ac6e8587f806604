/**
 * After the effect config sheet renders: Foundry's own change rows (their key inputs, `changes.N.key` on v13,
 * `system.changes.N.key` on v14) point at the sheet's list of allowed keys, and a key that applies nowhere is marked
 * with why, again as it is typed, before anything is saved.
 */

const KEY_INPUT = /^(?:system\.)?changes\.\d+\.key$/;

export interface KeyCheck {
  /** The `<datalist>` id. */
  listId: string;
  /** Why `key` does nothing here, or null when it applies (or is still empty). */
  refusal(key: string): string | null;
}

function mark(input: HTMLInputElement, check: KeyCheck): void {
  const reason = check.refusal(input.value.trim());
  input.classList.toggle("quintette-key-refused", reason !== null);
  input.setAttribute("aria-invalid", reason === null ? "false" : "true");
  // The key is the user's text: shown as text (`data-tooltip` would be read as HTML).
  if (reason === null) delete input.dataset.tooltipText;
  else input.dataset.tooltipText = reason;
}

const checks = new WeakMap<object, KeyCheck>();

/** Links and checks every change key input under `root`; returns how many it found. */
export function linkKeyInputs(root: unknown, check: KeyCheck): number {
  if (!root || typeof (root as Partial<HTMLElement>).querySelectorAll !== "function") return 0;
  const inputs = [...(root as HTMLElement).querySelectorAll<HTMLInputElement>("input[name]")].filter((input) =>
    KEY_INPUT.test(input.name),
  );
  for (const input of inputs) {
    input.setAttribute("list", check.listId);
    input.setAttribute("autocomplete", "off");
    mark(input, check);
    // A render of other parts leaves this input in place: one listener per input, reading the latest check.
    checks.set(input, check);
    if (input.dataset.quintetteKeys) continue;
    input.dataset.quintetteKeys = "checked";
    input.addEventListener("input", () => {
      const latest = checks.get(input);
      if (latest) mark(input, latest);
    });
  }
  return inputs.length;
}
