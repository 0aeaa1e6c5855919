import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { alignClass, cleanVideoAttrs, displayClass, IFRAME_ATTRS, type VideoAttrs } from './video-html';

const CORNERS = ['nw', 'ne', 'sw', 'se'] as const;
type Corner = (typeof CORNERS)[number];
/** Narrowest video the handles allow, in px. */
export const MIN_VIDEO_WIDTH_PX = 120;
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
  private readonly handles: HTMLElement[];
  private attrs: VideoAttrs;
  private resizing: {
    corner: Corner;
    startX: number;
    startWidth: number;
    startHeight: number;
    pointerId: number;
  } | null = null;
  private readonly onLanguage = (): void => this.renderTexts();

  constructor(
    private node: PmNode,
    private readonly editor: Editor,
    private readonly getPos: () => number | undefined,
  ) {
    this.attrs = cleanVideoAttrs(node.attrs);
    this.dom = document.createElement('span');
    this.dom.contentEditable = 'false';
    this.shield = document.createElement('span');
    this.shield.className = 'tandem-video-shield';
    this.shield.setAttribute('aria-hidden', 'true');
    this.handles = CORNERS.map((corner) => this.createHandle(corner));
    this.dom.append(this.shield, ...this.handles);
    this.render(true);
    i18next.on('languageChanged', this.onLanguage);
  }

  private createHandle(corner: Corner): HTMLElement {
    const handle = document.createElement('span');
    handle.className = `tandem-video-handle tandem-video-handle-${corner}`;
    handle.dataset.corner = corner;
    handle.setAttribute('aria-hidden', 'true');
    handle.addEventListener('pointerdown', (event) => this.startResize(event, corner, handle));
    handle.addEventListener('pointermove', (event) => this.moveResize(event));
    handle.addEventListener('pointerup', (event) => this.endResize(event, handle));
    handle.addEventListener('pointercancel', (event) => this.endResize(event, handle, true));
    return handle;
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

  private startResize(event: PointerEvent, corner: Corner, handle: HTMLElement): void {
    if (event.button !== 0 || !this.editor.isEditable) return;
    event.preventDefault();
    event.stopPropagation();
    handle.setPointerCapture(event.pointerId);
    const rect = this.dom.getBoundingClientRect();
    this.resizing = {
      corner,
      startX: event.clientX,
      startWidth: rect.width,
      startHeight: this.media?.getBoundingClientRect().height ?? 0,
      pointerId: event.pointerId,
    };
    this.dom.classList.add('is-resizing');
  }

  /** The width the drag stands for: at least the minimum, at most the line. */
  private draggedWidth(event: PointerEvent): number {
    const r = this.resizing;
    if (!r) return 0;
    const dx = event.clientX - r.startX;
    const grow = r.corner === 'ne' || r.corner === 'se' ? dx : -dx;
    const line = this.dom.parentElement?.clientWidth ?? 0;
    const max = Math.max(line > 0 ? line : 4096, MIN_VIDEO_WIDTH_PX);
    return Math.round(Math.min(max, Math.max(MIN_VIDEO_WIDTH_PX, r.startWidth + grow)));
  }

  /** The height that keeps the aspect ratio (a free height stays free: the frame keeps 16:9 by CSS). */
  private scaledHeight(width: number): string | null {
    const r = this.resizing;
    const h = pxOf(this.attrs.height);
    if (!r || h === null || r.startWidth <= 0) return this.attrs.height;
    return `${String(Math.max(1, Math.round((h * width) / r.startWidth)))}px`;
  }

  private moveResize(event: PointerEvent): void {
    if (!this.resizing || event.pointerId !== this.resizing.pointerId) return;
    event.preventDefault();
    const width = this.draggedWidth(event);
    // Live feedback only; the document changes once, on release.
    this.applySize(`${String(width)}px`, this.scaledHeight(width));
  }

  private endResize(event: PointerEvent, handle: HTMLElement, cancelled = false): void {
    if (!this.resizing || event.pointerId !== this.resizing.pointerId) return;
    event.preventDefault();
    if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    const width = this.draggedWidth(event);
    const height = this.scaledHeight(width);
    this.resizing = null;
    this.dom.classList.remove('is-resizing');
    if (cancelled) {
      this.render(false);
      return;
    }
    this.setAttrs({ width: `${String(width)}px`, height });
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type) return false;
    const before = this.attrs;
    this.node = node;
    this.attrs = cleanVideoAttrs(node.attrs);
    if (!this.resizing) this.render(before.src !== this.attrs.src || before.kind !== this.attrs.kind);
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('is-selected-video', 'ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected-video', 'ProseMirror-selectednode');
  }

  stopEvent(event: Event): boolean {
    const target = event.target;
    // The handles resize; everything else (the shield, the player) selects or drags the node.
    return target instanceof HTMLElement && target.classList.contains('tandem-video-handle');
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    i18next.off('languageChanged', this.onLanguage);
  }
}
