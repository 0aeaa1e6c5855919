import { Node } from '@tiptap/core';
import { DocumentModelLimits } from '../../limits';
import { fixedNodeAttributes, inlineAtom, validAttrs, type AttrModels } from './attribute-model';
import type { HtmlElementLike } from '../html/html-element';
import { boundedString, cleanUploadId, integerIn, isStorableUrl, isUploadId, nullOr } from './validators';
import { FileMedia } from './media-nodes';

export { FileMedia } from './media-nodes';

export interface FileAttrs {
  href: string;
  name: string;
  size: number;
  mime: string;
  uploadId: string | null;
}

/** Only web addresses may become a file link: absolute http(s) or our own /uploads/ path. */
export function isSafeFileHref(href: string): boolean {
  return href.length <= DocumentModelLimits.maxUrlChars && isStorableUrl(href);
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

const readSize = (value: string | null): number => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= DocumentModelLimits.maxFileSizeBytes ? n : 0;
};

const attributes: AttrModels = {
  href: {
    default: '',
    validate: (v) => typeof v === 'string' && isSafeFileHref(v),
    parse: (el) => el.getAttribute('href')?.trim(),
  },
  name: {
    default: '',
    validate: boundedString(DocumentModelLimits.maxTextChars),
    parse: (el) => (el.textContent ?? '').trim().slice(0, DocumentModelLimits.maxTextChars),
  },
  size: {
    default: 0,
    validate: integerIn(0, DocumentModelLimits.maxFileSizeBytes),
    parse: (el) => readSize(el.getAttribute('data-size')),
  },
  mime: {
    default: '',
    validate: (v) => typeof v === 'string' && v.length <= DocumentModelLimits.maxMimeChars && MIME.test(v),
    parse: (el) => el.getAttribute('data-type'),
  },
  uploadId: { default: null, validate: nullOr(isUploadId), parse: (el) => cleanUploadId(el.getAttribute('data-id')) },
};

/** The file's attributes read through the validators (invalid → default). */
export function readFileAttrs(attrs: Readonly<Record<string, unknown>>): FileAttrs {
  // Every value passed its validator (or is the default), so it has the type FileAttrs names.
  return validAttrs(attrs, attributes) as unknown as FileAttrs;
}

/** `<a href class="fr-file" data-size data-type data-id>name</a>`: an inline atom (FROALA-REFERENCE §14). */
export const FileModel = Node.create({
  name: FileMedia.node,
  ...inlineAtom,
  ...fixedNodeAttributes(FileMedia.node, attributes),

  parseHTML() {
    return [
      {
        tag: 'a.fr-file',
        // Ahead of the link mark, which would otherwise take every `a[href]`.
        priority: 60,
        getAttrs: (el: HtmlElementLike) => (isSafeFileHref(el.getAttribute('href') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ node }) {
    const a = readFileAttrs(node.attrs);
    return [
      'a',
      {
        href: a.href,
        class: 'fr-file',
        'data-size': String(a.size),
        'data-type': a.mime,
        ...(a.uploadId ? { 'data-id': a.uploadId } : {}),
      },
      a.name,
    ];
  },

  renderText({ node }) {
    return readFileAttrs(node.attrs).name;
  },
});
