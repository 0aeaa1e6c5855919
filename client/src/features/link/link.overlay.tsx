import { useEffect, useMemo, useRef, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { Popover } from '../../editor/core/lazy';
import { NodeSelection } from '@tiptap/pm/state';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import '../../editor/ui/toolbar-ui.css';
import { clearDeferredLinkForm, isLinkFormDeferred, onLinkFormRequest } from './link-events';
import { LinkForm } from './link-form';
import { readLinkForm, removeLink, setLinkText } from './link-commands';
import { TextPopupField } from '../../editor/ui/text-popup-field';
import { sanitizeHref } from '@shared/document/model/link-url';

/** The link element at the caret, or the caret itself, as the popup's anchor. */
function anchorRect(editor: Editor): DOMRect {
  const { view, state } = editor;
  try {
    const { node } = view.domAtPos(state.selection.from);
    const element = node instanceof Element ? node : node.parentElement;
    const anchor = element?.closest('a');
    if (anchor && view.dom.contains(anchor)) return anchor.getBoundingClientRect();
    const caret = view.coordsAtPos(state.selection.from);
    return new DOMRect(caret.left, caret.top, 0, caret.bottom - caret.top);
  } catch {
    // The view may be mid-update (remote change); an empty rect keeps the popup where it was.
    return new DOMRect();
  }
}

/**
 * The popup of the link at the caret (Froala's `link.edit`): Open Link, Edit Link, Unlink. It shows
 * the form itself when editing, and for Mod-K while the toolbar's link control is hidden.
 */
export function LinkOverlay({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      if (!e.isEditable || !e.isActive('link')) return null;
      const { from, to } = e.state.selection;
      // A selected linked image has its own popup (image edit), which carries the link actions.
      if (e.state.selection instanceof NodeSelection && e.state.selection.node.type.name === 'image') return null;
      const href: unknown = e.getAttributes('link').href;
      const textEditable = readLinkForm(e).textEditable;
      return { from, to, focused: e.isFocused, href: typeof href === 'string' ? href : '', textEditable };
    },
  });
  // A Mod-K that came before this popup's chunk opens the form at once.
  const [form, setForm] = useState(() => isLinkFormDeferred(editor));
  // Edit in popup (§13): the link's text alone, in one field.
  const [textForm, setTextForm] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [focusInside, setFocusInside] = useState(false);
  const escaped = useRef(false);
  const key = at ? `${at.from}:${at.to}` : null;

  useEffect(() => {
    clearDeferredLinkForm(editor);
    return onLinkFormRequest(editor, 0, () => {
      setForm(true);
      return true;
    });
  }, [editor]);
  // A dismissal holds only while the caret stays put; moving it or clicking the text shows the popup again.
  useEffect(() => {
    const dom = editor.view.dom;
    const reset = (): void => setDismissed(null);
    const moved = (): void => {
      const { from, to } = editor.state.selection;
      setDismissed((d) => (d === `${from}:${to}` ? d : null));
    };
    dom.addEventListener('mousedown', reset);
    editor.on('selectionUpdate', moved);
    return () => {
      dom.removeEventListener('mousedown', reset);
      editor.off('selectionUpdate', moved);
    };
  }, [editor]);

  const anchor = useMemo(
    () => ({ current: { getBoundingClientRect: () => anchorRect(editor) } }),
    // A new anchor object per link position makes the popup re-measure when the caret moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [editor, key, form],
  );

  const open = form || (at !== null && (at.focused || focusInside) && dismissed !== key);
  const close = (): void => {
    setForm(false);
    setTextForm(false);
    setFocusInside(false);
    setDismissed(key);
    if (escaped.current) editor.commands.focus();
    escaped.current = false;
  };
  const safeHref = at ? sanitizeHref(at.href) : null;

  return (
    <Popover.Root open={open} onOpenChange={(next) => !next && close()} modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup link-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          aria-label={t(form ? 'link.edit' : textForm ? 'link.editText' : 'link.popup')}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={() => {
            escaped.current = true;
          }}
          onInteractOutside={(e) => {
            // Clicks in the text move the caret; the caret decides whether the popup stays.
            if (!form && e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
          }}
          onFocus={() => setFocusInside(true)}
          onBlur={(e) => {
            if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setFocusInside(false);
          }}
        >
          {form ? (
            <LinkForm
              editor={editor}
              context={context}
              onClose={(applied) => {
                setForm(false);
                if (!applied) editor.commands.focus();
              }}
            />
          ) : textForm ? (
            <TextPopupField
              label={t('link.text')}
              applyLabel={t('link.update')}
              initial={readLinkForm(editor).text}
              onApply={(text) => {
                setTextForm(false);
                setLinkText(editor, text);
              }}
            />
          ) : (
            <div className="link-bubble">
              <span className="link-bubble-url" title={at?.href}>
                {at?.href}
              </span>
              <button
                type="button"
                className="ui-button"
                disabled={!safeHref}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  if (safeHref) window.open(safeHref, '_blank', 'noopener,noreferrer');
                }}
              >
                {t('link.open')}
              </button>
              <button
                type="button"
                className="ui-button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => setForm(true)}
              >
                {t('link.edit')}
              </button>
              {at?.textEditable && (
                <button
                  type="button"
                  className="ui-button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => setTextForm(true)}
                >
                  {t('link.editText')}
                </button>
              )}
              <button
                type="button"
                className="ui-button"
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => removeLink(editor)}
              >
                {t('link.unlink')}
              </button>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

export default LinkOverlay;
