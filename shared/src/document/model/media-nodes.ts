import { FileMedia } from './file-model';
import { ImageMedia } from './image-model';
import { PlaceholderMedia } from './upload-placeholder-model';
import { VideoMedia } from './video-model';

/** Document nodes that reference uploads, and the attribute holding the URL (as each node declares it). */
export const MediaNodes = {
  image: ImageMedia,
  video: VideoMedia,
  file: FileMedia,
  placeholder: PlaceholderMedia,
} as const;
