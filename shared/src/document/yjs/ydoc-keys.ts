/** The root types inside a document's Y.Doc and what the model puts there. */
export const YDocKeys = {
  /** Tiptap's content fragment: the model's `doc` node. */
  content: 'default',
  /** Shared metadata map (`title`, `lang`). */
  meta: 'meta',
  titleKey: 'title',
  /** The document's language (`en` | `de`): picks the spell checker's dictionary. */
  langKey: 'lang',
  /**
   * The node the server puts into an empty document (the block `doc` fills itself with), so no client has to:
   * the model's ParagraphModel (its name as a string here, so that the server's start path needs no Tiptap;
   * create-document-model.test.ts checks the two agree).
   */
  emptyBlock: 'paragraph',
} as const;
