import { NodeSelection } from '@tiptap/pm/state';
import { IconModel, readIconAttrs, type IconAttrs } from '@shared/document/model/icon-model';
import { openStateExtension, type OpenStateStorage } from '../../editor/ui/open-state';
import { lazyNodeView, whenIdle } from '../../editor/core/lazy';

// The icons' drawing: fetched when the first icon is drawn (documents without icons never redraw for it).
const view = lazyNodeView(IconModel.name, () => import('./icon-view-factory').then((m) => m.iconView));

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    icon: {
      /** Inserts an icon at the selection (replacing a selected icon); the caret goes after it. */
      insertIcon: (attrs: IconAttrs) => ReturnType;
      /** Changes the colour or size of the selected icon, keeping it selected. */
      updateIcon: (patch: Partial<IconAttrs>) => ReturnType;
    };
  }
  interface Storage {
    iconPicker: OpenStateStorage;
  }
}

/** The picker's open flag per editor, shared with the quick-insert entry. */
export const IconPicker = openStateExtension('iconPicker');

/** The selected icon node, if the selection is one. */
export function selectedIcon(selection: unknown, name = IconModel.name): NodeSelection | null {
  return selection instanceof NodeSelection && selection.node.type.name === name ? selection : null;
}

/** The model's `icon` node with the authors' view (its drawing) and its commands. */
export const IconNode = IconModel.extend({
  addNodeView() {
    return view.renderer;
  },

  onCreate() {
    // The set's names, so pasted icons are checked against the set soon after the editor opens.
    const cancel = whenIdle(() => {
      import('./icons.data').then(
        (data) => data.preloadIconNames(),
        () => undefined,
      );
    });
    this.editor.on('destroy', cancel);
  },

  addCommands() {
    return {
      insertIcon:
        (attrs) =>
        ({ tr, dispatch, state }) => {
          const type = state.schema.nodes[this.name];
          if (!type) return false;
          const clean = readIconAttrs({ ...attrs });
          if (clean.name !== attrs.name) return false;
          if (dispatch) tr.replaceSelectionWith(type.create(clean), true).scrollIntoView();
          return true;
        },
      updateIcon:
        (patch) =>
        ({ tr, dispatch }) => {
          const selected = selectedIcon(tr.selection, this.name);
          if (!selected) return false;
          const next = readIconAttrs({ ...selected.node.attrs, ...patch });
          if (dispatch) {
            tr.setNodeMarkup(selected.from, undefined, next);
            tr.setSelection(NodeSelection.create(tr.doc, selected.from));
          }
          return true;
        },
    };
  },
});
