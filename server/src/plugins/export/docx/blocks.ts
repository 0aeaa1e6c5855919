import type { Node as PmNode } from '@tiptap/pm/model';
import { FormNodeName } from '@shared/document/model/form-model';
import { formLines } from '@shared/document/html/form-html';
import { embedCardAsQuote } from '@shared/document/model/embed-card-readable';
import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  LineRuleType,
  Paragraph,
  ShadingType,
  type IParagraphOptions,
  type Table,
} from 'docx';
import { WordStyles } from '@shared/document/word/word-styles';
import { bulletStyleOf, listStart, numberStyleOf } from '../render/lists';
import { alignOf, BODY_PT, headingPt, parseLineHeight, plainStyle, sizeIn, type Align } from '../render/style';
import { listIndent, type Numbering } from './numbering';
import { runsOf, textRuns, type DocxContext } from './runs';
import { tableOf } from './table';

/** Block nodes of the model as Word paragraphs and tables. */

export interface Flow {
  ctx: DocxContext;
  numbering: Numbering;
  /** Nesting of lists (Word list level) and of quotes (left indent and bar). */
  listLevel: number;
  quoteLevel: number;
  align: Align | null;
  /** The numbering of the next paragraph (the first of a list item), consumed once. */
  pending: { reference: string; level: number } | null;
}

export type Block = Paragraph | Table;

const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
] as const;

const ALIGNMENT = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
} as const;

/** Indent, quote bar and list numbering every paragraph of the current nesting gets. */
function frame(flow: Flow): Partial<IParagraphOptions> {
  const numbering = flow.pending ? { reference: flow.pending.reference, level: flow.pending.level } : undefined;
  flow.pending = null;
  const listLeft = flow.listLevel > 0 ? listIndent(flow.listLevel - 1) : 0;
  const left = listLeft + flow.quoteLevel * 567;
  return {
    ...(numbering ? { numbering } : left > 0 ? { indent: { left } } : {}),
    ...(flow.quoteLevel > 0
      ? { border: { left: { style: BorderStyle.SINGLE, size: 12, color: 'CCCCCC', space: 8 } } }
      : {}),
  };
}

function spacing(node: PmNode): IParagraphOptions['spacing'] {
  const lh = parseLineHeight(node.attrs.lineHeight);
  if (!lh) return { after: 120 };
  if ('pt' in lh) return { after: 120, line: Math.round(lh.pt * 20), lineRule: LineRuleType.EXACT };
  // Word's "auto" line is 240 per single line.
  return { after: 120, line: Math.round(sizeIn(lh, 1) * 240), lineRule: LineRuleType.AUTO };
}

function textBlock(node: PmNode, flow: Flow, heading: boolean): Paragraph {
  const size = heading ? headingPt(node.attrs.level) : BODY_PT;
  const align = alignOf(node.attrs.textAlign) ?? flow.align;
  const level = typeof node.attrs.level === 'number' ? node.attrs.level : 1;
  const framed = frame(flow);
  // A quote's paragraphs (not its list items, which Word numbers) in Word's Quote style, which the import reads.
  const quote = !heading && flow.quoteLevel > 0 && !framed.numbering;
  return new Paragraph({
    ...framed,
    // Headings are bold by their style (render-docx.ts): bold runs would read back as bold text in a heading.
    heading: heading ? HEADINGS[level - 1] : undefined,
    style: quote ? WordStyles.quote.id : undefined,
    keepNext: heading || undefined,
    alignment: align ? ALIGNMENT[align] : undefined,
    spacing: spacing(node),
    children: runsOf(node, flow.ctx, plainStyle, size),
  });
}

function codeBlock(node: PmNode, flow: Flow): Paragraph {
  return new Paragraph({
    ...frame(flow),
    style: WordStyles.codeBlock.id,
    shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'F5F5F5' },
    spacing: { after: 120 },
    children: textRuns(node.textContent, { ...plainStyle, font: 'mono' }, 9.5),
  });
}

function rule(flow: Flow): Paragraph {
  return new Paragraph({
    ...frame(flow),
    border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'BBBBBB', space: 1 } },
    children: [],
  });
}

function list(node: PmNode, flow: Flow, ordered: boolean): Block[] {
  const reference = ordered
    ? flow.numbering.ordered(numberStyleOf(node), listStart(node))
    : flow.numbering.bullet(bulletStyleOf(node, flow.listLevel));
  const inner: Flow = { ...flow, listLevel: flow.listLevel + 1, pending: null };
  const out: Block[] = [];
  node.forEach((item) => {
    inner.pending = { reference, level: flow.listLevel };
    out.push(...blocksOf(item, inner));
  });
  return out;
}

/** The Word blocks of one block node. */
export function blockOf(node: PmNode, flow: Flow): Block[] {
  switch (node.type.name) {
    case 'paragraph':
      return [textBlock(node, flow, false)];
    case 'heading':
      return [textBlock(node, flow, true)];
    case 'codeBlock':
      return [codeBlock(node, flow)];
    case FormNodeName:
      return formLines(node).flatMap((line) => [textBlock(line, flow, false)]);
    case 'horizontalRule':
      return [rule(flow)];
    case 'bulletList':
      return list(node, flow, false);
    case 'orderedList':
      return list(node, flow, true);
    case 'blockquote': {
      const inner = { ...flow, quoteLevel: flow.quoteLevel + 1 };
      // The list number (if the quote starts a list item) goes to the quote's first paragraph only.
      flow.pending = null;
      return blocksOf(node, inner);
    }
    case 'embedCard': {
      // A readable card: linked title, site and description, address.
      const quote = embedCardAsQuote(node);
      return quote ? blockOf(quote, flow) : [];
    }
    case 'table':
      return [tableOf(node, flow, blocksOf)];
    default:
      if (node.isTextblock) return [textBlock(node, flow, false)];
      return node.isLeaf ? [] : blocksOf(node, flow);
  }
}

/** The Word blocks of a node's block children. */
export function blocksOf(parent: PmNode, flow: Flow): Block[] {
  const out: Block[] = [];
  parent.forEach((child) => {
    out.push(...blockOf(child, flow));
  });
  return out;
}
