import { NodeSelection } from '@tiptap/pm/state';
import { cleanVideoAttrs, DEFAULT_VIDEO_WIDTH, type VideoAttrs } from '@shared/document/html/video-html';
import { VideoModel } from '@shared/document/model/video-model';
import { lazyNodeView } from '../../editor/core/lazy';

// The shield over the frame and the resize handles: fetched when the first video is drawn.
const view = lazyNodeView(VideoModel.name, () => import('./video-view-factory').then((m) => m.videoView));

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    video: {
      /** Inserts a video at the selection (replacing a selected video) and selects it. */
      insertVideo: (attrs: Partial<VideoAttrs> & Pick<VideoAttrs, 'src' | 'kind'>) => ReturnType;
      /** Changes attributes of the selected video (one transaction). */
      updateVideo: (patch: Partial<VideoAttrs>) => ReturnType;
      /** Removes the selected video. */
      removeVideo: () => ReturnType;
    };
  }
}

const isVideoSelection = (selection: unknown, name: string): selection is NodeSelection =>
  selection instanceof NodeSelection && selection.node.type.name === name;

/** The model's `video` node with the authors' view (shielded iframe, resize handles) and its commands. */
export const VideoNode = VideoModel.extend({
  addNodeView() {
    return view.renderer;
  },

  addCommands() {
    return {
      insertVideo:
        (attrs) =>
        ({ tr, dispatch, state }) => {
          const clean = cleanVideoAttrs({ width: DEFAULT_VIDEO_WIDTH, ...attrs });
          if (!clean.src) return false;
          const type = state.schema.nodes[this.name];
          if (!type) return false;
          if (dispatch) {
            tr.replaceSelectionWith(type.create(clean), false);
            // The caret lands right after the new video: select the video so its popup shows.
            const $end = tr.selection.$from;
            if ($end.nodeBefore?.type === type) tr.setSelection(NodeSelection.create(tr.doc, $end.pos - 1));
            tr.scrollIntoView();
          }
          return true;
        },
      updateVideo:
        (patch) =>
        ({ tr, dispatch }) => {
          if (!isVideoSelection(tr.selection, this.name)) return false;
          const { from, node } = tr.selection;
          const next = cleanVideoAttrs({ ...node.attrs, ...patch });
          if (!next.src) return false;
          if (dispatch) {
            // Attributes the video form does not edit (its comment anchors) are kept.
            tr.setNodeMarkup(from, undefined, { ...node.attrs, ...next });
            tr.setSelection(NodeSelection.create(tr.doc, from));
          }
          return true;
        },
      removeVideo:
        () =>
        ({ tr, dispatch }) => {
          if (!isVideoSelection(tr.selection, this.name)) return false;
          if (dispatch) tr.deleteSelection();
          return true;
        },
    };
  },
});
