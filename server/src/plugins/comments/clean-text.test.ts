import { describe, expect, it } from 'vitest';
import { CommentLimits } from '@shared/limits';
import { cleanBody, cleanLine, cleanQuote } from './clean-text';

describe('comment text cleaning', () => {
  it('trims, normalises line endings and drops control characters but tab and newline', () => {
    expect(cleanBody('  a\r\nb\rc\u0000d\u0007\te\u009f  ')).toBe('a\nb\ncd\te');
  });

  it('keeps at most two blank lines in a row', () => {
    expect(cleanBody('a\n\n\nb')).toBe('a\n\n\nb');
    expect(cleanBody('a\n\n\n\n\n\nb')).toBe('a\n\n\nb');
    expect(cleanBody('a\n \n\t\n  \n\nb')).toBe('a\n\n\nb');
  });

  it('refuses what is empty once cleaned or longer than the limit', () => {
    expect(cleanBody(' \n\t\u0000 ')).toBeNull();
    expect(cleanBody('x'.repeat(CommentLimits.maxBodyChars))).toHaveLength(CommentLimits.maxBodyChars);
    expect(cleanBody('x'.repeat(CommentLimits.maxBodyChars + 1))).toBeNull();
    // Counted in characters: an emoji is one.
    expect(cleanBody('😀'.repeat(CommentLimits.maxBodyChars))).not.toBeNull();
  });

  it('makes a name one line; cleans a quote like a body and cuts it without splitting a character', () => {
    expect(cleanLine(' a\nb\tc\u0001 ')).toBe('a b c');
    expect(cleanQuote(' x\r\ny\u0000 ')).toBe('x\ny');
    expect(cleanQuote('')).toBe('');
    const long = `a${'😀'.repeat(CommentLimits.maxQuoteChars)}`;
    const cut = cleanQuote(long);
    expect(Array.from(cut)).toHaveLength(CommentLimits.maxQuoteChars);
    expect(cut.endsWith('😀')).toBe(true);
  });
});
