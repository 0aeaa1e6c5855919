import { describe, expect, it } from 'vitest';
import { Errors, ErrorCodes } from '@shared/errors';
import { filesManagerErrorCode, insertKindOf, nodeForFile, previewKindOf, readFileItems } from './files-manager.data';

describe('files manager error codes', () => {
  it('maps the baseline numbers 1–9 to their codes', () => {
    const expected = [
      'FILE_BAD_LINK',
      'FILE_NO_LINK',
      'FILE_UPLOAD_FAILED',
      'FILE_BAD_RESPONSE',
      'FILE_TOO_LARGE',
      'FILE_INVALID_TYPE',
      'FILE_UNSUPPORTED_BROWSER',
      'FILES_MANAGER_CORRUPTED',
      'FILES_MANAGER_LOAD_FAILED',
    ];
    expect(expected.map((_, i) => filesManagerErrorCode(i + 1))).toEqual(expected);
    expect(filesManagerErrorCode(0)).toBeNull();
    expect(filesManagerErrorCode(10)).toBeNull();
    const own = ErrorCodes.filter((c) => {
      const spec = Errors[c];
      return 'baseline' in spec && spec.baseline.group === 'filesManager';
    });
    for (const code of own) expect(expected).toContain(code);
  });
});

describe('files manager insertion', () => {
  const item = (type: string) => ({ id: 'u1', url: 'https://h/uploads/x', name: 'x', size: 10, type });

  it('inserts images as images, video and audio as video, the rest as file links', () => {
    expect(insertKindOf('image/png')).toBe('image');
    expect(insertKindOf('image/svg+xml')).toBe('file');
    expect(insertKindOf('video/mp4')).toBe('video');
    expect(insertKindOf('audio/mpeg')).toBe('video');
    expect(insertKindOf('application/pdf')).toBe('file');
    expect(nodeForFile(item('image/jpeg'))).toMatchObject({
      type: 'image',
      attrs: {
        src: 'https://h/uploads/x',
        alt: 'x',
        width: '300px',
        align: 'center',
        display: 'block',
        uploadId: 'u1',
      },
    });
    expect(nodeForFile(item('audio/ogg'))).toMatchObject({ type: 'video', attrs: { kind: 'file', uploadId: 'u1' } });
    expect(nodeForFile(item('application/pdf'))).toEqual({
      type: 'file',
      attrs: { href: 'https://h/uploads/x', name: 'x', size: 10, mime: 'application/pdf', uploadId: 'u1' },
    });
  });

  it('previews images and PDFs only', () => {
    expect(previewKindOf('image/webp')).toBe('image');
    expect(previewKindOf('application/pdf')).toBe('pdf');
    expect(previewKindOf('text/plain')).toBe('none');
  });

  it('keeps only well-formed list items', () => {
    expect(readFileItems({})).toBeNull();
    const good = { id: 'a', url: 'u', kind: 'file', name: 'n', size: 1, type: 't', time: 1, uploader: 'Ada' };
    expect(readFileItems([good, { id: 'b' }, null])).toEqual([good]);
  });
});
