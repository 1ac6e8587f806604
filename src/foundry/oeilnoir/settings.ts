/** The optional modules of L'Œil Noir, each a world setting, off by default (RULES.md §3). */
import { SYSTEM_ID } from "../ruleset.ts";

export const OPTIONAL_MODULES = ["oeilnoirLowEv", "oeilnoirPermanentEvLoss", "oeilnoirSituational"] as const;
export type OptionalModule = (typeof OPTIONAL_MODULES)[number];

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "quintette.oeilnoirLowEv": boolean;
    "quintette.oeilnoirPermanentEvLoss": boolean;
    "quintette.oeilnoirSituational": boolean;
  }
}

const NAMES: Record<OptionalModule, string> = {
  oeilnoirLowEv: "LowEv",
  oeilnoirPermanentEvLoss: "PermanentEvLoss",
  oeilnoirSituational: "Situational",
};

export function registerOeilNoirSettings(): void {
  for (const key of OPTIONAL_MODULES) {
    game.settings?.register(SYSTEM_ID, key, {
      name: `QUINTETTE.OeilNoir.Setting.${NAMES[key]}.Name`,
      hint: `QUINTETTE.OeilNoir.Setting.${NAMES[key]}.Hint`,
      scope: "world",
      config: true,
      type: Boolean,
      default: false,
    });
  }
}

/** A module's state; off while settings are not registered yet (data prepared before init ends, tests). */
export function moduleOn(key: OptionalModule): boolean {
  try {
    return game.settings?.get(SYSTEM_ID, key) === true;
  } catch {
    return false;
  }
}

export const lowEvModuleOn = (): boolean => moduleOn("oeilnoirLowEv");
