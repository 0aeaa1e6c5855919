import { mergeAttributes, Node } from '@tiptap/core';
import type { DOMOutputSpec, Fragment, Node as ProseMirrorNode, NodeType } from '@tiptap/pm/model';
import type { EditorOptions } from '../../editor-options';
import { TableLimits } from '../../limits';
import { modelSpec, tiptapAttributes, validAttrs, type AttrModel, type AttrModels } from './attribute-model';
import { commentThreadsAttribute } from './comment-model';
import { normalizeCssColor } from './color-value';
import { styleProperty, type HtmlElementLike } from '../html/html-element';
import { defaultModelOptions, perOptions, type ModelOptions } from './model-options';
import {
  classListValidator,
  isCellSpan,
  isColumnWidths,
  isCssColor,
  isTextAlign,
  isVerticalAlign,
  keepClasses,
  nullOr,
  tableCellStyleClasses,
  tableStyleClasses,
} from './validators';

/**
 * Tables of the document model (FROALA-REFERENCE §27): a table holds rows, a row
 * holds cells and header cells, a cell holds blocks. The table carries the deployment's table styles; a
 * cell its spans, column widths, background, alignments and cell styles. Column widths are stored as the
 * table plugin measures them (pixels) but rendered as percentages of a 100 % wide table, so a table reflows.
 * The nodes are defined here (not on @tiptap/extension-table) so that the schema costs no table-editing code:
 * the editor loads prosemirror-tables only when a table is there to edit. Their schema is the one Tiptap's
 * table nodes gave (table-model.test.ts compares the two).
 */

/** prosemirror-tables finds the table nodes of a schema by this spec field. */
const TABLE_ROLES: ReadonlyMap<string, string> = new Map([
  ['table', 'table'],
  ['tableRow', 'row'],
  ['tableCell', 'cell'],
  ['tableHeader', 'header_cell'],
]);

function classAttribute(classes: readonly string[]): AttrModel {
  const allowed = new Set(classes);
  return {
    default: null,
    validate: classListValidator(classes, null),
    parse: (el) => keepClasses(el.getAttribute('class'), allowed).join(' ') || null,
    render: (value) => ({ class: value }),
  };
}

/** `class` (configured table styles) of a table. */
export const tableAttributes = perOptions((options: EditorOptions): AttrModels => ({
  class: classAttribute(tableStyleClasses(options)),
}));

function spanAttribute(name: 'colspan' | 'rowspan'): AttrModel {
  return {
    default: 1,
    validate: isCellSpan,
    parse: (el) => {
      const raw = el.getAttribute(name);
      return raw === null ? null : Number.parseInt(raw, 10);
    },
  };
}

/** `data-colwidth="120,80"` (ours and prosemirror-tables'), else Tiptap's `colwidth`. */
function parseColumnWidths(el: HtmlElementLike): number[] | null {
  const raw = el.getAttribute('data-colwidth') ?? el.getAttribute('colwidth');
  if (raw === null) return null;
  const widths = raw.split(',').map((w) => Number.parseInt(w, 10));
  return widths.every((w) => Number.isInteger(w)) ? widths : null;
}

/** A cell's alignment from its style, else the legacy HTML attribute (Word and LibreOffice write both). */
function alignment(el: HtmlElementLike, property: string, legacy: string): string | null {
  return (styleProperty(el, property) ?? el.getAttribute(legacy))?.trim().toLowerCase() || null;
}

/** Spans, column widths, background, alignments and cell styles of a cell or header cell. */
export const cellAttributes = perOptions((options: EditorOptions): AttrModels => ({
  colspan: spanAttribute('colspan'),
  rowspan: spanAttribute('rowspan'),
  colwidth: { default: null, validate: nullOr(isColumnWidths), parse: parseColumnWidths },
  background: {
    default: null,
    validate: nullOr(isCssColor),
    parse: (el) =>
      normalizeCssColor(
        styleProperty(el, 'background-color') ?? styleProperty(el, 'background') ?? el.getAttribute('bgcolor'),
      ),
    render: (value) => ({ style: `background-color: ${value}` }),
  },
  textAlign: {
    default: null,
    validate: nullOr(isTextAlign),
    parse: (el) => alignment(el, 'text-align', 'align'),
    render: (value) => ({ style: `text-align: ${value}` }),
  },
  verticalAlign: {
    default: null,
    validate: nullOr(isVerticalAlign),
    parse: (el) => alignment(el, 'vertical-align', 'valign'),
    render: (value) => ({ style: `vertical-align: ${value}` }),
  },
  class: classAttribute(tableCellStyleClasses(options)),
  commentThreads: commentThreadsAttribute,
}));

/**
 * The width of each column of a table, in percent of the table, from the cells of its first row: stored
 * widths are weights; a column without one weighs the average of the others (all equal when none has one).
 */
export function columnPercentages(table: ProseMirrorNode): number[] {
  const row = table.firstChild;
  if (!row) return [];
  const widths: number[] = [];
  row.forEach((cell) => {
    const span = isCellSpan(cell.attrs.colspan) ? (cell.attrs.colspan as number) : 1;
    const stored: unknown = cell.attrs.colwidth;
    for (let i = 0; i < span; i++) {
      const w = isColumnWidths(stored) ? (stored as number[])[i] : undefined;
      widths.push(typeof w === 'number' && w > 0 ? w : 0);
    }
  });
  const known = widths.filter((w) => w > 0);
  const fallback = known.length > 0 ? known.reduce((a, b) => a + b, 0) / known.length : 1;
  const weights = widths.map((w) => (w > 0 ? w : fallback));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => Math.round((w / total) * 10_000) / 100);
}

/** `<colgroup>` of a table: one `<col style="width: N%">` per column. */
export function colgroupSpec(table: ProseMirrorNode): DOMOutputSpec {
  return ['colgroup', {}, ...columnPercentages(table).map((p): DOMOutputSpec => ['col', { style: `width: ${p}%` }])];
}

export interface TableModelOptions extends ModelOptions {
  HTMLAttributes: Record<string, unknown>;
}

export const TableModel = Node.create<TableModelOptions>({
  name: 'table',
  content: 'tableRow+',
  isolating: true,
  group: 'block',
  addOptions() {
    return { HTMLAttributes: {}, ...defaultModelOptions() };
  },
  addAttributes() {
    return tiptapAttributes(tableAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    // Asked for every node of the schema: each gets its `tableRole` (undefined for non-table nodes).
    return {
      tableRole: TABLE_ROLES.get(extension.name),
      ...modelSpec(extension, 'table', () => tableAttributes(this.options.editorOptions)),
    };
  },
  parseHTML() {
    return [
      { tag: 'table' },
      // Table sections hold rows and the colgroup holds widths the cells carry: rules of their own, so that
      // parsing (and Tiptap's content check, which flags any element without a rule) knows them.
      ...['thead', 'tbody', 'tfoot'].map((tag) => ({ tag, skip: true as const })),
      { tag: 'colgroup', ignore: true },
    ];
  },
  renderHTML({ node, HTMLAttributes }) {
    const attrs = mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, {
      style: `width: ${TableLimits.defaultWidthPercent}%`,
    });
    return ['table', attrs, colgroupSpec(node), ['tbody', 0]];
  },
});

export const TableRowModel = Node.create<{ HTMLAttributes: Record<string, unknown> }>({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  addOptions() {
    return { HTMLAttributes: {} };
  },
  parseHTML() {
    return [{ tag: 'tr' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['tr', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), 0];
  },
});

/** A cell element with no child elements and only ASCII white space: its content is filled in (`block+`). */
function isEmptyCell(el: { readonly children: { readonly length: number }; readonly textContent: string | null }) {
  return el.children.length === 0 && (el.textContent ?? '').replace(/[ \t\r\n\f]+/g, '') === '';
}

/** The smallest content a cell of `type` may hold (an empty paragraph). */
function emptyCellContent(type: NodeType | undefined): Fragment {
  const filled = type?.createAndFill();
  if (!filled) throw new Error(`document model: ${type?.name ?? 'a table cell'} has no default content`);
  return filled.content;
}

/** Parse rules of a cell tag: an empty element gets its required content, any other is read as it is. */
function cellParseRules(tag: 'td' | 'th', name: string) {
  return [
    {
      tag,
      getAttrs: (el: HTMLElement) => (isEmptyCell(el) ? {} : false),
      getContent: (_el: globalThis.Node, schema: { nodes: Record<string, NodeType | undefined> }) =>
        emptyCellContent(schema.nodes[name]),
    },
    { tag },
  ];
}

function cellRenderHTML(
  tag: 'td' | 'th',
  options: EditorOptions,
  node: ProseMirrorNode,
  html: Record<string, unknown>,
): DOMOutputSpec {
  const { colspan, rowspan, colwidth } = validAttrs(node.attrs, cellAttributes(options));
  const attrs: Record<string, unknown> = { ...html };
  if (colspan !== 1) attrs.colspan = String(colspan);
  if (rowspan !== 1) attrs.rowspan = String(rowspan);
  if (Array.isArray(colwidth) && colwidth.some((w) => typeof w === 'number' && w > 0)) {
    attrs['data-colwidth'] = colwidth.join(',');
  }
  return [tag, attrs, 0];
}

export const TableCellModel = Node.create<ModelOptions & { HTMLAttributes: Record<string, unknown> }>({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addOptions() {
    return { HTMLAttributes: {}, ...defaultModelOptions() };
  },
  addAttributes() {
    return tiptapAttributes(cellAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    return modelSpec(extension, 'tableCell', () => cellAttributes(this.options.editorOptions));
  },
  parseHTML() {
    return cellParseRules('td', this.name);
  },
  renderHTML({ node, HTMLAttributes }) {
    return cellRenderHTML(
      'td',
      this.options.editorOptions,
      node,
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes),
    );
  },
});

export const TableHeaderModel = Node.create<ModelOptions & { HTMLAttributes: Record<string, unknown> }>({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addOptions() {
    return { HTMLAttributes: {}, ...defaultModelOptions() };
  },
  addAttributes() {
    return tiptapAttributes(cellAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    return modelSpec(extension, 'tableHeader', () => cellAttributes(this.options.editorOptions));
  },
  parseHTML() {
    return cellParseRules('th', this.name);
  },
  renderHTML({ node, HTMLAttributes }) {
    return cellRenderHTML(
      'th',
      this.options.editorOptions,
      node,
      mergeAttributes(this.options.HTMLAttributes, HTMLAttributes),
    );
  },
});
