import { Type, type Static } from 'typebox';

/**
 * Autosave snapshots (PRODUCT.md §6; Froala's save plugin):
 *   POST /api/documents/:id/snapshots  form or JSON `body` (HTML) → 200 SavedSnapshot (see ./media.ts)
 *   GET  /api/documents/:id/snapshots  → 200 SnapshotListItem[] newest first (`offset`, `limit`; `X-Total-Count`)
 */

export const SnapshotsPageSize = { default: 50, max: 200 } as const;

export const SnapshotListQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SnapshotsPageSize.max })),
  },
  { additionalProperties: false },
);
export type SnapshotListQuery = Static<typeof SnapshotListQuery>;

export const SnapshotListItem = Type.Object({
  id: Type.String(),
  /** Save time, ms since the epoch. */
  createdAt: Type.Integer(),
  /** Size of the stored (sanitized) HTML in bytes. */
  bytes: Type.Integer(),
});
export type SnapshotListItem = Static<typeof SnapshotListItem>;

export const SnapshotList = Type.Array(SnapshotListItem);
export type SnapshotList = Static<typeof SnapshotList>;
