import { describe, expect, it } from 'vitest';
import { ImportLimits } from '@shared/limits';
import {
  checkImportFile,
  extensionOf,
  importFailureOf,
  importAccept,
  importFormatOf,
  titleFromFileName,
} from './import-file';

const file = (name: string, size = 10, type = '') => ({ name, size, type });

describe('import file checks', () => {
  it('reads the format from the name ending, whatever type the browser reports', () => {
    expect(importFormatOf(file('a.html'))).toBe('html');
    expect(importFormatOf(file('a.HTM'))).toBe('html');
    expect(importFormatOf(file('notes.md', 10, 'application/octet-stream'))).toBe('markdown');
    expect(importFormatOf(file('notes.markdown'))).toBe('markdown');
    expect(importFormatOf(file('Report.final.DOCX'))).toBe('docx');
  });

  it('uses the MIME type only for a name without an ending', () => {
    expect(importFormatOf(file('clipboard', 10, 'text/html; charset=utf-8'))).toBe('html');
    expect(importFormatOf(file('x', 10, 'text/markdown'))).toBe('markdown');
    expect(importFormatOf(file('x', 10, 'application/pdf'))).toBeNull();
    // A known wrong ending is not rescued by a type.
    expect(importFormatOf(file('photo.png', 10, 'text/html'))).toBeNull();
    expect(importFormatOf(file('.html'))).toBeNull();
  });

  it('refuses a wrong type, a too large file and an empty one with typed codes', () => {
    const code = (f: ReturnType<typeof file>): string => {
      try {
        checkImportFile(f);
        return 'ok';
      } catch (error) {
        return importFailureOf(error)?.import ?? 'other';
      }
    };
    expect(code(file('a.pdf'))).toBe('unsupportedType');
    expect(code(file('a.txt'))).toBe('unsupportedType');
    expect(code(file('a.docx', ImportLimits.maxFileBytes + 1))).toBe('tooLarge');
    expect(code(file('a.docx', ImportLimits.maxFileBytes))).toBe('ok');
    expect(code(file('a.md', 0))).toBe('empty');
  });

  it('offers exactly the accepted endings and types to the picker', () => {
    expect(importAccept.split(',')).toEqual([
      '.html',
      '.htm',
      '.md',
      '.markdown',
      '.docx',
      'text/html',
      'text/markdown',
      'text/x-markdown',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ]);
    expect(ImportLimits.maxFileBytes).toBe(10 * 1024 * 1024);
  });

  it('makes a title of the file name', () => {
    expect(titleFromFileName('Quarterly report.docx')).toBe('Quarterly report');
    expect(titleFromFileName('notes')).toBe('notes');
    expect(extensionOf('.bashrc')).toBe('');
  });
});
