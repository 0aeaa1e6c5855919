import type { VersionMetaRow, VersionReasonRow } from './store';

/** A version row's metadata columns as both engines return them. */
export interface VersionMetaDbRow {
  id: string;
  doc_id: string;
  created_at: number;
  reason: string;
  authors: string;
  bytes: number;
  chars: number;
  inserted: number;
  deleted: number;
  name: string | null;
}

const REASONS: ReadonlySet<string> = new Set<VersionReasonRow>(['idle', 'burst', 'leave', 'save', 'restore', 'import']);

const parseAuthors = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
  } catch {
    return [];
  }
};

export const toMeta = (r: VersionMetaDbRow): VersionMetaRow => ({
  id: r.id,
  docId: r.doc_id,
  createdAt: r.created_at,
  // A row written by a newer release with a reason this one does not know reads as a plain save.
  reason: REASONS.has(r.reason) ? (r.reason as VersionReasonRow) : 'save',
  authors: parseAuthors(r.authors),
  bytes: r.bytes,
  chars: r.chars,
  inserted: r.inserted,
  deleted: r.deleted,
  name: r.name,
});
