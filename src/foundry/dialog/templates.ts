/** Template paths of the roll dialog's parts (pure constants: the gallery and the preload read them). */
export const ROLL_DIALOG_TEMPLATES = {
  inputs: "systems/quintette/templates/shared/dialog/roll-inputs.hbs",
  odds: "systems/quintette/templates/shared/dialog/roll-odds.hbs",
  footer: "systems/quintette/templates/shared/dialog/roll-footer.hbs",
} as const;
