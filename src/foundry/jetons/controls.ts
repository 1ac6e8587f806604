/**
 * A button in the token controls opens the collective reserve, so every player reaches it in one click (the sheet
 * and the settings menu also open it). It appears only in Jetons worlds.
 */
import { addTokenTool, registerTokenTool, type SceneControlsRecord, type TokenToolSpec } from "../controls.ts";
import { activeRulesetId } from "../ruleset.ts";
import { ReserveApp } from "./reserve-app.ts";

export const RESERVE_TOOL = "quintetteJetonsReserve";

function reserveTool(open: () => unknown): TokenToolSpec {
  return { name: RESERVE_TOOL, title: "QUINTETTE.Jetons.Reserve.Title", icon: "fa-solid fa-coins", open };
}

/** Adds the reserve button to the token controls; leaves other worlds' controls untouched. */
export function addReserveControl(controls: SceneControlsRecord, open: () => unknown = () => ReserveApp.open()): void {
  if (activeRulesetId() === "jetons") addTokenTool(controls, reserveTool(open));
}

export function registerReserveControl(): void {
  registerTokenTool(
    "jetons",
    reserveTool(() => ReserveApp.open()),
  );
}
