import { useEffect, useState } from 'react';
import type { Editor } from '@tiptap/core';
import { useEditorUiText } from '../../editor/core/use-editor-ui-state';
import { useTranslation } from '../../i18n/use-translation';
import type { CounterRefusal, CounterStorage } from './counter-plugin';
import { textStats, type TextStats } from './text-stats';
import './char-counter.css';

/** How long the "why was my input refused" note stays. */
const NOTICE_MS = 4_000;

interface Props {
  editor: Editor;
  /** i18n prefix: `charCounter` or `wordCounter`. */
  name: 'charCounter' | 'wordCounter';
  storage: CounterStorage | undefined;
  max: number;
  pick: (stats: TextStats) => number;
}

/** "Characters: N(/MAX)" or "Words: N(/MAX)" plus a transient note when input was refused. */
export function CounterStatus({ editor, name, storage, max, pick }: Props) {
  const { t } = useTranslation();
  // Counts are cached per node (text-stats.ts): after the first count, a frame recounts only what changed.
  const countRef = useEditorUiText(editor, () =>
    t(max >= 0 ? `${name}.countMax` : `${name}.count`, { n: pick(textStats(editor.state.doc)), max }),
  );
  const [notice, setNotice] = useState<CounterRefusal | null>(null);
  useEffect(() => {
    if (!storage) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener = (reason: CounterRefusal): void => {
      setNotice(reason);
      clearTimeout(timer);
      timer = setTimeout(() => setNotice(null), NOTICE_MS);
    };
    const stop = storage.refused.on(listener);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [storage]);
  return (
    <span className="counter" data-counter={name}>
      <span className="counter-value" ref={countRef} />
      <span role="status" className="counter-notice">
        {notice ? t(`${name}.${notice}`, { max }) : ''}
      </span>
    </span>
  );
}
