import { beforeEach, describe, expect, it } from "vitest";
import { resetFoundryDouble } from "../../double/index.ts";
import { RollDialog } from "../../../src/foundry/dialog/roll-dialog.ts";
import {
  buildRollDialogContext,
  formatPercent,
  parseValue,
  parseValues,
  presetInputs,
  stepValue,
  type RollDialogConfig,
  type RollInput,
} from "../../../src/foundry/dialog/inputs.ts";
import { runRollRequest } from "../../../src/foundry/dialog/request.ts";

const inputs: RollInput[] = [
  { kind: "number", name: "score", label: "a", min: 1, max: 12, initial: 6 },
  { kind: "counter", name: "bonus", label: "b", min: -2, max: 2, initial: 0 },
  {
    kind: "select",
    name: "diff",
    label: "c",
    options: [
      { value: "0", label: "x" },
      { value: "3", label: "y" },
    ],
    initial: "0",
  },
  { kind: "checkbox", name: "aide", label: "d", initial: false },
];
/** d12 under score + bonus − diff: exact odds the dialog must show. */
const config: RollDialogConfig = {
  title: "QUINTETTE.Dialog.Title",
  inputs,
  odds: (v) => {
    const target = Math.max(0, Math.min(12, Number(v.score) + Number(v.bonus) - Number(v.diff) + (v.aide ? 1 : 0)));
    return [
      { id: "success", label: "s", probability: target / 12, tone: "success" },
      { id: "failure", label: "f", probability: 1 - target / 12, tone: "failure" },
    ];
  },
};

type DialogTest = RollDialog & {
  renderedParts: Record<string, { odds: { percent: string; probability: number }[] }>;
  close(): Promise<unknown>;
};

describe("roll dialog", () => {
  beforeEach(() => resetFoundryDouble());

  it("clamps and casts values; unusable input keeps the previous value", () => {
    const [score, bonus, diff, aide] = inputs as [RollInput, RollInput, RollInput, RollInput];
    expect(parseValue(score, "40", 6)).toBe(12);
    expect(parseValue(score, "abc", 6)).toBe(6);
    expect(parseValue(bonus, "-9", 0)).toBe(-2);
    expect(parseValue(diff, "7", "0")).toBe("0");
    expect(parseValue(aide, "on", false)).toBe(true);
    expect(stepValue(inputs, { bonus: 2 }, "bonus", 1)).toEqual({ bonus: 2 });
  });

  it("a fixed checkbox keeps what the rules set: no typed value, full-form read or preset changes it", () => {
    const held: RollInput = { kind: "checkbox", name: "held", label: "h", initial: true, fixed: true };
    expect(parseValue(held, false, true)).toBe(true);
    expect(parseValues([held], { __fullForm: true }, { held: true })).toEqual({ held: true });
    expect(presetInputs([held], { held: false })).toEqual([held]);
    const context = buildRollDialogContext({ ...config, inputs: [held] }, { held: true }, "publicroll", []);
    expect(context.inputs[0]).toMatchObject({ isCheckbox: true, fixed: true, value: true });
  });

  it("shows exact percentages that sum to one", () => {
    const ctx = buildRollDialogContext(config, { score: 7, bonus: 0, diff: "0", aide: false }, "publicroll", [], "en");
    expect(ctx.odds.map((o) => o.percent)).toEqual(["58.33%", "41.67%"]);
    expect(ctx.total).toBeCloseTo(1, 12);
    expect(formatPercent(1 / 3, "fr")).toBe("33,33\u00a0%".replace("\u00a0", " "));
    expect(formatPercent(1e-7, "en")).toBe("< 0.01%");
  });

  it("recomputes the odds on every change and resolves with the chosen values", async () => {
    let resolved: unknown = "pending";
    const dialog = new RollDialog(config, (r) => (resolved = r)) as DialogTest;
    await dialog.render();
    expect(dialog.renderedParts.odds?.odds[0]?.percent).toBe("50.00%");
    await dialog.changeValue("score", "9");
    expect(dialog.renderedParts.odds?.odds[0]?.percent).toBe("75.00%");
    expect(Object.keys(dialog.renderedParts)).toEqual(["odds"]);
    await dialog.changeValue("diff", "3");
    await dialog.changeValue("aide", true);
    expect(dialog.renderedParts.odds?.odds[0]?.probability).toBeCloseTo(7 / 12, 12);
    await dialog.changeValue("score", "99");
    expect(Object.keys(dialog.renderedParts)).toEqual(["inputs", "odds"]);
    await dialog.changeValue("rollMode", "blindroll");
    dialog.confirm();
    expect(resolved).toEqual({ values: { score: 12, bonus: 0, diff: "3", aide: true }, rollMode: "blindroll" });
  });

  it("resolves null when closed without rolling; Shift-click path rolls defaults without prompting", async () => {
    let resolved: unknown = "pending";
    const dialog = new RollDialog(config, (r) => (resolved = r)) as DialogTest;
    await dialog.render();
    await dialog.close();
    expect(resolved).toBeNull();
    const rolled: unknown[] = [];
    const prompts: unknown[] = [];
    const request = { dialog: config, roll: async (r: unknown) => void rolled.push(r) };
    await runRollRequest(request, true, async (c) => (prompts.push(c), null), "selfroll");
    expect(prompts).toHaveLength(0);
    expect(rolled).toEqual([{ values: { score: 6, bonus: 0, diff: "0", aide: false }, rollMode: "selfroll" }]);
    expect(await runRollRequest(request, false, async () => null, "selfroll")).toBeNull();
    expect(rolled).toHaveLength(1);
  });
});
