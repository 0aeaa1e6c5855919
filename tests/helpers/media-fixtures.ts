import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import sharp from 'sharp';
import { crc32, pngFile, seedColour } from './png';

/**
 * Test files built at run time (no binaries in the repository): real images from sharp, and
 * hostile files made byte by byte.
 */

/** A solid-colour image of the given format; `seed` changes the colour so every call can differ. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  opts: { width?: number; height?: number; seed?: number } = {},
): Promise<Buffer> {
  const seed = opts.seed ?? 0;
  const image = sharp({
    create: {
      width: opts.width ?? 40,
      height: opts.height ?? 30,
      channels: 3,
      background: seedColour(seed),
    },
  });
  return image.toFormat(format).toBuffer();
}

/** An animated GIF or WebP with `frames` frames. */
export async function makeAnimated(format: 'gif' | 'webp', frames = 3): Promise<Buffer> {
  const parts = await Promise.all(
    Array.from({ length: frames }, (_, i) =>
      sharp({ create: { width: 20, height: 10, channels: 3, background: { r: i * 80, g: 0, b: 0 } } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(parts, { join: { animated: true } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG with EXIF orientation 6 (rotated) and metadata that must be stripped. */
export async function makeJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#336699' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Artist: 'Secret Person', Copyright: 'gps-leak' } })
    .toBuffer();
}

/** Random bytes that are a valid PNG of about `bytes` size (noise does not compress). */
export async function makeNoisePng(targetBytes: number, seed = 1): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(targetBytes / 3));
  const raw = Buffer.alloc(side * side * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = x >>> 24;
  }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A tiny PNG whose header declares width × height pixels (a pixel flood) with almost no data. */
export function makePixelFloodPng(width = 100_000, height = 100_000): Buffer {
  return pngFile(width, height, 0, Buffer.alloc(1024));
}

/** A PNG that starts right but is cut off (corrupted). */
export async function makeTruncatedPng(): Promise<Buffer> {
  const png = await makeNoisePng(20_000);
  return png.subarray(0, Math.floor(png.length / 2));
}

/** Minimal ELF header (Linux executable). */
export function makeElf(): Buffer {
  const b = Buffer.alloc(128);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(b, 0);
  b.writeUInt16LE(2, 16); // ET_EXEC
  b.writeUInt16LE(0x3e, 18); // x86-64
  return b;
}

/** Minimal PE (Windows .exe): MZ header pointing at a PE signature. */
export function makeExe(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'ascii');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'binary');
  b.writeUInt16LE(0x14c, 0x84);
  return b;
}

export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>alert(document.domain)</script></body></html>',
);

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);

export const BMP_HEADER = (): Buffer => {
  const width = 2;
  const height = 2;
  const row = 8; // 2 px × 3 bytes, padded to 4
  const pixels = row * height;
  const b = Buffer.alloc(54 + pixels);
  b.write('BM', 0, 'ascii');
  b.writeUInt32LE(b.length, 2);
  b.writeUInt32LE(54, 10);
  b.writeUInt32LE(40, 14);
  b.writeInt32LE(width, 18);
  b.writeInt32LE(height, 22);
  b.writeUInt16LE(1, 26);
  b.writeUInt16LE(24, 28);
  b.writeUInt32LE(pixels, 34);
  return b;
};

/** A valid PNG with an HTML/JS payload after IEND: decodes fine, but the payload must not be stored. */
export async function makePolyglotPng(): Promise<{ bytes: Buffer; payload: string }> {
  const payload = '<html><script>alert("polyglot")</script></html>';
  return { bytes: Buffer.concat([await makeImage('png', { seed: 4242 }), Buffer.from(payload)]), payload };
}

/** A minimal valid PDF. */
export function makePdf(text = 'hello'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n` +
      `3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}

/** A PDF of exactly `size` bytes (padding in a comment). */
export function makePdfOfSize(size: number): Buffer {
  const head = makePdf('pad');
  if (size < head.length) throw new Error('too small');
  return Buffer.concat([head, Buffer.alloc(size - head.length, 0x20)]);
}

/** A minimal MP4 (ftyp box) that file-type identifies as video/mp4. */
export function makeMp4(extra = 0): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write('ftypisom', 4, 'ascii');
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write('isommp41', 16, 'ascii');
  const free = Buffer.alloc(8 + extra);
  free.writeUInt32BE(8 + extra, 0);
  free.write('free', 4, 'ascii');
  return Buffer.concat([ftyp, free]);
}

/** An MP4 of exactly `size` bytes. */
export function makeMp4OfSize(size: number): Buffer {
  return makeMp4(size - 32);
}

/** A minimal WebM (EBML header with DocType webm). */
export function makeWebm(): Buffer {
  const docType = Buffer.from([0x42, 0x82, 0x84, ...Buffer.from('webm')]);
  const header = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType]);
  return Buffer.concat([header, Buffer.alloc(64)]);
}

/** A minimal MP3 (ID3v2 tag followed by a frame header). */
export function makeMp3(): Buffer {
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const frame = Buffer.alloc(417);
  frame[0] = 0xff;
  frame[1] = 0xfb;
  frame[2] = 0x90;
  frame[3] = 0x64;
  return Buffer.concat([id3, frame, frame]);
}

/** Multipart upload like a browser's FormData; `fields` are sent before the file part. */
export async function upload(
  baseUrl: string,
  docId: string,
  kind: 'images' | 'files' | 'videos',
  opts: {
    token?: string;
    bytes?: Uint8Array;
    filename?: string;
    /** Content-Type the client claims (ignored by the server). */
    type?: string;
    partName?: string;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(opts.fields ?? {})) form.append(k, v);
  if (opts.bytes) {
    form.append(
      opts.partName ?? 'file',
      new Blob([new Uint8Array(opts.bytes)], { type: opts.type ?? 'application/octet-stream' }),
      opts.filename ?? 'upload.bin',
    );
  }
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${baseUrl}/api/documents/${docId}/${kind}`, { method: 'POST', headers, body: form });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** What the server has stored: files in data/uploads (tmp included) and media rows in the database. */
export async function storedState(server: {
  dataDir: string;
  storedNames(): Promise<string[]>;
  app?: { config: { databaseUrl: string | undefined } };
}): Promise<{ files: string[]; uploads: number; blobs: number }> {
  const { dataDir } = server;
  // The local staging directory (every storage kind) and the stored blobs (local folder or bucket).
  // (data/uploads/tmp/<instance id>/…: each instance's files, listed as tmp/<name>).
  const tmp = path.join(dataDir, 'uploads', 'tmp');
  const files: string[] = [];
  for (const entry of fs.existsSync(tmp) ? fs.readdirSync(tmp, { withFileTypes: true }) : []) {
    if (!entry.isDirectory()) files.push(`tmp/${entry.name}`);
    else files.push(...fs.readdirSync(path.join(tmp, entry.name)).map((name) => `tmp/${name}`));
  }
  files.push(...(await server.storedNames()));
  const databaseUrl = server.app?.config.databaseUrl;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const count = async (table: string): Promise<number> =>
        Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0]?.n ?? 0);
      return { files: files.sort(), uploads: await count('media_uploads'), blobs: await count('media_blobs') };
    } finally {
      await client.end();
    }
  }
  const db = new Database(path.join(dataDir, 'tandem.sqlite'), { readonly: true });
  try {
    const count = (table: string): number =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number } | undefined)?.n ?? 0;
    return { files: files.sort(), uploads: count('media_uploads'), blobs: count('media_blobs') };
  } finally {
    db.close();
  }
}

/** A ZIP archive (stored, no compression) with the given entries in order. */
export function makeZip(entries: Array<[string, string | Buffer]>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBuf = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBuf.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += local.length + nameBuf.length + data.length;
  }
  const centralDir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralDir, end]);
}

const OOXML_MAIN: Record<'docx' | 'xlsx' | 'pptx', [string, string]> = {
  docx: ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'],
  xlsx: ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
  pptx: ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml'],
};

/** A minimal Office Open XML package. */
export function makeOoxml(kind: 'docx' | 'xlsx' | 'pptx'): Buffer {
  const [part, type] = OOXML_MAIN[kind];
  return makeZip([
    [
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        `<Override PartName="/${part}" ContentType="${type}"/></Types>`,
    ],
    [part, '<x/>'],
  ]);
}

/** A minimal OpenDocument package. */
export function makeOdf(kind: 'odt' | 'ods' | 'odp'): Buffer {
  const type = { odt: 'text', ods: 'spreadsheet', odp: 'presentation' }[kind];
  return makeZip([
    ['mimetype', `application/vnd.oasis.opendocument.${type}`],
    ['content.xml', '<x/>'],
  ]);
}

/** A Compound File Binary header (old .doc/.xls/.ppt, but also .msi). */
export function makeCfb(): Buffer {
  const b = Buffer.alloc(1536);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  b.writeUInt16LE(0x3e, 24);
  b.writeUInt16LE(3, 26);
  b.writeUInt16LE(0xfffe, 28);
  b.writeUInt16LE(9, 30);
  b.writeUInt16LE(6, 32);
  return b;
}

export function makeRtf(): Buffer {
  return Buffer.from('{\\rtf1\\ansi hello}');
}

/** RIFF/WAVE header with a little silence. */
export function makeWav(): Buffer {
  const data = Buffer.alloc(800);
  const b = Buffer.alloc(44);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + data.length, 4);
  b.write('WAVE', 8, 'ascii');
  b.write('fmt ', 12, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(data.length, 40);
  return Buffer.concat([b, data]);
}

/** First page of an Ogg stream carrying Vorbis (audio) or Theora (video). */
export function makeOgg(codec: 'vorbis' | 'theora' = 'vorbis'): Buffer {
  const page = Buffer.alloc(28);
  page.write('OggS', 0, 'ascii');
  page[5] = 2; // beginning of stream
  page[26] = 1; // one segment
  page[27] = 30;
  const head = codec === 'vorbis' ? Buffer.from('\x01vorbis', 'binary') : Buffer.from('\x80theora', 'binary');
  return Buffer.concat([page, head, Buffer.alloc(23 + 64)]);
}

/** An MPEG program stream pack header. */
export function makeMpeg(): Buffer {
  const b = Buffer.alloc(2048);
  Buffer.from([0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xc3, 0xf8]).copy(b, 0);
  return b;
}
