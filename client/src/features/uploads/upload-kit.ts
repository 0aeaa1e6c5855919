// What a panel that uploads on its own (the files manager) takes from this capability: a chunk of its
// own, fetched with that panel (index.ts: loadUploadKit), never part of the first load.
export { sendUpload, UploadError } from './upload-api';
export { uploadErrorText } from './upload-toasts';
