import type { Editor } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import { LineBreakerLimits } from '@shared/limits';
import { closeUndoGroup } from '../../editor/core/undo-step';

/**
 * Block types a caret cannot be put around, by name. Leaf blocks (horizontal rule, image, video…) are
 * hard anyway; capabilities add non-leaf ones (tables) here.
 */
export const hardBlockTypes = new Set<string>(['horizontalRule', 'table', 'image', 'video', 'embed']);

/** Whether a top-level node is a "hard" block: one the caret cannot reach the space before or after. */
export function isHardBlock(node: ProseMirrorNode): boolean {
  if (hardBlockTypes.has(node.type.name)) return true;
  return node.isBlock && !node.isTextblock && (node.isLeaf || node.isAtom);
}

export interface VerticalBox {
  top: number;
  bottom: number;
}

/** Where the insert marker goes: the document position between the blocks, and its screen y. */
export interface BreakSpot {
  pos: number;
  y: number;
}

/** A top-level block: its index among the document's children and the position before it. */
export interface TopLevelBlock {
  index: number;
  pos: number;
}

/**
 * The break spot near pointer `y`, looking only at the edges above and below the hovered top-level
 * block. An edge counts when both sides are hard blocks or the document edge. `measure` reads the screen
 * box of one top-level block; it is called for the hovered block's neighbourhood only, so hovering stays
 * cheap on large documents. `bounds` is the box of the editing area (for the document's first and last
 * edge).
 */
export function findBreakSpot(
  doc: ProseMirrorNode,
  hovered: TopLevelBlock,
  y: number,
  measure: (block: TopLevelBlock) => VerticalBox | null,
  bounds: VerticalBox,
  offset: number = LineBreakerLimits.offsetPx,
): BreakSpot | null {
  const count = doc.childCount;
  if (hovered.index < 0 || hovered.index >= count) return null;
  const edges = [
    { edge: hovered.index, pos: hovered.pos },
    { edge: hovered.index + 1, pos: hovered.pos + doc.child(hovered.index).nodeSize },
  ];
  let best: BreakSpot | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const { edge, pos } of edges) {
    const above = edge > 0 ? doc.child(edge - 1) : null;
    const below = edge < count ? doc.child(edge) : null;
    if ((above && !isHardBlock(above)) || (below && !isHardBlock(below))) continue;
    const upper = above ? measure({ index: edge - 1, pos: pos - above.nodeSize }) : null;
    const lower = below ? measure({ index: edge, pos }) : null;

    let from: number;
    let to: number;
    let markerY: number;
    if (upper && lower) {
      from = upper.bottom - offset;
      to = lower.top + offset;
      markerY = (upper.bottom + lower.top) / 2;
    } else if (lower && !above) {
      // First block: half-way to the area's top edge, at most `offset` away.
      from = lower.top - offset;
      to = lower.top + offset;
      markerY = lower.top - Math.min(offset, Math.max(0, lower.top - bounds.top) / 2);
    } else if (upper && !below) {
      from = upper.bottom - offset;
      to = upper.bottom + offset;
      markerY = upper.bottom + Math.min(offset, Math.max(0, bounds.bottom - upper.bottom) / 2);
    } else {
      continue;
    }
    if (y < from || y > to) continue;
    const distance = Math.abs(y - markerY);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = { pos, y: markerY };
    }
  }
  return best;
}

/** Inserts an empty paragraph between two top-level blocks and puts the caret in it, as one undo step. */
export function insertParagraphAt(editor: Editor, pos: number): boolean {
  const { state, view } = editor;
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph || !editor.isEditable || pos < 0 || pos > state.doc.content.size) return false;
  if (state.doc.resolve(pos).depth !== 0) return false;
  closeUndoGroup(editor);
  const tr = state.tr.insert(pos, paragraph.create());
  tr.setSelection(TextSelection.create(tr.doc, pos + 1)).scrollIntoView();
  view.dispatch(tr);
  closeUndoGroup(editor);
  view.focus();
  return true;
}
