import type { Node as PmNode } from '@tiptap/pm/model';
import {
  DeletedTextRun,
  ExternalHyperlink,
  ImageRun,
  InsertedTextRun,
  ShadingType,
  TextRun,
  type ParagraphChild,
} from 'docx';
import { suggestionOf, type SuggestionInfo } from '@shared/document/model/suggestion-outputs';
import { readFileAttrs } from '@shared/document/model/file-model';
import { readVideoAttrs } from '@shared/document/model/video-model';
import { readIconAttrs } from '@shared/document/model/icon-model';
import { commentThreadsOf } from '@shared/document/model/comment-model';
import { WordStyles } from '@shared/document/word/word-styles';
import type { DocxComments } from './comments';
import { imageSizePx, type ExportImages } from '../render/images';
import { absoluteHref, runStyleOf, sizeIn, type RunStyle } from '../render/style';

/** Inline content of a text block as Word runs: text with its marks, hard breaks, images, links. */

export interface DocxContext {
  images: ExportImages;
  origin: string | null;
  /** Width of the page's text area in CSS pixels (images are never wider). */
  maxImageWidthPx: number;
  /** The document's comment threads, written as Word comments at their anchors. */
  comments?: DocxComments;
  /** The ids of the suggestions written as tracked changes. */
  revisions: DocxRevisionIds;
}

/** Word's family for each DejaVu kind when the text names none. */
const DEFAULT_FONT = { sans: null, serif: 'Times New Roman', mono: 'Courier New' } as const;

const hex = (color: string | null): string | undefined => (color ? color.slice(1) : undefined);

/** Word's character style of links (docx defines it; render-docx.ts gives it the exports' link colour). */
const HYPERLINK_STYLE = 'Hyperlink';

/** The run options of a style at a block font size of `base` points. */
function runOptions(style: RunStyle, base: number) {
  const size = Math.round(sizeIn(style.size, base) * 2);
  const font = style.fontName && style.font !== 'mono' ? style.fontName : DEFAULT_FONT[style.font];
  const background = hex(style.background) ?? (style.code ? 'F0F0F0' : undefined);
  const options = {
    // Character styles the import reads back (a link's underline and colour are its style's, not the text's).
    style: style.code ? WordStyles.inlineCode.id : style.link ? HYPERLINK_STYLE : undefined,
    bold: style.bold || undefined,
    italics: style.italic || undefined,
    underline: style.underline ? {} : undefined,
    strike: style.strike || undefined,
    subScript: style.script === 'sub' || undefined,
    superScript: style.script === 'sup' || undefined,
    color: hex(style.color),
    shading: background ? { type: ShadingType.CLEAR, color: 'auto', fill: background } : undefined,
    font: font ?? undefined,
    size,
  };
  return options;
}

/** A run of text (line feeds become Word line breaks) in a style, at a block font size of `base` points. */
export function textRuns(text: string, style: RunStyle, base: number): TextRun[] {
  const options = runOptions(style, base);
  return text.split('\n').map((line, i) => new TextRun({ ...options, text: line, break: i > 0 ? 1 : undefined }));
}

/** Word's author of a suggestion whose mark names none (`w:author` is required). */
const UNKNOWN_AUTHOR = 'Unknown';

/**
 * A suggested insertion or deletion as Word's tracked change (`w:ins`/`w:del` around the runs, `w:delText` for
 * deleted text), so Word shows it as a change of its author and can accept or reject it. The marks keep no
 * time, so `w:date` (optional in Word) is left out; each run is a revision of its own (`ids`).
 */
function suggestionRuns(
  text: string,
  style: RunStyle,
  base: number,
  suggestion: SuggestionInfo,
  ids: DocxRevisionIds,
): ParagraphChild[] {
  const options = runOptions(style, base);
  // The docx types ask for a date; an absent attribute is left out of the XML.
  const revision = { author: suggestion.author ?? UNKNOWN_AUTHOR } as { author: string; date: string };
  return text.split('\n').map((line, i) => {
    const run = { ...options, ...revision, id: ids.next(), text: line, break: i > 0 ? 1 : undefined };
    return suggestion.kind === 'insertion' ? new InsertedTextRun(run) : new DeletedTextRun(run);
  });
}

/** Revision ids of one document (Word wants each tracked change's `w:id` unique). */
export class DocxRevisionIds {
  private last = 0;
  next(): number {
    return ++this.last;
  }
}

function withLink(runs: ParagraphChild[], link: string | null): ParagraphChild[] {
  return link ? [new ExternalHyperlink({ link, children: runs })] : runs;
}

function imageRuns(node: PmNode, ctx: DocxContext, style: RunStyle, base: number): ParagraphChild[] {
  const a = node.attrs as Record<string, unknown>;
  const src = typeof a.src === 'string' ? a.src : '';
  const alt = typeof a.alt === 'string' ? a.alt : '';
  const image = ctx.images[src];
  const link = absoluteHref(a.linkHref, ctx.origin);
  const caption = typeof a.caption === 'string' && a.caption !== '' ? a.caption : null;
  const out: ParagraphChild[] = [];
  if (image) {
    const size = imageSizePx(
      typeof a.width === 'string' ? a.width : null,
      typeof a.height === 'string' ? a.height : null,
      image,
      ctx.maxImageWidthPx,
    );
    const run = new ImageRun({
      type: image.format === 'jpeg' ? 'jpg' : 'png',
      data: image.data,
      transformation: { width: Math.round(size.width), height: Math.round(size.height) },
      altText: { name: alt || 'image', description: alt, title: alt },
    });
    out.push(...withLink([run], link));
  } else {
    // Never fetched: an address that is not an upload of this server is named, not embedded.
    out.push(...withLink(textRuns(`[${alt || 'Image'}]`, { ...style, italic: true, color: '#777777' }, base), link));
  }
  if (caption) out.push(...textRuns(`\n${caption}`, { ...style, italic: true, size: { factor: 0.85 } }, base));
  return out;
}

/** The runs of a text block's inline content over its `base` style, at `size` points. */
export function runsOf(node: PmNode, ctx: DocxContext, base: RunStyle, size: number): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  node.forEach((child) => {
    const name = child.type.name;
    if (ctx.comments) out.push(...ctx.comments.before(child.marks, commentThreadsOf(child.attrs)));
    const style = runStyleOf(child.marks, ctx.origin, base);
    const suggestion = child.isText ? suggestionOf(child.marks) : null;
    if (child.isText && suggestion)
      out.push(...withLink(suggestionRuns(child.text ?? '', style, size, suggestion, ctx.revisions), style.link));
    else if (child.isText) out.push(...withLink(textRuns(child.text ?? '', style, size), style.link));
    else if (name === 'hardBreak') out.push(new TextRun({ break: 1 }));
    else if (name === 'image') out.push(...imageRuns(child, ctx, style, size));
    else if (name === 'video') {
      const video = readVideoAttrs(child.attrs as Record<string, unknown>);
      const link = absoluteHref(video.src, ctx.origin);
      out.push(...withLink(textRuns(`▶ Video${link ? `: ${link}` : ''}`, { ...style, link }, size), link));
    } else if (name === 'file') {
      const file = readFileAttrs(child.attrs as Record<string, unknown>);
      const link = absoluteHref(file.href, ctx.origin);
      out.push(...withLink(textRuns(file.name, { ...style, link }, size), link));
    } else if (name === 'icon') {
      // A readable stand-in in the icon's colour: Word has no inline vector drawing of its own.
      const icon = readIconAttrs(child.attrs as Record<string, unknown>);
      const color = icon.color && /^#[0-9a-f]{6}/i.test(icon.color) ? icon.color.slice(0, 7) : style.color;
      out.push(...textRuns(`[${icon.name}]`, { ...style, color }, size));
    } else if (name !== 'uploadPlaceholder' && child.textContent !== '') {
      out.push(...textRuns(child.textContent, style, size));
    }
  });
  if (ctx.comments) out.push(...ctx.comments.endParagraph());
  return out;
}
