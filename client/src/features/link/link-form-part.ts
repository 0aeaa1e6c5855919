import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';

/** The link form, fetched with the link popup's first open (or earlier, with the link popup when idle). */
export const LinkForm = lazyPart(retryableImport(() => import('./link-form').then((m) => m.LinkForm)));
