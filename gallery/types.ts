/**
 * A gallery fixture: one rendering of one or more templates (ApplicationV2 parts, in order) from a context, as the
 * adapter's `_prepareContext` would produce it. Each fixture is rendered in French and in English.
 */
export interface GalleryFixture {
  /** Unique kebab-case id; also the screenshot's file name. */
  id: string;
  /** Human title shown above the rendering. */
  title: string;
  /** Template paths relative to the repository root (`templates/shared/actor-sheet.hbs`), rendered in order. */
  parts: string[];
  /** The template context. */
  context: Record<string, unknown>;
  /**
   * What the adapter formats in its client's language (`game.i18n`) before rendering: built for each language from
   * its strings and merged over `context`.
   */
  localized?: (i18n: {
    localize(key: string): string;
    format(key: string, data: Record<string, string>): string;
  }) => Record<string, unknown>;
  /** The Foundry surface it imitates: sets the wrapper's classes and width. */
  frame: "sheet" | "dialog" | "chat" | "sidebar";
  /** Extra classes on the wrapper (`["trinites", "actor"]`). */
  classes?: string[];
  /** Wrapper width in pixels. */
  width?: number;
}
