import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';
import { imageSources, storedNameOf } from './load-images';

const ORIGINS = ['https://tandem.example', 'http://127.0.0.1:8080'];

describe('export images', () => {
  it.each([
    ['/uploads/0123abcd.png', '0123abcd.png'],
    ['https://tandem.example/uploads/0123abcd.jpg', '0123abcd.jpg'],
    ['http://127.0.0.1:8080/uploads/0123abcd.thumb.webp', '0123abcd.thumb.webp'],
    // Never anything a request would have to fetch, nor a path outside the upload folder.
    ['https://elsewhere.example/uploads/0123abcd.png', null],
    ['http://127.0.0.1:9999/uploads/0123abcd.png', null],
    ['https://tandem.example/uploads/0123abcd.png?x=1', null],
    ['/uploads/../secret', null],
    ['/uploads/a/b.png', null],
    ['/uploads/..png', null],
    ['data:image/png;base64,AAAA', null],
    ['not a url', null],
  ])('%s → %s', (src, name) => {
    expect(storedNameOf(src, ORIGINS)).toBe(name);
  });

  it('finds each image address of a document once, nested anywhere, up to the cap', () => {
    const doc = new Y.Doc();
    const image = (src: string): Y.XmlElement => {
      const el = new Y.XmlElement('image');
      el.setAttribute('src', src);
      return el;
    };
    const paragraph = new Y.XmlElement('paragraph');
    paragraph.insert(0, [image('/uploads/a.png'), image('/uploads/b.png'), image('/uploads/a.png')]);
    const cell = new Y.XmlElement('tableCell');
    const inner = new Y.XmlElement('paragraph');
    inner.insert(0, [image('/uploads/c.png')]);
    cell.insert(0, [inner]);
    doc.getXmlFragment(YDocKeys.content).insert(0, [paragraph, cell]);
    expect(imageSources(doc, 10)).toEqual(['/uploads/a.png', '/uploads/b.png', '/uploads/c.png']);
    expect(imageSources(doc, 2)).toEqual(['/uploads/a.png', '/uploads/b.png']);
  });
});
