import {
  AlignLeft,
  Brush,
  Captions,
  Images,
  Link,
  PencilLine,
  RectangleHorizontal,
  Replace,
  Scaling,
  Sparkles,
  TextCursorInput,
  Trash2,
} from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { Editor } from '@tiptap/core';
import { Lazy, Popover, preloadPart, type LazyPart } from '../../editor/core/lazy';
import { useTranslation } from '../../i18n/use-translation';
import { ImageLimits } from '@shared/limits';
import type { EditorUiProps } from '../../editor/core/capability';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import '../../editor/ui/toolbar-ui.css';
import { openImageManager } from '../image-manager';
import { imageLinkHref, removeSelectedImage, selectedImage, toggleImageCaption } from './image-edit-commands';
import { awaitImagePopupFocus } from './image-edit-events';
import {
  AlignPanel,
  AltPanel,
  CaptionPanel,
  DisplayPanel,
  LinkPanel,
  PopupButton,
  SizePanel,
  StylePanel,
  type Panel,
  type PanelProps,
} from './image-edit-panels';
import { replaceSelectedImage } from './image-replace';
import type { AdvancedEditProps } from './image-advanced-edit.dialog';
import { imageAdvancedEditButtonStrings } from './image-advanced-edit-button.strings';
import './image-edit.css';
import { nodeAnchor } from '../../editor/ui/node-anchor';

export const strings = { imageAdvancedEdit: imageAdvancedEditButtonStrings };

/** The advanced image editor (a large library): fetched when "Advanced Edit" is first pointed at or pressed. */
const advancedEdit: LazyPart<AdvancedEditProps> = {
  ui: () => import('./image-advanced-edit.dialog'),
  placement: 'floating',
};

/** The picture's own size, as the browser decoded it (null before it has loaded). */
function naturalSize(editor: Editor, pos: number): { width: number; height: number } | null {
  const dom = editor.view.nodeDOM(pos);
  const img = dom instanceof HTMLImageElement ? dom : dom instanceof Element ? dom.querySelector('img') : null;
  return img && img.naturalWidth > 0 ? { width: img.naturalWidth, height: img.naturalHeight } : null;
}

const ACCEPT = ImageLimits.allowedTypes.map((t) => `image/${t}`).join(',');

/** Moves the caret into the caption field of the image's node view, once it is rendered. */
function focusCaption(editor: Editor, pos: number): void {
  requestAnimationFrame(() => {
    const dom = editor.view.nodeDOM(pos);
    if (!(dom instanceof HTMLElement)) return;
    const field = dom.querySelector<HTMLElement>('.tandem-image-caption');
    field?.focus();
  });
}

const PANELS: Record<Exclude<Panel, 'main'>, (props: PanelProps) => JSX.Element> = {
  align: AlignPanel,
  display: DisplayPanel,
  style: StylePanel,
  alt: AltPanel,
  caption: CaptionPanel,
  size: SizePanel,
  link: LinkPanel,
};

/** The popup registers how to move the focus into itself (Alt+F10; the keys' side is image-edit-events.ts). */
function onImagePopupFocusRequest(editor: Editor, focus: () => boolean): () => void {
  const storage = editor.storage.imageEditKeys;
  storage.focuser = focus;
  return () => {
    if (storage.focuser === focus) storage.focuser = null;
  };
}

/** Whether an Alt+F10 is waiting for the popup; the popup calls this once it can take the focus. */
function takeImagePopupFocusRequest(editor: Editor): boolean {
  const storage = editor.storage.imageEditKeys;
  const pending = storage.focusPending;
  storage.focusPending = false;
  return pending;
}

/**
 * The edit popup of a selected image (FROALA-REFERENCE §16): Replace, Browse, Align, Caption,
 * Remove, Link, Display, Style, Alternative Text, Change Size. Alt+F10 moves the focus into it,
 * Tab cycles through its controls, Escape closes it and gives the editor the focus back.
 */
export function ImageEditOverlay({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      const image = e.isEditable ? selectedImage(e.state) : null;
      if (!image) return null;
      return { pos: image.pos, attrs: image.attrs, href: imageLinkHref(image), focused: e.isFocused };
    },
  });
  // The open panel belongs to one image: another image (or none) shows the main row again.
  const [shown, setShown] = useState<{ pos: number | null; panel: Panel }>({ pos: null, panel: 'main' });
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const [advanced, setAdvanced] = useState<AdvancedEditProps['image'] | null>(null);
  const content = useRef<HTMLDivElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const pos = at?.pos ?? null;
  const panel = shown.pos === pos ? shown.panel : 'main';
  const setPanel = (next: Panel): void => setShown({ pos, panel: next });
  // A keyboard user who switched panels keeps the focus in the popup (the pressed button is gone).
  useEffect(() => {
    const root = content.current;
    if (!focusInside || !root || root.contains(document.activeElement)) return;
    root.querySelector<HTMLElement>('button:not([disabled]), input:not([type="file"])')?.focus();
  }, [panel, focusInside]);
  useEffect(() => {
    const dom = editor.view.dom;
    const reset = (): void => setDismissed(null);
    const moved = (): void => {
      const image = selectedImage(editor.state);
      setDismissed((d) => (image && d === image.pos ? d : null));
    };
    dom.addEventListener('mousedown', reset);
    editor.on('selectionUpdate', moved);
    return () => {
      dom.removeEventListener('mousedown', reset);
      editor.off('selectionUpdate', moved);
    };
  }, [editor]);

  const open = at !== null && (at.focused || focusInside) && dismissed !== at.pos;

  const isOpen = useRef(false);
  useEffect(() => {
    isOpen.current = open;
  }, [open]);
  useEffect(
    () =>
      onImagePopupFocusRequest(editor, () => {
        // Open, but the popup code (lazy-radix) is still on its way: the focus goes in when it shows.
        if (isOpen.current && !content.current) return awaitImagePopupFocus(editor);
        const first = content.current?.querySelector<HTMLElement>('button:not([disabled]), input');
        if (!first) return false;
        first.focus();
        return true;
      }),
    [editor],
  );
  // An Alt+F10 pressed while this popup's code was still loading is answered when the popup shows.
  const contentRef = useCallback(
    (node: HTMLDivElement | null) => {
      content.current = node;
      if (node && takeImagePopupFocusRequest(editor))
        node.querySelector<HTMLElement>('button:not([disabled]), input')?.focus({ preventScroll: true });
    },
    [editor],
  );

  const anchor = useMemo(
    () => nodeAnchor(editor, pos),
    // A new anchor object per image (and size) makes the popup re-measure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, pos, at?.attrs.width, at?.attrs.height, at?.attrs.align, at?.attrs.display, at?.attrs.caption],
  );

  const close = (): void => {
    setFocusInside(false);
    setPanel('main');
    if (pos !== null) setDismissed(pos);
  };
  const back = (refocus: boolean): void => {
    setPanel('main');
    if (refocus) editor.view.focus();
  };

  // Tab and Shift+Tab cycle inside the popup (it is portalled away from the editor in the page).
  const cycleFocus = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Tab' || !content.current) return;
    const items = [
      ...content.current.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([type="file"])'),
    ];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const Current = panel === 'main' ? null : PANELS[panel];

  return (
    <>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        hidden
        tabIndex={-1}
        data-testid="image-edit-replace-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) replaceSelectedImage(editor, context, file);
        }}
      />
      <Popover.Root open={open} onOpenChange={(next) => !next && close()} modal={false}>
        <Popover.Anchor virtualRef={anchor} />
        <Popover.Portal>
          <Popover.Content
            ref={contentRef}
            className="toolbar-popup image-edit-popup"
            side="bottom"
            align="center"
            sideOffset={6}
            collisionPadding={8}
            aria-label={t('imageEdit.popup')}
            onOpenAutoFocus={(e) => e.preventDefault()}
            onCloseAutoFocus={(e) => e.preventDefault()}
            onEscapeKeyDown={() => editor.view.focus()}
            onInteractOutside={(e) => {
              // Clicks in the text move the selection; the selection decides whether the popup stays.
              if (e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
            }}
            onKeyDown={cycleFocus}
            onFocus={() => setFocusInside(true)}
            onBlur={(e) => {
              if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)))
                setFocusInside(false);
            }}
          >
            {at && Current && (
              <Current
                key={`${panel}:${at.pos}`}
                editor={editor}
                context={context}
                pos={at.pos}
                attrs={at.attrs}
                href={at.href}
                back={back}
              />
            )}
            {at && !Current && (
              <div className="image-edit-row" role="group" aria-label={t('imageEdit.popup')}>
                <PopupButton
                  label={t('imageEdit.replace')}
                  icon={Replace}
                  item="replace"
                  onClick={() => fileInput.current?.click()}
                />
                <PopupButton
                  label={t('imageEdit.browse')}
                  icon={Images}
                  item="browse"
                  onClick={() => openImageManager(editor, { replacePos: at.pos })}
                />
                <PopupButton
                  label={t('imageEdit.align')}
                  icon={AlignLeft}
                  item="align"
                  onClick={() => setPanel('align')}
                />
                <PopupButton
                  label={t('imageEdit.caption')}
                  icon={Captions}
                  item="caption"
                  pressed={at.attrs.caption !== null}
                  onClick={() => {
                    if (toggleImageCaption(editor)) focusCaption(editor, at.pos);
                  }}
                />
                <PopupButton
                  label={t('imageEdit.editCaption')}
                  icon={PencilLine}
                  item="editCaption"
                  onClick={() => setPanel('caption')}
                />
                <PopupButton
                  label={t('imageEdit.remove')}
                  icon={Trash2}
                  item="remove"
                  onClick={() => {
                    removeSelectedImage(editor);
                    editor.view.focus();
                  }}
                />
                <PopupButton
                  label={t(at.href ? 'link.popup' : 'imageEdit.link')}
                  icon={Link}
                  item="link"
                  pressed={at.href !== null}
                  onClick={() => setPanel('link')}
                />
                <PopupButton
                  label={t('imageEdit.display')}
                  icon={RectangleHorizontal}
                  item="display"
                  onClick={() => setPanel('display')}
                />
                <PopupButton
                  label={t('imageEdit.style')}
                  icon={Sparkles}
                  item="style"
                  onClick={() => setPanel('style')}
                />
                <PopupButton
                  label={t('imageEdit.alt')}
                  icon={TextCursorInput}
                  item="alt"
                  onClick={() => setPanel('alt')}
                />
                <PopupButton label={t('imageEdit.size')} icon={Scaling} item="size" onClick={() => setPanel('size')} />
                <PopupButton
                  label={t('imageAdvancedEdit.open')}
                  icon={Brush}
                  item="advanced-edit"
                  onHover={() => void preloadPart(advancedEdit)}
                  onClick={() => {
                    const { src, uploadId, alt } = at.attrs;
                    setAdvanced({ pos: at.pos, src, uploadId, alt, natural: naturalSize(editor, at.pos) });
                    close();
                  }}
                />
              </div>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {advanced && (
        <Lazy
          part={advancedEdit}
          editor={editor}
          context={context}
          image={advanced}
          onClose={() => setAdvanced(null)}
        />
      )}
    </>
  );
}

export default ImageEditOverlay;
