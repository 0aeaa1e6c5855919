import { describe, expect, it } from 'vitest';
import { CloseCode } from './collab/close-codes';
import { ColorLimits, ImageLimits, ImageManagerLimits, UploadLimits } from './limits';

describe('shared limits', () => {
  it('matches the product defaults', () => {
    expect(ColorLimits).toMatchObject({ presetCount: 27, presetsPerRow: 7, hexInputMaxChars: 9 });
    expect(UploadLimits.maxImageBytes).toBe(10_485_760);
    expect(ImageLimits.defaultWidthPx).toBe(300);
    expect(ImageManagerLimits.pageSize).toBe(12);
  });

  it('keeps close codes unique and in the application range', () => {
    const codes = Object.values(CloseCode).map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code >= 4000 && code <= 4999).toBe(true);
  });
});
