import type { AnyExtension } from '@tiptap/core';
import type { EditorOptions } from '../../editor-options';
import {
  BlockquoteModel,
  BulletListModel,
  CodeBlockModel,
  DocModel,
  HardBreakModel,
  HeadingModel,
  HorizontalRuleModel,
  ListItemModel,
  OrderedListModel,
  ParagraphModel,
  TextModel,
} from './block-nodes';
import { BoldModel, CodeModel, ItalicModel, StrikeModel, UnderlineModel } from './format-marks';

/**
 * The editor core's schema nodes and marks (what StarterKit used to bring, listed so that the model, not a
 * kit, defines them), configured with the deployment's options; capabilities extend the model's others.
 */
export function coreModelExtensions(editorOptions: EditorOptions): AnyExtension[] {
  // StarterKit's order: the schema's mark order decides how overlapping marks nest in the HTML.
  return [
    BoldModel,
    BlockquoteModel,
    BulletListModel,
    CodeModel,
    CodeBlockModel,
    DocModel,
    HardBreakModel,
    HeadingModel.configure({ editorOptions }),
    HorizontalRuleModel,
    ItalicModel,
    ListItemModel,
    OrderedListModel,
    ParagraphModel.configure({ editorOptions }),
    StrikeModel,
    TextModel,
    UnderlineModel,
  ];
}
