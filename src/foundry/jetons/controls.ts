/**
 * A button in the token controls opens the collective reserve, so every player reaches it in one click (the sheet
 * and the settings menu also open it). It appears only in Jetons worlds.
 */
import { activeRulesetId } from "../ruleset.ts";
import { ReserveApp } from "./reserve-app.ts";

type Controls = Record<string, foundry.applications.ui.SceneControls.Control>;

export const RESERVE_TOOL = "quintetteJetonsReserve";

/** Adds the reserve button to the token controls; leaves other worlds' controls untouched. */
export function addReserveControl(controls: Controls, open: () => unknown = () => ReserveApp.open()): void {
  const tokens = controls.tokens;
  if (!tokens || activeRulesetId() !== "jetons") return;
  const order = Math.max(0, ...Object.values(tokens.tools).map((t) => t.order)) + 1;
  tokens.tools[RESERVE_TOOL] = {
    name: RESERVE_TOOL,
    order,
    title: "QUINTETTE.Jetons.Reserve.Title",
    icon: "fa-solid fa-coins",
    button: true,
    visible: true,
    onChange: () => void open(),
  };
}

export function registerReserveControl(): void {
  // fvtt-types 13.345.1 leaves this v13 hook untyped (commented out); its argument is the controls record.
  Hooks.on("getSceneControlButtons" as never, ((controls: Controls) => addReserveControl(controls)) as never);
}
