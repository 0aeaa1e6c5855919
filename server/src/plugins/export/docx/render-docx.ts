import type { Node as PmNode } from '@tiptap/pm/model';
import {
  AlignmentType,
  Document,
  Footer,
  Packer,
  PageNumber,
  Paragraph,
  TextRun,
  type IBaseParagraphStyleOptions,
} from 'docx';
import type { ExportPage } from '@shared/api/export';
import { WordStyles } from '@shared/document/word/word-styles';
import { PdfLimits } from '@shared/limits';
import type { ExportImages } from '../render/images';
import { BODY_PT, headingPt } from '../render/style';
import { blocksOf } from './blocks';
import { DocxComments, type DocxCommentThread } from './comments';
import { Numbering } from './numbering';
import { DocxRevisionIds } from './runs';

/**
 * A document as a Word (.docx) file, from the model's ProseMirror document: headings, marks, colours, fonts,
 * numbered and bulleted lists, tables with repeating header rows, upload images, links, quotes and code,
 * the title in the core properties, page numbers in the footer, the PDF's page size and margins.
 */

export interface DocxInput {
  doc: PmNode;
  title: string;
  page: ExportPage;
  images: ExportImages;
  origin: string | null;
  /** Comment threads to write as Word comments at their anchors (none: no comments part). */
  comments?: readonly DocxCommentThread[];
}

const TWIPS_PER_MM = 1440 / 25.4;
/** Page sizes in twips. */
const PAGES: Readonly<Record<ExportPage, { width: number; height: number }>> = {
  a4: { width: 11906, height: 16838 },
  letter: { width: 12240, height: 15840 },
};

function footer(): Footer {
  return new Footer({
    children: [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          new TextRun({ children: [PageNumber.CURRENT, ' / ', PageNumber.TOTAL_PAGES], size: 16, color: '666666' }),
        ],
      }),
    ],
  });
}

/** The colour of links (their character style's): the PDF's. */
const LINK_COLOR = '1155CC';

/**
 * Word's Heading 1–6 as the PDF draws headings: bold, in the heading sizes, black (docx's own are blue, and
 * italic at level 4). Bold belongs to the style, never to the runs, so a heading reads back as a heading.
 */
function headingStyles(): Record<`heading${1 | 2 | 3 | 4 | 5 | 6}`, IBaseParagraphStyleOptions> {
  const style = (level: number): IBaseParagraphStyleOptions => ({ run: { bold: true, size: headingPt(level) * 2 } });
  return {
    heading1: style(1),
    heading2: style(2),
    heading3: style(3),
    heading4: style(4),
    heading5: style(5),
    heading6: style(6),
  };
}

/** The .docx bytes of a document. */
export async function renderDocx(input: DocxInput): Promise<Buffer> {
  const size = PAGES[input.page];
  const vertical = Math.round(PdfLimits.marginVerticalMm * TWIPS_PER_MM);
  const horizontal = Math.round(PdfLimits.marginHorizontalMm * TWIPS_PER_MM);
  const numbering = new Numbering();
  const comments = input.comments && input.comments.length > 0 ? new DocxComments(input.comments) : undefined;
  const children = blocksOf(input.doc, {
    ctx: {
      images: input.images,
      origin: input.origin,
      maxImageWidthPx: (size.width - 2 * horizontal) / 15,
      comments,
      revisions: new DocxRevisionIds(),
    },
    numbering,
    listLevel: 0,
    quoteLevel: 0,
    align: null,
    pending: null,
  });
  const document = new Document({
    title: input.title,
    creator: 'Tandem',
    numbering: numbering.options(),
    comments: comments ? { children: comments.options() } : undefined,
    styles: {
      default: {
        document: { run: { size: BODY_PT * 2 } },
        ...headingStyles(),
        hyperlink: { run: { color: LINK_COLOR, underline: {} } },
      },
      paragraphStyles: [
        { ...WordStyles.quote, basedOn: 'Normal', quickFormat: true },
        { ...WordStyles.codeBlock, basedOn: 'Normal' },
      ],
      characterStyles: [{ ...WordStyles.inlineCode, basedOn: 'DefaultParagraphFont' }],
    },
    sections: [
      {
        properties: {
          page: {
            size,
            margin: { top: vertical, bottom: vertical, left: horizontal, right: horizontal, footer: vertical / 2 },
          },
        },
        footers: { default: footer() },
        // Word cannot open a body without a paragraph.
        children: children.length > 0 ? children : [new Paragraph({})],
      },
    ],
  });
  return Packer.toBuffer(document);
}
