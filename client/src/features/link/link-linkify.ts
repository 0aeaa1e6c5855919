import { chunk } from '../../editor/core/lazy';

type LinkDetection = typeof import('./link-detect');

/**
 * URL detection (link-detect.ts with linkify and its full TLD list) is a chunk of its own: the first paint
 * does not need it. It is fetched when the author first finishes a word or pastes, or when the page is idle; what
 * is typed or pasted before it arrives is autolinked when it is there (link-autolink.ts).
 */
const detection = chunk<LinkDetection>(() => import('./link-detect'));

/** The detection once its chunk is there, else null. */
export const linkDetection = detection.loaded;

// The chunk's arrival, once per page (loaded code, the same for every editor).
let arrived = (): void => undefined;
const arrival = new Promise<void>((resolve) => {
  arrived = resolve;
});

/** Resolves once the detection is there (without fetching it). */
export const whenLinkDetectionLoaded = (): Promise<void> => arrival;

/** Fetches the detection (once; a failed fetch is logged and tried again on the next call). */
export function loadLinkDetection(): Promise<void> {
  return detection.load().then(
    () => arrived(),
    (error: unknown) => console.error('[tandem] link detection could not be loaded', error),
  );
}
