import { afterEach, describe, expect, it } from 'vitest';
import { Editor, Extension } from '@tiptap/core';
import * as Y from 'yjs';
import { coreExtensions } from './create-editor';
import { addPasteStep, type PasteStage } from './paste-pipeline';

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
