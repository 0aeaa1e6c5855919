import { Node } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { MediaNodes } from '@shared/api/media';
import {
  attrsFromElement,
  attrsFromWrapper,
  cleanVideoAttrs,
  DEFAULT_VIDEO_WIDTH,
  videoDomSpec,
  type VideoAttrs,
} from './video-html';
import { VideoView } from './video-view';

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

/** Parsed attributes travel through the DOM element as one object (set by getAttrs). */
type Parsed = VideoAttrs | false;

const attr = (fallback: string | null) => ({
  default: fallback,
  // The whole node is read by the rule's getAttrs (null here = keep what getAttrs found).
  parseHTML: () => null,
  renderHTML: () => ({}),
});

const isVideoSelection = (selection: unknown, name: string): selection is NodeSelection =>
  selection instanceof NodeSelection && selection.node.type.name === name;

/**
 * `span.fr-video > iframe|video` (FROALA-REFERENCE §28): an inline atom like Froala's video span. Bare
 * `<iframe>`/`<video>` are kept only when their address passes the same rules; anything else is dropped.
 */
export const VideoNode = Node.create({
  name: MediaNodes.video.node,
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      src: attr(''),
      kind: attr('iframe'),
      width: attr(DEFAULT_VIDEO_WIDTH),
      height: attr(null),
      align: attr('center'),
      display: attr('block'),
      uploadId: attr(null),
    };
  },

  parseHTML() {
    const rule = (tag: string, read: (el: HTMLElement) => Parsed, priority: number) => ({
      tag,
      priority,
      getAttrs: (el: HTMLElement) => {
        const attrs = read(el);
        return attrs ? { ...attrs } : false;
      },
    });
    return [
      rule('span.fr-video', (el) => attrsFromWrapper(el), 70),
      rule('iframe', (el) => attrsFromElement(el, null), 60),
      rule('video', (el) => attrsFromElement(el, null), 60),
    ];
  },

  renderHTML({ node }) {
    return videoDomSpec(node.attrs);
  },

  renderText() {
    return '';
  },

  addNodeView() {
    return ({ node, editor, getPos }) => new VideoView(node, editor, getPos);
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
            tr.setNodeMarkup(from, undefined, next);
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
