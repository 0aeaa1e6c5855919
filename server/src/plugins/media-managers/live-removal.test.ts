import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { removeUploadElements } from './live-removal';

function element(name: string, attrs: Record<string, string>): Y.XmlElement {
  const el = new Y.XmlElement(name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

function names(doc: Y.Doc): string[] {
  const out: string[] = [];
  const walk = (parent: Y.XmlFragment | Y.XmlElement): void => {
    for (const child of parent.toArray()) {
      if (child instanceof Y.XmlElement) {
        out.push(`${child.nodeName}:${String(child.getAttribute('src') ?? child.getAttribute('href') ?? '')}`);
        walk(child);
      }
    }
  };
  walk(doc.getXmlFragment('default'));
  return out;
}

describe('removeUploadElements', () => {
  it('removes matching media nodes at any depth in one transaction, by id or stored name', () => {
    const doc = new Y.Doc();
    const p = new Y.XmlElement('paragraph');
    const text = new Y.XmlText();
    text.insert(0, 'a');
    p.insert(0, [
      text,
      element('image', { src: 'https://h/uploads/aaa.png', uploadId: 'u1' }),
      element('image', { src: 'https://h/uploads/bbb.png' }),
      element('video', { src: '/uploads/aaa.png' }),
      element('file', { href: 'https://other/uploads/aaa.thumb.webp' }),
      element('link', { href: 'https://h/uploads/aaa.png' }),
    ]);
    const quote = new Y.XmlElement('blockquote');
    const inner = new Y.XmlElement('paragraph');
    inner.insert(0, [element('image', { src: 'https://x/elsewhere.png', uploadId: 'u1' })]);
    quote.insert(0, [inner]);
    doc.getXmlFragment('default').insert(0, [p, quote]);

    let transactions = 0;
    doc.on('afterTransaction', () => (transactions += 1));
    const removed = removeUploadElements(doc, [
      { uploadId: 'u1', storedNames: new Set(['aaa.png', 'aaa.thumb.webp']) },
    ]);
    expect(removed).toBe(4);
    expect(transactions).toBe(1);
    expect(names(doc)).toEqual([
      'paragraph:',
      'image:https://h/uploads/bbb.png',
      'link:https://h/uploads/aaa.png',
      'blockquote:',
      'paragraph:',
    ]);
    expect(doc.getXmlFragment('default').toString()).toContain('a');
  });

  it('does nothing (no transaction) when nothing matches', () => {
    const doc = new Y.Doc();
    doc.getXmlFragment('default').insert(0, [element('image', { src: 'https://h/uploads/ccc.png' })]);
    let transactions = 0;
    doc.on('afterTransaction', () => (transactions += 1));
    expect(removeUploadElements(doc, [{ uploadId: 'zz', storedNames: new Set(['ddd.png']) }])).toBe(0);
    expect(transactions).toBe(0);
  });
});
