/**
 * Each document type's look: a Font Awesome icon (`CONFIG.Actor.typeIcons`/`CONFIG.Item.typeIcons`, which the
 * "create actor / item" dialogs show beside each type) and default artwork, a small SVG of the system's own
 * (`assets/types/<type>.svg`) that a new document of that type gets when its creation data names no image
 * (`QuintetteActor`/`QuintetteItem.getDefaultArtwork`). Registered at init with the types' data models, for every rule
 * set, as documents of another game still open in any world.
 */
import { SYSTEM_ID } from "../ruleset-id.ts";

/** Font Awesome 6 icon classes (free solid set, which Foundry's includes), by document sub-type. */
export const TYPE_ICONS: Readonly<Record<string, string>> = {
  // Trinités
  trinite: "fa-solid fa-sun",
  humain: "fa-solid fa-user",
  "tr-arme": "fa-solid fa-khanda",
  "tr-armure": "fa-solid fa-shirt",
  "tr-aura": "fa-solid fa-hand-sparkles",
  "tr-verset": "fa-solid fa-book-open",
  "tr-atout": "fa-solid fa-star",
  "tr-objet": "fa-solid fa-box-archive",
  // Ahill-Mach
  personnage: "fa-solid fa-user",
  opposant: "fa-solid fa-skull",
  "am-action": "fa-solid fa-bolt",
  "am-equipement": "fa-solid fa-bag-shopping",
  "am-metier": "fa-solid fa-hammer",
  // L'Œil Noir
  heros: "fa-solid fa-crown",
  adversaire: "fa-solid fa-skull",
  "on-arme-melee": "fa-solid fa-khanda",
  "on-arme-distance": "fa-solid fa-crosshairs",
  "on-armure": "fa-solid fa-shirt",
  "on-bouclier": "fa-solid fa-shield-halved",
  "on-capacite": "fa-solid fa-star",
  // Jetons
  archetype: "fa-solid fa-coins",
  // SYSTEMJ
  "sj-personnage": "fa-solid fa-user",
  creature: "fa-solid fa-paw",
  "sj-objet": "fa-solid fa-box-archive",
  "sj-arme": "fa-solid fa-khanda",
  "sj-armure": "fa-solid fa-shirt",
  "sj-consommable": "fa-solid fa-flask",
  "sj-munition": "fa-solid fa-feather-pointed",
  "sj-titre": "fa-solid fa-medal",
  "sj-livre": "fa-solid fa-book",
  "sj-plan": "fa-solid fa-map",
  "sj-sort": "fa-solid fa-wand-sparkles",
  "sj-capacite": "fa-solid fa-star",
  "sj-competence": "fa-solid fa-bullseye",
};

/** Where a type's default artwork is served from (the build ships `assets/`). */
export function typeArtwork(type: string | null | undefined): string | undefined {
  return type && TYPE_ICONS[type] ? `systems/${SYSTEM_ID}/assets/types/${type}.svg` : undefined;
}

/**
 * Sets the icons of `types` in `CONFIG.<documentName>.typeIcons`. fvtt-types 13.345 declares it on Actor's config
 * (`{}` by default) and not yet on Item's, which Foundry has too (draw-steel registers its item types' icons there).
 */
export function registerTypeIcons(documentName: "Actor" | "Item", types: readonly string[]): void {
  const config = CONFIG[documentName] as { typeIcons?: Record<string, string> };
  const icons = (config.typeIcons ??= {});
  for (const type of types) {
    const icon = TYPE_ICONS[type];
    if (icon) icons[type] = icon;
  }
}
