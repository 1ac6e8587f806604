/**
 * The base sheets' document buttons: the portrait's file picker (edit mode), and an actor's owned items (create then
 * open, open, delete after confirming).
 */
interface PortraitSheet {
  isEditable: boolean;
  editMode: boolean;
  document: { img?: string | null; update(data: { img: string }): Promise<unknown> };
}
type ItemsSheet = foundry.applications.sheets.ActorSheetV2 & { isEditable: boolean };

async function editPortrait(this: PortraitSheet) {
  if (!this.isEditable || !this.editMode) return;
  const doc = this.document;
  const picker = new foundry.applications.apps.FilePicker.implementation({
    type: "image",
    current: doc.img ?? "",
    callback: (path: string) => void doc.update({ img: path }),
  });
  await picker.browse();
}

async function createItem(this: ItemsSheet, _event: Event, target: HTMLElement) {
  const type = target.dataset.type;
  if (!this.isEditable || !type) return;
  const name = game.i18n?.format("QUINTETTE.Sheet.NewItem", { type: game.i18n.localize(`TYPES.Item.${type}`) }) ?? type;
  const created = await this.document.createEmbeddedDocuments("Item", [{ name, type } as Item.CreateData]);
  created?.[0]?.sheet?.render(true);
}

function rowItem(sheet: ItemsSheet, target: HTMLElement) {
  return sheet.document.items.get(target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId ?? "");
}

async function editItem(this: ItemsSheet, _event: Event, target: HTMLElement) {
  await rowItem(this, target)?.sheet?.render(true);
}

async function deleteItem(this: ItemsSheet, _event: Event, target: HTMLElement) {
  if (!this.isEditable) return;
  const item = rowItem(this, target);
  if (!item) return;
  const confirmed = await foundry.applications.api.DialogV2.confirm({
    window: { title: "QUINTETTE.Sheet.DeleteItem" },
    content: `<p>${game.i18n?.format("QUINTETTE.Sheet.DeleteItemConfirm", { name: item.name }) ?? item.name}</p>`,
  });
  if (confirmed) await this.document.deleteEmbeddedDocuments("Item", [item.id ?? ""]);
}

export const HANDLERS = { editPortrait, createItem, editItem, deleteItem };
