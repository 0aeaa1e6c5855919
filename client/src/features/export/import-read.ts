import { wordImportOptions } from '@shared/document/word/word-styles';
import { checkImportFile, importError, titleFromFileName, type ImportContent, type ImportFormat } from './import-file';

/** The file's text; bytes that are not UTF-8 text (a binary file with a text ending) are malformed. */
function decodeText(bytes: ArrayBuffer, format: ImportFormat): string {
  let text: string;
  try {
    // fatal: an invalid byte sequence throws instead of becoming U+FFFD; the BOM is dropped.
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw importError('malformed', format);
  }
  if (text.includes('\u0000')) throw importError('malformed', format);
  return text;
}

/** The body and title of an HTML file, parsed inertly (DOMParser runs no script and loads nothing). */
export function htmlBodyOf(html: string): { body: string; title: string } {
  const dom = new DOMParser().parseFromString(html, 'text/html');
  return { body: dom.body.innerHTML, title: dom.title.trim() };
}

/** Word → HTML in the browser; pictures become data: URIs (uploaded by the paste pipeline like pasted ones). */
async function docxToHtml(bytes: ArrayBuffer): Promise<string> {
  const { default: mammoth } = await import('mammoth/mammoth.browser.js');
  try {
    // The style map the .docx export is written for (quotes, code, underline), shared with its tests.
    const result = await mammoth.convertToHtml({ arrayBuffer: bytes }, wordImportOptions());
    return result.value;
  } catch {
    // Not a zip, or a zip without a Word document in it.
    throw importError('malformed', 'docx');
  }
}

/**
 * Reads a file chosen for import into what goes into the document. Throws an import error: wrong type, too
 * large, empty, or a file that cannot be read as its type. Nothing is changed by reading.
 */
export async function readImportFile(file: File): Promise<ImportContent> {
  const format = checkImportFile(file);
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    throw importError('failed', format);
  }
  const fallbackTitle = titleFromFileName(file.name);
  if (format === 'docx') {
    const html = await docxToHtml(bytes);
    if (html.trim() === '') throw importError('empty', format);
    return { format: 'html', text: html, title: fallbackTitle };
  }
  const text = decodeText(bytes, format);
  if (text.trim() === '') throw importError('empty', format);
  if (format === 'markdown') return { format: 'markdown', text, title: fallbackTitle };
  const { body, title } = htmlBodyOf(text);
  if (body.trim() === '') throw importError('empty', format);
  return { format: 'html', text: body, title: title || fallbackTitle };
}
