import { DocumentLimits } from '../limits';

/** URL-safe document id: letters, digits, `-` and `_`, 1–64 characters (no schema library: the client uses it). */
export const DOC_ID_PATTERN = `^[A-Za-z0-9_-]{1,${DocumentLimits.maxIdChars}}$`;
const docIdRegExp = new RegExp(DOC_ID_PATTERN);

export function isValidDocId(id: string): boolean {
  return docIdRegExp.test(id);
}
