import type { Editor } from '@tiptap/core';
import { DOMSerializer, type Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { formDomSpec, readFormAttrs } from '@shared/document/model/form-model';

/**
 * A form control as the model draws it. For authors the control is `inert` (no focus, no typing, clicks
 * fall through to the block, which ProseMirror selects); in the read-only view it works, and its events
 * and value changes stay in the page: ProseMirror ignores them, so nothing reaches the document.
 */
export class FormView implements NodeView {
  readonly dom: HTMLElement;

  constructor(
    private readonly node: PmNode,
    private readonly editor: Editor,
  ) {
    const { dom } = DOMSerializer.renderSpec(document, formDomSpec(readFormAttrs(node.attrs)));
    this.dom = dom as HTMLElement;
    this.dom.contentEditable = 'false';
    const control = this.dom.firstElementChild as HTMLElement | null;
    if (control) control.inert = editor.isEditable;
    // A radio group without a name still lets a viewer pick one option only.
    const group = `tandem-form-${Math.random().toString(36).slice(2)}`;
    for (const radio of this.dom.querySelectorAll<HTMLInputElement>('input[type=radio]:not([name])'))
      radio.name = group;
  }

  update(node: PmNode): boolean {
    // Changed attributes draw the control anew (ProseMirror makes a new view).
    return node.sameMarkup(this.node);
  }

  stopEvent(event: Event): boolean {
    // A viewer's typing, clicks and changes belong to the control; an author's go to the editor.
    return !this.editor.isEditable && event.target !== this.dom;
  }

  ignoreMutation(): boolean {
    return true;
  }
}
