import type { ErrorCode } from '@shared/errors';
import { ApiError, type ApiErrorCode } from './api-error';
import { isErrorCode } from './error-catalogue';

/*
 * The API client's parts that only lazily loaded code needs, kept out of the first load: reading refusals
 * needs the error catalogue (with the messages the UI will show) anyway. api-client loads this module with
 * the first refusal.
 */

/** Whether `error` is an ApiError with `code` (e.g. ABORTED, which callers pass over). */
export const isApiError = (error: unknown, code?: ApiErrorCode): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);

/** `path` with query parameters; undefined and '' ones are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** The ApiError of a refusal's parsed body: its `code` if the catalogue knows it (else `fallback`), and `details`. */
export function refusalError(body: unknown, status: number, fallback: ErrorCode = 'INTERNAL'): ApiError {
  const fields = typeof body === 'object' && body !== null ? (body as { code?: unknown; details?: unknown }) : {};
  return new ApiError(isErrorCode(fields.code) ? fields.code : fallback, status, fields.details);
}

/** The parsed JSON body of `res`; a body that is not JSON throws ApiError `badResponse`. */
export async function readJson(res: Response, badResponse: ErrorCode): Promise<unknown> {
  try {
    return JSON.parse(await res.text()) as unknown;
  } catch {
    throw new ApiError(badResponse, res.status);
  }
}
