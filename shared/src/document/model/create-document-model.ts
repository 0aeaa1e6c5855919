import { getSchema, type AnyExtension } from '@tiptap/core';
import type { MarkType, NodeType, Schema } from '@tiptap/pm/model';
import type { EditorOptions } from '../../editor-options';
import { registerLucideNames } from '../icons/lucide-icon-set';
import { modelAttributesOf, requiredOf, validatorsOf } from './attribute-model';
import { CommentModel } from './comment-model';
import { coreModelExtensions } from './core-model';
import { EmbedCardModel } from './embed-card-model';
import { FileModel } from './file-model';
import { FormModel } from './form-model';
import { IconModel } from './icon-model';
import { SubscriptModel, SuperscriptModel } from './format-marks';
import { DeletionModel, InsertionModel, ModificationModel, ObjectSuggestionModel } from './suggestion-model';
import { ImageModel } from './image-model';
import { LinkModel } from './link-model';
import type { AttrValidator, DocumentRules, MarkRule, NodeRule } from './model-types';
import { TableCellModel, TableHeaderModel, TableModel, TableRowModel } from './table-model';
import { TextStyleModel } from './text-style-model';
import { UploadPlaceholderModel } from './upload-placeholder-model';
import { VideoModel } from './video-model';

export { coreModelExtensions };

/** The document model of one deployment: its Tiptap extensions, their schema and the compiled rules. */
export interface DocumentModel {
  /** Every node and mark of the model, configured with the deployment's options (no views, no UI). */
  extensions: AnyExtension[];
  schema: Schema;
  rules: DocumentRules;
}

/** The model's nodes and marks that capabilities bring (and extend with views, commands and UI), in their order. */
function capabilityModelExtensions(editorOptions: EditorOptions): AnyExtension[] {
  return [
    TextStyleModel.configure({ editorOptions }),
    SubscriptModel,
    SuperscriptModel,
    LinkModel.configure({ editorOptions }),
    UploadPlaceholderModel,
    ImageModel.configure({ editorOptions }),
    VideoModel,
    FileModel,
    TableModel.configure({ editorOptions }),
    TableRowModel,
    TableHeaderModel.configure({ editorOptions }),
    TableCellModel.configure({ editorOptions }),
    IconModel,
    FormModel,
    EmbedCardModel,
    CommentModel,
    InsertionModel,
    DeletionModel,
    ModificationModel,
    ObjectSuggestionModel,
  ];
}

/** Node names reachable in a content expression (walking every edge of its ContentMatch automaton). */
function childrenOf(type: NodeType): { children: Set<string>; text: boolean } {
  const children = new Set<string>();
  let text = false;
  const seen = new Set([type.contentMatch]);
  const queue = [type.contentMatch];
  for (let match = queue.pop(); match; match = queue.pop()) {
    for (let i = 0; i < match.edgeCount; i++) {
      const edge = match.edge(i);
      if (edge.type.isText) text = true;
      else children.add(edge.type.name);
      if (!seen.has(edge.next)) {
        seen.add(edge.next);
        queue.push(edge.next);
      }
    }
  }
  return { children, text };
}

/** The validators of a node's or mark's schema attributes; an attribute without a model is a bug in the model. */
function attrRule(type: NodeType | MarkType): ReadonlyMap<string, AttrValidator> {
  const validators = validatorsOf(modelAttributesOf(type) ?? {});
  const names = Object.keys(type.spec.attrs ?? {});
  const differ = [
    ...names.filter((a) => !validators.has(a)),
    ...[...validators.keys()].filter((a) => !names.includes(a)),
  ];
  if (differ.length > 0) throw new Error(`document model: ${type.name} attributes lack a model (${differ.join(', ')})`);
  return validators;
}

/** The rules of a schema built from the model (each node and mark carries its attribute models). */
export function compileRules(schema: Schema): DocumentRules {
  const markTypes = Object.values(schema.marks);
  const marks = new Map<string, MarkRule>(
    markTypes.map((type) => [
      type.name,
      {
        name: type.name,
        attrs: attrRule(type),
        overlapping: !type.excludes(type),
        required: requiredOf(modelAttributesOf(type) ?? {}),
      },
    ]),
  );
  const nodes = new Map<string, NodeRule>();
  for (const type of Object.values(schema.nodes)) {
    if (type === schema.topNodeType || type.isText) continue;
    const { children, text } = childrenOf(type);
    nodes.set(type.name, {
      name: type.name,
      attrs: attrRule(type),
      children,
      text,
      marks: new Set(markTypes.filter((m) => type.allowsMarkType(m)).map((m) => m.name)),
    });
  }
  return { nodes, marks, topLevel: childrenOf(schema.topNodeType).children };
}

const cache = new WeakMap<EditorOptions, DocumentModel>();

/**
 * The document model for a deployment's editor options (cached per options object): the same node and mark
 * definitions the editor extends, the schema Tiptap builds from them (no DOM needed), and the rules the
 * server's update guard, the sanitizer and the client's checks read.
 */
export function createDocumentModel(options: EditorOptions): DocumentModel {
  const cached = cache.get(options);
  if (cached) return cached;
  // The icon node accepts the names of the bundled set (kept out of the browser's first load: see icon-names.ts).
  registerLucideNames();
  const extensions = [...coreModelExtensions(options), ...capabilityModelExtensions(options)];
  const schema = getSchema(extensions);
  const model: DocumentModel = { extensions, schema, rules: compileRules(schema) };
  cache.set(options, model);
  return model;
}
