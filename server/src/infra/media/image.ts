import sharp, { type Metadata, type Sharp } from 'sharp';
import { ImageLimits } from '@shared/limits';
import { AppError } from '../errors/app-error';

export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';

export interface ProcessedImage {
  /** Re-encoded bytes: same format, oriented, metadata stripped, animation kept. */
  data: Buffer;
  /** `ImageLimits.thumbWidthPx` wide WebP (first frame). */
  thumb: Buffer;
  width: number;
  /** Height of one frame. */
  height: number;
}

const FORMAT_OF_TYPE: Record<string, ImageFormat> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

/** The sharp format of an allowlisted image type. */
export function imageFormatOf(type: string): ImageFormat | undefined {
  return FORMAT_OF_TYPE[type];
}

function sharpInput(bytes: Buffer, animated: boolean): Sharp {
  // Explicit pixel cap (sharp's default is 0x3FFF², far above ours); fail on truncated data.
  return sharp(bytes, { limitInputPixels: ImageLimits.maxInputPixels, animated, failOn: 'error' });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

/**
 * Reads the header, refuses pixel floods before any decode, then decodes fully by re-encoding
 * (a decode failure is a corrupted image) and renders the thumbnail.
 * Throws IMAGE_TOO_MANY_PIXELS, IMAGE_INVALID_TYPE or `corruptCode`.
 */
export async function processImage(
  bytes: Buffer,
  format: ImageFormat,
  corruptCode: 'IMAGE_CORRUPTED' | 'FILES_MANAGER_CORRUPTED' = 'IMAGE_CORRUPTED',
): Promise<ProcessedImage> {
  let meta: Metadata;
  try {
    meta = await sharpInput(bytes, false).metadata();
  } catch (error) {
    if (isPixelLimitError(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    throw new AppError(corruptCode);
  }
  // The decoder must agree with the magic number (no SVG, HEIF… behind an image header).
  if (meta.format !== format) throw new AppError('IMAGE_INVALID_TYPE');
  const width = meta.width;
  const frameHeight = meta.pageHeight ?? meta.height;
  if (!width || !frameHeight) throw new AppError(corruptCode);
  if (width > ImageLimits.maxSidePx || frameHeight > ImageLimits.maxSidePx) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS');
  }
  if (width * frameHeight > ImageLimits.maxInputPixels) throw new AppError('IMAGE_TOO_MANY_PIXELS');

  const animated = (format === 'gif' || format === 'webp') && (meta.pages ?? 1) > 1;
  try {
    let pipeline = sharpInput(bytes, animated);
    // EXIF orientation only exists on still images; animated frames are kept as they are.
    if (!animated) pipeline = pipeline.autoOrient();
    switch (format) {
      case 'jpeg':
        pipeline = pipeline.jpeg({ quality: 88 });
        break;
      case 'png':
        pipeline = pipeline.png({ compressionLevel: 6 });
        break;
      case 'gif':
        pipeline = pipeline.gif();
        break;
      case 'webp':
        pipeline = pipeline.webp({ quality: 85 });
        break;
    }
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(data, { limitInputPixels: ImageLimits.maxInputPixels, animated: false })
      .resize({ width: ImageLimits.thumbWidthPx, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    const outHeight = animated ? (info.pageHeight ?? frameHeight) : info.height;
    return { data, thumb, width: info.width, height: outHeight };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isPixelLimitError(error)) throw new AppError('IMAGE_TOO_MANY_PIXELS');
    throw new AppError(corruptCode);
  }
}
