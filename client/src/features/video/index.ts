import { Film } from 'lucide-react';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media-values';
import type { Capability } from '../../editor/core/capability';
import { VideoNode } from './video.extension';
import './video.css';
import { videoStrings } from './video.i18n';
import { VideoInsertControl, VideoInsertPopup } from './video.toolbar';

/**
 * Video (FROALA-REFERENCE §28): insert by URL (YouTube, Vimeo, Dailymotion on privacy-friendly hosts,
 * direct media files), by embed code (allowlisted iframes only) or by upload; edit popup with replace,
 * remove, display, align and size; sandboxed, never autoplaying.
 */
export const video: Capability = {
  name: 'video',
  extensions: [VideoNode, VideoInsertPopup],
  i18n: videoStrings,
  // The popup's code is fetched when idle, or at once when a video is selected (it shows as it arrives).
  Overlay: {
    ui: () => import('./video.overlay'),
    preload: {
      when: ({ state: { selection } }) =>
        selection instanceof NodeSelection && selection.node.type.name === MediaNodes.video.node,
    },
  },
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
      run: (editor) => editor.storage.videoInsertPopup.open.set(true),
    },
  ],
};
