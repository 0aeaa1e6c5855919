import { useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';
import { readEmbedCardAttrs } from '@shared/document/model/embed-card-model';
import type { EditorUiProps } from '../../editor/core/capability';
import { Popover } from '../../editor/core/lazy';
import { useEditorUiState } from '../../editor/core/use-editor-ui-state';
import { FormError } from '../../editor/ui/media-form';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError, type ApiErrorCode } from '../../lib/api-client';
import '../../editor/ui/toolbar-ui.css';
import { fetchEmbed } from './embed-api';
import { isCardSelected, embedUiKey, embedUiOf, type PasteOffer } from './embed-card.extension';
import { EmbedForm } from './embed-form';
import { embedCardPartStrings } from './embed-card.strings';
import { insertEmbedAnswer } from './embed-insert';
import './embed-card-ui.css';

export const strings = { embedCard: embedCardPartStrings };

/** The element at `pos` as a popup anchor (an empty rect while the view is mid-update). */
function anchorAt(editor: Editor, pos: number): { current: { getBoundingClientRect: () => DOMRect } } {
  return {
    current: {
      getBoundingClientRect: () => {
        try {
          const dom = editor.view.nodeDOM(pos);
          if (dom instanceof Element) return dom.getBoundingClientRect();
        } catch {
          // A remote change may have moved it; the popup stays where it was.
        }
        return new DOMRect();
      },
    },
  };
}

/** Escape on a selected card: the caret goes right after it. */
function deselect(editor: Editor): void {
  const { state } = editor;
  if (!isCardSelected(state)) return;
  editor.view.dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(state.selection.to))));
  editor.commands.focus();
}

const keepFocus = (e: { preventDefault: () => void }): void => e.preventDefault();

/** The selected card's popup (FROALA-REFERENCE §38): Remove and Open link. */
function CardPopup({ editor }: { editor: Editor }) {
  const { t } = useTranslation();
  const at = useEditorUiState({
    editor,
    selector: ({ editor: e }) => {
      const { selection } = e.state;
      if (!e.isEditable || !isCardSelected(e.state) || !(selection instanceof NodeSelection)) return null;
      return { pos: selection.from, url: readEmbedCardAttrs(selection.node.attrs).url };
    },
  });
  const pos = at?.pos ?? -1;
  const anchor = useMemo(() => anchorAt(editor, pos), [editor, pos]);
  return (
    <Popover.Root open={at !== null} modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup embed-card-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          role="toolbar"
          aria-label={t('embedCard.popup')}
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            deselect(editor);
          }}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onInteractOutside={(e) => {
            if (e.target instanceof Node && editor.view.dom.contains(e.target)) e.preventDefault();
          }}
        >
          {at && (
            <>
              <button
                type="button"
                className="ui-button"
                onMouseDown={keepFocus}
                onClick={() => editor.chain().focus().deleteSelection().run()}
              >
                {t('embedCard.remove')}
              </button>
              <a className="ui-button" href={at.url} target="_blank" rel="noopener noreferrer nofollow">
                {t('embedCard.open')}
              </a>
            </>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** "Embed as card" beside a pasted bare address: non-modal; Escape or carrying on typing keeps the link. */
function PasteOfferPopup({
  editor,
  offer,
  session,
}: { editor: Editor; offer: PasteOffer } & Pick<EditorUiProps['context'], 'session'>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiErrorCode | null>(null);
  const anchor = useMemo(() => anchorAt(editor, offer.pos), [editor, offer.pos]);
  const dismiss = (): void => {
    editor.view.dispatch(editor.state.tr.setMeta(embedUiKey, { offer: null, form: false }));
    editor.commands.focus();
  };
  const embed = async (): Promise<void> => {
    if (!session) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await fetchEmbed(session, offer.url);
      // The paragraph may have moved while the page was read: take its current place.
      const current = embedUiOf(editor.state).offer;
      if (current?.url === offer.url) insertEmbedAnswer(editor, answer, current.pos);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.code : 'EMBED_FETCH_FAILED');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Popover.Root open modal={false}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup embed-card-offer"
          side="bottom"
          align="start"
          sideOffset={4}
          role="group"
          aria-label={t('embedCard.offerLabel')}
          onOpenAutoFocus={(e) => e.preventDefault()}
          onCloseAutoFocus={(e) => e.preventDefault()}
          onEscapeKeyDown={dismiss}
          onInteractOutside={(e) => e.preventDefault()}
        >
          <button
            type="button"
            className="ui-button is-primary"
            disabled={busy}
            onMouseDown={keepFocus}
            onClick={() => void embed()}
          >
            {t('embedCard.offer')}
          </button>
          <button type="button" className="ui-button" onMouseDown={keepFocus} onClick={dismiss}>
            {t('embedCard.dismiss')}
          </button>
          {busy && (
            <span className="embed-form-loading" role="status">
              {t('embedCard.loading')}
            </span>
          )}
          <FormError code={error} className="embed-form-error" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The insert form at the caret, opened from the "/" and "+" menus. */
function QuickForm({ editor, session }: { editor: Editor } & Pick<EditorUiProps['context'], 'session'>) {
  const { t } = useTranslation();
  const anchor = useMemo(
    () => ({
      current: {
        getBoundingClientRect: () => {
          try {
            const at = editor.view.coordsAtPos(editor.state.selection.from);
            return new DOMRect(at.left, at.top, 1, at.bottom - at.top);
          } catch {
            return new DOMRect();
          }
        },
      },
    }),
    [editor],
  );
  const close = (): void => {
    editor.view.dispatch(editor.state.tr.setMeta(embedUiKey, { offer: null, form: false }));
    editor.commands.focus();
  };
  return (
    <Popover.Root open modal={false} onOpenChange={(next) => !next && close()}>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          className="toolbar-popup"
          side="bottom"
          align="start"
          sideOffset={6}
          collisionPadding={8}
          role="dialog"
          aria-label={t('embedCard.label')}
        >
          <EmbedForm
            editor={editor}
            session={session}
            onClose={(applied) => {
              editor.view.dispatch(editor.state.tr.setMeta(embedUiKey, { offer: null, form: false }));
              if (!applied) editor.commands.focus();
            }}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The card's popup and the paste offer. */
export function EmbedCardOverlay({ editor, context }: EditorUiProps) {
  const offer = useEditorUiState({
    editor,
    selector: ({ editor: e }) => (e.isEditable ? embedUiOf(e.state).offer : null),
  });
  const quick = useEditorUiState({ editor, selector: ({ editor: e }) => e.isEditable && embedUiOf(e.state).form });
  return (
    <>
      <CardPopup editor={editor} />
      {quick && <QuickForm editor={editor} session={context.session} />}
      {offer && (
        <PasteOfferPopup
          key={`${String(offer.pos)} ${offer.url}`}
          editor={editor}
          offer={offer}
          session={context.session}
        />
      )}
    </>
  );
}

export default EmbedCardOverlay;
