import type { Editor } from '@tiptap/core';
import { DOMParser as PmDOMParser, type Node as PmNode, type Schema } from '@tiptap/pm/model';
import type { Transaction } from '@tiptap/pm/state';
import { exportBodyHtml, withoutUploadPlaceholders } from '@shared/document/html/html-export';
import { applyRangeChanges, changesMapping, documentChanges } from '@shared/document/yjs/minimal-change';
import { dispatchAsStep } from '../../editor/core/undo-step';
import { emitter } from '../../lib/store';

/**
 * HTML typed by the author, read into the model: parsed inertly (no script runs, nothing loads) and kept only as far as the model's parse rules and validators allow.
 */
export function parseHtmlToDoc(html: string, schema: Schema, owner: Document = document): PmNode {
  // A template's content is inert: nothing in it runs or loads.
  const template = owner.createElement('template');
  template.innerHTML = html;
  return PmDOMParser.fromSchema(schema).parse(template.content);
}

/**
 * The document as the view shows it: uploads under way have no HTML, so to the merge they are others' content
 * (kept where they are) rather than blocks the author deleted.
 */
function shownDocument(doc: PmNode): PmNode {
  const content = withoutUploadPlaceholders(doc);
  return content === doc.content ? doc : doc.copy(content);
}

/**
 * One visit to the code view: the document as it was when the view opened (the base) and the HTML shown
 * for it. Leaving applies only what the author changed against the base, placed in the current document
 * through the diff of base and current (others typed on meanwhile): a three-way merge by blocks.
 */
export class CodeViewSession {
  private base: PmNode;
  private changedByOthers = false;
  private readonly changed = emitter();
  /** The HTML shown when the view opened or was last reloaded (set once the formatter has run). */
  shown: string;

  /** `restoredBase`: the HTML a previous visit started from (a draft kept over a reload), instead of the document. */
  constructor(
    private readonly editor: Editor,
    private readonly entities: string,
    private readonly format: (html: string) => string = (html) => html,
    restoredBase?: string,
  ) {
    if (restoredBase === undefined) {
      this.base = shownDocument(editor.state.doc);
      this.shown = format(exportBodyHtml(this.base, entities));
    } else {
      this.base = parseHtmlToDoc(restoredBase, editor.schema);
      this.shown = restoredBase;
      // The document has moved on since that visit whenever its HTML is no longer the base's.
      this.changedByOthers = exportBodyHtml(editor.state.doc, entities) !== exportBodyHtml(this.base, entities);
    }
    editor.on('transaction', this.track);
  }

  subscribe = this.changed.on;

  /** Whether the document changed under the view since it opened or was reloaded. */
  othersChanged = (): boolean => this.changedByOthers;

  private readonly track = ({ transaction }: { transaction: Transaction }): void => {
    if (!transaction.docChanged) return;
    if (!this.changedByOthers && transaction.getMeta('codeView') !== true) {
      this.changedByOthers = true;
      this.changed.emit();
    }
  };

  /** Starts over from the current document: its HTML becomes the view's text ("Reload from document"). */
  reload(): string {
    this.base = shownDocument(this.editor.state.doc);
    this.shown = this.format(exportBodyHtml(this.base, this.entities));
    if (this.changedByOthers) {
      this.changedByOthers = false;
      this.changed.emit();
    }
    return this.shown;
  }

  /**
   * Applies the edited HTML as one change and one undo step: only the ranges where it differs from the
   * base are replaced, mapped over what others changed meanwhile. False when nothing changed.
   */
  apply(html: string): boolean {
    if (html === this.shown || this.editor.isDestroyed) return false;
    const next = parseHtmlToDoc(html, this.editor.schema);
    const changes = documentChanges(this.base, next);
    if (changes.length === 0) return false;
    const { doc } = this.editor.state;
    const moved = doc === this.base ? undefined : changesMapping(documentChanges(this.base, doc));
    const tr = this.editor.state.tr.setMeta('codeView', true);
    applyRangeChanges(tr, changes, moved);
    if (!tr.docChanged) return false;
    dispatchAsStep(this.editor, tr);
    return true;
  }

  /** Stops following the document (the view closed). */
  end(): void {
    this.editor.off('transaction', this.track);
    this.changed.clear();
  }
}
