/**
 * Answers SYSTEMJ test dialogs as the user at the keyboard would: each `RollDialog.prompt` builds the real dialog
 * with the real configuration, renders it, changes the fields the test asks for, then rolls (or closes it).
 */
import { vi } from "vitest";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import type { RollDialogConfig, RollDialogResult } from "../../../src/foundry/dialog/inputs.ts";

export interface OpenedDialog {
  /** The user whose client opened it. */
  userId: string;
  config: RollDialogConfig;
  /** What the dialog showed for each outcome once answered (exact odds). */
  odds: { id: string; probability: number }[];
}

export interface DialogAnswers {
  /** Field values the user types before rolling (`difficulty`, `free`); empty: the defaults. */
  next: Record<string, unknown>;
  /** Close the dialog instead of rolling. */
  cancel: boolean;
  opened: OpenedDialog[];
}

export function answerTestDialogs(): DialogAnswers {
  const answers: DialogAnswers = { next: {}, cancel: false, opened: [] };
  vi.spyOn(RollDialog, "prompt").mockImplementation((async (config: RollDialogConfig) => {
    let result: RollDialogResult | null = null;
    const dialog = new RollDialog(config, (r) => (result = r));
    await dialog.render({ force: true });
    for (const [name, value] of Object.entries(answers.next)) await dialog.changeValue(name, value);
    answers.opened.push({
      userId: game.user?.id ?? "",
      config,
      odds: config.odds(dialog.values).map((o) => ({ id: o.id, probability: o.probability })),
    });
    if (answers.cancel) await dialog.close();
    else dialog.confirm();
    return result;
  }) as typeof RollDialog.prompt);
  return answers;
}
