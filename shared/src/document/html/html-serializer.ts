import { DOMSerializer, type DOMOutputSpec, type Fragment, type Node as PmNode, type Schema } from '@tiptap/pm/model';

/**
 * The HTML of a ProseMirror fragment, built by ProseMirror's own DOMSerializer from the schema's `toDOM`
 * (the nodes' and marks' renderHTML) into a minimal string DOM, then written with the HTML fragment
 * serialization rules. The same in every browser and on the server: a real DOM would pass each `style`
 * through its CSSOM (`style.cssText`), which rewrites values differently per engine (Chrome writes
 * `#E25041` as `rgb(226, 80, 65)`, moves a text-shadow's colour first, drops what it cannot parse; jsdom
 * and happy-dom each differ from it), so the exported HTML would depend on where it was rendered and
 * would not parse back to the same attributes.
 */

/** Elements without content or end tag. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'bgsound',
  'br',
  'col',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Names a browser's `setAttribute`/`createElement` accepts (anything else is a bug in a renderHTML). */
const NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;

const escapeText = (text: string): string =>
  text.replace(/[&<>\u00a0]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;'));

const escapeAttribute = (value: string): string =>
  value.replace(/[&"<>\u00a0]/g, (c) =>
    c === '&' ? '&amp;' : c === '"' ? '&quot;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&nbsp;',
  );

type StringNode = StringElement | StringText | StringFragment;

class StringText {
  readonly nodeType = 3;
  constructor(readonly text: string) {}
  html(): string {
    // Escaped even inside elements whose text a browser writes raw (no renderHTML puts text there).
    return escapeText(this.text);
  }
}

abstract class StringParent {
  readonly children: StringNode[] = [];
  appendChild(child: unknown): unknown {
    if (!(child instanceof StringElement || child instanceof StringText || child instanceof StringFragment)) {
      throw new TypeError('html serializer: a renderHTML returned a DOM node instead of a DOM spec');
    }
    if (child instanceof StringFragment) this.children.push(...child.children.splice(0));
    else this.children.push(child);
    return child;
  }
  innerHtml(): string {
    return this.children.map((c) => c.html()).join('');
  }
}

class StringFragment extends StringParent {
  readonly nodeType = 11;
  html(): string {
    return this.innerHtml();
  }
}

class StringElement extends StringParent {
  readonly nodeType = 1;
  private readonly attributes = new Map<string, string>();
  constructor(readonly tagName: string) {
    super();
    if (!NAME.test(tagName)) throw new TypeError(`html serializer: invalid element name ${tagName}`);
  }
  setAttribute(name: string, value: unknown): void {
    if (!NAME.test(name)) throw new TypeError(`html serializer: invalid attribute name ${name}`);
    // A repeated name keeps its place, as in the DOM.
    this.attributes.set(name.toLowerCase(), String(value));
  }
  setAttributeNS(_namespace: string, name: string, value: unknown): void {
    this.setAttribute(name, value);
  }
  html(): string {
    const tag = this.tagName.toLowerCase();
    let out = `<${tag}`;
    for (const [name, value] of this.attributes) out += ` ${name}="${escapeAttribute(value)}"`;
    out += '>';
    if (VOID_ELEMENTS.has(tag)) return out;
    return `${out}${this.innerHtml()}</${tag}>`;
  }
}

type SerializeArgs = Parameters<DOMSerializer['serializeFragment']>;
type SerializerDocument = NonNullable<NonNullable<SerializeArgs[1]>['document']>;
type SerializerTarget = SerializeArgs[2];

/** What DOMSerializer asks of a document (it never reads the CSSOM of these elements: they have no `style`). */
const stringDocument = {
  createElement: (tag: string) => new StringElement(tag),
  createElementNS: (_namespace: string, tag: string) => new StringElement(tag),
  createTextNode: (text: string) => new StringText(text),
  createDocumentFragment: () => new StringFragment(),
};

/** Renderings that replace the schema's for some nodes (the HTML export draws icons into their element). */
export type NodeRenderers = Readonly<Record<string, (node: PmNode) => DOMOutputSpec>>;

/** The HTML of `fragment` as the schema renders it: what `innerHTML` of its DOM would be, without a CSSOM. */
export function renderFragmentHtml(fragment: Fragment, schema: Schema, renderers?: NodeRenderers): string {
  const target = new StringFragment();
  // The serializer only calls the four factory methods above and appendChild/setAttribute on their results.
  const document = stringDocument as unknown as SerializerDocument;
  const base = DOMSerializer.fromSchema(schema);
  const serializer = renderers ? new DOMSerializer({ ...base.nodes, ...renderers }, base.marks) : base;
  serializer.serializeFragment(fragment, { document }, target as unknown as SerializerTarget);
  return target.html();
}
