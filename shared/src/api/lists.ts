import { Type, type Static } from 'typebox';
import { ListLimits } from '../limits';
import { DOC_ID_PATTERN } from './doc-id';
import { DocId, Role } from './documents';

// The link builder has no schema library in it: the client's first load uses it.
export { listLink } from './links';

/**
 * "My documents" lists (issue 25): a list is a capability like a document link. `POST /api/lists` returns its
 * id and a signed list token (`v1.<listId>.l.<signature>`); every other route needs that token as
 * `Authorization: Bearer`. A list holds pairs of a document id and a link token for it that the server
 * checked, so it only ever holds documents its owner could open anyway.
 */

/** List ids have the shape of document ids (URL-safe, generated from 128 random bits). */
export const ListId = Type.String({ pattern: DOC_ID_PATTERN });

export const ListParams = Type.Object({ id: ListId }, { additionalProperties: false });
export type ListParams = Static<typeof ListParams>;

export const ListItemParams = Type.Object({ id: ListId, docId: DocId }, { additionalProperties: false });
export type ListItemParams = Static<typeof ListItemParams>;

/** `POST /api/lists` → 201. `url` is the list's link (`/l/:id#token=…`). */
export const CreatedList = Type.Object({
  id: Type.String(),
  token: Type.String(),
  url: Type.String(),
});
export type CreatedList = Static<typeof CreatedList>;

/** `PUT /api/lists/:id/items/:docId`: a link token of that document (editor or viewer). */
export const PutListItemBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: ListLimits.maxTokenChars }) },
  { additionalProperties: false },
);
export type PutListItemBody = Static<typeof PutListItemBody>;

/** Who is in a document now: how many people (distinct presence names), and the first of those names. */
export const ListItemPresence = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  names: Type.Array(Type.String(), { maxItems: ListLimits.maxPresentNames }),
});
export type ListItemPresence = Static<typeof ListItemPresence>;

export const ListItem = Type.Object({
  id: Type.String(),
  /** The link token the list keeps for the document (an editor token wins over a viewer one). */
  token: Type.String(),
  role: Role,
  title: Type.String(),
  /** Last change, ISO 8601. */
  updatedAt: Type.String(),
  /** In the trash (editors can restore it). */
  deleted: Type.Boolean(),
  present: ListItemPresence,
  /** When it was added to the list, ISO 8601. */
  addedAt: Type.String(),
});
export type ListItem = Static<typeof ListItem>;

/** `GET /api/lists/:id` → the documents of the list, newest addition first. */
export const ListResponse = Type.Object({
  id: Type.String(),
  items: Type.Array(ListItem, { maxItems: ListLimits.maxItems }),
  maxItems: Type.Integer(),
});
export type ListResponse = Static<typeof ListResponse>;
