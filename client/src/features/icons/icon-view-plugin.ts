import type { Editor } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { IconModel } from '@shared/document/model/icon-model';
import { IconView } from './icon-view';
import { preloadIconNames } from './icons.data';

const iconViewsKey = new PluginKey('iconViews');

/**
 * Icons as authors see them (their drawing, named for screen readers), added to the editor once this chunk
 * is there: until then an icon is the model's empty placeholder, and its drawings load on demand anyway.
 * The set's names come along, so pasted icons are checked against the set.
 */
export function registerIconViews(editor: Editor): void {
  if (editor.isDestroyed || iconViewsKey.getState(editor.state) !== undefined) return;
  editor.registerPlugin(
    new Plugin({
      key: iconViewsKey,
      state: { init: () => true, apply: (_tr, value: boolean) => value },
      props: { nodeViews: { [IconModel.name]: (node) => new IconView(node) } },
    }),
  );
  preloadIconNames();
}
