import { lazyPart, retryableImport } from '../../editor/core/lazy/lazy-part';

/** The By URL / Embedded Code / Upload form, fetched the first time a video popup shows it. */
const importForm = retryableImport(() => import('./video-form'));
export const VideoForm = lazyPart(() => importForm().then((m) => m.VideoForm));
