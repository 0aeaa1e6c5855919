import { act, useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../testing/react-root';
import { useCopyLink } from './use-copy-link';

function LinkField({ url }: { url: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { state, copy } = useCopyLink(url, input);
  return (
    <>
      <input ref={input} readOnly value={url} />
      <button type="button" onClick={copy}>
        {state}
      </button>
    </>
  );
}

describe('useCopyLink', () => {
  const react = useReactRoot();

  afterEach(() => vi.unstubAllGlobals());

  function render(url: string): { button: HTMLButtonElement; input: HTMLInputElement } {
    const container = react.render(<LinkField url={url} />);
    return { button: container.querySelector('button')!, input: container.querySelector('input')! };
  }

  it('writes the link to the clipboard and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const { button } = render('https://tandem.test/d/1#token=abc');
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith('https://tandem.test/d/1#token=abc');
    expect(button.textContent).toBe('copied');
  });

  it('without a clipboard, or when it refuses, selects the link for Ctrl+C', async () => {
    vi.stubGlobal('navigator', {});
    const first = render('https://tandem.test/l/1#token=x');
    await act(async () => first.button.click());
    expect(first.button.textContent).toBe('manual');
    expect(document.activeElement).toBe(first.input);
    expect(first.input.selectionStart).toBe(0);
    expect(first.input.selectionEnd).toBe(first.input.value.length);
    react.unmount();

    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    const second = render('https://tandem.test/l/2#token=y');
    await act(async () => second.button.click());
    expect(second.button.textContent).toBe('manual');
  });
});
