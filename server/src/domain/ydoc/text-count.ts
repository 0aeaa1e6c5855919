import * as Y from 'yjs';
import type { DocumentRules } from '@shared/document/model/model-types';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';

export interface TextCount {
  chars: number;
  words: number;
}

interface TypeParts {
  _start: Y.Item | null;
}

/**
 * Characters and words of a document's content, counted like the editor's counters: blocks and hard
 * breaks separate words, other inline nodes (images, files) do not, zero-width spaces are not text.
 * A whole walk: the guard runs it only when a cheap upper bound says a limit may be crossed.
 */
export function countDocumentText(doc: Y.Doc, rules: DocumentRules): TextCount {
  const count: TextCount = { chars: 0, words: 0 };
  let inWord = false;
  const text = (t: TypeParts): void => {
    for (let item = t._start; item !== null; item = item.right) {
      if (item.deleted || !(item.content instanceof Y.ContentString)) continue;
      const s = item.content.str;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c === 0x200b || c === 0xfeff) continue;
        count.chars++;
        const space = c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || (c >= 0x2000 && c <= 0x200a) || c === 0x3000;
        if (!space && !inWord) count.words++;
        inWord = !space;
      }
    }
  };
  const element = (t: TypeParts, textblock: boolean): void => {
    for (let item = t._start; item !== null; item = item.right) {
      if (item.deleted || !(item.content instanceof Y.ContentType)) continue;
      const type = item.content.type;
      if (type instanceof Y.XmlText) text(type);
      else if (type instanceof Y.XmlElement) {
        const rule = rules.nodes.get(type.nodeName);
        // Inside a text block an element is inline: a hard break splits words, an image does not.
        if (!textblock || type.nodeName === 'hardBreak') inWord = false;
        element(type, rule?.text ?? false);
        if (!textblock) inWord = false;
      }
    }
  };
  element(doc.getXmlFragment(YDocKeys.content), false);
  return count;
}
