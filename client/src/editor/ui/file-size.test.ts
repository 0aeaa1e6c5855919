import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('file size format', () => {
  it('is human-readable in English', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(512, 'en')).toBe('512 B');
    expect(formatFileSize(1536, 'en')).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatFileSize(1234567, 'en')).toBe('1.2 MB');
    expect(formatFileSize(150 * 1024, 'en')).toBe('150 KB');
  });

  it('uses the German decimal comma', () => {
    expect(formatFileSize(1536, 'de')).toBe('1,5 KB');
    expect(formatFileSize(1234567, 'de')).toBe('1,2 MB');
    expect(formatFileSize(512, 'de')).toBe('512 B');
  });
});
