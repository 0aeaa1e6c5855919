/**
 * The part of a DOM element the model's HTML parse rules read. The browser's elements and a server-side
 * DOM (happy-dom, jsdom) both have it, so the rules run on both sides without naming DOM globals.
 */
export interface HtmlElementLike {
  readonly tagName: string;
  readonly textContent: string | null;
  readonly firstElementChild: HtmlElementLike | null;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selectors: string): HtmlElementLike | null;
}

/**
 * One property of the element's inline `style`, read from the attribute itself (the CSSOM differs between
 * DOMs and rewrites values): the last declaration wins, `!important` is dropped; null when absent.
 */
export function styleProperty(el: HtmlElementLike, property: string): string | null {
  const style = el.getAttribute('style');
  if (!style) return null;
  const declarations = style.split(';');
  for (let i = declarations.length - 1; i >= 0; i--) {
    const declaration = declarations[i] ?? '';
    const colon = declaration.indexOf(':');
    if (colon < 0 || declaration.slice(0, colon).trim().toLowerCase() !== property) continue;
    return declaration
      .slice(colon + 1)
      .replace(/!\s*important\s*$/i, '')
      .trim();
  }
  return null;
}

/** The tokens of the element's `class` attribute. */
export function classTokensOf(el: HtmlElementLike): string[] {
  return (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean);
}

/** Whether the element's `class` attribute holds this token. */
export function hasClass(el: HtmlElementLike, token: string): boolean {
  return classTokensOf(el).includes(token);
}
