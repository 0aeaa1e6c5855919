import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { createDocumentModel } from '@shared/document/model/create-document-model';
import { documentMarkdown } from '@shared/document/markdown/markdown';
import { defaultEditorOptions } from '@shared/editor-options';
import { MarkdownLimits } from '@shared/limits';
import { createTestEditor } from '../../testing/test-editor';
import { clampSplit, minPaneWidth } from './markdown-layout';
import { MarkdownSync, type Scheduler } from './markdown-sync';
import { markdown } from '.';

/** A scheduler the test runs by hand. */
function manualScheduler(): { schedule: Scheduler; flush: () => void } {
  let tasks: Array<() => void> = [];
  return {
    schedule: (task) => {
      tasks.push(task);
      return () => {
        tasks = tasks.filter((t) => t !== task);
      };
    },
    flush: () => {
      const run = tasks;
      tasks = [];
      for (const task of run) task();
    },
  };
}

describe('Markdown view sync', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  const setUp = (html: string) => {
    ({ editor } = createTestEditor(markdown));
    editor.commands.setContent(html);
    const rules = documentMarkdown(createDocumentModel(defaultEditorOptions), editor.schema);
    const shown: string[] = [];
    const { schedule, flush } = manualScheduler();
    const sync = new MarkdownSync(editor, rules, (text) => shown.push(text), schedule);
    return { sync, shown, flush };
  };

  it('shows the document as Markdown and applies typed Markdown to it', () => {
    const { sync, flush } = setUp('<p>one</p><p>two</p>');
    expect(sync.text()).toBe('one\n\ntwo');
    sync.typedText('# one\n\ntwo **bold**');
    flush();
    expect(editor.getHTML()).toContain('<h1>one</h1><p>two <strong>bold</strong></p>');
    sync.end();
  });

  it('writes the document’s changes to the text, and never loses what was typed but not applied yet', () => {
    const { sync, shown, flush } = setUp('<p>one</p><p>two</p>');
    sync.typedText('one!\n\ntwo');
    // Another author changes the second paragraph before the typing was applied.
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, ' more');
    flush();
    expect(editor.getHTML()).toContain('<p>one!</p><p>two more</p>');
    expect(shown.at(-1)).toBe('one!\n\ntwo more');
    sync.end();
  });

  it('keeps the untouched paragraphs as they are when one is edited in Markdown', () => {
    const { sync, flush } = setUp('<p>a</p><p>b</p><p>c</p>');
    const kept = editor.state.doc.child(2);
    sync.typedText('a\n\nb changed\n\nc');
    flush();
    expect(editor.state.doc.child(2)).toBe(kept);
    sync.end();
  });
});

describe('Markdown view layout', () => {
  it('keeps both panes at least 125 px wide with a mouse and 100 px by touch', () => {
    expect(minPaneWidth('mouse')).toBe(MarkdownLimits.maxPaneMinWidthPx);
    expect(minPaneWidth('touch')).toBe(MarkdownLimits.minPaneWidthPx);
    expect(clampSplit(10, 1000, 125, 10)).toBe(0.125);
    expect(clampSplit(990, 1000, 125, 10)).toBe(0.865);
    expect(clampSplit(500, 1000, 125, 10)).toBe(0.5);
  });
});
