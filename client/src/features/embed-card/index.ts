import { PanelTop } from 'lucide-react';
import type { Editor } from '@tiptap/core';
import type { Capability } from '../../editor/core/capability';
import { EmbedCardModel } from '@shared/document/model/embed-card-model';
import { EmbedCardUi, embedUiKey, embedUiOf, isCardSelected } from './embed-card.extension';
import { embedCardStrings } from './embed-card.i18n';
import './embed-card.css';

// The form opens at the caret from the toolbar, "+" and "/" alike (the toolbar button may sit behind "More").
const openForm = (editor: Editor): void =>
  editor.view.dispatch(editor.state.tr.setMeta(embedUiKey, { offer: null, form: true }));

/**
 * Embed cards (FROALA-REFERENCE §38): a web address read by our server (oEmbed / Open Graph, picture
 * re-hosted) becomes a card drawn from its stored fields; video addresses become the video node, pages without
 * a preview a plain link; a pasted bare address offers "Embed as card". Form, popups and server call load on demand.
 */
export const embedCard: Capability = {
  name: 'embedCard',
  // The model's node as it is: rendered from its stored fields (Escape and the popup come with the overlay).
  extensions: [EmbedCardModel, EmbedCardUi],
  i18n: embedCardStrings,
  Overlay: {
    ui: () => import('./embed-card.overlay'),
    preload: {
      when: ({ state }) => {
        const ui = embedUiOf(state);
        return ui.form || ui.offer !== null || isCardSelected(state);
      },
    },
  },
  toolbar: [{ id: 'insertEmbedCard', labelKey: 'embedCard.label', icon: PanelTop, group: 'insert', run: openForm }],
  insertItems: [
    {
      id: 'insertEmbedCard',
      labelKey: 'embedCard.quickInsert',
      icon: PanelTop,
      keywords: ['embed', 'card', 'preview', 'oembed', 'karte', 'einbetten', 'vorschau'],
      run: openForm,
    },
  ],
};
