import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Editor, type JSONContent } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { Awareness } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { UploadResponse } from '@shared/api/media';
import { UploadLimits } from '@shared/limits';
import { extensionsOf, type CapabilityContext } from '../../editor/core/capability';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { coreExtensions } from '../../editor/core/create-editor';
import { exportHtml } from '../html-export/write-html';
import { image } from '../image';
import { ApiError } from '../../lib/api-client';
import { startJob, type Sender } from './upload-manager';
import { imageNodeFromUpload } from './upload-nodes';
import { dataUrlToFile, parkPastedImages, uploadFiles } from './upload-routing';
import { loadUploadRouting } from './upload-router';
import { uploadSessionOf, type Parked } from './upload-registry';
import { uploads } from './index';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const ORIGIN = window.location.origin;

const context: CapabilityContext = {
  ...defaultCapabilityContext,
  session: {
    docId: 'doc1',
    token: 'tok',
    authorName: () => 'Ann',
    author: () => ({ name: 'Ann', color: '#2f9e44' }),
    onMessage: () => () => undefined,
    canComment: true,
    onSynced: () => () => undefined,
  },
};

function answer(id: string, name = `${id}.png`): UploadResponse {
  return {
    link: `${ORIGIN}/uploads/${id}.png`,
    'data-id': id,
    'data-name': name,
    'data-size': 68,
    'data-type': 'png',
  };
}

/** A sender the test resolves by hand, recording progress callbacks and the abort signal. */
function deferredSender(): {
  send: Sender;
  calls: number;
  resolve: (r: UploadResponse) => void;
  reject: (e: unknown) => void;
  progress: (f: number) => void;
  signal: () => AbortSignal | null;
} {
  let resolve: (r: UploadResponse) => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  let onProgress: (f: number) => void = () => undefined;
  let signal: AbortSignal | null = null;
  const handle = {
    calls: 0,
    send: ((p, s) => {
      handle.calls++;
      onProgress = p;
      signal = s;
      return new Promise<UploadResponse>((res, rej) => {
        resolve = res;
        reject = rej;
      });
    }) as Sender,
    resolve: (r: UploadResponse) => resolve(r),
    reject: (e: unknown) => reject(e),
    progress: (f: number) => onProgress(f),
    signal: () => signal,
  };
  return handle;
}

function makeEditor(withAwareness = false): { editor: Editor; doc: Y.Doc; awareness: Awareness | null } {
  const doc = new Y.Doc();
  const awareness = withAwareness ? new Awareness(doc) : null;
  const editor = new Editor({
    extensions: [
      ...coreExtensions(doc),
      ...(awareness
        ? [CollaborationCaret.configure({ provider: { awareness }, user: { name: 'Ann', color: '#000' } })]
        : []),
      ...extensionsOf(uploads, context),
      ...extensionsOf(image, context),
    ],
  });
  editor.commands.setContent('<p>ab</p>');
  return { editor, doc, awareness };
}

const nodesOf = (editor: Editor, type: string): Record<string, unknown>[] => {
  const found: Record<string, unknown>[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === type) found.push(node.attrs);
  });
  return found;
};

/** The guarantee of PRODUCT §7: nothing `blob:` or `data:` is ever stored in the document. */
function expectNoLocalUrls(editor: Editor, doc: Y.Doc): void {
  const json = JSON.stringify(editor.getJSON());
  expect(json).not.toMatch(/blob:|data:/i);
  expect(doc.getXmlFragment('default').toString()).not.toMatch(/blob:|data:/i);
}

const flush = async (): Promise<void> => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('uploads', () => {
  let editor: Editor;
  let doc: Y.Doc;
  afterEach(() => {
    editor.destroy();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('placeholders have no parse rule and are never exported', () => {
    ({ editor, doc } = makeEditor());
    editor.commands.setContent(
      '<p>a<span data-upload-placeholder hidden></span><span class="upload-placeholder" data-upload-key="k">x</span>b</p>',
    );
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    const job = deferredSender();
    startJob(editor, { kind: 'image', name: 'secret-name.png', send: job.send, toNode: imageNodeFromUpload, pos: 2 });
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(1);
    expect(editor.getHTML()).not.toContain('secret-name');
    expect(exportHtml(editor, context)).not.toMatch(/secret-name|data-upload-placeholder/);
    job.reject(new ApiError('ABORTED', 0));
  });

  it('shows progress in the shared doc, throttled and outside the undo history, then swaps in the image', async () => {
    ({ editor, doc } = makeEditor());
    const job = deferredSender();
    const progressWrites: boolean[] = [];
    editor.on('transaction', ({ transaction }) => {
      if (transaction.docChanged) progressWrites.push(transaction.getMeta('addToHistory') !== false);
    });
    const started = startJob(editor, {
      kind: 'image',
      name: 'cat.png',
      send: job.send,
      toNode: imageNodeFromUpload,
      pos: 2,
      preview: new Blob([new Uint8Array([1])], { type: 'image/png' }),
    });
    const [placeholder] = nodesOf(editor, 'uploadPlaceholder');
    expect(placeholder).toMatchObject({ kind: 'image', name: 'cat.png', progress: 0, clientId: doc.clientID });
    expectNoLocalUrls(editor, doc);
    // 100 XHR progress events in one burst become at most one write per 10 %.
    for (let i = 1; i <= 100; i++) job.progress(i / 100);
    expect(progressWrites.length).toBeLessThanOrEqual(11);
    expect(progressWrites.every((tracked) => !tracked)).toBe(true);
    expect(nodesOf(editor, 'uploadPlaceholder')[0]?.progress).toBeGreaterThanOrEqual(90);

    job.resolve(answer('cat'));
    expect(await started.done).toBe(true);
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    expect(nodesOf(editor, 'image')[0]).toMatchObject({
      src: `${ORIGIN}/uploads/cat.png`,
      width: '300px',
      align: 'center',
      display: 'block',
      uploadId: 'cat',
    });
    expect(editor.getText()).toBe('ab');
    expectNoLocalUrls(editor, doc);
    // Undo takes the image away and does not bring the placeholder back.
    editor.commands.undo();
    expect(nodesOf(editor, 'image')).toHaveLength(0);
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
  });

  it('removes the placeholder and shows the code’s message on a refusal', async () => {
    ({ editor, doc } = makeEditor());
    const job = deferredSender();
    const started = startJob(editor, { kind: 'image', name: 'x.png', send: job.send, toNode: imageNodeFromUpload });
    job.reject(new ApiError('IMAGE_CORRUPTED', 422));
    expect(await started.done).toBe(false);
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    expect(uploadSessionOf(editor).errors.get().at(-1)?.code).toBe('IMAGE_CORRUPTED');
  });

  it('Escape cancels this client’s newest upload only', async () => {
    ({ editor, doc } = makeEditor());
    const first = deferredSender();
    const second = deferredSender();
    startJob(editor, { kind: 'image', name: 'one.png', send: first.send, toNode: imageNodeFromUpload });
    const newest = startJob(editor, { kind: 'image', name: 'two.png', send: second.send, toNode: imageNodeFromUpload });
    const escape = new KeyboardEvent('keydown', { key: 'Escape' });
    const handled = editor.view.someProp('handleKeyDown', (f) => f(editor.view, escape));
    expect(handled).toBe(true);
    expect(second.signal()?.aborted).toBe(true);
    expect(await newest.done).toBe(false);
    expect(nodesOf(editor, 'uploadPlaceholder').map((a) => a.name)).toEqual(['one.png']);
    expect(uploadSessionOf(editor).queue?.cancelNewest()).toBe(true);
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    // With nothing running, Escape is left to others.
    expect(editor.view.someProp('handleKeyDown', (f) => f(editor.view, escape)) ?? false).toBe(false);
  });

  it('keeps running uploads when plugin views are re-created (a part registering plugins late), cancels them with the editor', async () => {
    ({ editor, doc } = makeEditor());
    const sender = deferredSender();
    startJob(editor, { kind: 'image', name: 'one.png', send: sender.send, toNode: imageNodeFromUpload });
    // Table editing registers its plugins when a table arrives: ProseMirror destroys and re-creates every plugin view.
    editor.registerPlugin(new Plugin({ key: new PluginKey('late') }));
    expect(sender.signal()?.aborted).toBe(false);
    expect(nodesOf(editor, 'uploadPlaceholder').map((a) => a.name)).toEqual(['one.png']);
    editor.destroy();
    expect(sender.signal()?.aborted).toBe(true);
    ({ editor, doc } = makeEditor());
  });

  it('keeps one upload session per editor: its own queue, messages and Escape; destroying it aborts its uploads only', async () => {
    ({ editor, doc } = makeEditor());
    const other = makeEditor().editor;
    const mine = deferredSender();
    const theirs = deferredSender();
    const started = startJob(editor, { kind: 'image', name: 'mine.png', send: mine.send, toNode: imageNodeFromUpload });
    startJob(other, { kind: 'image', name: 'theirs.png', send: theirs.send, toNode: imageNodeFromUpload });
    expect(uploadSessionOf(editor)).not.toBe(uploadSessionOf(other));
    expect(uploadSessionOf(editor).isLocal(started.key)).toBe(true);
    expect(uploadSessionOf(other).isLocal(started.key)).toBe(false);
    theirs.reject(new ApiError('IMAGE_CORRUPTED', 422));
    await flush();
    expect(
      uploadSessionOf(other)
        .errors.get()
        .map((t) => t.code),
    ).toEqual(['IMAGE_CORRUPTED']);
    expect(uploadSessionOf(editor).errors.get()).toEqual([]);
    const second = deferredSender();
    startJob(other, { kind: 'image', name: 'second.png', send: second.send, toNode: imageNodeFromUpload });
    // Escape in the other editor cancels its own upload, never this one's.
    expect(uploadSessionOf(other).queue?.cancelNewest()).toBe(true);
    expect(mine.signal()?.aborted).toBe(false);
    other.destroy();
    expect(mine.signal()?.aborted).toBe(false);
    expect(nodesOf(editor, 'uploadPlaceholder').map((a) => a.name)).toEqual(['mine.png']);
    editor.destroy();
    expect(mine.signal()?.aborted).toBe(true);
    expect(await started.done).toBe(false);
    ({ editor, doc } = makeEditor());
  });

  it('runs at most clientConcurrency uploads at once; the rest wait in the queue', async () => {
    ({ editor, doc } = makeEditor());
    const senders = Array.from({ length: UploadLimits.clientConcurrency + 1 }, () => deferredSender());
    const started = senders.map((s, i) =>
      startJob(editor, { kind: 'image', name: `${String(i)}.png`, send: s.send, toNode: imageNodeFromUpload }),
    );
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(senders.length);
    expect(senders.map((s) => s.calls)).toEqual([...senders.slice(1).map(() => 1), 0]);
    senders[0]?.resolve(answer('q0'));
    await started[0]?.done;
    await flush();
    expect(senders.at(-1)?.calls).toBe(1);
    for (const [i, s] of senders.entries()) s.resolve(answer(`q${String(i)}`));
    await Promise.all(started.map((s) => s.done));
    expect(nodesOf(editor, 'image')).toHaveLength(senders.length);
  });

  it('routes files by type and refuses too large ones without inserting anything', () => {
    ({ editor, doc } = makeEditor());
    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: UploadLimits.maxImageBytes + 1 });
    expect(uploadFiles(editor, context, [big])).toBe(1);
    expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    expect(uploadSessionOf(editor).errors.get().at(-1)?.code).toBe('IMAGE_TOO_LARGE');
  });

  describe('paste', () => {
    beforeEach(() => {
      // The server side of this flow is covered by the e2e spec; here only the client's bookkeeping.
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify(answer('remote')), { status: 201 })),
      );
      class FakeXhr {
        status = 0;
        responseText = '';
        upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        onabort: (() => void) | null = null;
        open(): void {}
        setRequestHeader(): void {}
        abort(): void {
          this.onabort?.();
        }
        send(body: FormData): void {
          const file = body.get('file');
          queueMicrotask(() => {
            this.status = 201;
            this.responseText = JSON.stringify(answer('pasted', file instanceof File ? file.name : '?'));
            this.onload?.();
          });
        }
      }
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
    });

    it('decodes data: images into files', () => {
      const file = dataUrlToFile(`data:image/png;base64,${PNG_1PX}`);
      expect(file?.type).toBe('image/png');
      expect(file?.size).toBe(atob(PNG_1PX).length);
      expect(dataUrlToFile('data:text/html,<script>')).toBeNull();
    });

    it('parks data: and remote pictures, drops blob: and other schemes, keeps our own uploads', () => {
      const parked = new Map<string, Parked>();
      const html = parkPastedImages(
        `<p><img src="data:image/png;base64,${PNG_1PX}"><img src="blob:${ORIGIN}/x">` +
          `<img src="https://pics.example/cat.png"><img src="/uploads/own.png"><img src="javascript:x"></p>`,
        parked,
      );
      expect(html).not.toMatch(/blob:|data:|javascript:|pics\.example/);
      expect(html.match(/tandem-pending\.invalid/g)).toHaveLength(2);
      expect(html).toContain('/uploads/own.png');
      expect(parked.size).toBe(2);
    });

    it('uploads pasted data: images and has remote ones fetched by the server; nothing local is stored', async () => {
      ({ editor, doc } = makeEditor());
      await loadUploadRouting();
      editor.commands.setTextSelection(2);
      editor.view.pasteHTML(
        `<p>x<img src="data:image/png;base64,${PNG_1PX}">y<img src="blob:${ORIGIN}/abc">` +
          `<img src="https://pics.example/cat.png" alt="Cat">z</p>`,
      );
      expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(2);
      expectNoLocalUrls(editor, doc);
      await vi.waitFor(() => expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0));
      const images = nodesOf(editor, 'image');
      expect(images.map((a) => a.src)).toEqual([`${ORIGIN}/uploads/pasted.png`, `${ORIGIN}/uploads/remote.png`]);
      expect(images[1]?.alt).toBe('Cat');
      expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe('/api/documents/doc1/images/fetch');
      expectNoLocalUrls(editor, doc);
    });
  });

  describe('orphan placeholders', () => {
    const orphan = (clientId: number): JSONContent => ({
      type: 'paragraph',
      content: [
        { type: 'text', text: 'a' },
        {
          type: 'uploadPlaceholder',
          attrs: { key: `k${String(clientId)}`, kind: 'image', name: 'o.png', progress: 40, clientId, startedAt: 1 },
        },
      ],
    });

    it('removes at once a placeholder of this client that has no upload behind it', () => {
      vi.useFakeTimers();
      ({ editor, doc } = makeEditor(true));
      editor.commands.setContent({ type: 'doc', content: [orphan(doc.clientID)] });
      vi.advanceTimersByTime(2_500);
      expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(0);
    });

    it('removes another client’s placeholder once it has been absent for orphanPlaceholderMs', () => {
      vi.useFakeTimers();
      let awareness: Awareness | null;
      ({ editor, doc, awareness } = makeEditor(true));
      const present = doc.clientID + 1000;
      editor.commands.setContent({ type: 'doc', content: [orphan(present), orphan(doc.clientID + 2000)] });
      // The first uploader is still here (its awareness state is known); the second has left.
      awareness?.states.set(present, { user: { name: 'Bob' } });
      vi.advanceTimersByTime(UploadLimits.orphanPlaceholderMs - 5_000);
      expect(nodesOf(editor, 'uploadPlaceholder')).toHaveLength(2);
      vi.advanceTimersByTime(10_000);
      expect(nodesOf(editor, 'uploadPlaceholder').map((a) => a.clientId)).toEqual([present]);
    });
  });
});
