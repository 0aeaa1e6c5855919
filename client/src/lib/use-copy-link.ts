import { useCallback, useState, type RefObject } from 'react';

/** `manual`: no clipboard (plain http, denied permission); the link is selected so Ctrl+C copies it. */
export type CopyState = 'idle' | 'copied' | 'manual';

/** Copying a link shown in a read-only field (`input`): the clipboard when it can, else the field's text selected. */
export function useCopyLink(
  url: string,
  input: RefObject<HTMLInputElement | null>,
): {
  state: CopyState;
  copy: () => void;
} {
  const [state, setState] = useState<CopyState>('idle');
  const copy = useCallback((): void => {
    const manual = (): void => {
      input.current?.focus();
      input.current?.select();
      setState('manual');
    };
    // The type says always there; insecure origins lack it.
    if (!(navigator.clipboard as Clipboard | undefined)) return manual();
    navigator.clipboard.writeText(url).then(() => setState('copied'), manual);
  }, [url, input]);
  return { state, copy };
}
