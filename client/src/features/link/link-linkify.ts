import type { find } from 'linkifyjs';
import { loadOnce, retryableImport } from '../../editor/ui/lazy-part';

/**
 * linkify (URL and e-mail detection with the full TLD list) is a chunk of its own: the first paint does
 * not need it. It is fetched when the author first focuses the editor or when the page is idle; until it
 * is there, autolinking simply does not happen (typing and pasting work as always).
 */
const linkify = loadOnce<typeof find>(retryableImport(() => import('linkifyjs').then((m) => m.find)));

/** linkify's `find` once its chunk is there, else null. */
export const linkifyFind = linkify.loaded;

/** Fetches linkify (once; a failed fetch is logged and tried again on the next call). */
export function loadLinkify(): Promise<void> {
  return linkify.load().then(
    () => undefined,
    (error: unknown) => console.error('[tandem] link detection could not be loaded', error),
  );
}
