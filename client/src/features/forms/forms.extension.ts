import { Plugin, PluginKey, NodeSelection } from '@tiptap/pm/state';
import { Extension } from '@tiptap/core';
import { FormModel, readFormAttrs, type FormControlAttrs } from '@shared/document/model/form-model';
import { store, type Store } from '../../lib/store';
import { FormView } from './form-view';

/** What the form popup shows: the whole properties form, or one compact field (button text, label). */
export type FormEditMode = 'properties' | 'text' | 'label';

export interface FormsStorage {
  /** The popup asked for (null: the selected control's bubble only). */
  edit: Store<FormEditMode | null>;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    formControl: {
      /** Inserts a form control as a block at the selection and selects it. */
      insertFormControl: (attrs: Partial<FormControlAttrs>) => ReturnType;
      /** Changes attributes of the selected form control in one step, keeping it selected. */
      updateFormControl: (patch: Partial<FormControlAttrs>) => ReturnType;
    };
  }
  interface Storage {
    forms: FormsStorage;
  }
}

/** The selected form control, if the selection is one. */
export function selectedForm(selection: unknown): NodeSelection | null {
  return selection instanceof NodeSelection && selection.node.type.name === FormModel.name ? selection : null;
}

/** The popup's state per editor. */
export const FormsState = Extension.create<Record<string, never>, FormsStorage>({
  name: 'forms',
  addStorage: () => ({ edit: store<FormEditMode | null>(null) }),
});

/** The model's `formControl` node with the authors' view, its commands, Enter and double-click to edit. */
export const FormNode = FormModel.extend({
  addNodeView() {
    return ({ node, editor }) => new FormView(node, editor);
  },

  addCommands() {
    return {
      insertFormControl:
        (attrs) =>
        ({ tr, dispatch, state }) => {
          const type = state.schema.nodes[this.name];
          if (!type) return false;
          if (dispatch) {
            const at = tr.selection.from;
            tr.replaceSelectionWith(type.create(readFormAttrs(attrs)));
            // The new block sits at or just after the old selection's start.
            const pos = Math.min(tr.mapping.map(at, -1), tr.doc.content.size);
            let found = -1;
            tr.doc.nodesBetween(Math.max(0, pos - 1), Math.min(tr.doc.content.size, pos + 2), (n, p) => {
              if (found < 0 && n.type === type) found = p;
              return found < 0;
            });
            if (found >= 0) tr.setSelection(NodeSelection.create(tr.doc, found));
            tr.scrollIntoView();
          }
          return true;
        },
      updateFormControl:
        (patch) =>
        ({ tr, dispatch }) => {
          const selected = selectedForm(tr.selection);
          if (!selected) return false;
          if (dispatch) {
            tr.setNodeMarkup(selected.from, undefined, readFormAttrs({ ...selected.node.attrs, ...patch }));
            tr.setSelection(NodeSelection.create(tr.doc, selected.from));
          }
          return true;
        },
    };
  },

  addKeyboardShortcuts() {
    return {
      // Enter on a selected control edits it (never a new paragraph in its place).
      Enter: ({ editor }) => {
        if (!selectedForm(editor.state.selection) || !editor.isEditable) return false;
        editor.storage.forms.edit.set('properties');
        return true;
      },
    };
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('formDoubleClick'),
        props: {
          handleDoubleClickOn: (view, _pos, node, nodePos) => {
            if (node.type.name !== this.name || !view.editable) return false;
            view.dispatch(view.state.tr.setSelection(NodeSelection.create(view.state.doc, nodePos)));
            editor.storage.forms.edit.set('properties');
            return true;
          },
        },
      }),
    ];
  },
});
