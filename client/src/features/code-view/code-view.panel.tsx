import { chunk } from '../../editor/core/lazy';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { EditorView } from '@codemirror/view';
import { CodeXml } from 'lucide-react';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { Icon } from '../../editor/ui/icon';
import { useCodeEditorPhrases } from '../../editor/ui/code-editor-phrases';
import { loadCodeViewDraft, saveCodeViewDraft } from './code-view-draft';
import type { CodeViewSession } from './code-view-session';
import './code-view.css';
import { codeEditorStrings } from '../../editor/ui/code-editor.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { codeEditor: codeEditorStrings };

// A failed fetch is retried the next time the view opens.
const codeViewEditor = chunk(() => import('./code-view-editor'));

/** Typing pauses this long before the draft is written (a reload writes it at once). */
const DRAFT_SAVE_DELAY_MS = 400;

const noSubscription = (): (() => void) => () => undefined;
const never = (): boolean => false;

/** The code view: the document's beautified HTML in CodeMirror instead of the rich text (loaded on first use). */
export function CodeViewPane({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [session, setSession] = useState<CodeViewSession | null>(null);
  const [failed, setFailed] = useState(false);
  const phrases = useCodeEditorPhrases();
  const { controller } = editor.storage.codeView;
  const label = t('codeView.source');
  const setup = useRef({ label, phrases, entities: context.options.entities });

  useEffect(() => {
    let cancelled = false;
    let started: { view: EditorView; session: CodeViewSession } | null = null;
    const { docId } = controller;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    // The typed text survives a reload or a crash: kept in this browser until the view is left.
    const saveDraft = (): void => {
      clearTimeout(saveTimer);
      saveTimer = undefined;
      if (!started || docId === null || !controller.isOpen()) return;
      saveCodeViewDraft(docId, { shown: started.session.shown, text: started.view.state.doc.toString() });
    };
    const onChange = (): void => {
      saveTimer ??= setTimeout(saveDraft, DRAFT_SAVE_DELAY_MS);
    };
    window.addEventListener('pagehide', saveDraft);
    codeViewEditor.load().then(
      ({ mountCodeView }) => {
        if (cancelled || !host.current) return;
        const draft = docId === null ? null : loadCodeViewDraft(docId);
        started = mountCodeView({
          editor,
          parent: host.current,
          ...setup.current,
          draft,
          onChange,
          onLeave: () => controller.close(),
        });
        const { view: codeView } = started;
        view.current = codeView;
        controller.attach(started.session, () => codeView.state.doc.toString());
        setSession(started.session);
        codeView.focus();
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', saveDraft);
      if (saveTimer !== undefined) saveDraft();
      if (!started) return;
      controller.detach(started.session);
      started.view.destroy();
      view.current = null;
    };
  }, [editor, controller]);

  const othersChanged = useSyncExternalStore(session?.subscribe ?? noSubscription, session?.othersChanged ?? never);

  const reload = (): void => {
    const codeView = view.current;
    if (!session || !codeView) return;
    const text = session.reload();
    codeView.dispatch({ changes: { from: 0, to: codeView.state.doc.length, insert: text } });
    if (controller.docId !== null) saveCodeViewDraft(controller.docId, { shown: text, text });
    codeView.focus();
  };

  return (
    <section className="code-view" aria-label={t('codeView.label')}>
      <button
        type="button"
        className="code-view-leave toolbar-button"
        aria-label={t('codeView.leave')}
        title={t('codeView.leave')}
        onClick={() => controller.close()}
      >
        <Icon of={CodeXml} />
      </button>
      {othersChanged && (
        <div className="code-view-notice" role="status">
          <span>{t('codeView.othersChanged')}</span>
          <button type="button" onClick={reload}>
            {t('codeView.reload')}
          </button>
        </div>
      )}
      {!session && !failed && (
        <p className="code-view-loading" role="status">
          {t('codeView.loading')}
        </p>
      )}
      {failed && (
        <p className="code-view-loading" role="alert">
          {t('codeView.loadFailed')}
        </p>
      )}
      <div ref={host} className="code-view-editor" />
    </section>
  );
}

export default CodeViewPane;
