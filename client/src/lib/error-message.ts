import type { TFunction } from 'i18next';
import type { ApiError } from './api-client';

/** The translated message for an API error code. */
export function errorMessage(t: TFunction, error: ApiError): string {
  return t(`errors.${error.code}`);
}
