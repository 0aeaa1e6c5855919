import { ImportLimits } from '@shared/limits';

/** The `accept` of the file picker: the name endings, then the MIME types. */
export const importAccept = [
  ...Object.keys(ImportLimits.extensions).map((ext) => `.${ext}`),
  ...Object.keys(ImportLimits.mimeTypes),
].join(',');

/** Opens the browser's file picker; resolves with the chosen file (never, if the picker is dismissed). */
export function pickFile(accept: string): Promise<File> {
  // Not a rendered <input>: the menu that asked may be gone (closed, or the overflow row) when the choice comes.
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = accept;
  input.hidden = true;
  input.dataset.importPicker = '';
  document.body.append(input);
  return new Promise((resolve) => {
    const done = (): void => {
      const file = input.files?.[0];
      input.remove();
      if (file) resolve(file);
    };
    input.addEventListener('change', done, { once: true });
    input.addEventListener('cancel', () => input.remove(), { once: true });
    input.click();
  });
}
