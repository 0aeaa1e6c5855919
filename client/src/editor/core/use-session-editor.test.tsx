import { act, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { Document } from '@tiptap/extension-document';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Text } from '@tiptap/extension-text';
import { useSessionEditor } from './use-session-editor';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

describe('useSessionEditor', () => {
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('builds one editor in the first render, keeps it through StrictMode’s remount, destroys it after unmount', async () => {
    const seen: Editor[] = [];
    let builds = 0;
    function Shell() {
      const editor = useSessionEditor(() => {
        builds += 1;
        return { extensions: [Document, Paragraph, Text], content: '<p>x</p>' };
      });
      seen.push(editor);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <StrictMode>
          <Shell />
        </StrictMode>,
      ),
    );
    const editor = seen[seen.length - 1];
    if (!editor) throw new Error('no editor');
    // StrictMode runs the state initializer twice in development; the one kept is used everywhere.
    expect(builds).toBeLessThanOrEqual(2);
    expect(new Set(seen.slice(-2)).size).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(editor.isDestroyed).toBe(false);
    await act(async () => root.unmount());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(editor.isDestroyed).toBe(true);
  });
});
