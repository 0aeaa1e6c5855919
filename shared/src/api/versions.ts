import { Type, type Static } from 'typebox';
import { VersionLimits } from '../limits';

/**
 * Version history (issue 13). Versions are recorded by the server from the document's Yjs state.
 *   GET   /api/documents/:id/versions?offset&limit  → 200 VersionListItem[] newest first (`X-Total-Count`); read
 *   GET   /api/documents/:id/versions/:versionId    → 200 VersionDetail (the version's content); read
 *   POST  /api/documents/:id/versions               CreateVersionBody → 201 VersionListItem (records now); write
 *   PATCH /api/documents/:id/versions/:versionId    RenameVersionBody → 200 VersionListItem; write
 * A restore is done by the restoring client (one collaborative change it can undo), which then records a
 * version with `reason: 'restore'`.
 */

/** Why a version was recorded. */
export const VersionReason = Type.Union([
  /** A burst of edits went idle (VersionLimits.idleMs). */
  Type.Literal('idle'),
  /** Edits went on without a pause for VersionLimits.maxBurstMs. */
  Type.Literal('burst'),
  /** The last author left the document. */
  Type.Literal('leave'),
  /** An explicit save (Save button, Ctrl+S, the API). */
  Type.Literal('save'),
  /** Recorded right after a restore. */
  Type.Literal('restore'),
  /** Recorded when the document was imported from an archive. */
  Type.Literal('import'),
]);
export type VersionReason = Static<typeof VersionReason>;

export const VersionParams = Type.Object({
  id: Type.String({ maxLength: 64 }),
  versionId: Type.String({ maxLength: 64 }),
});
export type VersionParams = Static<typeof VersionParams>;

export const VersionListQuery = Type.Object(
  {
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: VersionLimits.pageSizeMax })),
  },
  { additionalProperties: false },
);
export type VersionListQuery = Static<typeof VersionListQuery>;

export const VersionListItem = Type.Object({
  id: Type.String(),
  /** Recording time, ms since the epoch. */
  createdAt: Type.Integer(),
  reason: VersionReason,
  /** Display names of the authors who changed the document since the previous version (awareness names). */
  authors: Type.Array(Type.String()),
  /** Size of the stored Yjs state, in bytes. */
  bytes: Type.Integer(),
  /** Characters of text in this version. */
  chars: Type.Integer(),
  /** Characters inserted and deleted since the previous version. */
  inserted: Type.Integer(),
  deleted: Type.Integer(),
  /** A name given by an author ("Submitted draft"); named versions are never thinned. Null when unnamed. */
  name: Type.Union([Type.String(), Type.Null()]),
});
export type VersionListItem = Static<typeof VersionListItem>;

export const VersionList = Type.Array(VersionListItem);
export type VersionList = Static<typeof VersionList>;

/** A version's content, read from its Yjs state through the document model (ProseMirror JSON, see ./export). */
export const VersionDetail = Type.Intersect([
  VersionListItem,
  Type.Object({
    title: Type.String(),
    doc: Type.Unknown(),
  }),
]);
export type VersionDetail = Static<typeof VersionDetail>;

export const VersionName = Type.String({ minLength: 1, maxLength: VersionLimits.maxNameLength });

export const CreateVersionBody = Type.Object(
  {
    name: Type.Optional(VersionName),
    reason: Type.Optional(Type.Union([Type.Literal('save'), Type.Literal('restore')])),
  },
  { additionalProperties: false },
);
export type CreateVersionBody = Static<typeof CreateVersionBody>;

export const RenameVersionBody = Type.Object(
  { name: Type.Union([VersionName, Type.Null()]) },
  { additionalProperties: false },
);
export type RenameVersionBody = Static<typeof RenameVersionBody>;

/** Header an explicit save (Save button, Ctrl+S) adds to the autosave POST: the server also records a version. */
export const EXPLICIT_SAVE_HEADER = 'x-tandem-save';
export const EXPLICIT_SAVE_VALUE = 'explicit';
