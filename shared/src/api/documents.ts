import { Type, type Static } from 'typebox';
import { DocumentLimits } from '../limits';

import { DOC_ID_PATTERN } from './doc-id';

export { DOC_ID_PATTERN, isValidDocId } from './doc-id';

/** What a capability link grants: editing, commenting (issue 28: comments but no text changes) or reading. */
export const Role = Type.Union([Type.Literal('editor'), Type.Literal('commenter'), Type.Literal('viewer')]);
export type Role = Static<typeof Role>;

export const DocId = Type.String({ pattern: DOC_ID_PATTERN });

export const DocParams = Type.Object({ id: DocId }, { additionalProperties: false });
export type DocParams = Static<typeof DocParams>;

const Title = Type.String({ maxLength: DocumentLimits.maxTitleChars });

export const CreateDocumentBody = Type.Object({ title: Type.Optional(Title) }, { additionalProperties: false });
export type CreateDocumentBody = Static<typeof CreateDocumentBody>;

export const RenameDocumentBody = Type.Object({ title: Title }, { additionalProperties: false });
export type RenameDocumentBody = Static<typeof RenameDocumentBody>;

/** `POST /api/documents` → 201. The URLs are capability links (`/d/:id#token=…`). */
export const CreatedDocument = Type.Object({
  id: Type.String(),
  title: Type.String(),
  editorToken: Type.String(),
  commenterToken: Type.String(),
  viewerToken: Type.String(),
  editorUrl: Type.String(),
  commenterUrl: Type.String(),
  viewerUrl: Type.String(),
});
export type CreatedDocument = Static<typeof CreatedDocument>;

/** `GET /api/documents/:id` and the other single-document answers. */
export const DocumentMeta = Type.Object({
  id: Type.String(),
  title: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601' }),
  updatedAt: Type.String({ description: 'ISO 8601' }),
  deletedAt: Type.Union([Type.String(), Type.Null()]),
  /** What the caller's token allows. */
  role: Type.Union([Role, Type.Literal('admin')]),
});
export type DocumentMeta = Static<typeof DocumentMeta>;

/**
 * `GET /api/documents/:id/links` → the capability links the caller may hand on: an editor (or admin)
 * token gets all three, a commenter token the commenter and viewer links, a viewer token only the viewer
 * link (never anything that grants more).
 */
export const ShareLinksResponse = Type.Object({
  viewerUrl: Type.String(),
  commenterUrl: Type.Optional(Type.String()),
  editorUrl: Type.Optional(Type.String()),
});
export type ShareLinksResponse = Static<typeof ShareLinksResponse>;

export const ListDocumentsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DocumentLimits.listMaxPageSize })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    trash: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ListDocumentsQuery = Static<typeof ListDocumentsQuery>;

export const DocumentList = Type.Object({
  items: Type.Array(Type.Omit(DocumentMeta, ['role'])),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});
export type DocumentList = Static<typeof DocumentList>;

/** `POST /api/documents/titles` → titles of the documents whose tokens the browser holds. */
export const TitlesBody = Type.Object(
  {
    tokens: Type.Array(Type.String({ maxLength: 512 }), { maxItems: DocumentLimits.recentDocumentsMax }),
  },
  { additionalProperties: false },
);
export type TitlesBody = Static<typeof TitlesBody>;

export const TitlesResponse = Type.Object({
  items: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      deleted: Type.Boolean(),
      updatedAt: Type.String(),
    }),
  ),
});
export type TitlesResponse = Static<typeof TitlesResponse>;

export const ErrorResponse = Type.Object({
  code: Type.String(),
  message: Type.String(),
  details: Type.Optional(Type.Unknown()),
});
