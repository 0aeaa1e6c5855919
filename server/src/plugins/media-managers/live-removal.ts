import * as Y from 'yjs';
import { storedNameFromUrl } from '@shared/api/media';
import { MediaNodes } from '@shared/document/model/media-nodes';
import { YDocKeys } from '@shared/document/yjs/ydoc-keys';

/** What identifies one upload inside a document: its id and its stored file names. */
export interface UploadMatch {
  uploadId: string;
  storedNames: ReadonlySet<string>;
}

/** Node name → the attribute holding its upload's URL, for every media node of the model that has one. */
const URL_ATTR: ReadonlyMap<string, string> = new Map(
  Object.values(MediaNodes).flatMap((m): Array<[string, string]> => (m.urlAttr === null ? [] : [[m.node, m.urlAttr]])),
);

/** The attribute of every media node that names its upload (the models of image, video and file). */
const UPLOAD_ID_ATTR = 'uploadId';

function references(element: Y.XmlElement, match: UploadMatch): boolean {
  const urlAttr = URL_ATTR.get(element.nodeName);
  if (urlAttr === undefined) return false;
  const id: unknown = element.getAttribute(UPLOAD_ID_ATTR);
  if (typeof id === 'string' && id === match.uploadId) return true;
  const url: unknown = element.getAttribute(urlAttr);
  const name = typeof url === 'string' ? storedNameFromUrl(url) : null;
  return name !== null && match.storedNames.has(name);
}

/**
 * Deletes every image/video/file element of the fragment that references one of the uploads, in one
 * transaction (so every open copy receives a single update). Returns how many elements were removed.
 */
export function removeUploadElements(
  doc: Y.Doc,
  matches: readonly UploadMatch[],
  fragmentName: string = YDocKeys.content,
): number {
  const fragment = doc.getXmlFragment(fragmentName);
  const doomed: Array<{ parent: Y.XmlFragment | Y.XmlElement; index: number }> = [];
  const stack: Array<Y.XmlFragment | Y.XmlElement> = [fragment];
  while (stack.length > 0) {
    const parent = stack.pop();
    if (!parent) break;
    parent.toArray().forEach((child, index) => {
      if (!(child instanceof Y.XmlElement)) return;
      if (matches.some((m) => references(child, m))) doomed.push({ parent, index });
      else stack.push(child);
    });
  }
  if (doomed.length === 0) return 0;
  doc.transact(() => {
    // Highest index first, so earlier indexes of the same parent stay valid.
    for (const { parent, index } of doomed.sort((a, b) => b.index - a.index)) parent.delete(index, 1);
  });
  return doomed.length;
}
