import { describe, expect, it } from 'vitest';
import { UploadLimits } from '@shared/limits';
import {
  contentDisposition,
  downloadName,
  extensionOf,
  normalizeTags,
  sanitizeFileName,
  sanitizeUploader,
  storedNameFor,
  thumbNameFor,
} from './names';

describe('sanitizeFileName', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\fakepath\\report.pdf', 'report.pdf'],
    ['a\u0000b\u001bc\u007f.txt', 'abc.txt'],
    ['invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['zero\u200bwidth\ufeff.md', 'zerowidth.md'],
    ['..hidden', 'hidden'],
    ['Cafe\u0301.png', 'Caf\u00e9.png'],
    ['  lots   of\tspace .csv ', 'lots of space .csv'],
    ['', 'file'],
    ['..', 'file'],
    ['/', 'file'],
    [undefined, 'file'],
    ['bad\ud800surrogate.txt', 'badsurrogate.txt'],
  ])('%j → %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('cuts long names to the cap and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(400)}.docx`);
    expect(name.length).toBe(UploadLimits.maxNameChars);
    expect(name.endsWith('x.docx')).toBe(true);
    const emoji = sanitizeFileName('😀'.repeat(300));
    expect(Array.from(emoji).length).toBeLessThanOrEqual(UploadLimits.maxNameChars);
    expect(emoji).not.toMatch(/[\ud800-\udbff]$/);
  });
});

describe('other fields', () => {
  it('extension, uploader and tags', () => {
    expect(extensionOf('a.B.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(sanitizeUploader(' Ann\n\u202eLee ')).toBe('Ann Lee');
    expect(sanitizeUploader('y'.repeat(100))).toHaveLength(64);
    expect(sanitizeUploader(undefined)).toBe('');
    expect(normalizeTags(' a , b,, a ,c ')).toBe('a,b,c');
    expect(normalizeTags(undefined)).toBe('');
    expect(normalizeTags('t,'.repeat(300)).length).toBeLessThanOrEqual(UploadLimits.maxTagChars);
  });

  it('generated names come from the hash only', () => {
    const hash = 'ab'.repeat(32);
    expect(storedNameFor(hash, 'png')).toBe(`${'ab'.repeat(16)}.png`);
    expect(thumbNameFor(hash)).toBe(`${'ab'.repeat(16)}.thumb.webp`);
  });

  it('content disposition has an ASCII fallback and an RFC 5987 name', () => {
    expect(contentDisposition('attachment', 'Grüße "x".pdf')).toBe(
      `attachment; filename="Gr__e _x_.pdf"; filename*=UTF-8''Gr%C3%BC%C3%9Fe%20%22x%22.pdf`,
    );
    expect(contentDisposition('inline', "it's (1).png")).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});

describe('downloadName', () => {
  it.each([
    ['report.txt', 'pdf', 'report.pdf'],
    ['report', 'pdf', 'report.pdf'],
    ['report.PDF', 'pdf', 'report.PDF'],
    ['photo.jpeg', 'jpg', 'photo.jpeg'],
    ['photo.png', 'jpg', 'photo.jpg'],
    ['invoice.pdf.exe', 'zip', 'invoice.pdf.zip'],
    ['page.html', 'txt', 'page.txt'],
    ['notes.md', 'txt', 'notes.md'],
    ['data.csv', 'txt', 'data.csv'],
    ['notes.2024', 'pdf', 'notes.2024.pdf'],
    ['archive.tar.gz', 'zip', 'archive.tar.zip'],
    ['Grüße', 'docx', 'Grüße.docx'],
  ])('%j stored as .%s → %j', (name, ext, expected) => {
    expect(downloadName(name, ext)).toBe(expected);
  });

  it('stays within the name cap', () => {
    const long = downloadName('y'.repeat(UploadLimits.maxNameChars), 'pdf');
    expect(long.length).toBe(UploadLimits.maxNameChars);
    expect(long.endsWith('y.pdf')).toBe(true);
  });
});
