import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView, ViewMutationRecord } from '@tiptap/pm/view';
import { readAttrs } from '@shared/document/model/attribute-model';
import { columnPercentages } from '@shared/document/model/table-model';
import { TableLimits } from '@shared/limits';

/**
 * The authors' view of a table: a 100 % wide table whose `<col>` widths are the percentages the model
 * renders, so the editor shows what the export writes and a table reflows with the page. The column
 * resizing plugin draws pixel widths on the same `<col>` elements while a border is dragged; the next
 * update (the drop) puts the percentages back.
 */
export class PercentTableView implements NodeView {
  readonly dom: HTMLDivElement;
  readonly contentDOM: HTMLTableSectionElement;
  private readonly table: HTMLTableElement;
  private readonly colgroup: HTMLTableColElement;

  constructor(private node: ProseMirrorNode) {
    this.dom = document.createElement('div');
    this.dom.className = 'tableWrapper';
    this.table = this.dom.appendChild(document.createElement('table'));
    this.colgroup = this.table.appendChild(document.createElement('colgroup'));
    this.contentDOM = this.table.appendChild(document.createElement('tbody'));
    this.render();
  }

  private render(): void {
    const { class: classes } = readAttrs(this.node);
    const className = typeof classes === 'string' ? classes : '';
    if (this.table.className !== className) this.table.className = className;
    this.table.style.width = `${TableLimits.defaultWidthPercent}%`;
    this.table.style.minWidth = '';
    const percentages = columnPercentages(this.node);
    while (this.colgroup.childElementCount > percentages.length) this.colgroup.lastElementChild?.remove();
    while (this.colgroup.childElementCount < percentages.length) this.colgroup.append(document.createElement('col'));
    percentages.forEach((p, i) => {
      const col = this.colgroup.children[i] as HTMLTableColElement;
      const width = `${p}%`;
      if (col.style.width !== width) col.style.width = width;
      col.style.minWidth = '';
    });
  }

  update(node: ProseMirrorNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  ignoreMutation(mutation: ViewMutationRecord): boolean {
    // The colgroup and the table's own style are ours (and the resizing plugin's), not content.
    const target = mutation.target as Node;
    return this.dom.contains(target) && !this.contentDOM.contains(target);
  }
}
