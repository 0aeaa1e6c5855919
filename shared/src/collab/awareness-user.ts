/** The `user` field every Tandem client puts into its awareness state. */
export interface AwarenessUser {
  name: string;
  color: string;
}

/** The Y.Map and Y.XmlFragment names inside a document's Y.Doc. */
export const YDocKeys = {
  /** Tiptap's content fragment. */
  content: 'default',
  /** Shared metadata map (`title`). */
  meta: 'meta',
  titleKey: 'title',
  /** The node the server puts into an empty document, so no client has to create one. */
  emptyBlock: 'paragraph',
} as const;
