import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { ImageLimits } from '@shared/limits';
import { CornerResize } from '../../editor/ui/corner-resize';
import { dispatchAsStep } from '../../editor/core/undo-step';
import {
  alignClass,
  displayClass,
  MAX_CAPTION_CHARS,
  parseLength,
  type ImageAttrs,
} from '@shared/document/html/image-html';
import { imageAttrsOf } from '@shared/document/model/image-model';

/** Quiet time before a caption edit is written into the shared document. */
const CAPTION_DEBOUNCE_MS = 300;
/** Classes of the view's own state, kept when the attributes re-render. */
const STATE_CLASSES = ['is-selected-image', 'ProseMirror-selectednode', 'is-missing', 'is-resizing'];

/**
 * The image as authors see it: root `span.tandem-image` holding the `img`, the caption field and four
 * resize handles (shown while selected); a grey "missing image" box when the picture cannot load.
 */
export class ImageView implements NodeView {
  readonly dom: HTMLElement;
  private readonly img: HTMLImageElement;
  private readonly missing: HTMLElement;
  private readonly resize: CornerResize;
  private caption: HTMLInputElement | null = null;
  private attrs: ImageAttrs;
  private captionTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onLanguage = (): void => this.renderTexts();

  constructor(
    private node: PmNode,
    private readonly editor: Editor,
    private readonly getPos: () => number | undefined,
  ) {
    this.attrs = imageAttrsOf(node);
    this.dom = document.createElement('span');
    this.dom.className = 'tandem-image';
    this.dom.contentEditable = 'false';
    this.img = document.createElement('img');
    this.img.draggable = false;
    this.img.addEventListener('error', () => this.setMissing(true));
    this.img.addEventListener('load', () => this.setMissing(false));
    this.missing = document.createElement('span');
    this.missing.className = 'tandem-image-missing';
    this.missing.hidden = true;
    this.resize = new CornerResize({
      box: this.dom,
      classPrefix: 'tandem-image',
      minWidth: ImageLimits.minWidthPx,
      fallbackMaxWidth: ImageLimits.maxSidePx,
      isEditable: () => this.editor.isEditable,
      onPreview: (width, startWidth) => {
        this.dom.style.width = `${String(width)}px`;
        this.img.style.height = this.scaledHeight(width, startWidth) ?? '';
      },
      onCommit: (width, startWidth) =>
        this.setAttrs({ width: `${String(width)}px`, height: this.scaledHeight(width, startWidth) }),
      onCancel: () => this.render(false),
    });
    this.dom.append(this.img, this.missing, ...this.resize.handles);
    this.render(true);
    i18next.on('languageChanged', this.onLanguage);
  }

  private render(srcChanged: boolean): void {
    const a = this.attrs;
    const states = STATE_CLASSES.filter((c) => this.dom.classList.contains(c));
    this.dom.className = ['tandem-image', alignClass[a.align], displayClass[a.display], ...states].join(' ');
    this.dom.dataset.align = a.align;
    this.dom.dataset.display = a.display;
    this.dom.style.width = a.width ?? '';
    this.img.className = a.classes;
    this.img.alt = a.alt;
    this.img.style.height = a.height ?? '';
    if (srcChanged) {
      this.setMissing(!a.src);
      if (a.src) this.img.src = a.src;
      else this.img.removeAttribute('src');
    }
    this.renderCaption();
    this.renderTexts();
  }

  private renderTexts(): void {
    this.missing.textContent = i18next.t('image.missing');
    this.caption?.setAttribute('aria-label', i18next.t('image.captionLabel'));
    if (this.caption) this.caption.placeholder = i18next.t('image.captionPlaceholder');
  }

  private setMissing(missing: boolean): void {
    this.dom.classList.toggle('is-missing', missing);
    this.missing.hidden = !missing;
    this.img.hidden = missing;
  }

  private renderCaption(): void {
    const caption = this.attrs.caption;
    if (caption === null) {
      this.caption?.remove();
      this.caption = null;
      return;
    }
    if (!this.caption) {
      const field = document.createElement('input');
      field.type = 'text';
      field.className = 'tandem-image-caption';
      field.maxLength = MAX_CAPTION_CHARS;
      field.addEventListener('input', () => this.scheduleCaption());
      field.addEventListener('blur', () => this.flushCaption());
      field.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          event.preventDefault();
          this.flushCaption();
          this.editor.commands.focus();
        }
      });
      this.caption = field;
      this.dom.insertBefore(field, this.resize.handles[0] ?? null);
    }
    // Never overwrite what this author is typing; a remote change lands once the field is left.
    if (document.activeElement !== this.caption && this.captionTimer === undefined) this.caption.value = caption;
  }

  private scheduleCaption(): void {
    clearTimeout(this.captionTimer);
    this.captionTimer = setTimeout(() => this.flushCaption(), CAPTION_DEBOUNCE_MS);
  }

  private flushCaption(): void {
    if (this.captionTimer === undefined || !this.caption) return;
    clearTimeout(this.captionTimer);
    this.captionTimer = undefined;
    const value = this.caption.value.slice(0, MAX_CAPTION_CHARS);
    if (value !== this.attrs.caption) this.setAttrs({ caption: value });
  }

  private setAttrs(patch: Partial<ImageAttrs>): void {
    const pos = this.getPos();
    if (pos === undefined || this.editor.isDestroyed) return;
    const current = this.editor.state.doc.nodeAt(pos);
    if (current?.type !== this.node.type) return;
    const { selection } = this.editor.state;
    const tr = this.editor.state.tr.setNodeMarkup(pos, undefined, { ...current.attrs, ...patch });
    // A resized image stays selected (replacing the atom would otherwise drop the node selection).
    if (selection instanceof NodeSelection && selection.from === pos)
      tr.setSelection(NodeSelection.create(tr.doc, pos));
    dispatchAsStep(this.editor, tr);
  }

  /** The height that keeps the aspect ratio when a px height is set (else the height stays as it is). */
  private scaledHeight(width: number, startWidth: number): string | null {
    const h = parseLength(this.attrs.height);
    if (!h || h.unit !== 'px' || startWidth <= 0) return this.attrs.height;
    return `${String(Math.max(1, Math.round((h.amount * width) / startWidth)))}px`;
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type) return false;
    const before = this.attrs;
    this.node = node;
    this.attrs = imageAttrsOf(node);
    if (!this.resize.active) this.render(before.src !== this.attrs.src);
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('is-selected-image', 'ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected-image', 'ProseMirror-selectednode');
  }

  stopEvent(event: Event): boolean {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return false;
    // The caption field and the handles handle their own events; the rest selects or drags the image.
    return target === this.caption || this.resize.owns(target);
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    // No write from here: the view may go because the node did.
    clearTimeout(this.captionTimer);
    i18next.off('languageChanged', this.onLanguage);
  }
}
