/** Template paths of the SYSTEMJ sheets (pure constants: the sheets, the preload and the gallery read them). */
const T = "systems/quintette/templates/systemj";

export const ACTOR_PARTS = { main: `${T}/actor/main.hbs`, cards: `${T}/actor/cards.hbs` } as const;
export const ITEM_CARD = `${T}/item/card.hbs`;
