import { describe, expect, it } from 'vitest';
import { UploadLimits } from '@shared/limits';
import { defaultCapabilityContext } from '../../editor/core/capability-context';
import { ApiError } from '../../lib/api-client';
import { parseUploadAnswer, precheckUpload } from './upload-api';

const caps = defaultCapabilityContext.uploads;
const sized = (bytes: number, name: string, type: string): File => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('precheckUpload', () => {
  it('accepts exactly the cap and refuses one byte more, per kind', () => {
    expect(precheckUpload('image', sized(UploadLimits.maxImageBytes, 'a.png', 'image/png'), caps)).toBeNull();
    expect(precheckUpload('image', sized(UploadLimits.maxImageBytes + 1, 'a.png', 'image/png'), caps)).toBe(
      'IMAGE_TOO_LARGE',
    );
    expect(precheckUpload('file', sized(UploadLimits.maxFileBytes + 1, 'a.pdf', 'application/pdf'), caps)).toBe(
      'FILE_TOO_LARGE',
    );
    expect(precheckUpload('video', sized(UploadLimits.maxVideoBytes + 1, 'a.mp4', 'video/mp4'), caps)).toBe(
      'VIDEO_TOO_LARGE',
    );
  });

  it('uses the deployment caps from the context', () => {
    const small = { ...caps, maxImageBytes: 10 };
    expect(precheckUpload('image', sized(11, 'a.png', 'image/png'), small)).toBe('IMAGE_TOO_LARGE');
  });

  it('refuses image types outside the allowed list (SVG, BMP) by MIME subtype or extension', () => {
    expect(precheckUpload('image', sized(10, 'a.svg', 'image/svg+xml'), caps)).toBe('IMAGE_INVALID_TYPE');
    expect(precheckUpload('image', sized(10, 'a.bmp', 'image/bmp'), caps)).toBe('IMAGE_INVALID_TYPE');
    expect(precheckUpload('image', sized(10, 'a.bmp', ''), caps)).toBe('IMAGE_INVALID_TYPE');
    for (const t of ['jpeg', 'png', 'gif', 'webp']) {
      expect(precheckUpload('image', sized(10, `a.${t}`, `image/${t}`), caps)).toBeNull();
    }
    expect(precheckUpload('video', sized(10, 'a.mov', 'video/quicktime'), caps)).toBe('VIDEO_INVALID_TYPE');
    expect(precheckUpload('video', sized(10, 'a.webm', 'video/webm'), caps)).toBeNull();
  });

  it('leaves file types to the server (it checks the bytes)', () => {
    expect(precheckUpload('file', sized(10, 'a.exe', 'application/x-msdownload'), caps)).toBeNull();
  });
});

describe('parseUploadAnswer', () => {
  const codeOf = (fn: () => unknown): string => {
    try {
      fn();
    } catch (error) {
      return error instanceof ApiError ? error.code : 'other';
    }
    return 'none';
  };

  it('returns the answer with its link', () => {
    const body = {
      link: 'http://x/uploads/a.png',
      'data-id': 'a',
      'data-name': 'a.png',
      'data-size': 1,
      'data-type': 'png',
    };
    expect(parseUploadAnswer('image', 201, JSON.stringify(body)).link).toBe(body.link);
  });

  it('maps a refusal to its typed code, anything unknown to the kind’s "upload failed"', () => {
    expect(codeOf(() => parseUploadAnswer('image', 415, '{"code":"IMAGE_INVALID_TYPE","message":"x"}'))).toBe(
      'IMAGE_INVALID_TYPE',
    );
    expect(codeOf(() => parseUploadAnswer('file', 500, 'oops'))).toBe('FILE_UPLOAD_FAILED');
    expect(codeOf(() => parseUploadAnswer('video', 502, '{"code":"NOPE"}'))).toBe('VIDEO_UPLOAD_FAILED');
  });

  it('reports a non-JSON success as a bad response and a missing link as "no link"', () => {
    expect(codeOf(() => parseUploadAnswer('image', 200, '<html>'))).toBe('IMAGE_BAD_RESPONSE');
    expect(codeOf(() => parseUploadAnswer('image', 200, '{"error":"x"}'))).toBe('IMAGE_NO_LINK');
    expect(codeOf(() => parseUploadAnswer('file', 201, '{"link":""}'))).toBe('FILE_NO_LINK');
  });
});
