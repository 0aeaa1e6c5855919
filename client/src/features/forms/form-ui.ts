import type { Editor } from '@tiptap/core';
import { DOMSerializer, type Node as PmNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView, NodeView } from '@tiptap/pm/view';
import { formControlSpec } from '@shared/document/html/form-html';
import { FormNodeName, formWrapperSpec, readFormAttrs } from '@shared/document/model/form-model';
import { store, type Store } from '../../lib/store';
import './forms.css';

/** What the form popup shows: the whole properties form, or one compact field (button text, label). */
export type FormEditMode = 'properties' | 'text' | 'label';

const editStates = new WeakMap<Editor, Store<FormEditMode | null>>();

/** The popup asked for in this editor (null: the selected control's bubble only). */
export function formEditState(editor: Editor): Store<FormEditMode | null> {
  let state = editStates.get(editor);
  if (!state) {
    state = store<FormEditMode | null>(null);
    editStates.set(editor, state);
  }
  return state;
}

/** The selected form control, if the selection is one. */
export function selectedForm(selection: unknown): NodeSelection | null {
  return selection instanceof NodeSelection && selection.node.type.name === FormNodeName ? selection : null;
}

/**
 * A form control block: the model's wrapper with the real control drawn in. For authors the control is inert
 * (clicks fall through to the block, which ProseMirror selects; it never takes typing or submits); in the
 * read-only view it works, and ProseMirror ignores its events and changes, so nothing reaches the document.
 */
class FormView implements NodeView {
  readonly dom: HTMLElement;

  constructor(
    private readonly node: PmNode,
    private readonly view: EditorView,
  ) {
    const a = readFormAttrs(node.attrs);
    const render = (spec: Parameters<typeof DOMSerializer.renderSpec>[1]) =>
      DOMSerializer.renderSpec(document, spec).dom as HTMLElement;
    this.dom = render(formWrapperSpec(a));
    this.dom.contentEditable = 'false';
    const control = render(formControlSpec(a));
    control.inert = view.editable;
    // A radio group without a name still lets a viewer pick one option only.
    const group = `tandem-form-${Math.random().toString(36).slice(2)}`;
    for (const radio of control.querySelectorAll<HTMLInputElement>('input[type=radio]:not([name])')) radio.name = group;
    this.dom.append(control);
  }

  update(node: PmNode): boolean {
    // Changed attributes draw the control anew (ProseMirror makes a new view).
    return node.sameMarkup(this.node);
  }

  stopEvent(event: Event): boolean {
    return !this.view.editable && event.target !== this.dom;
  }

  ignoreMutation(): boolean {
    return true;
  }
}

export const formsPluginKey = new PluginKey('formControls');

/** The controls' view, and Enter or a double click on a selected control to edit it (registered with the popup). */
export function formsPlugin(editor: Editor): Plugin {
  const edit = (): boolean => {
    formEditState(editor).set('properties');
    return true;
  };
  return new Plugin({
    key: formsPluginKey,
    props: {
      nodeViews: { [FormNodeName]: (node, view) => new FormView(node, view) },
      // Enter on a selected control edits it (never a new paragraph in its place, never a submit).
      handleKeyDown: (view, event) =>
        event.key === 'Enter' && view.editable && selectedForm(view.state.selection) !== null && edit(),
      handleDoubleClickOn: (view, _pos, node, nodePos) => {
        if (node.type.name !== FormNodeName || !view.editable) return false;
        view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
        return edit();
      },
    },
  });
}
