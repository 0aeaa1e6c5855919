import { ICON_SVG_ATTRS, safeShapes, SVG_NS, type IconDrawings } from '@shared/document/icons/icon-svg';

/** Builds the `<svg>` of an icon with DOM calls (no markup parsing); loaded with the drawings. */
export function drawIcon(drawings: IconDrawings, name: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  for (const [attr, value] of Object.entries(ICON_SVG_ATTRS)) if (attr !== 'xmlns') svg.setAttribute(attr, value);
  for (const [tag, attrs] of safeShapes(drawings[name] ?? [])) {
    const shape = document.createElementNS(SVG_NS, tag);
    for (const [attr, value] of Object.entries(attrs)) shape.setAttribute(attr, value);
    svg.append(shape);
  }
  return svg;
}
