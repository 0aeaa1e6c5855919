/**
 * English texts of connection problems (refusals, a blocked socket, a first visit that cannot connect; German:
 * i18n/locales/de.json): they come with the parts that show them, not in the first load.
 */
export const connectionProblemStrings = {
  downloadCopy: 'Download my copy',
  blocked:
    'Cannot connect to the collaboration server. A proxy or firewall may be blocking WebSocket connections. Your changes are kept in this browser.',
  // First visit (no copy in this browser): what is wrong, without promising that anything is kept.
  firstVisit: {
    blocked:
      'Cannot connect to the collaboration server. The server answers, but a proxy or firewall may be blocking WebSocket connections.',
    unreachable:
      'Cannot connect to the collaboration server: the server cannot be reached. It may be down, or this network blocks it.',
    offline: 'This browser is offline. Connect to the internet and try again.',
  },
  refused: {
    UNAUTHORIZED: 'This link is not valid for this document.',
    DOC_NOT_FOUND: 'This document does not exist.',
    DOC_DELETED: 'This document was moved to the trash.',
    READ_ONLY: 'This link only allows viewing.',
    MALFORMED_MESSAGE: 'The connection was closed because of a protocol error. Reload the page.',
    DOC_TOO_LARGE: 'The document has reached its size limit; your last change was not saved.',
    AWARENESS_REFUSED: 'The connection was closed because of invalid presence data. Reload the page.',
    AWARENESS_INVALID:
      'The server refused the presence data this browser sent (name, colour or cursor). Reload the page.',
    INVALID_UPDATE:
      'The server refused a change from this browser because the document cannot hold it. Your copy is kept for download; reload to continue with the shared document.',
    COUNTER_LIMIT:
      'The document has reached its character or word limit; your last change was not saved. Your copy is kept for download; reload to continue.',
    MISSING_DEPENDENCIES:
      'This browser sent changes that build on changes the server never received. Your copy is kept for download; reload to continue with the shared document.',
    RATE_LIMITED: 'Too many changes at once; reconnecting…',
    TOO_MANY_CONNECTIONS: 'Too many people are connected to this document; retrying…',
    STORAGE_FAILED: 'The server could not save; retrying…',
    SHUTTING_DOWN: 'The server is restarting; reconnecting…',
  },
};
