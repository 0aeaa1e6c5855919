import type { ErrorCode } from '@shared/errors';

/** A code the client adds to the catalogue's: NETWORK (no answer) and ABORTED (cancelled here). */
export type ApiErrorCode = ErrorCode | 'NETWORK' | 'ABORTED';

/**
 * The one error of every HTTP call (and of uploads): the catalogue's code (`errors.<CODE>` in i18n),
 * the HTTP status (0 when there was no answer) and the body's optional `details`.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(code);
  }
}
