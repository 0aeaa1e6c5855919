import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection } from '@tiptap/pm/state';
import type { EmbedAnswer } from '@shared/api/embeds';
import { EmbedCardNodeName } from '@shared/document/model/embed-card-model';
import { embedCardAttrsFrom } from '@shared/document/model/embed-card-values';
import { parseVideoUrl } from '@shared/document/model/video-url';
import { dispatchAsStep } from '../../editor/core/undo-step';

/** The block an answer becomes: the card, a paragraph with the video, or a paragraph with the link. */
function blockOf(editor: Editor, answer: EmbedAnswer): PmNode | null {
  const { schema } = editor.state;
  const paragraph = schema.nodes.paragraph;
  if (!paragraph) return null;
  if (answer.kind === 'card') {
    const attrs = embedCardAttrsFrom(answer.card);
    return attrs ? (schema.nodes[EmbedCardNodeName]?.create(attrs) ?? null) : null;
  }
  if (answer.kind === 'video') {
    const video = parseVideoUrl(answer.url);
    const type = schema.nodes.video;
    if (video.ok && type) return paragraph.create(null, type.create({ src: video.src, kind: video.kind }));
  }
  const link = schema.marks.link;
  return paragraph.create(null, schema.text(answer.url, link ? [link.create({ href: answer.url })] : []));
}

/**
 * Puts the answer in the document in one undoable step: in place of the block at `replace` (the pasted
 * link's paragraph), else at the selection. A card ends up selected, so Backspace or Escape act on it.
 */
export function insertEmbedAnswer(editor: Editor, answer: EmbedAnswer, replace: number | null = null): boolean {
  const block = blockOf(editor, answer);
  if (!block) return false;
  const { state } = editor;
  const tr = state.tr;
  let at: number;
  if (replace !== null) {
    const old = state.doc.nodeAt(replace);
    if (!old) return false;
    tr.replaceWith(replace, replace + old.nodeSize, block);
    at = replace;
  } else {
    tr.replaceSelectionWith(block, false);
    at = tr.mapping.map(state.selection.from, -1);
    // replaceSelectionWith may have split the paragraph: find the block where it landed.
    const $at = tr.doc.resolve(Math.min(at, tr.doc.content.size));
    at = $at.depth > 0 && tr.doc.nodeAt($at.before(1))?.type === block.type ? $at.before(1) : at;
  }
  if (block.type.name === EmbedCardNodeName && tr.doc.nodeAt(at)?.type === block.type) {
    tr.setSelection(NodeSelection.create(tr.doc, at));
  }
  // Its own undo step: undo gives back the pasted link (or what was there), not less.
  dispatchAsStep(editor, tr.scrollIntoView());
  editor.view.focus();
  return true;
}
