import type { Node as PmNode } from '@tiptap/pm/model';
import PDFDocument from 'pdfkit';
import type { ExportPage } from '@shared/api/export';
import { PdfLimits } from '@shared/limits';
import type { ExportImages } from '../render/images';
import { blockItems } from './blocks';
import { fontId, registerFonts } from './fonts';
import type { PdfContext } from './inlines';
import { paginate } from './items';

/**
 * A document as a PDF with real text: the model's ProseMirror document walked node by node and laid out
 * with the embedded DejaVu fonts, on A4 or Letter pages with the product's margins (Froala's `[10, 20]`:
 * 10 mm top and bottom, 20 mm left and right), page numbers in the footer, the title in the PDF's info.
 */

export const PT_PER_MM = 72 / 25.4;

/** Page sizes in points. */
export const PAGE_SIZES: Readonly<Record<ExportPage, readonly [number, number]>> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};

export interface PdfInput {
  doc: PmNode;
  title: string;
  page: ExportPage;
  images: ExportImages;
  /** Origin that relative links and upload addresses are made absolute with. */
  origin: string | null;
}

const FOOTER_PT = 8;

function drawPageNumbers(pdf: PDFKit.PDFDocument, height: number, width: number, margin: number): void {
  const range = pdf.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const label = `${i + 1} / ${range.count}`;
    pdf
      .font(fontId('sans', false, false))
      .fontSize(FOOTER_PT)
      .fillColor('#666666');
    const x = (width - pdf.widthOfString(label)) / 2;
    // Inside the bottom margin, below the content area.
    pdf.text(label, x, height - margin / 2 + FOOTER_PT * 0.35, { lineBreak: false, baseline: 'alphabetic' });
  }
}

/** The PDF bytes of a document. */
export function renderPdf(input: PdfInput): Promise<Buffer> {
  const [width, height] = PAGE_SIZES[input.page];
  const vertical = PdfLimits.marginVerticalMm * PT_PER_MM;
  const horizontal = PdfLimits.marginHorizontalMm * PT_PER_MM;
  const pdf = new PDFDocument({
    size: [width, height],
    margins: { top: vertical, bottom: vertical, left: horizontal, right: horizontal },
    bufferPages: true,
    info: { Title: input.title, Creator: 'Tandem' },
    displayTitle: true,
    lang: 'en',
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  registerFonts(pdf);
  const contentWidth = width - 2 * horizontal;
  const ctx: PdfContext = {
    doc: pdf,
    images: input.images,
    origin: input.origin,
    pageHeight: height - 2 * vertical,
    opened: new Map(),
  };
  const items = blockItems(input.doc, ctx, { x: 0, width: contentWidth, decorations: [], align: null, listDepth: 0 });
  paginate(pdf, items, { left: horizontal, top: vertical, bottom: height - vertical, width: contentWidth });
  drawPageNumbers(pdf, height, width, vertical);
  pdf.end();
  return done;
}
