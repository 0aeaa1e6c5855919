import { Extension } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, type EditorState } from '@tiptap/pm/state';
import { cleanEmbedUrl, EmbedCardNodeName } from '@shared/document/model/embed-card-model';

/** A bare address pasted alone in its paragraph: the paragraph's position and the address. */
export interface PasteOffer {
  pos: number;
  url: string;
}

/** The feature's editor state: the paste offer, and whether the insert form is open at the caret. */
export interface EmbedUiState {
  offer: PasteOffer | null;
  form: boolean;
}

export const embedUiKey = new PluginKey<EmbedUiState>('embedCardUi');

export const CLOSED: EmbedUiState = { offer: null, form: false };

/** The feature's state of this editor state. */
export const embedUiOf = (state: EditorState): EmbedUiState => embedUiKey.getState(state) ?? CLOSED;

/** Whether the selection is an embed card. */
export const isCardSelected = (state: EditorState): boolean =>
  state.selection instanceof NodeSelection && state.selection.node.type.name === EmbedCardNodeName;

/**
 * The paste offer (ahead of the link feature, which would take the address): a bare address pasted into an
 * empty paragraph becomes a link, and "Embed as card" is offered beside it; the popups load on demand.
 */
export const EmbedCardUi = Extension.create({
  name: 'embedCardUi',
  priority: 1000,

  addProseMirrorPlugins() {
    return [
      new Plugin<EmbedUiState>({
        key: embedUiKey,
        state: {
          init: () => CLOSED,
          apply: (tr, ui, _old, state) => {
            const meta = tr.getMeta(embedUiKey) as EmbedUiState | undefined;
            if (meta) return meta;
            if (!ui.offer || !tr.docChanged) return ui;
            // The offer holds while its paragraph is still just the pasted address.
            const pos = tr.mapping.map(ui.offer.pos);
            const node = state.doc.nodeAt(pos);
            const kept = node?.type.name === 'paragraph' && node.textContent === ui.offer.url;
            return { ...ui, offer: kept ? { pos, url: ui.offer.url } : null };
          },
        },
        props: {
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain').trim() ?? '';
            const url = /^https?:\/\/\S+$/i.test(text) ? cleanEmbedUrl(text) : null;
            const { state } = view;
            const { $from, empty } = state.selection;
            const link = state.schema.marks.link;
            if (!url || !empty || !link || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) {
              return false;
            }
            const tr = state.tr.insert($from.pos, state.schema.text(text, [link.create({ href: url })]));
            const ui: EmbedUiState = { offer: { pos: $from.before(), url: text }, form: false };
            view.dispatch(tr.setMeta(embedUiKey, ui).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },
});
