import { Extension } from '@tiptap/core';
import type { Fragment, Mark, MarkType, Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { AddMarkStep, AttrStep, RemoveMarkStep, ReplaceAroundStep, ReplaceStep } from '@tiptap/pm/transform';
import { ySyncPluginKey } from '@tiptap/y-tiptap';
import { MediaNodes } from '@shared/api/media-values';
import { readAttrs } from '@shared/document/model/attribute-model';

interface StoredLink {
  linkHref: string | null;
  linkTarget: string | null;
}

const NONE: StoredLink = { linkHref: null, linkTarget: null };

function linkOfMark(mark: Mark | undefined): StoredLink {
  const { href, target } = mark ? readAttrs(mark) : { href: null, target: null };
  if (typeof href !== 'string' || href === '') return NONE;
  return { linkHref: href, linkTarget: target === '_blank' ? '_blank' : null };
}

function linkOfAttrs(node: PmNode): StoredLink {
  // Through the model's validators: a refused href is no link at all.
  const { linkHref, linkTarget } = readAttrs(node);
  if (typeof linkHref !== 'string') return NONE;
  return { linkHref, linkTarget: linkTarget === '_blank' ? '_blank' : null };
}

const isImage = (node: PmNode): boolean => node.type.name === MediaNodes.image.node;

function holdsImage(content: Fragment): boolean {
  let found = false;
  content.descendants((node) => {
    if (isImage(node)) found = true;
    return !found;
  });
  return found;
}

/** Whether a local transaction may have changed an image's link mark (typing never does). */
function touchesImageLinks(tr: Transaction, linkType: MarkType): boolean {
  return tr.steps.some((step) => {
    if (step instanceof AddMarkStep || step instanceof RemoveMarkStep) return step.mark.type === linkType;
    if (step instanceof AttrStep) return true;
    if (step instanceof ReplaceStep || step instanceof ReplaceAroundStep) return holdsImage(step.slice.content);
    return false;
  });
}

function isRemote(tr: Transaction): boolean {
  const meta: unknown = tr.getMeta(ySyncPluginKey);
  return typeof meta === 'object' && meta !== null && (meta as { isChangeOrigin?: unknown }).isChangeOrigin === true;
}

/**
 * Where `after` differs from `before`. Unchanged nodes are the same objects (ProseMirror shares them, and
 * y-prosemirror keeps them when it rebuilds the document from a remote change), so this compares
 * references along the top level and descends only into what changed.
 */
export function changedRange(before: PmNode, after: PmNode): { from: number; to: number } | null {
  const from = before.content.findDiffStart(after.content);
  if (from === null) return null;
  const end = before.content.findDiffEnd(after.content);
  // Both scans may pass over the same repeated content; the change then ends that much further.
  const to = end ? end.b + Math.max(0, from - Math.min(end.a, end.b)) : after.content.size;
  return to > from ? { from, to } : null;
}

function reconcile(before: PmNode, state: EditorState, remote: boolean, linkType: MarkType): Transaction | null {
  const range = changedRange(before, state.doc);
  if (range === null) return null;
  const tr = state.tr;
  state.doc.nodesBetween(range.from, range.to, (node, pos) => {
    if (!isImage(node)) return true;
    const fromMark = linkOfMark(linkType.isInSet(node.marks) ?? undefined);
    const fromAttrs = linkOfAttrs(node);
    if (fromMark.linkHref === fromAttrs.linkHref && fromMark.linkTarget === fromAttrs.linkTarget) return false;
    if (remote) {
      tr.removeMark(pos, pos + 1, linkType);
      if (fromAttrs.linkHref) {
        tr.addMark(pos, pos + 1, linkType.create({ href: fromAttrs.linkHref, target: fromAttrs.linkTarget }));
      }
    } else {
      tr.setNodeAttribute(pos, 'linkHref', fromMark.linkHref).setNodeAttribute(pos, 'linkTarget', fromMark.linkTarget);
    }
    return false;
  });
  if (!tr.docChanged) return null;
  // Marks rebuilt from the shared doc are not a local edit: Yjs has them already (as attributes), and
  // a viewer's read-only guard lets them through.
  return remote ? tr.setMeta(ySyncPluginKey, { isChangeOrigin: true }) : tr;
}

/**
 * A link on an image is the `link` mark on the image node, but Yjs keeps no marks on element nodes
 * (y-prosemirror stores attributes only). So the mark is mirrored into two attributes of the image
 * (`linkHref`, `linkTarget`, declared by the model, never rendered): a local change of the mark writes them,
 * a change that arrives through Yjs (other authors, undo, reload) rebuilds the mark from them.
 */
export const ImageLinkSync = Extension.create({
  name: 'imageLinkSync',

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('imageLinkSync'),
        appendTransaction(transactions, oldState, state) {
          const linkType = state.schema.marks.link;
          if (!linkType || !transactions.some((tr) => tr.docChanged)) return null;
          const remote = transactions.some(isRemote);
          if (!remote && !transactions.some((tr) => touchesImageLinks(tr, linkType))) return null;
          return reconcile(oldState.doc, state, remote, linkType);
        },
      }),
    ];
  },
});
