import { deflateSync } from 'node:zlib';

/**
 * PNG files written byte by byte. The Playwright workers make their test pictures with this instead of
 * sharp: a libvips call that never returns would hang a worker silently until the test's own timeout
 * (image-edit.spec in one CI run), while this is plain synchronous code.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 as PNG and ZIP use it. */
export function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One PNG chunk: length, type, data and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** `#rgb` or `#rrggbb`. */
function parseHex(colour: string): Rgb {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour)?.[1];
  if (!hex) throw new Error(`not a #rgb or #rrggbb colour: ${colour}`);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return {
    r: Number.parseInt(full.slice(0, 2), 16),
    g: Number.parseInt(full.slice(2, 4), 16),
    b: Number.parseInt(full.slice(4, 6), 16),
  };
}

/** The colour `makeImage` in media-fixtures gives a seed, so a seed means the same picture in both. */
export function seedColour(seed: number): Rgb {
  return { r: seed % 256, g: (seed >> 8) % 256, b: (seed >> 16) % 256 };
}

/**
 * A PNG file: the header for width × height pixels of 8 bits per channel (`colourType` 0 greyscale, 2 RGB)
 * and `scanlines` (each row's filter byte and pixels) compressed as its one data chunk. The header may
 * promise more pixels than the data holds (a pixel flood).
 */
export function pngFile(width: number, height: number, colourType: 0 | 2, scanlines: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(scanlines)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A width × height PNG (8-bit RGB) of one colour. */
export function solidPng(width: number, height: number, colour: Rgb | string = '#d33'): Buffer {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`bad PNG size ${String(width)} × ${String(height)}`);
  }
  const { r, g, b } = typeof colour === 'string' ? parseHex(colour) : colour;
  const row = Buffer.alloc(1 + width * 3); // filter byte 0 (none), then the pixels
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  return pngFile(width, height, 2, Buffer.concat(Array.from({ length: height }, () => row)));
}
