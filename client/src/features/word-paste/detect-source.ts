/** Where pasted HTML comes from: the office suites whose clipboard markup gets cleaned (FROALA-REFERENCE §36). */
export type PasteSource = 'word' | 'gdocs' | 'libreoffice' | 'other';

const GDOCS = /id="docs-internal-guid-/;
const LIBREOFFICE = /<meta[^>]*content="LibreOffice/i;
// Word's namespaces and generator, its classes and styles (Word 2013 captures in Firefox have no <head>).
const WORD =
  /urn:schemas-microsoft-com:office:(?:office|word)|<meta[^>]*content="?Microsoft Word|\bclass="?Mso[A-Z]|mso-list:|<o:p>|<w:WordDocument>/i;

/**
 * The source of clipboard HTML, from string checks only (it runs on every paste, before any parsing):
 * Google Docs' guid wrapper, LibreOffice's generator, Word's namespaces, classes and `mso-` styles.
 */
export function detectPasteSource(html: string): PasteSource {
  if (html === '') return 'other';
  if (GDOCS.test(html)) return 'gdocs';
  // The generator sits in the head: only its first kilobytes are looked at.
  const head = html.slice(0, 4096);
  if (LIBREOFFICE.test(head)) return 'libreoffice';
  if (WORD.test(html)) return 'word';
  return 'other';
}
