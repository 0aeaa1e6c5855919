import { afterEach, describe, expect, it, vi } from 'vitest';
import { Editor, Extension } from '@tiptap/core';
import * as Y from 'yjs';
import { coreExtensions } from './create-editor';
import { addPasteStep, codeForPaste, type PasteStage } from './paste-pipeline';

/** Records the steps in the order the pipeline runs them; the steps are added in reverse stage order. */
function recordingEditor(log: string[]): Editor {
  const stages: PasteStage[] = ['links', 'uploads', 'insert', 'clean', 'detect'];
  const Recorder = Extension.create({
    name: 'recorder',
    onBeforeCreate() {
      for (const stage of stages) {
        addPasteStep(this.editor, {
          stage,
          transformHtml: (html) => {
            log.push(`html:${stage}`);
            return stage === 'clean' ? html.replace('dirty', 'clean') : html;
          },
          transformSlice: (slice) => {
            log.push(`slice:${stage}`);
            return slice;
          },
          handle: () => {
            log.push(`handle:${stage}`);
            return false;
          },
        });
      }
    },
  });
  return new Editor({ extensions: [...coreExtensions(new Y.Doc()), Recorder] });
}

describe('the paste pipeline', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('runs its stages in their order, whatever order the steps were added in', () => {
    const log: string[] = [];
    editor = recordingEditor(log);
    editor.view.pasteHTML('<p>dirty words</p>');
    const order = ['detect', 'clean', 'insert', 'uploads', 'links'];
    expect(log.filter((l) => l.startsWith('html:'))).toEqual(order.map((s) => `html:${s}`));
    expect(log.filter((l) => l.startsWith('slice:'))).toEqual(order.map((s) => `slice:${s}`));
    expect(log.filter((l) => l.startsWith('handle:'))).toEqual(order.map((s) => `handle:${s}`));
    // HTML before parsing, the parsed slice after, the insert last.
    expect(log.indexOf('html:links')).toBeLessThan(log.indexOf('slice:detect'));
    expect(log.indexOf('slice:links')).toBeLessThan(log.indexOf('handle:detect'));
    expect(editor.getText()).toContain('clean words');
  });

  it('stops at the first step that inserts the paste itself', () => {
    const log: string[] = [];
    editor = recordingEditor(log);
    addPasteStep(editor, {
      stage: 'insert',
      handle: () => {
        log.push('handle:taken');
        return true;
      },
    });
    editor.view.pasteHTML('<p>x</p>');
    const handled = log.filter((l) => l.startsWith('handle:'));
    expect(handled).toEqual(['handle:detect', 'handle:clean', 'handle:insert', 'handle:taken']);
    expect(editor.getText()).not.toContain('x');
  });
});

describe('a paste or drop whose code is not there yet', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  /** An editor with a step that needs code for HTML pastes until `arrive` is called. */
  function waitingEditor(): { editor: Editor; arrive: () => void; seen: string[] } {
    let arrive = (): void => undefined;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    let loaded = false;
    void code.then(() => (loaded = true));
    const seen: string[] = [];
    const Waiting = Extension.create({
      name: 'waiting',
      onBeforeCreate() {
        addPasteStep(this.editor, {
          stage: 'uploads',
          waitFor: (input) => (loaded || !input.html ? null : code),
          transformHtml: (html) => {
            seen.push(loaded ? 'with code' : 'without code');
            return html;
          },
        });
      },
    });
    const made = new Editor({ extensions: [...coreExtensions(new Y.Doc()), Waiting] });
    return { editor: made, arrive, seen };
  }

  function paste(target: Editor, html: string): Event {
    const data = new DataTransfer();
    data.setData('text/html', html);
    data.setData('text/plain', html.replace(/<[^>]+>/g, ''));
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: data });
    target.view.dom.dispatchEvent(event);
    return event;
  }

  it('is held, then lands where it was made once the code has come, even after typing meanwhile', async () => {
    const made = waitingEditor();
    editor = made.editor;
    editor.commands.setContent('<p>one two</p>');
    editor.commands.setTextSelection(4);
    const event = paste(editor, '<p><strong>PASTED</strong></p>');
    expect(event.defaultPrevented).toBe(true);
    expect(editor.getText()).toBe('one two');
    // The author types at the start meanwhile: the paste still goes after "one".
    editor.commands.insertContentAt(1, 'X');
    made.arrive();
    await vi.waitFor(() => expect(editor?.getText()).toBe('XonePASTED two'));
    expect(made.seen).toEqual(['with code']);
    expect(editor.getHTML()).toContain('<strong>PASTED</strong>');
  });

  it('lets a programmatic paste (an import) wait for the code first: codeForPaste', async () => {
    const made = waitingEditor();
    editor = made.editor;
    editor.commands.setContent('<p>one</p>');
    let ready = false;
    const waiting = codeForPaste(editor, '<p>IMPORTED</p>').then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    made.arrive();
    await waiting;
    editor.view.pasteHTML('<p>IMPORTED</p>');
    expect(made.seen).toEqual(['with code']);
    // Nothing to wait for: settles at once.
    await expect(codeForPaste(editor, '')).resolves.toBeUndefined();
  });

  it('does not hold what no step waits for', () => {
    const made = waitingEditor();
    editor = made.editor;
    const data = new DataTransfer();
    data.setData('text/plain', 'plain');
    const event = new Event('paste', { bubbles: true, cancelable: true });
    Object.defineProperty(event, 'clipboardData', { value: data });
    editor.view.dom.dispatchEvent(event);
    expect(editor.getText()).toBe('plain');
    expect(made.seen).toEqual([]);
  });
});
