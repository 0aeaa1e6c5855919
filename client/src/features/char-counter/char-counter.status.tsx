import type { EditorUiProps } from '../../editor/core/capability';
import { CounterStatus } from './counter-status';

/** "Characters: N" / "Characters: N/MAX" in the status bar. */
export function CharCounterStatus({ editor, context }: EditorUiProps) {
  return (
    <CounterStatus
      editor={editor}
      name="charCounter"
      storage={editor.storage.charCounter}
      max={context.counters.charCounterMax}
      pick={(stats) => stats.chars}
    />
  );
}
