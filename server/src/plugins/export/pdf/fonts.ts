import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FontKind } from '../render/style';

/**
 * The DejaVu fonts a PDF embeds (subsets of them): sans, serif and mono, each with bold and italic. They
 * cover Latin, Greek and Cyrillic (German ä ö ü ß €), unlike PDF's standard fonts.
 */

const FILES: Readonly<Record<FontKind, readonly [string, string, string, string]>> = {
  // regular, bold, italic, bold italic
  sans: ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique'],
  serif: ['DejaVuSerif', 'DejaVuSerif-Bold', 'DejaVuSerif-Italic', 'DejaVuSerif-BoldItalic'],
  mono: ['DejaVuSansMono', 'DejaVuSansMono-Bold', 'DejaVuSansMono-Oblique', 'DejaVuSansMono-BoldOblique'],
};

/** Every DejaVu face shares these vertical metrics (per point of size). */
export const ASCENT = 0.928;
export const DESCENT = 0.236;

/** The registered name of a face. */
export function fontId(kind: FontKind, bold: boolean, italic: boolean): string {
  const [regular, boldFace, italicFace, both] = FILES[kind];
  return bold ? (italic ? both : boldFace) : italic ? italicFace : regular;
}

let fontDir: string | null = null;
const bytes = new Map<string, Buffer>();

function dir(): string {
  // Resolved from this module, so it works from the TypeScript source and from the bundle beside node_modules.
  fontDir ??= path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  return fontDir;
}

/** The bytes of a face, read once per worker. */
function fontBytes(name: string): Buffer {
  let data = bytes.get(name);
  if (!data) {
    data = fs.readFileSync(path.join(dir(), `${name}.ttf`));
    bytes.set(name, data);
  }
  return data;
}

/** Registers every face with a document (only the faces used are embedded). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const faces of Object.values(FILES)) {
    for (const name of faces) doc.registerFont(name, fontBytes(name));
  }
}
