import { chunk } from '../../editor/core/lazy';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import type { EditorUiProps } from '../../editor/core/capability';
import { useCodeEditorPhrases } from '../../editor/ui/code-editor-phrases';
import { clampSplit, loadSplit, minPaneWidth, saveSplit } from './markdown-layout';
import './markdown.css';
import { codeEditorStrings } from '../../editor/ui/code-editor.strings';

/** English strings of this chunk (editor/core/lazy adds them when it arrives). */
export const strings = { codeEditor: codeEditorStrings };

// A failed fetch is retried the next time the view opens.
const markdownEditor = chunk(() => import('./markdown-editor'));

/** Width of the divider between the panes, in px (as in the CSS). */
const DIVIDER_PX = 10;
/** How far one arrow key press moves the divider, in px. */
const KEY_STEP_PX = 20;

/** The rich text's share of the row's width, as a CSS variable on the panes' row (the shell owns that element). */
function useSplit(divider: React.RefObject<HTMLDivElement | null>) {
  const [split, setSplit] = useState(loadSplit);
  useEffect(() => {
    const row = divider.current?.closest<HTMLElement>('.editor-panes');
    if (!row) return undefined;
    row.style.setProperty('--rich-share', String(split));
    return () => {
      row.style.removeProperty('--rich-share');
    };
  }, [divider, split]);
  const moveTo = (x: number, pointer: string): void => {
    const row = divider.current?.closest<HTMLElement>('.editor-panes');
    if (!row) return;
    const next = clampSplit(x, row.getBoundingClientRect().width, minPaneWidth(pointer), DIVIDER_PX);
    setSplit(next);
    saveSplit(next);
  };
  const rowWidth = (): number =>
    divider.current?.closest<HTMLElement>('.editor-panes')?.getBoundingClientRect().width ?? 0;
  return { split, moveTo, rowWidth };
}

/** The Markdown view beside the rich text: the same shared document as Markdown, editable (loaded on first use). */
export function MarkdownPane({ editor, context }: EditorUiProps) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const divider = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const phrases = useCodeEditorPhrases();
  const setup = useRef({ label: t('markdown.source'), phrases, editorOptions: context.options });
  const { split, moveTo, rowWidth } = useSplit(divider);

  useEffect(() => {
    let cancelled = false;
    let end: (() => void) | null = null;
    markdownEditor.load().then(
      ({ mountMarkdown }) => {
        if (cancelled || !host.current) return;
        const { view, sync } = mountMarkdown({ editor, parent: host.current, ...setup.current });
        end = () => {
          sync.end();
          view.destroy();
        };
        setState('ready');
      },
      () => {
        if (!cancelled) setState('failed');
      },
    );
    return () => {
      cancelled = true;
      end?.();
    };
  }, [editor]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>): void => {
    event.preventDefault();
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    const left = target.closest<HTMLElement>('.editor-panes')?.getBoundingClientRect().left ?? 0;
    const move = (e: globalThis.PointerEvent): void => moveTo(e.clientX - left, event.pointerType);
    const up = (): void => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const width = rowWidth();
    const x = split * width;
    if (event.key === 'ArrowLeft') moveTo(x - KEY_STEP_PX, 'mouse');
    else if (event.key === 'ArrowRight') moveTo(x + KEY_STEP_PX, 'mouse');
    else if (event.key === 'Home') moveTo(0, 'mouse');
    else if (event.key === 'End') moveTo(width, 'mouse');
    else return;
    event.preventDefault();
  };

  return (
    <>
      <div
        ref={divider}
        className="markdown-divider"
        role="separator"
        aria-orientation="vertical"
        aria-label={t('markdown.divider')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(split * 100)}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
      />
      <section className="markdown-pane" aria-label={t('markdown.label')}>
        {state !== 'ready' && (
          <p className="markdown-status" role={state === 'failed' ? 'alert' : 'status'}>
            {t(state === 'failed' ? 'markdown.loadFailed' : 'markdown.loading')}
          </p>
        )}
        <div ref={host} className="markdown-editor" />
      </section>
    </>
  );
}

export default MarkdownPane;
