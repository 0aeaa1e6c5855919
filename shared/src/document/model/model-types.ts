/**
 * The compiled rules of the document model (shared/src/document): what a Tandem document may contain,
 * in the shape the server's update guard, the sanitizer and the client's render path read. Built once per
 * set of editor options by `createDocumentModel` from the same node and mark definitions the editor uses.
 */

/** One attribute's validator: true when `value` may be stored in the document as it is. */
export type AttrValidator = (value: unknown) => boolean;

export interface NodeRule {
  readonly name: string;
  /** Attribute name → validator of a stored value (the attribute's default always passes). */
  readonly attrs: ReadonlyMap<string, AttrValidator>;
  /** Node names that may appear as children (anywhere in the content expression). */
  readonly children: ReadonlySet<string>;
  /** Whether text may appear as a child (a text block such as paragraph, heading, codeBlock). */
  readonly text: boolean;
  /** Mark names allowed on this node's text children. */
  readonly marks: ReadonlySet<string>;
}

export interface MarkRule {
  readonly name: string;
  /** Attribute name → validator of a stored value. */
  readonly attrs: ReadonlyMap<string, AttrValidator>;
  /**
   * Whether marks of this type may overlap each other with different attributes (`excludes` does not name
   * the mark itself, as for comment anchors). y-tiptap then stores each one under a hashed attribute name,
   * `<name>--XXXXXXXX` (`overlappingMarkBase`), which the update guard reads back to this rule.
   */
  readonly overlapping: boolean;
  /** Attributes a stored mark must carry with a valid value (a suggestion's id); none when absent. */
  readonly required?: ReadonlySet<string>;
}

export interface DocumentRules {
  /** Every node except `doc` and `text`. */
  readonly nodes: ReadonlyMap<string, NodeRule>;
  readonly marks: ReadonlyMap<string, MarkRule>;
  /** Node names allowed directly in the root content fragment (`YDocKeys.content`). */
  readonly topLevel: ReadonlySet<string>;
}
