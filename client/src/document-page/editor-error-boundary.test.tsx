import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n, setLanguage } from '../i18n/setup';
import { EditorErrorBoundary } from './editor-error-boundary';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

function Throws(): never {
  throw new Error('a capability broke');
}

describe('EditorErrorBoundary', () => {
  let root: Root | undefined;
  let container: HTMLElement;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
    vi.restoreAllMocks();
  });

  function render(node: React.ReactNode): void {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root?.render(node));
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
