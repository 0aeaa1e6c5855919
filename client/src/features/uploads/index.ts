import type { Capability } from '../../editor/core/capability';
import { UploadPlaceholder } from './upload-placeholder';
import { UploadRouter } from './upload-router';
import { UploadToasts } from './upload-toast-region';
import { uploadsStrings } from './uploads.i18n';

export { precheckUpload } from './upload-precheck';
export {
  startUpload,
  startRemoteImage,
  preloadUploadCode,
  loadUploadCode,
  uploadCodeLoaded,
  type UploadCode,
} from './upload-on-demand';
export { showUploadError } from './upload-errors';
export { UploadPlaceholder } from './upload-placeholder';
export { imageNodeFromUpload, videoNodeFromUpload, fileNodeFromUpload } from './upload-nodes';

/**
 * Upload infrastructure shared by images, videos and files: the placeholder every collaborator sees
 * while an upload runs, one drop/paste router for every kind, and the error messages.
 */
export const uploads: Capability = {
  name: 'uploads',
  extensions: (context) => [UploadPlaceholder, UploadRouter.configure({ context })],
  toolbar: [],
  shortcuts: [{ keys: 'Escape', labelKey: 'uploads.cancelShortcut' }],
  Overlay: UploadToasts,
  i18n: uploadsStrings,
};
