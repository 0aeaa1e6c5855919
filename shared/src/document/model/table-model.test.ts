import { getSchema, mergeAttributes, type AnyExtension } from '@tiptap/core';
import { Table, TableCell, TableHeader, TableRow, type TableOptions } from '@tiptap/extension-table';
import {
  DOMParser as PmDOMParser,
  DOMSerializer,
  type DOMOutputSpec,
  type Node as PmNode,
  type Schema,
} from '@tiptap/pm/model';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { defaultEditorOptions } from '../../editor-options';
import { TableLimits } from '../../limits';
import { modelSpec, tiptapAttributes, validAttrs } from './attribute-model';
import { createDocumentModel } from './create-document-model';
import { defaultModelOptions, type ModelOptions } from './model-options';
import { randomDocument } from '../testing/random-document';
import { cellAttributes, colgroupSpec, tableAttributes } from './table-model';

/*
 * The table nodes as they were defined on @tiptap/extension-table before the model defined them itself
 * (so that the editor's first load carries no table-editing code): the reference the new schema must equal.
 */
const LegacyTable = Table.extend<TableOptions & ModelOptions>({
  addOptions() {
    return {
      ...(this.parent?.() as TableOptions),
      ...defaultModelOptions(),
      cellMinWidth: TableLimits.resizeLimitPx,
    };
  },
  addAttributes() {
    return tiptapAttributes(tableAttributes(this.options.editorOptions));
  },
  extendNodeSchema(extension) {
    return {
      ...this.parent?.(extension),
      ...modelSpec(extension, 'table', () => tableAttributes(this.options.editorOptions)),
    };
  },
  parseHTML() {
    return [
      { tag: 'table' },
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

function legacyCell(base: typeof TableCell, name: 'tableCell' | 'tableHeader', tag: 'td' | 'th') {
  return base.extend<ModelOptions & { HTMLAttributes: Record<string, unknown> }>({
    addOptions() {
      return { HTMLAttributes: {}, ...defaultModelOptions() };
    },
    addAttributes() {
      return tiptapAttributes(cellAttributes(this.options.editorOptions));
    },
    extendNodeSchema(extension) {
      return modelSpec(extension, name, () => cellAttributes(this.options.editorOptions));
    },
    renderHTML({ node, HTMLAttributes }): DOMOutputSpec {
      const { colspan, rowspan, colwidth } = validAttrs(node.attrs, cellAttributes(this.options.editorOptions));
      const attrs: Record<string, unknown> = { ...mergeAttributes(this.options.HTMLAttributes, HTMLAttributes) };
      if (colspan !== 1) attrs.colspan = String(colspan);
      if (rowspan !== 1) attrs.rowspan = String(rowspan);
      if (Array.isArray(colwidth) && colwidth.some((w) => typeof w === 'number' && w > 0)) {
        attrs['data-colwidth'] = colwidth.join(',');
      }
      return [tag, attrs, 0];
    },
  });
}

const legacy: Record<string, AnyExtension> = {
  table: LegacyTable.configure({ editorOptions: defaultEditorOptions }),
  tableRow: TableRow,
  tableCell: legacyCell(TableCell, 'tableCell', 'td').configure({ editorOptions: defaultEditorOptions }),
  tableHeader: legacyCell(TableHeader, 'tableHeader', 'th').configure({ editorOptions: defaultEditorOptions }),
};

const model = createDocumentModel(defaultEditorOptions);
const current = model.schema;
const old = getSchema(model.extensions.map((e) => legacy[e.name] ?? e));

/** A spec as data: functions become a marker (their behaviour is compared below), undefined stays visible. */
function plain(value: unknown): unknown {
  if (typeof value === 'function') return 'function';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Set) return [...value].map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

const { window } = new JSDOM('');

function parse(schema: Schema, html: string): PmNode {
  const body = window.document.createElement('body');
  body.innerHTML = html;
  return PmDOMParser.fromSchema(schema).parse(body);
}

function render(schema: Schema, doc: PmNode): string {
  const div = window.document.createElement('div');
  div.append(DOMSerializer.fromSchema(schema).serializeFragment(doc.content, { document: window.document }));
  return div.innerHTML;
}

const CORPUS = [
  '<table><tr><td><p>a</p></td><td>b</td></tr></table>',
  '<table class="fr-dashed-borders fr-unknown" style="width: 50%"><colgroup><col style="width: 30%"></colgroup>' +
    '<thead><tr><th colspan="2" style="background-color: #ff0000; text-align: center">h</th></tr></thead>' +
    '<tbody><tr><td rowspan="2" data-colwidth="120" valign="middle" class="fr-highlighted">x</td>' +
    '<td colwidth="80,40" bgcolor="#00ff00" align="right"></td></tr><tr><td>  </td></tr></tbody>' +
    '<tfoot><tr><td>&nbsp;</td><th><br></th></tr></tfoot></table>',
  '<table><tr><td colspan="0" rowspan="x" data-colwidth="a,b"><ul><li>l</li></ul></td></tr></table>',
  '<p>before</p><table></table><table><tr></tr></table><p>after</p>',
];

describe('table model schema', () => {
  it('has the node types, specs and attributes of the Tiptap table nodes it replaced', () => {
    expect(Object.keys(current.nodes)).toEqual(Object.keys(old.nodes));
    for (const name of Object.keys(old.nodes)) {
      const a = current.nodes[name];
      const b = old.nodes[name];
      expect(plain(a?.spec), name).toEqual(plain(b?.spec));
      expect(Object.keys(a?.spec ?? {}).sort(), name).toEqual(Object.keys(b?.spec ?? {}).sort());
      expect(a?.spec.tableRole, name).toBe(b?.spec.tableRole);
      expect(a?.spec.content, name).toBe(b?.spec.content);
      expect(a?.spec.group, name).toBe(b?.spec.group);
      expect(a?.spec.isolating, name).toBe(b?.spec.isolating);
    }
    expect(current.nodes.tableHeader?.spec.tableRole).toBe('header_cell');
  });

  it('parses and renders HTML as before', () => {
    for (const html of CORPUS) {
      const a = parse(current, html);
      const b = parse(old, html);
      expect(a.toJSON(), html).toEqual(b.toJSON());
      expect(render(current, a), html).toBe(render(old, b));
    }
  });

  it('renders random documents as before', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const doc = randomDocument(current, seed);
      const again = old.nodeFromJSON(doc.toJSON());
      const html = render(current, doc);
      expect(html, `seed ${seed}`).toBe(render(old, again));
      expect(parse(current, html).toJSON(), `seed ${seed}`).toEqual(parse(old, html).toJSON());
    }
    // 25 documents through jsdom twice: seconds on a busy machine (the property tests allow a minute).
  }, 30_000);
});
