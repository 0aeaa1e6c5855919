import type * as Y from 'yjs';
import { YDocKeys } from './ydoc-keys';

/** The languages a document may be written in (one dictionary each). */
export const DOCUMENT_LANGS = ['en', 'de'] as const;
export type DocumentLang = (typeof DOCUMENT_LANGS)[number];

export function isDocumentLang(value: unknown): value is DocumentLang {
  return typeof value === 'string' && (DOCUMENT_LANGS as readonly string[]).includes(value);
}

/** The document's language (`meta.lang`), or null when none was set (or it is not one of ours). */
export function readLang(doc: Y.Doc): DocumentLang | null {
  const value: unknown = doc.getMap<unknown>(YDocKeys.meta).get(YDocKeys.langKey);
  return isDocumentLang(value) ? value : null;
}

/** The language of a UI locale tag (`de-AT` → `de`), English for anything else. */
export function langOfLocale(locale: string): DocumentLang {
  const base = locale.toLowerCase().split('-')[0];
  return isDocumentLang(base) ? base : 'en';
}
