import { Errors, type ErrorCode } from '@shared/errors';

/** A known failure with a typed code; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: unknown;

  constructor(code: ErrorCode, details?: unknown) {
    super(Errors[code].message);
    this.code = code;
    this.status = Errors[code].status;
    this.details = details;
  }
}
