import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { downloadServerExport, fileNameFromDisposition, type DownloadProgress } from './export-download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name of RFC 5987 over the ASCII fallback', () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Caf_ _ Notes.pdf"; filename*=UTF-8''Caf%C3%A9%20%26%20Notes.pdf`),
    ).toBe('Café & Notes.pdf');
  });

  it('reads a plain quoted or bare name', () => {
    expect(fileNameFromDisposition('attachment; filename="report \\"x\\".md"')).toBe('report _x_.md');
    expect(fileNameFromDisposition('attachment; filename=plain.txt')).toBe('plain.txt');
  });

  it('never gives a path or nothing', () => {
    expect(fileNameFromDisposition(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`)).toBe('_.._etc_passwd');
    expect(fileNameFromDisposition('attachment; filename="C:\\\\x\\\\y.pdf"')).toBe('C__x_y.pdf');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
    // A broken percent-encoding falls back to the ASCII name.
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('a.pdf');
  });
});

describe('downloadServerExport', () => {
  afterEach(() => vi.unstubAllGlobals());

  const stream = (chunks: Uint8Array[]): ReadableStream<Uint8Array> =>
    new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });

  it('reports waiting, then the share of Content-Length received, and saves under the server’s name', async () => {
    const requests: Array<{ url: string; auth: string | null }> = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      requests.push({ url, auth: new Headers(init.headers).get('authorization') });
      return Promise.resolve(
        new Response(stream([new Uint8Array(3), new Uint8Array(5)]), {
          headers: {
            'content-length': '8',
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="R_.pdf"; filename*=UTF-8''R%C3%A9.pdf`,
          },
        }),
      );
    });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const progress: DownloadProgress[] = [];
    const name = await downloadServerExport({
      docId: 'doc1',
      token: 'tok',
      format: 'pdf',
      page: 'letter',
      fallbackName: 'fallback.pdf',
      signal: new AbortController().signal,
      onProgress: (p) => progress.push({ ...p }),
    });
    expect(requests).toEqual([{ url: '/api/documents/doc1/export?format=pdf&page=letter', auth: 'Bearer tok' }]);
    expect(progress).toEqual([
      { received: 0, total: null, started: false },
      { received: 0, total: 8, started: true },
      { received: 3, total: 8, started: true },
      { received: 8, total: 8, started: true },
    ]);
    expect(name).toBe('Ré.pdf');
    expect(saved).toEqual(['Ré.pdf']);
    click.mockRestore();
  });

  it('asks for suggestions as marked when chosen (accepted, the default, stays out of the address)', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify({ code: 'EXPORT_BUSY', message: 'x' }), { status: 503 }));
    });
    const base = {
      docId: 'd',
      token: 't',
      format: 'docx' as const,
      fallbackName: 'f.docx',
      signal: new AbortController().signal,
      onProgress: () => undefined,
    };
    await expect(downloadServerExport({ ...base, suggestions: 'marked' })).rejects.toBeInstanceOf(ApiError);
    await expect(downloadServerExport(base)).rejects.toBeInstanceOf(ApiError);
    expect(urls).toEqual([
      '/api/documents/d/export?format=docx&suggestions=marked',
      '/api/documents/d/export?format=docx',
    ]);
  });

  it('turns a refusal into the server’s typed code', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ code: 'EXPORT_BUSY', message: 'x' }), { status: 503 })),
    );
    const failure = downloadServerExport({
      docId: 'd',
      token: 't',
      format: 'docx',
      fallbackName: 'f.docx',
      signal: new AbortController().signal,
      onProgress: () => undefined,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'EXPORT_BUSY', status: 503 });
  });
});
