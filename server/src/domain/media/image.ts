import type { Metadata, Sharp } from 'sharp';
import { ImageLimits } from '@shared/limits';
import { AppError } from '../../infra/errors/app-error';
import { loadOnce } from '../../infra/load-once';

/** sharp (libvips, ~23 MiB) is loaded by the first image that needs it, not at start. */
export const loadSharp = loadOnce(async () => (await import('sharp')).default);
type SharpFn = Awaited<ReturnType<typeof loadSharp>>;

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

/** A path (an upload staged in the tmp directory) or bytes. */
type ImageInput = string | Buffer;

function sharpInput(sharp: SharpFn, input: ImageInput, animated: boolean): Sharp {
  // Explicit pixel cap (sharp's default is 0x3FFF², far above ours); fail on truncated data.
  return sharp(input, { limitInputPixels: ImageLimits.maxInputPixels, animated, failOn: 'error' });
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}

type CorruptCode = 'IMAGE_CORRUPTED' | 'FILES_MANAGER_CORRUPTED';

/** Size of one frame and whether the re-encode keeps the animation. */
interface Inspected {
  frameHeight: number;
  animated: boolean;
}

/** Reads the header and refuses pixel floods before any decode. */
async function inspect(
  sharp: SharpFn,
  input: ImageInput,
  format: ImageFormat,
  corruptCode: CorruptCode,
): Promise<Inspected> {
  let meta: Metadata;
  try {
    meta = await sharpInput(sharp, input, false).metadata();
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
  return { frameHeight, animated };
}

/** Full decode and re-encode in the same format (oriented, metadata stripped, animation kept). */
function reencode(sharp: SharpFn, input: ImageInput, format: ImageFormat, animated: boolean): Sharp {
  let pipeline = sharpInput(sharp, input, animated);
  // EXIF orientation only exists on still images; animated frames are kept as they are.
  if (!animated) pipeline = pipeline.autoOrient();
  switch (format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 88 });
    case 'png':
      return pipeline.png({ compressionLevel: 6 });
    case 'gif':
      return pipeline.gif();
    case 'webp':
      return pipeline.webp({ quality: 85 });
  }
}

/** The thumbnail (first frame) of a re-encoded image. */
function thumbnail(sharp: SharpFn, encoded: ImageInput): Promise<Buffer> {
  return sharp(encoded, { limitInputPixels: ImageLimits.maxInputPixels, animated: false })
    .resize({ width: ImageLimits.thumbWidthPx, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
}

/** A decode failure is a corrupted image (or a pixel flood the header did not reveal). */
function decodeFailure(error: unknown, corruptCode: CorruptCode): AppError {
  if (error instanceof AppError) return error;
  if (isPixelLimitError(error)) return new AppError('IMAGE_TOO_MANY_PIXELS');
  return new AppError(corruptCode);
}

/**
 * Reads the header, refuses pixel floods before any decode, then decodes fully by re-encoding
 * (a decode failure is a corrupted image) and renders the thumbnail.
 * Throws IMAGE_TOO_MANY_PIXELS, IMAGE_INVALID_TYPE or `corruptCode`.
 */
export async function processImage(
  bytes: Buffer,
  format: ImageFormat,
  corruptCode: CorruptCode = 'IMAGE_CORRUPTED',
): Promise<ProcessedImage> {
  // Loaded outside the try blocks: a module that cannot load is a server fault, not a corrupted image.
  const sharp = await loadSharp();
  const { frameHeight, animated } = await inspect(sharp, bytes, format, corruptCode);
  try {
    const { data, info } = await reencode(sharp, bytes, format, animated).toBuffer({ resolveWithObject: true });
    const thumb = await thumbnail(sharp, data);
    const outHeight = animated ? (info.pageHeight ?? frameHeight) : info.height;
    return { data, thumb, width: info.width, height: outHeight };
  } catch (error) {
    throw decodeFailure(error, corruptCode);
  }
}

export interface ProcessedImageFile {
  /** Size of the re-encoded file written to the output path. */
  bytes: number;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * `processImage` from a file to a file (an upload staged in the tmp directory): the same checks and
 * codes, without holding the upload or its re-encoding in memory. The caller removes `outputPath`.
 */
export async function processImageFile(
  inputPath: string,
  outputPath: string,
  format: ImageFormat,
  corruptCode: CorruptCode = 'IMAGE_CORRUPTED',
): Promise<ProcessedImageFile> {
  const sharp = await loadSharp();
  const { frameHeight, animated } = await inspect(sharp, inputPath, format, corruptCode);
  try {
    const info = await reencode(sharp, inputPath, format, animated).toFile(outputPath);
    const thumb = await thumbnail(sharp, outputPath);
    const outHeight = animated ? (info.pageHeight ?? frameHeight) : info.height;
    return { bytes: info.size, thumb, width: info.width, height: outHeight };
  } catch (error) {
    throw decodeFailure(error, corruptCode);
  }
}
