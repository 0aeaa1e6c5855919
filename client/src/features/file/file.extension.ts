import type { Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { FileModel, isSafeFileHref, readFileAttrs, type FileAttrs } from '@shared/document/model/file-model';
import { iconMarkup } from '../../editor/ui/icon';
import { formatFileSize } from '../../editor/ui/file-size';
import { fileIconKind, fileIcons } from './file-icons';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    file: {
      /** Inserts a file link at the caret. */
      insertFile: (attrs: FileAttrs) => ReturnType;
    };
  }
}

export type { FileAttrs };

const openInNewTab = (href: string): void => {
  if (isSafeFileHref(href)) window.open(href, '_blank', 'noopener,noreferrer');
};

/** The file link as authors see it: icon, name, size and an "open" button (not a live link: a click selects). */
class FileView implements NodeView {
  dom: HTMLElement;
  private node: PmNode;
  private readonly icon = document.createElement('span');
  private readonly name = document.createElement('span');
  private readonly size = document.createElement('span');
  private readonly open = document.createElement('a');
  private readonly rerender = (): void => this.render();

  constructor(node: PmNode) {
    this.node = node;
    this.dom = document.createElement('span');
    this.dom.className = 'file-node';
    this.dom.contentEditable = 'false';
    this.icon.className = 'file-node-icon';
    this.name.className = 'file-node-name';
    this.size.className = 'file-node-size';
    this.open.className = 'file-node-open';
    this.open.target = '_blank';
    this.open.rel = 'noopener noreferrer';
    this.open.textContent = '↗';
    this.dom.append(this.icon, this.name, this.size, this.open);
    this.dom.addEventListener('click', (event) => {
      // Mod+click opens the file like a link; a plain click only selects it.
      if (event.target !== this.open && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        openInNewTab(readFileAttrs(this.node.attrs).href);
      }
    });
    i18next.on('languageChanged', this.rerender);
    this.render();
  }

  private render(): void {
    const { href, name, size, mime } = readFileAttrs(this.node.attrs);
    const kind = fileIconKind(mime, name);
    const sizeText = formatFileSize(size, i18next.language || 'en');
    this.dom.dataset.kind = kind;
    this.dom.title = i18next.t('file.description', { name, size: sizeText });
    this.icon.innerHTML = iconMarkup(fileIcons[kind]);
    this.icon.setAttribute('role', 'img');
    this.icon.setAttribute('aria-label', i18next.t(`file.icons.${kind}`));
    this.name.textContent = name;
    this.size.textContent = `(${sizeText})`;
    if (isSafeFileHref(href)) this.open.href = href;
    else this.open.removeAttribute('href');
    this.open.setAttribute('aria-label', i18next.t('file.open', { name }));
    this.open.title = this.open.getAttribute('aria-label') ?? '';
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('is-selected');
  }

  deselectNode(): void {
    this.dom.classList.remove('is-selected');
  }

  stopEvent(event: Event): boolean {
    // The open button is a real link: let the browser follow it without the editor selecting.
    return event.target instanceof globalThis.Node && this.open.contains(event.target);
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    i18next.off('languageChanged', this.rerender);
  }
}

/** The model's `file` node with the authors' view (icon, name, size, open button) and its insert command. */
export const FileNode = FileModel.extend({
  addNodeView() {
    return ({ node }) => new FileView(node);
  },

  addCommands() {
    return {
      insertFile:
        (attrs) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: readFileAttrs({ ...attrs }) }),
    };
  },
});
