import { PanelTop } from 'lucide-react';
import type { Capability } from '../../editor/core/capability';
import {
  EmbedCardInsert,
  EmbedCardNode,
  EmbedCardPaste,
  isCardSelected,
  pasteOfferOf,
  quickFormKey,
  quickFormOpen,
} from './embed-card.extension';
import { embedCardStrings } from './embed-card.i18n';
import { EmbedCardControl } from './embed-card.toolbar';
import './embed-card.css';

/**
 * Embed cards (FROALA-REFERENCE §38): a web address read by our server (oEmbed / Open Graph, picture
 * re-hosted) becomes a card block drawn from its stored fields; video addresses become the video node and
 * pages without a preview a plain link. A pasted bare address offers "Embed as card". The form, popups and
 * the server call load on demand.
 */
export const embedCard: Capability = {
  name: 'embedCard',
  extensions: [EmbedCardNode, EmbedCardPaste, EmbedCardInsert],
  i18n: embedCardStrings,
  // The card popup and the paste offer: fetched when idle, or at once when either is needed.
  Overlay: {
    ui: () => import('./embed-card.overlay'),
    preload: { when: ({ state }) => isCardSelected(state) || pasteOfferOf(state) !== null || quickFormOpen(state) },
  },
  toolbar: [
    {
      kind: 'control',
      id: 'insertEmbedCard',
      labelKey: 'embedCard.label',
      icon: PanelTop,
      group: 'insert',
      Component: EmbedCardControl,
    },
  ],
  insertItems: [
    {
      id: 'insertEmbedCard',
      labelKey: 'embedCard.quickInsert',
      icon: PanelTop,
      keywords: ['embed', 'card', 'link', 'preview', 'oembed', 'open graph', 'karte', 'einbetten', 'vorschau'],
      // At the caret, not the toolbar's popup: the toolbar button may be behind "More".
      run: (editor) => editor.view.dispatch(editor.state.tr.setMeta(quickFormKey, true)),
    },
  ],
};
