import type { find } from 'linkifyjs';
import { loadOnce, retryableImport } from '../../editor/ui/lazy-part';

/**
 * linkify (URL and e-mail detection with the full TLD list) is a chunk of its own: the first paint does
 * not need it. It is fetched when the author first focuses the editor or when the page is idle; what is
 * typed or pasted before it arrives is autolinked when it is there (link-autolink.ts).
 */
const linkify = loadOnce<typeof find>(retryableImport(() => import('linkifyjs').then((m) => m.find)));

/** linkify's `find` once its chunk is there, else null. */
export const linkifyFind = linkify.loaded;

let arrived = (): void => undefined;
const arrival = new Promise<void>((resolve) => {
  arrived = resolve;
});

/** Resolves once linkify is there (without fetching it). */
export const whenLinkifyLoaded = (): Promise<void> => arrival;

/** Fetches linkify (once; a failed fetch is logged and tried again on the next call). */
export function loadLinkify(): Promise<void> {
  return linkify.load().then(
    () => arrived(),
    (error: unknown) => console.error('[tandem] link detection could not be loaded', error),
  );
}
