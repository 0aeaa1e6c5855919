import type { Node as PmNode } from '@tiptap/pm/model';
import { readFileAttrs } from '@shared/document/model/file-model';
import { readVideoAttrs } from '@shared/document/model/video-model';
import { imageSizePx, type ExportImage, type ExportImages } from '../render/images';
import { absoluteHref, runStyleOf, type Align, type RunStyle } from '../render/style';
import { fontId } from './fonts';
import { iconInline } from './icon';
import type { BoxInline, Inline } from './inline';
import type { Decoration } from './items';

/** What laying out a block needs: the document, the upload images, and where in the page it is. */
export interface PdfContext {
  doc: PDFKit.PDFDocument;
  images: ExportImages;
  origin: string | null;
  /** Height of a page's content area: no image is taller. */
  pageHeight: number;
  /** Images already embedded, by src (each is embedded once however often it is drawn). */
  opened: Map<string, Opened>;
}

/** A column of the flow: indent from the page's content left, width, decorations, inherited alignment. */
export interface Column {
  x: number;
  width: number;
  decorations: Decoration[];
  align: Align | null;
  listDepth: number;
}

/** pdfkit's opened image (typed loosely upstream: `image()` takes it where its types say Buffer). */
interface Opened {
  width: number;
  height: number;
}
interface Opener {
  openImage(src: Buffer): Opened;
}

const PT_PER_PX = 0.75;
const PLACEHOLDER_STROKE = '#999999';
const PLACEHOLDER_FILL = '#F4F4F4';

function drawImage(ctx: PdfContext, src: string, image: ExportImage, x: number, y: number, w: number, h: number): void {
  let opened = ctx.opened.get(src);
  if (!opened) {
    opened = (ctx.doc as unknown as Opener).openImage(
      Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength),
    );
    ctx.opened.set(src, opened);
  }
  // pdfkit draws an opened image as it draws bytes; reusing it embeds the image once.
  ctx.doc.image(opened as unknown as Buffer, x, y, { width: w, height: h });
}

/** A grey box with a label, for an image that is not an upload of this server, a video, an unreadable file. */
function drawPlaceholder(doc: PDFKit.PDFDocument, label: string, x: number, y: number, w: number, h: number): void {
  doc.save().rect(x, y, w, h).fillAndStroke(PLACEHOLDER_FILL, PLACEHOLDER_STROKE).restore();
  const size = Math.min(9, Math.max(5, h / 3));
  if (label === '' || w < 12) return;
  doc
    .save()
    .rect(x + 2, y + 2, w - 4, h - 4)
    .clip();
  doc
    .font(fontId('sans', false, true))
    .fontSize(size)
    .fillColor('#555555')
    .text(label, x + 4, y + h / 2 + size * 0.35, { lineBreak: false, baseline: 'alphabetic' });
  doc.restore();
}

function fitted(ctx: PdfContext, col: Column, size: { width: number; height: number }): { w: number; h: number } {
  let w = size.width * PT_PER_PX;
  let h = size.height * PT_PER_PX;
  const maxH = ctx.pageHeight * 0.9;
  if (h > maxH) {
    w *= maxH / h;
    h = maxH;
  }
  return { w: Math.min(w, col.width), h };
}

function imageInlines(node: PmNode, ctx: PdfContext, col: Column, base: RunStyle): Inline[] {
  const a = node.attrs as Record<string, unknown>;
  const src = typeof a.src === 'string' ? a.src : '';
  const alt = typeof a.alt === 'string' ? a.alt : '';
  const image = ctx.images[src];
  const px = imageSizePx(
    typeof a.width === 'string' ? a.width : null,
    typeof a.height === 'string' ? a.height : null,
    image ?? null,
    col.width / PT_PER_PX,
  );
  const { w, h } = fitted(ctx, col, px);
  const link = absoluteHref(a.linkHref, ctx.origin);
  const align = a.align === 'left' || a.align === 'right' ? a.align : 'center';
  const box: BoxInline = {
    kind: 'box',
    width: w,
    height: h,
    block: a.display !== 'inline',
    align,
    draw: (doc, x, top) => {
      let drawn = false;
      if (image) {
        try {
          drawImage(ctx, src, image, x, top, w, h);
          drawn = true;
        } catch {
          // Bytes pdfkit cannot read (an unusual PNG variant): the placeholder instead of no PDF at all.
          drawn = false;
        }
      }
      if (!drawn) drawPlaceholder(doc, alt || 'Image', x, top, w, h);
      if (link) doc.link(x, top, w, h, link);
    },
  };
  const caption = typeof a.caption === 'string' && a.caption !== '' ? a.caption : null;
  if (!caption) return [box];
  const style: RunStyle = { ...base, italic: true, size: { factor: 0.85 } };
  return [{ ...box, block: false }, { kind: 'break' }, { kind: 'text', text: caption, style }, { kind: 'break' }];
}

function videoInline(node: PmNode, ctx: PdfContext, col: Column): Inline {
  const a = readVideoAttrs(node.attrs as Record<string, unknown>);
  const px = imageSizePx(a.width, a.height, { width: 16, height: 9 }, col.width / PT_PER_PX);
  const { w, h } = fitted(ctx, col, px);
  const link = absoluteHref(a.src, ctx.origin);
  return {
    kind: 'box',
    width: w,
    height: h,
    block: a.display !== 'inline',
    align: a.align,
    draw: (doc, x, top) => {
      drawPlaceholder(doc, `▶ Video${link ? `: ${link}` : ''}`, x, top, w, h);
      if (link) doc.link(x, top, w, h, link);
    },
  };
}

/** The inline content of a text block (paragraph, heading, code block) over its `base` style, at `basePt` points. */
export function inlinesOf(node: PmNode, ctx: PdfContext, col: Column, base: RunStyle, basePt: number): Inline[] {
  const out: Inline[] = [];
  node.forEach((child) => {
    const name = child.type.name;
    if (child.isText)
      out.push({ kind: 'text', text: child.text ?? '', style: runStyleOf(child.marks, ctx.origin, base) });
    else if (name === 'hardBreak') out.push({ kind: 'break' });
    else if (name === 'image') out.push(...imageInlines(child, ctx, col, runStyleOf(child.marks, ctx.origin, base)));
    else if (name === 'video') out.push(videoInline(child, ctx, col));
    else if (name === 'icon') out.push(iconInline(child, runStyleOf(child.marks, ctx.origin, base), basePt));
    else if (name === 'file') {
      const file = readFileAttrs(child.attrs as Record<string, unknown>);
      const style = { ...runStyleOf(child.marks, ctx.origin, base), link: absoluteHref(file.href, ctx.origin) };
      out.push({ kind: 'text', text: file.name, style });
    } else if (name !== 'uploadPlaceholder' && child.textContent !== '') {
      // A node a later model adds: its text at least.
      out.push({ kind: 'text', text: child.textContent, style: runStyleOf(child.marks, ctx.origin, base) });
    }
  });
  return out;
}
