import type { Editor } from '@tiptap/core';
import { clearCodeViewDraft, loadCodeViewDraft } from './code-view-draft';
import type { CodeViewSession } from './code-view-session';

/** Id of the code view's pane in the editor's surface state. */
export const CODE_VIEW_PANE = 'codeView';

/**
 * Opens and closes the code view of one editor. The pane, once its code editor has loaded, attaches the
 * session and a reader of the edited text; closing applies that text to the document.
 */
export class CodeViewController {
  private editor: Editor | null = null;
  private session: CodeViewSession | null = null;
  private read: (() => string) | null = null;
  /** The open document (null outside one): its id keys the draft kept over reloads. */
  docId: string | null = null;

  /** The editor this controller serves (set when the editor is created); reopens a view a reload interrupted. */
  bind(editor: Editor, docId: string | null): void {
    this.editor = editor;
    this.docId = docId;
    if (docId !== null && loadCodeViewDraft(docId) !== null) this.open();
  }

  isOpen = (): boolean => this.editor?.storage.surface.state.get().replacedBy === CODE_VIEW_PANE;

  open(): void {
    if (!this.editor?.isEditable) return;
    this.editor.storage.surface.state.replace(CODE_VIEW_PANE);
  }

  attach(session: CodeViewSession, read: () => string): void {
    this.session = session;
    this.read = read;
  }

  /** The pane went away (closed or unmounted): its session stops following the document. */
  detach(session: CodeViewSession): void {
    session.end();
    if (this.session !== session) return;
    this.session = null;
    this.read = null;
  }

  /** Leaves the code view, applying the edited HTML as one change; the caret goes back to the text. */
  close(): void {
    const { editor, session, read } = this;
    if (!editor || !this.isOpen()) return;
    if (session && read) session.apply(read());
    if (session) this.detach(session);
    if (this.docId !== null) clearCodeViewDraft(this.docId);
    editor.storage.surface.state.replace(null);
    editor.commands.focus();
  }

  toggle(): void {
    if (this.isOpen()) this.close();
    else this.open();
  }
}
