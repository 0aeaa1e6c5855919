import { Film } from 'lucide-react';
import type { Capability } from '../../editor/capability';
import { VideoNode } from './video.extension';
import './video.css';
import { videoStrings } from './video.i18n';
import { VideoOverlay } from './video.overlay';
import { VideoInsertControl, videoInsertPopup } from './video.toolbar';

export { parseVideoUrl } from '@shared/document/video-url';
export { parseEmbedCode } from './video-embed';

/**
 * Video (FROALA-REFERENCE §28): insert by URL (YouTube, Vimeo, Dailymotion on privacy-friendly hosts,
 * direct media files), by embed code (allowlisted iframes only) or by upload; edit popup with replace,
 * remove, display, align and size; sandboxed, never autoplaying.
 */
export const video: Capability = {
  name: 'video',
  extensions: [VideoNode],
  i18n: videoStrings,
  // Not lazy: a picture or video clicked right after the page opened must get its popup.
  Overlay: VideoOverlay,
  toolbar: [
    {
      kind: 'control',
      id: 'insertVideo',
      labelKey: 'video.insert',
      icon: Film,
      group: 'insert',
      Component: VideoInsertControl,
    },
  ],
  insertItems: [
    {
      id: 'insertVideo',
      labelKey: 'video.quickInsert',
      icon: Film,
      keywords: ['video', 'youtube', 'vimeo', 'dailymotion', 'embed', 'film', 'einbetten'],
      run: () => videoInsertPopup.set(true),
    },
  ],
};
