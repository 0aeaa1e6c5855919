import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { VideoLimits } from '@shared/limits';
import { CornerResize } from '../../editor/ui/corner-resize';
import { alignClass, displayClass, IFRAME_ATTRS, type VideoAttrs } from '@shared/document/html/video-html';
import { readVideoAttrs } from '@shared/document/model/video-model';

/** Narrowest video the handles allow, in px. */
export const MIN_VIDEO_WIDTH_PX = VideoLimits.minWidthPx;
/** Classes of the view's own state, kept when the attributes re-render. */
const STATE_CLASSES = ['is-selected-video', 'ProseMirror-selectednode', 'is-resizing'];

function pxOf(length: string | null): number | null {
  const match = /^(\d+(?:\.\d+)?)px$/.exec(length ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * The video as authors see it: `span.tandem-video` holding the sandboxed iframe (never autoplaying,
 * never `srcdoc`) or a `<video controls>`, a transparent shield over the iframe so a click selects the
 * node instead of vanishing into the frame, and four resize handles shown while selected.
 */
export class VideoView implements NodeView {
  readonly dom: HTMLElement;
  private media: HTMLIFrameElement | HTMLVideoElement | null = null;
  private readonly shield: HTMLElement;
  private readonly resize: CornerResize;
  private attrs: VideoAttrs;
  private readonly onLanguage = (): void => this.renderTexts();

  constructor(
    private node: PmNode,
    private readonly editor: Editor,
    private readonly getPos: () => number | undefined,
  ) {
    this.attrs = readVideoAttrs(node.attrs);
    this.dom = document.createElement('span');
    this.dom.contentEditable = 'false';
    this.shield = document.createElement('span');
    this.shield.className = 'tandem-video-shield';
    this.shield.setAttribute('aria-hidden', 'true');
    this.resize = new CornerResize({
      box: this.dom,
      classPrefix: 'tandem-video',
      minWidth: MIN_VIDEO_WIDTH_PX,
      fallbackMaxWidth: 4096,
      isEditable: () => this.editor.isEditable,
      onPreview: (width, startWidth) => this.applySize(`${String(width)}px`, this.scaledHeight(width, startWidth)),
      onCommit: (width, startWidth) =>
        this.setAttrs({ width: `${String(width)}px`, height: this.scaledHeight(width, startWidth) }),
      onCancel: () => this.render(false),
    });
    this.dom.append(this.shield, ...this.resize.handles);
    this.render(true);
    i18next.on('languageChanged', this.onLanguage);
  }

  /** A fresh media element for the current address (a new src never reuses a frame). */
  private createMedia(): HTMLIFrameElement | HTMLVideoElement | null {
    const a = this.attrs;
    if (!a.src) return null;
    if (a.kind === 'iframe') {
      const frame = document.createElement('iframe');
      // Sandbox and policies are set before the address, so the frame never loads without them.
      frame.setAttribute('sandbox', IFRAME_ATTRS.sandbox);
      frame.setAttribute('allow', IFRAME_ATTRS.allow);
      frame.setAttribute('allowfullscreen', '');
      frame.setAttribute('referrerpolicy', IFRAME_ATTRS.referrerpolicy);
      frame.setAttribute('loading', 'lazy');
      frame.className = 'tandem-video-frame';
      frame.src = a.src;
      return frame;
    }
    const video = document.createElement('video');
    video.controls = true;
    video.preload = 'metadata';
    video.autoplay = false;
    video.className = 'tandem-video-file';
    video.src = a.src;
    return video;
  }

  private render(srcChanged: boolean): void {
    const a = this.attrs;
    const states = STATE_CLASSES.filter((c) => this.dom.classList.contains(c));
    this.dom.className = ['tandem-video', 'fr-video', displayClass[a.display], alignClass[a.align], ...states].join(
      ' ',
    );
    this.dom.dataset.kind = a.kind;
    this.dom.dataset.align = a.align;
    this.dom.dataset.display = a.display;
    if (srcChanged) {
      this.media?.remove();
      this.media = this.createMedia();
      if (this.media) this.dom.prepend(this.media);
      this.shield.hidden = a.kind !== 'iframe' || !this.media;
    }
    this.applySize(a.width, a.height);
    this.renderTexts();
  }

  private applySize(width: string | null, height: string | null): void {
    this.dom.style.width = width ?? '';
    if (this.media) {
      this.media.style.height = height ?? '';
      this.media.classList.toggle('has-height', height !== null);
    }
  }

  private renderTexts(): void {
    const label = i18next.t(this.attrs.kind === 'iframe' ? 'video.embedLabel' : 'video.fileLabel');
    this.media?.setAttribute('title', label);
    this.dom.setAttribute('aria-label', label);
  }

  private setAttrs(patch: Partial<VideoAttrs>): void {
    const pos = this.getPos();
    if (pos === undefined || this.editor.isDestroyed) return;
    const current = this.editor.state.doc.nodeAt(pos);
    if (current?.type !== this.node.type) return;
    const { state } = this.editor;
    const wasSelected = state.selection instanceof NodeSelection && state.selection.from === pos;
    const tr = state.tr.setNodeMarkup(pos, undefined, { ...current.attrs, ...patch });
    // Replacing a leaf drops a node selection; keep the video selected (handles and popup stay).
    if (wasSelected) tr.setSelection(NodeSelection.create(tr.doc, pos));
    this.editor.view.dispatch(tr);
  }

  /** The height that keeps the aspect ratio (a free height stays free: the frame keeps 16:9 by CSS). */
  private scaledHeight(width: number, startWidth: number): string | null {
    const h = pxOf(this.attrs.height);
    if (h === null || startWidth <= 0) return this.attrs.height;
    return `${String(Math.max(1, Math.round((h * width) / startWidth)))}px`;
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type) return false;
    const before = this.attrs;
    this.node = node;
    this.attrs = readVideoAttrs(node.attrs);
    if (!this.resize.active) this.render(before.src !== this.attrs.src || before.kind !== this.attrs.kind);
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('is-selected-video', 'ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected-video', 'ProseMirror-selectednode');
  }

  stopEvent(event: Event): boolean {
    // The handles resize; everything else (the shield, the player) selects or drags the node.
    return this.resize.owns(event.target);
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    i18next.off('languageChanged', this.onLanguage);
  }
}
