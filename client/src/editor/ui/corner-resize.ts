import './corner-resize.css';

export const CORNERS = ['nw', 'ne', 'sw', 'se'] as const;
export type Corner = (typeof CORNERS)[number];

export interface CornerResizeOptions {
  /** The node view's root: measured at the start, and the line it sits in bounds the width. */
  box: HTMLElement;
  /** Extra class prefix on each handle (`<prefix>-handle`, `<prefix>-handle-<corner>`), for tests and styling. */
  classPrefix: string;
  minWidth: number;
  /** Largest width when the line's width is unknown. */
  fallbackMaxWidth: number;
  isEditable: () => boolean;
  /** Live feedback while dragging (no document change). */
  onPreview: (width: number, startWidth: number) => void;
  /** Released: the one document change of the drag. */
  onCommit: (width: number, startWidth: number) => void;
  /** The pointer was cancelled: show the stored size again. */
  onCancel: () => void;
}

interface Drag {
  corner: Corner;
  startX: number;
  startWidth: number;
  pointerId: number;
}

/**
 * Four corner handles for an inline media node view (image, video). Dragging changes the width (the
 * caller keeps the aspect ratio), between the minimum and the line's width; the document changes once,
 * on release.
 */
export class CornerResize {
  readonly handles: HTMLElement[];
  private drag: Drag | null = null;

  constructor(private readonly opts: CornerResizeOptions) {
    this.handles = CORNERS.map((corner) => this.createHandle(corner));
  }

  get active(): boolean {
    return this.drag !== null;
  }

  /** Whether an event target is one of the handles (the node view's stopEvent). */
  owns(target: EventTarget | null): boolean {
    return target instanceof HTMLElement && this.handles.includes(target);
  }

  private createHandle(corner: Corner): HTMLElement {
    const handle = document.createElement('span');
    const p = this.opts.classPrefix;
    handle.className = `resize-handle resize-handle-${corner} ${p}-handle ${p}-handle-${corner}`;
    handle.dataset.corner = corner;
    handle.setAttribute('aria-hidden', 'true');
    handle.addEventListener('pointerdown', (event) => this.start(event, corner, handle));
    handle.addEventListener('pointermove', (event) => this.move(event));
    handle.addEventListener('pointerup', (event) => this.end(event, handle, false));
    handle.addEventListener('pointercancel', (event) => this.end(event, handle, true));
    return handle;
  }

  private start(event: PointerEvent, corner: Corner, handle: HTMLElement): void {
    if (event.button !== 0 || !this.opts.isEditable()) return;
    event.preventDefault();
    event.stopPropagation();
    handle.setPointerCapture(event.pointerId);
    this.drag = {
      corner,
      startX: event.clientX,
      startWidth: this.opts.box.getBoundingClientRect().width,
      pointerId: event.pointerId,
    };
    this.opts.box.classList.add('is-resizing');
  }

  private width(event: PointerEvent, drag: Drag): number {
    const dx = event.clientX - drag.startX;
    const grow = drag.corner === 'ne' || drag.corner === 'se' ? dx : -dx;
    const line = this.opts.box.parentElement?.clientWidth ?? 0;
    const max = Math.max(line > 0 ? line : this.opts.fallbackMaxWidth, this.opts.minWidth);
    return Math.round(Math.min(max, Math.max(this.opts.minWidth, drag.startWidth + grow)));
  }

  private move(event: PointerEvent): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    event.preventDefault();
    this.opts.onPreview(this.width(event, drag), drag.startWidth);
  }

  private end(event: PointerEvent, handle: HTMLElement, cancelled: boolean): void {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    event.preventDefault();
    if (handle.hasPointerCapture(event.pointerId)) handle.releasePointerCapture(event.pointerId);
    const width = this.width(event, drag);
    this.drag = null;
    this.opts.box.classList.remove('is-resizing');
    if (cancelled) this.opts.onCancel();
    else this.opts.onCommit(width, drag.startWidth);
  }
}
