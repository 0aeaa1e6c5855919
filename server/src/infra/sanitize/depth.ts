import { type DefaultTreeAdapterTypes, defaultTreeAdapter as tree, parse, serialize } from 'parse5';

type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type ChildNode = DefaultTreeAdapterTypes.ChildNode;

function textOf(node: ChildNode): string {
  let text = '';
  const stack: ChildNode[] = [node];
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    if (tree.isTextNode(next)) text += next.value;
    else if ('childNodes' in next)
      for (let i = next.childNodes.length - 1; i >= 0; i--) stack.push(next.childNodes[i] as ChildNode);
  }
  return text;
}

/**
 * jsdom's tree building costs O(depth) per inserted node and overflows the stack at ~10k levels, so input
 * that could nest deeper than `maxDepth` is first parsed with parse5 alone (linear, no recursion) and,
 * when it really is deeper, re-serialized with the deep elements replaced by their text.
 */
export function flattenDeepHtml(html: string, maxDepth: number): string {
  let tags = 0;
  for (let i = html.indexOf('<'); i !== -1 && tags <= maxDepth; i = html.indexOf('<', i + 1)) tags += 1;
  if (tags <= maxDepth) return html;

  const document = parse(html, { scriptingEnabled: false });
  let flattened = false;
  const stack: Array<{ node: ParentNode; depth: number }> = [{ node: document, depth: -2 }]; // html, body = 0
  while (stack.length > 0) {
    const next = stack.pop();
    if (!next) break;
    const children = next.node.childNodes;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as ChildNode;
      if (!tree.isElementNode(child)) continue;
      if (next.depth + 1 > maxDepth) {
        const text = tree.createTextNode(textOf(child));
        text.parentNode = next.node;
        children[i] = text;
        flattened = true;
      } else {
        // A template's children live in its content fragment.
        const inner =
          child.nodeName === 'template' ? tree.getTemplateContent(child as DefaultTreeAdapterTypes.Template) : child;
        stack.push({ node: inner, depth: next.depth + 1 });
      }
    }
  }
  if (!flattened) return html;
  const body = document.childNodes
    .find(tree.isElementNode)
    ?.childNodes.find((n) => tree.isElementNode(n) && n.nodeName === 'body');
  return body && tree.isElementNode(body) ? serialize(body) : '';
}
