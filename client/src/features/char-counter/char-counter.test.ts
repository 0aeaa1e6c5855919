import { afterEach, describe, expect, it } from 'vitest';
import type { Editor } from '@tiptap/core';
import { Fragment, Schema, Slice, type Node as PMNode } from '@tiptap/pm/model';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import * as Y from 'yjs';
import type { CapabilityContext } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { createTestEditor } from '../../testing/test-editor';
import type { CounterRefusal } from './counter-plugin';
import { charCounter } from './index';
import { textStats } from './text-stats';

const withMax = (charCounterMax: number): CapabilityContext => ({
  ...defaultCapabilityContext,
  counters: { charCounterMax, wordCounterMax: -1 },
});

function type(editor: Editor, text: string): void {
  editor.view.dispatch(editor.state.tr.insertText(text));
}

function paste(editor: Editor, text: string): void {
  editor.view.dispatch(editor.state.tr.insertText(text).setMeta('paste', true).setMeta('uiEvent', 'paste'));
}

/** A change by another author: a Yjs update from a second document. */
function remoteAppend(doc: Y.Doc, text: string): void {
  const remote = new Y.Doc();
  Y.applyUpdate(remote, Y.encodeStateAsUpdate(doc));
  const para = remote.getXmlFragment('default').get(0) as Y.XmlElement;
  const textNode = para.get(0) as Y.XmlText;
  textNode.insert(textNode.length, text);
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(remote, Y.encodeStateVector(doc)), 'remote');
}

describe('text statistics', () => {
  let editor: Editor;
  afterEach(() => editor.destroy());

  it('counts characters without zero-width spaces and words across marks, blocks and breaks', () => {
    ({ editor } = createTestEditor(charCounter));
    editor.commands.setContent('<p>he<strong>llo</strong> wo\u200Brld</p><p>next</p><p>a<br>b&nbsp;c</p>');
    expect(textStats(editor.state.doc)).toEqual({ chars: 'hello world'.length + 4 + 'abc'.length + 1, words: 6 });
  });

  it('incremental counts equal a full recount after edits', () => {
    ({ editor } = createTestEditor(charCounter));
    editor.commands.setContent('<p>one two</p><p>three</p>');
    editor.commands.setTextSelection(4);
    type(editor, 'x y');
    editor.commands.deleteRange({ from: 9, to: 13 });
    const doc = editor.state.doc;
    const fresh = doc.type.schema.nodeFromJSON(doc.toJSON()) as PMNode;
    expect(textStats(doc)).toEqual(textStats(fresh));
  });

  it('recounts a 2 MB document per keystroke cheaply', () => {
    const schema = new Schema({
      nodes: { doc: { content: 'paragraph+' }, paragraph: { content: 'text*' }, text: {} },
    });
    const line = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod '.repeat(3);
    const count = Math.ceil((2 * 1024 * 1024) / line.length);
    let doc = schema.node(
      'doc',
      null,
      Array.from({ length: count }, () => schema.node('paragraph', null, schema.text(line))),
    );
    let t0 = performance.now();
    const first = textStats(doc);
    const fullMs = performance.now() - t0;
    const keystrokes = 200;
    const at = 1 + Math.floor(count / 2) * (line.length + 2);
    const x = new Slice(Fragment.from(schema.text('x')), 0, 0);
    let spent = 0;
    for (let i = 0; i < keystrokes; i += 1) {
      const previous = doc;
      doc = doc.replace(at, at, x);
      t0 = performance.now();
      textStats(doc, previous);
      spent += performance.now() - t0;
    }
    const perKeyMs = spent / keystrokes;
    console.info(
      `counter stats: ${count} paragraphs, ${first.chars} chars: first count ${fullMs.toFixed(1)} ms, per keystroke ${(perKeyMs * 1000).toFixed(0)} µs`,
    );
    expect(textStats(doc).chars).toBe(first.chars + keystrokes);
    expect(perKeyMs).toBeLessThan(5);
  });
});

describe('charCounter limit', () => {
  let editor: Editor;
  let doc: Y.Doc;
  afterEach(() => editor.destroy());

  it('blocks typing past the maximum and tells why, but deleting passes', async () => {
    ({ editor } = createTestEditor(charCounter, withMax(10)));
    const reasons: CounterRefusal[] = [];
    editor.storage.charCounter.refused.on((r) => reasons.push(r));
    editor.commands.focus('end');
    type(editor, '0123456789');
    type(editor, 'x');
    expect(editor.getText()).toBe('0123456789');
    await Promise.resolve();
    expect(reasons).toEqual(['limit']);
    editor.commands.deleteRange({ from: 10, to: 11 });
    expect(textStats(editor.state.doc).chars).toBe(9);
    type(editor, 'y');
    expect(textStats(editor.state.doc).chars).toBe(10);
  });

  it('refuses a paste that would exceed the maximum as a whole, with the paste reason', async () => {
    ({ editor } = createTestEditor(charCounter, withMax(10)));
    const reasons: CounterRefusal[] = [];
    editor.storage.charCounter.refused.on((r) => reasons.push(r));
    editor.commands.focus('end');
    type(editor, '01234567');
    paste(editor, 'abcde');
    expect(editor.getText()).toBe('01234567');
    await Promise.resolve();
    expect(reasons).toEqual(['paste']);
    paste(editor, 'ab');
    expect(editor.getText()).toBe('01234567ab');
  });

  it('never blocks remote changes or undo, even past the maximum', () => {
    ({ editor, doc } = createTestEditor(charCounter, withMax(5)));
    editor.commands.focus('end');
    type(editor, 'abc');
    // Separate undo steps (the undo manager groups changes within 500 ms).
    const stopCapturing = (): void => yUndoPluginKey.getState(editor.state)?.undoManager.stopCapturing();
    stopCapturing();
    remoteAppend(doc, 'defghij');
    expect(editor.getText()).toBe('abcdefghij');
    type(editor, 'k');
    expect(editor.getText()).toBe('abcdefghij');
    editor.commands.deleteRange({ from: 1, to: 4 });
    expect(editor.getText()).toBe('defghij');
    stopCapturing();
    editor.commands.undo();
    expect(editor.getText()).toBe('abcdefghij');
    editor.commands.redo();
    expect(editor.getText()).toBe('defghij');
  });

  it('has no limit by default', () => {
    ({ editor } = createTestEditor(charCounter));
    editor.commands.focus('end');
    type(editor, 'x'.repeat(5000));
    expect(textStats(editor.state.doc).chars).toBe(5000);
  });
});
