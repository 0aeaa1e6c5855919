import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { imageFormatOf, processImage } from './image';

const make = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif') =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .toFormat(format)
    .toBuffer();

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('processImage', () => {
  it('re-encodes in the same format and renders a WebP thumbnail', async () => {
    const out = await processImage(await make(800, 600, 'jpeg'), 'jpeg');
    expect((await sharp(out.data).metadata()).format).toBe('jpeg');
    expect([out.width, out.height]).toEqual([800, 600]);
    const thumb = await sharp(out.thumb).metadata();
    expect(thumb.format).toBe('webp');
    expect(thumb.width).toBe(ImageLimits.thumbWidthPx);
  });

  it('never enlarges a small image for its thumbnail', async () => {
    const out = await processImage(await make(50, 20, 'png'), 'png');
    expect((await sharp(out.thumb).metadata()).width).toBe(50);
  });

  it('refuses a format the decoder disagrees with', async () => {
    expect(await codeOf(processImage(await make(10, 10, 'png'), 'gif'))).toBe('IMAGE_INVALID_TYPE');
  });

  it('refuses too many pixels and too long sides before decoding', async () => {
    const wide = await sharp({
      create: { width: ImageLimits.maxSidePx + 1, height: 1, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    expect(await codeOf(processImage(wide, 'png'))).toBe('IMAGE_TOO_MANY_PIXELS');
  });

  it('reports undecodable data with the kind’s corrupted code', async () => {
    const png = await make(100, 100, 'png');
    const cut = png.subarray(0, png.length - 20);
    expect(await codeOf(processImage(Buffer.from('garbage'), 'png'))).toBe('IMAGE_CORRUPTED');
    expect(await codeOf(processImage(cut, 'png', 'FILES_MANAGER_CORRUPTED'))).toBe('FILES_MANAGER_CORRUPTED');
  });

  it('maps allowlist names to sharp formats', () => {
    expect(imageFormatOf('jpg')).toBe('jpeg');
    expect(imageFormatOf('svg')).toBeUndefined();
  });
});
