/**
 * WebSocket close codes the collaboration server uses (4000–4999), shared by server and client.
 * A client must not reconnect after a code whose `retry` is false.
 */
export const CloseCode = {
  /** A message could not be decoded (bad framing, bad update, text frame). */
  MALFORMED_MESSAGE: { code: 4400, reason: 'malformed message', retry: false },
  /** No token, or a token that is not valid for this document. */
  UNAUTHORIZED: { code: 4401, reason: 'unauthorized', retry: false },
  /** A viewer (read-only) connection sent a document update. */
  READ_ONLY: { code: 4403, reason: 'read-only connection', retry: false },
  /** The document does not exist. */
  DOC_NOT_FOUND: { code: 4404, reason: 'document not found', retry: false },
  /** The document is in the trash. */
  DOC_DELETED: { code: 4410, reason: 'document deleted', retry: false },
  /** The document would grow past its size limit. */
  DOC_TOO_LARGE: { code: 4413, reason: 'document too large', retry: false },
  /** An awareness message was too large, or set a client id of another connection. */
  AWARENESS_REFUSED: { code: 4422, reason: 'awareness refused', retry: false },
  /**
   * An update the shared document model refuses (unknown element or mark, invalid attribute value,
   * content where the model allows none, oversize string or update). Not applied, stored or relayed.
   */
  INVALID_UPDATE: { code: 4415, reason: 'update refused by the document model', retry: false },
  /** An update would take the document past the character or word limit of this server. */
  COUNTER_LIMIT: { code: 4416, reason: 'character or word limit reached', retry: false },
  /** Too many updates whose dependencies never arrived (held per connection, never stored). */
  MISSING_DEPENDENCIES: { code: 4417, reason: 'too many updates with missing dependencies', retry: false },
  /** An awareness state that does not have the shape Tandem clients send (user, cursor). */
  AWARENESS_INVALID: { code: 4423, reason: 'awareness state refused', retry: false },
  /** The connection sent messages faster than its rate limit. */
  RATE_LIMITED: { code: 4429, reason: 'rate limited', retry: true },
  /** Too many connections to one document. */
  TOO_MANY_CONNECTIONS: { code: 4430, reason: 'too many connections', retry: true },
  /** The server could not store an update; the client should retry later. */
  STORAGE_FAILED: { code: 4500, reason: 'storage failed', retry: true },
  /** The server is shutting down. */
  SHUTTING_DOWN: { code: 4503, reason: 'server shutting down', retry: true },
} as const;

export type CloseCodeName = keyof typeof CloseCode;

/** Looks a numeric close code up; undefined for codes we do not send. */
export function closeCodeName(code: number): CloseCodeName | undefined {
  for (const name of Object.keys(CloseCode) as CloseCodeName[]) {
    if (CloseCode[name].code === code) return name;
  }
  return undefined;
}
