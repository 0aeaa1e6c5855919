import { Extension } from '@tiptap/core';
import { Plugin, PluginKey, TextSelection, NodeSelection, type EditorState } from '@tiptap/pm/state';
import { cleanEmbedUrl, EmbedCardModel, EmbedCardNodeName } from '@shared/document/model/embed-card-model';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';

declare module '@tiptap/core' {
  interface Storage {
    embedCardInsert: OpenStateStorage;
  }
}

/** The insert popup's open flag per editor, shared with the quick-insert entry. */
export const EmbedCardInsert = openStateExtension('embedCardInsert');

/** A bare address pasted alone in its paragraph: the paragraph's position and the address. */
export interface PasteOffer {
  pos: number;
  url: string;
}

export const pasteOfferKey = new PluginKey<PasteOffer | null>('embedCardOffer');

/** The offer when the paragraph at its position still holds just the pasted address. */
function stillOffered(state: EditorState, offer: PasteOffer): boolean {
  const node = state.doc.nodeAt(offer.pos);
  return node?.type.name === 'paragraph' && node.textContent === offer.url;
}

/** The paste offer of this state ("Embed as card"), or null. */
export function pasteOfferOf(state: EditorState): PasteOffer | null {
  return pasteOfferKey.getState(state) ?? null;
}

/** Whether the "/" or "+" menu asked for the insert form (shown at the caret: the toolbar button may be behind "More"). */
export const quickFormKey = new PluginKey<boolean>('embedCardQuickForm');

export const quickFormOpen = (state: EditorState): boolean => quickFormKey.getState(state) === true;

/** Whether the selection is an embed card. */
export const isCardSelected = (state: EditorState): boolean =>
  state.selection instanceof NodeSelection && state.selection.node.type.name === EmbedCardNodeName;

/**
 * The model's card (rendered from its stored fields, non-editable, draggable) with Escape to leave a selected
 * card, links that do not navigate from inside the editor, and the paste offer: a bare address pasted into an
 * empty paragraph becomes a link, and "Embed as card" is offered beside it (the popup loads on demand).
 */
export const EmbedCardNode = EmbedCardModel.extend({
  addKeyboardShortcuts() {
    return {
      Escape: ({ editor }) => {
        const { state, view } = editor;
        if (pasteOfferOf(state)) {
          view.dispatch(state.tr.setMeta(pasteOfferKey, null));
          return true;
        }
        if (!isCardSelected(state)) return false;
        const after = state.selection.to;
        view.dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(after))));
        return true;
      },
    };
  },
});

/** The paste offer's state and handler, ahead of the link feature's paste handling (which would take the address). */
export const EmbedCardPaste = Extension.create({
  name: 'embedCardPaste',
  priority: 1000,

  addProseMirrorPlugins() {
    return [
      new Plugin<boolean>({
        key: quickFormKey,
        state: {
          init: () => false,
          apply: (tr, open) => {
            const meta = tr.getMeta(quickFormKey) as boolean | undefined;
            return meta ?? open;
          },
        },
      }),
      new Plugin<PasteOffer | null>({
        key: pasteOfferKey,
        state: {
          init: () => null,
          apply: (tr, offer, _old, state) => {
            const meta = tr.getMeta(pasteOfferKey) as PasteOffer | null | undefined;
            if (meta !== undefined) return meta;
            if (!offer || !tr.docChanged) return offer;
            const next = { ...offer, pos: tr.mapping.map(offer.pos) };
            return stillOffered(state, next) ? next : null;
          },
        },
        props: {
          handleDOMEvents: {
            // A card's link opens from its popup ("Open link"), never by a click in the text.
            click: (_view, event) => {
              if (event.target instanceof Element && event.target.closest('.fr-embed-card')) event.preventDefault();
              return false;
            },
          },
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain').trim() ?? '';
            if (!/^https?:\/\/\S+$/i.test(text)) return false;
            const url = cleanEmbedUrl(text);
            const { state } = view;
            const { $from, empty } = state.selection;
            const link = state.schema.marks.link;
            if (!url || !empty || !link || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) {
              return false;
            }
            const pos = $from.before();
            const tr = state.tr.insert($from.pos, state.schema.text(text, [link.create({ href: url })]));
            view.dispatch(tr.setMeta(pasteOfferKey, { pos, url: text }).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
