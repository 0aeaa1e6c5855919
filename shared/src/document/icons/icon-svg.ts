import type { DOMOutputSpec, Node as PmNode } from '@tiptap/pm/model';
import { iconDomSpec, readIconAttrs } from '../model/icon-model';

/** One element of an icon's drawing as the set ships it: `['path', { d: '…' }]`. */
export type IconElement = readonly [tag: string, attrs: Readonly<Record<string, string>>];
/** The drawings of the bundled icons by name (`lucide-icons.json`). */
export type IconDrawings = Readonly<Record<string, readonly IconElement[]>>;

/** The shapes Lucide draws with, and the attributes they use: nothing else is written out. */
const SHAPES: Readonly<Record<string, readonly string[]>> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
};
/** Path data and coordinates only: digits, letters of path commands, signs, dots, commas and spaces. */
const GEOMETRY = /^[\d\sa-zA-Z.,-]{1,4000}$/;

export const SVG_NS = 'http://www.w3.org/2000/svg';

/** The `<svg>` element's own attributes: Lucide's 24-unit stroke drawing, sized by the text (1em). */
export const ICON_SVG_ATTRS: Readonly<Record<string, string>> = {
  xmlns: SVG_NS,
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  'stroke-width': '2',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
  'aria-hidden': 'true',
  focusable: 'false',
};

/** The elements of a drawing that are known shapes with geometry attributes only (data from the package). */
export function safeShapes(elements: readonly IconElement[]): Array<[string, Record<string, string>]> {
  const out: Array<[string, Record<string, string>]> = [];
  for (const [tag, attrs] of elements) {
    const allowed = SHAPES[tag];
    if (!allowed) continue;
    const kept: Record<string, string> = {};
    for (const name of allowed) {
      const value = attrs[name];
      if (typeof value === 'string' && GEOMETRY.test(value)) kept[name] = value;
    }
    out.push([tag, kept]);
  }
  return out;
}

/** The `<svg>` of a drawing as a ProseMirror DOM spec (serialised by the HTML export). */
export function iconSvgSpec(elements: readonly IconElement[]): DOMOutputSpec {
  return [
    `${SVG_NS} svg`,
    { ...ICON_SVG_ATTRS },
    ...safeShapes(elements).map(([tag, attrs]): DOMOutputSpec => [`${SVG_NS} ${tag}`, attrs]),
  ];
}

/** An icon node as the HTML export writes it: the model's element with the icon's `<svg>` inside. */
export function iconExportSpec(node: PmNode, drawings: IconDrawings): DOMOutputSpec {
  const a = readIconAttrs(node.attrs);
  const drawing = drawings[a.name];
  return drawing ? iconDomSpec(a, iconSvgSpec(drawing)) : iconDomSpec(a);
}
