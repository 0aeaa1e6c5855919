import { Errors, isErrorCode, type ErrorCode } from '@shared/errors';
import { registerEnglish } from '../i18n/register-english';

/**
 * The error catalogue on the client, with its English messages (`errors.<CODE>`): loaded with the
 * first error (the API client awaits it before it rejects) or statically by the lazy parts that show
 * errors, never in the first load. `errors.NETWORK` is in the first load (en.ts): offline, this module
 * may not come.
 */
export const englishErrorStrings = Object.fromEntries(
  (Object.keys(Errors) as ErrorCode[]).map((code) => [code, Errors[code].message]),
) as Record<ErrorCode, string>;

registerEnglish({ errors: englishErrorStrings });

export { isErrorCode };
