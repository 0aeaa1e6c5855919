import { ErrorResponse } from '@shared/api/documents';

/** The HTTP statuses our routes answer with an ErrorBody. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof ErrorResponse };

/** The `response` schemas of the error statuses a route can answer, each one ErrorBody. */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): ErrorResponses<S> {
  const map: Partial<Record<ErrorStatus, typeof ErrorResponse>> = {};
  for (const status of statuses) map[status] = ErrorResponse;
  return map as ErrorResponses<S>;
}

/**
 * What every route of one document can answer (`config.doc`): a bad id or body (400), no link (401),
 * a viewer link for a change (403), an unknown (404) or trashed (410) document; plus the route's own.
 */
export function documentErrorResponses<S extends ErrorStatus>(
  ...extra: S[]
): ErrorResponses<400 | 401 | 403 | 404 | 410 | S> {
  return errorResponses<400 | 401 | 403 | 404 | 410 | S>(400, 401, 403, 404, 410, ...extra);
}
