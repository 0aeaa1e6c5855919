// @vitest-environment jsdom
// (jsdom: parsing and node views never try to load the iframes, unlike happy-dom, which logs an error per frame)
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Editor } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { createTestEditor, htmlOf } from '../../testing/test-editor';
import { insertVideoByEmbed, insertVideoByUrl, resizeVideo, selectedVideo } from './video-commands';
import { typedLength } from '@shared/document/html/video-html';
import { video } from './index';

const YT = 'dQw4w9WgXcQ';
const SRC = `https://www.youtube-nocookie.com/embed/${YT}`;
const IFRAME_TAIL =
  'sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" allow="fullscreen; picture-in-picture" allowfullscreen="" referrerpolicy="strict-origin-when-cross-origin"></iframe>';
const embedHtml = (width = '600', classes = 'fr-dvb fr-fvc') =>
  `<span class="fr-video ${classes}" contenteditable="false"><iframe src="${SRC}" width="${width}" ${IFRAME_TAIL}</span>`;

function videos(editor: Editor): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  editor.state.doc.descendants((node) => {
    if (node.type.name === 'video') found.push({ ...node.attrs });
  });
  return found;
}

function selectFirstVideo(editor: Editor): void {
  let pos = -1;
  editor.state.doc.descendants((node, p) => {
    if (pos < 0 && node.type.name === 'video') pos = p;
  });
  editor.view.dispatch(editor.state.tr.setSelection(NodeSelection.create(editor.state.doc, pos)));
}

describe('video capability', () => {
  let editor: Editor | undefined;
  afterEach(() => editor?.destroy());

  it('offers "Insert Video" in the insert group and a quick-insert "Video"', () => {
    expect(video.toolbar.map((i) => [i.id, i.labelKey, i.group])).toEqual([['insertVideo', 'video.insert', 'insert']]);
    expect(video.insertItems?.map((i) => i.labelKey)).toEqual(['video.quickInsert']);
    expect(video.i18n).toMatchObject({ insert: 'Insert Video', urlField: 'Paste in a video URL', drop: 'Drop video' });
  });

  it('round-trips its own HTML (iframe and video) as inline atoms', () => {
    ({ editor } = createTestEditor(video));
    const fileHtml =
      '<span class="fr-video fr-dvi fr-fvr" contenteditable="false"><video src="https://h/uploads/a.webm" controls="" preload="metadata" style="width: 50%; height: 200px;" data-id="u_1"></video></span>';
    const html = `<p>a${embedHtml('640', 'fr-dvb fr-fvl')}b${fileHtml}</p>`;
    editor.commands.setContent(html);
    expect(htmlOf(editor)).toBe(html);
    expect(videos(editor)).toEqual([
      {
        src: SRC,
        kind: 'iframe',
        width: '640px',
        height: null,
        align: 'left',
        display: 'block',
        uploadId: null,
        commentThreads: null,
      },
      {
        src: 'https://h/uploads/a.webm',
        kind: 'file',
        width: '50%',
        height: '200px',
        align: 'right',
        display: 'inline',
        uploadId: 'u_1',
        commentThreads: null,
      },
    ]);
  });

  it('reads Froala markup: youtube.com embeds become nocookie, sizes from attributes', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent(
      `<p><span contenteditable="false" draggable="true" class="fr-video fr-dvb fr-draggable"><iframe width="640" height="360" src="https://www.youtube.com/embed/${YT}?&wmode=opaque&rel=0" frameborder="0" allowfullscreen=""></iframe></span></p>`,
    );
    expect(htmlOf(editor)).toBe(
      `<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="${SRC}" width="640" height="360" ${IFRAME_TAIL}</span></p>`,
    );
  });

  it('keeps bare iframes and videos only when their address passes', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent(
      `<p>x<iframe src="https://player.vimeo.com/video/1"></iframe><video src="https://cdn.example/a.mp4" autoplay></video>` +
        '<iframe src="https://evil.example/x"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>' +
        `<iframe src="https://www.youtube.com/embed/${YT}" srcdoc="x"></iframe>` +
        '<iframe src="javascript:alert(1)"></iframe><video src="javascript:alert(1)"></video>' +
        '<span class="fr-video"><iframe src="https://www.youtube.com.evil.example/embed/x"></iframe></span>' +
        '<video><source src="https://cdn.example/b.webm"></video>y</p>',
    );
    expect(videos(editor).map((v) => [v.kind, v.src])).toEqual([
      ['iframe', 'https://player.vimeo.com/video/1?dnt=1'],
      ['file', 'https://cdn.example/a.mp4'],
      ['file', 'https://cdn.example/b.webm'],
    ]);
    const html = htmlOf(editor);
    expect(html).not.toMatch(/autoplay|srcdoc|evil|javascript/);
  });

  it('never renders a refused address that arrives without parsing (JSON, Yjs)', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent({
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [
            { type: 'video', attrs: { src: 'javascript:alert(1)', kind: 'file' } },
            {
              type: 'video',
              attrs: { src: 'https://evil.example/embed', kind: 'iframe', width: '1px;position:fixed' },
            },
          ],
        },
      ],
    });
    expect(htmlOf(editor)).toBe(
      '<p><span class="fr-video fr-dvb fr-fvc" contenteditable="false"></span><span class="fr-video fr-dvb fr-fvc" contenteditable="false"></span></p>',
    );
  });

  it('inserts by URL with the defaults and selects the video; unknown sites are refused', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent('<p>ab</p>');
    editor.commands.setTextSelection(2);
    expect(insertVideoByUrl(editor, 'https://example.com/page')).toBe('VIDEO_URL_UNSUPPORTED');
    expect(htmlOf(editor)).toBe('<p>ab</p>');
    expect(insertVideoByUrl(editor, `youtu.be/${YT}?t=5`)).toBeNull();
    expect(htmlOf(editor)).toBe(
      `<p>a<span class="fr-video fr-dvb fr-fvc" contenteditable="false"><iframe src="${SRC}?start=5" width="600" ${IFRAME_TAIL}</span>b</p>`,
    );
    expect(selectedVideo(editor)?.attrs.src).toBe(`${SRC}?start=5`);
  });

  it('inserts embed code, replaces a selected video keeping its placement, and refuses evil code', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent('<p>x</p>');
    editor.commands.setTextSelection(2);
    expect(insertVideoByEmbed(editor, '<iframe srcdoc="<b>x</b>"></iframe>')).toBe('VIDEO_EMBED_REJECTED');
    expect(
      insertVideoByEmbed(
        editor,
        `<iframe width="560" height="315" src="https://www.youtube.com/embed/${YT}"></iframe>`,
      ),
    ).toBeNull();
    expect(videos(editor)[0]).toMatchObject({ src: SRC, width: '560px', height: '315px' });
    editor.commands.updateVideo({ align: 'right', display: 'inline' });
    expect(insertVideoByUrl(editor, 'https://vimeo.com/42')).toBeNull();
    expect(videos(editor)).toEqual([
      {
        src: 'https://player.vimeo.com/video/42?dnt=1',
        kind: 'iframe',
        width: '560px',
        height: '315px',
        align: 'right',
        display: 'inline',
        uploadId: null,
        commentThreads: null,
      },
    ]);
  });

  it('aligns, changes display and size in one transaction each, and removes', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent(`<p>a${embedHtml()}b</p>`);
    selectFirstVideo(editor);
    let changes = 0;
    editor.on('transaction', ({ transaction }) => {
      if (transaction.docChanged) changes++;
    });
    editor.commands.updateVideo({ align: 'left' });
    expect(htmlOf(editor)).toContain('class="fr-video fr-dvb fr-fvl"');
    editor.commands.updateVideo({ display: 'inline' });
    expect(htmlOf(editor)).toContain('class="fr-video fr-dvi fr-fvl"');
    resizeVideo(editor, '320', '50%');
    expect(videos(editor)[0]).toMatchObject({ width: '320px', height: '50%' });
    resizeVideo(editor, 'wide', '180px');
    expect(videos(editor)[0]).toMatchObject({ width: null, height: '180px' });
    expect(changes).toBe(4);
    expect(selectedVideo(editor)).not.toBeNull();
    expect(editor.commands.removeVideo()).toBe(true);
    expect(htmlOf(editor)).toBe('<p>ab</p>');
    expect(editor.commands.removeVideo()).toBe(false);
  });

  it('Backspace and Delete remove a selected video', () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent(`<p>a${embedHtml()}b</p>`);
    selectFirstVideo(editor);
    editor.commands.keyboardShortcut('Backspace');
    expect(htmlOf(editor)).toBe('<p>ab</p>');
    editor.commands.setContent(`<p>a${embedHtml()}b</p>`);
    selectFirstVideo(editor);
    editor.commands.keyboardShortcut('Delete');
    expect(htmlOf(editor)).toBe('<p>ab</p>');
  });

  it('the node view is a sandboxed, lazy iframe with a click shield, never autoplaying', async () => {
    ({ editor } = createTestEditor(video));
    editor.commands.setContent(`<p>${embedHtml()}</p>`);
    // The authors' view arrives as its own chunk once the first video is drawn.
    const dom = editor.view.dom;
    await vi.waitFor(() => expect(dom.querySelector('.tandem-video')).not.toBeNull());
    const root = dom.querySelector('.tandem-video');
    const frame = root?.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe(SRC);
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation allow-popups');
    expect(frame?.getAttribute('allow')).toBe('fullscreen; picture-in-picture');
    expect(frame?.getAttribute('loading')).toBe('lazy');
    expect(frame?.hasAttribute('srcdoc')).toBe(false);
    expect(frame?.src).not.toContain('autoplay');
    expect(root?.querySelector('.tandem-video-shield')?.hasAttribute('hidden')).toBe(false);
    expect((root as HTMLElement | null)?.style.width).toBe('600px');
    expect(root?.querySelectorAll('.tandem-video-handle')).toHaveLength(4);
  });
});

describe('typed sizes', () => {
  it.each([
    ['300', '300px'],
    ['300px', '300px'],
    ['50%', '50%'],
    [' 40 ', '40px'],
    ['300pxpx', '300px'],
    ['', null],
    ['abc', null],
    ['1.5px', null],
    ['-3px', null],
    ['0', null],
    ['300em', null],
    ['300px; position: fixed', null],
  ])('%j → %j', (typed, stored) => {
    expect(typedLength(typed)).toBe(stored);
  });
});
