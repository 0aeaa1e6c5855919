import type { EditorUiProps } from '../../editor/core/capability';
import { CounterStatus } from '../char-counter';

/** "Words: N" / "Words: N/MAX" in the status bar. */
export function WordCounterStatus({ editor, context }: EditorUiProps) {
  return (
    <CounterStatus
      editor={editor}
      name="wordCounter"
      storage={editor.storage.wordCounter}
      max={context.counters.wordCounterMax}
      pick={(stats) => stats.words}
    />
  );
}
