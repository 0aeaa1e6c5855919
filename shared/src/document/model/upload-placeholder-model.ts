import { Node } from '@tiptap/core';
import { DocumentModelLimits } from '../../limits';
import { fixedNodeAttributes, inlineAtom, type AttrModels } from './attribute-model';
import { boundedString, integerIn, oneOf } from './validators';
import { PlaceholderMedia } from './media-nodes';

export { PlaceholderMedia } from './media-nodes';

const L = DocumentModelLimits;

const attributes: AttrModels = {
  key: {
    default: '',
    validate: (v) => typeof v === 'string' && v.length <= L.maxPlaceholderKeyChars && /^[A-Za-z0-9_-]+$/.test(v),
  },
  kind: { default: 'file', validate: oneOf(['image', 'video', 'file']) },
  name: { default: '', validate: boundedString(L.maxTextChars) },
  progress: { default: 0, validate: integerIn(0, 100) },
  clientId: { default: 0, validate: integerIn(0, L.maxClientId) },
  startedAt: { default: 0, validate: integerIn(0, L.maxTimestampMs) },
};

/**
 * `uploadPlaceholder`: an inline atom standing for a running upload in the shared document, so every
 * collaborator sees it with its progress. No parse rule (pasted HTML can never create one); its HTML is
 * an empty hidden span and the export drops it.
 */
export const UploadPlaceholderModel = Node.create({
  name: PlaceholderMedia.node,
  ...inlineAtom,
  ...fixedNodeAttributes(PlaceholderMedia.node, attributes),

  parseHTML() {
    return [];
  },

  renderHTML() {
    return ['span', { 'data-upload-placeholder': '', hidden: '' }];
  },

  renderText() {
    return '';
  },
});
