import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { Italic } from '@tiptap/extension-italic';
import { Strike } from '@tiptap/extension-strike';
import { Subscript } from '@tiptap/extension-subscript';
import { Superscript } from '@tiptap/extension-superscript';
import { Underline } from '@tiptap/extension-underline';

/** The attribute-less marks of the document model, on the official Tiptap marks. */

export const BoldModel = Bold;

export const ItalicModel = Italic;

export const UnderlineModel = Underline;

export const StrikeModel = Strike;

/** Inline code excludes every other mark (Tiptap's `excludes: '_'`). */
export const CodeModel = Code;

/** Subscript and superscript exclude each other: a text is one or the other. */
export const SubscriptModel = Subscript.extend({ excludes: 'subscript superscript' });

export const SuperscriptModel = Superscript.extend({ excludes: 'subscript superscript' });
