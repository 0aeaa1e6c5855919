import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../testing/react-root';
import { initI18n, setLanguage } from '../i18n/setup';
import { EditorErrorBoundary } from './editor-error-boundary';

function Throws(): never {
  throw new Error('a capability broke');
}

describe('EditorErrorBoundary', () => {
  const react = useReactRoot();
  let container: HTMLElement;

  afterEach(() => vi.restoreAllMocks());

  function render(node: React.ReactNode): void {
    container = react.render(node);
  }

  it('shows its children while they render', () => {
    render(
      <EditorErrorBoundary>
        <p>the editor</p>
      </EditorErrorBoundary>,
    );
    expect(container.textContent).toBe('the editor');
  });

  it('shows a translated message with a reload button when a child throws, and logs the error', async () => {
    const i18n = await initI18n();
    await setLanguage(i18n, 'en');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <EditorErrorBoundary>
        <Throws />
      </EditorErrorBoundary>,
    );
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('This document could not be shown.');
    expect(container.querySelector('button')?.textContent).toBe('Reload');
    expect(error.mock.calls.some((args) => args.includes('[tandem] the editor failed to render'))).toBe(true);

    await act(() => setLanguage(i18n, 'de'));
    expect(container.textContent).toContain('Dieses Dokument konnte nicht angezeigt werden.');
    expect(container.querySelector('button')?.textContent).toBe('Neu laden');
  });
});
