import { Type, type Static } from 'typebox';
import { EditorOptions } from '../editor-options';

/** `GET /api/config`: the effective limits of this server (defaults lowered by env), for the client. */
export const PublicConfig = Type.Object({
  collab: Type.Object({
    maxMessageBytes: Type.Integer(),
    maxDocumentBytes: Type.Integer(),
  }),
  counters: Type.Object({
    charCounterMax: Type.Integer(),
    wordCounterMax: Type.Integer(),
  }),
  uploads: Type.Object({
    maxImageBytes: Type.Integer(),
    maxFileBytes: Type.Integer(),
    maxVideoBytes: Type.Integer(),
  }),
  /** Capability lists and switches of this deployment. */
  editor: EditorOptions,
  version: Type.String(),
});
export type PublicConfig = Static<typeof PublicConfig>;
