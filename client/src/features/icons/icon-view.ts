import type { Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { readIconAttrs } from '@shared/document/model/icon-model';
import { iconDisplayName } from '@shared/document/icons/icon-names';
import { loadIconArt, peekIconArt } from './icons.data';

/** An icon as authors see it: its drawing at the text's size and colour (or its own), named for screen readers. */
export class IconView implements NodeView {
  dom: HTMLElement;
  private node: PmNode;
  private drawn = '';
  private readonly rerender = (): void => this.render();

  constructor(node: PmNode) {
    this.node = node;
    this.dom = document.createElement('span');
    this.dom.className = 'fr-icon icon-node';
    this.dom.contentEditable = 'false';
    this.dom.setAttribute('role', 'img');
    i18next.on('languageChanged', this.rerender);
    this.render();
    if (!peekIconArt()) loadIconArt().then(this.rerender, () => undefined);
  }

  private render(): void {
    const a = readIconAttrs(this.node.attrs);
    const art = peekIconArt();
    const language = i18next.resolvedLanguage === 'de' ? 'de' : 'en';
    const label = art ? art.label(a.name, language) : iconDisplayName(a.name);
    this.dom.dataset.icon = a.name;
    this.dom.style.color = a.color ?? '';
    this.dom.style.fontSize = a.size ?? '';
    this.dom.setAttribute('aria-label', label);
    this.dom.title = label;
    if (art && this.drawn !== a.name) {
      this.dom.replaceChildren(art.draw(a.name));
      this.drawn = a.name;
    }
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

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    i18next.off('languageChanged', this.rerender);
  }
}
