import type { Editor } from '@tiptap/core';
import { defaultEditorOptions } from '../../editor-option-defaults';
import type { EditorOptions } from '../../editor-options';

/** The option of every model node or mark whose attributes depend on the deployment (styles, classes, rel). */
export interface ModelOptions {
  /** The deployment's editor options (`GET /api/config`); the server builds its model with the same. */
  editorOptions: EditorOptions;
}

export function defaultModelOptions(): ModelOptions {
  return { editorOptions: defaultEditorOptions };
}

/** The editor options the editor's model was built with (the defaults when no model node carries them). */
export function editorOptionsOf(editor: Editor): EditorOptions {
  for (const extension of editor.extensionManager.extensions) {
    const options: unknown = extension.options;
    if (typeof options === 'object' && options !== null && 'editorOptions' in options) {
      return (options as ModelOptions).editorOptions;
    }
  }
  return defaultEditorOptions;
}

/** `build` once per options object (attribute models hold sets and closures built from the options). */
export function perOptions<T>(build: (options: EditorOptions) => T): (options: EditorOptions) => T {
  const cache = new WeakMap<EditorOptions, T>();
  return (options) => {
    let value = cache.get(options);
    if (value === undefined) {
      value = build(options);
      cache.set(options, value);
    }
    return value;
  };
}
