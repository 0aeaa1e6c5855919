// The placeholder's view and the orphan sweep: a chunk of their own, fetched when the author pauses after the
// editor opens or by the first placeholder shown (upload-placeholder.ts stands in meanwhile).
import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { MediaNodes } from '@shared/api/media-values';
import { readAttrs } from '@shared/document/model/attribute-model';
import { UploadLimits } from '@shared/limits';
import { uploadSessionOf } from './upload-registry';
import { awarenessOf, clientIdOf } from './upload-session';

const kindIcon: Record<string, string> = { image: '🖼', video: '🎞', file: '📄' };

/** How often the orphan sweep looks at the placeholders (ms). */
const SWEEP_MS = 2_000;

const clampProgress = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
};

/** The placeholder as every collaborator sees it: icon, name, progress bar; Cancel for the uploader. */
export class PlaceholderView implements NodeView {
  private readonly bar: HTMLElement;
  private readonly fill: HTMLElement;
  private readonly text: HTMLElement;
  private readonly nameEl: HTMLElement;
  private readonly cancel: HTMLButtonElement | null = null;
  private readonly onLanguage = (): void => this.render();

  constructor(
    readonly dom: HTMLElement,
    private node: PmNode,
    editor: Editor,
  ) {
    const attrs = readAttrs(node);
    const key = String(attrs.key);
    const session = uploadSessionOf(editor);
    const local = session.isLocal(key) && attrs.clientId === clientIdOf(editor);
    this.dom.dataset.uploadKey = key;
    this.dom.dataset.kind = String(attrs.kind);

    const preview = local ? session.queue?.localPreview(key) : null;
    if (preview) {
      const img = document.createElement('img');
      img.className = 'upload-placeholder-preview';
      img.src = preview;
      img.alt = '';
      this.dom.append(img);
    } else {
      const icon = document.createElement('span');
      icon.className = 'upload-placeholder-icon';
      icon.setAttribute('aria-hidden', 'true');
      icon.textContent = kindIcon[String(attrs.kind)] ?? kindIcon.file ?? '';
      this.dom.append(icon);
    }
    this.nameEl = document.createElement('span');
    this.nameEl.className = 'upload-placeholder-name';
    this.bar = document.createElement('span');
    this.bar.className = 'upload-placeholder-bar';
    this.bar.setAttribute('role', 'progressbar');
    this.bar.setAttribute('aria-valuemin', '0');
    this.bar.setAttribute('aria-valuemax', '100');
    this.fill = document.createElement('span');
    this.fill.className = 'upload-placeholder-fill';
    this.bar.append(this.fill);
    this.text = document.createElement('span');
    this.text.className = 'upload-placeholder-text';
    this.dom.append(this.nameEl, this.bar, this.text);
    if (local) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'upload-placeholder-cancel';
      button.addEventListener('mousedown', (e) => e.preventDefault());
      button.addEventListener('click', () => session.queue?.cancel(key));
      this.cancel = button;
      this.dom.append(button);
    }
    this.render();
    i18next.on('languageChanged', this.onLanguage);
  }

  private render(): void {
    const attrs = readAttrs(this.node);
    const progress = clampProgress(attrs.progress);
    const name = String(attrs.name);
    this.nameEl.textContent = name;
    this.bar.setAttribute('aria-valuenow', String(progress));
    this.bar.setAttribute('aria-label', i18next.t('uploads.progressLabel', { name }));
    this.fill.style.width = `${progress}%`;
    this.text.textContent = i18next.t('uploads.uploading', { progress });
    if (this.cancel) this.cancel.textContent = i18next.t('uploads.cancel');
  }

  update(node: PmNode): boolean {
    if (node.type !== this.node.type || node.attrs.key !== this.node.attrs.key) return false;
    this.node = node;
    this.render();
    return true;
  }

  stopEvent(event: Event): boolean {
    return event.target instanceof HTMLButtonElement;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy(): void {
    i18next.off('languageChanged', this.onLanguage);
  }
}

/** Removes, every SWEEP_MS, placeholders whose uploader left (and ours with no upload behind them); returns its stop. */
export function orphanSweep(editor: Editor): () => void {
  // Keys of placeholders → when this client first saw their uploader absent (ms).
  const absentSince = new Map<string, number>();
  const tick = (): void => {
    if (editor.isDestroyed || !editor.isEditable) return;
    const me = clientIdOf(editor);
    const session = uploadSessionOf(editor);
    const awareness = awarenessOf(editor);
    const present = awareness ? new Set(awareness.getStates().keys()) : null;
    const lowest = present && present.size > 0 ? Math.min(...present) : me;
    const now = Date.now();
    const stale: string[] = [];
    const seen = new Set<string>();
    editor.state.doc.descendants((node) => {
      if (node.type.name !== MediaNodes.placeholder.node) return true;
      const key = String(node.attrs.key);
      const owner = Number(node.attrs.clientId);
      seen.add(key);
      // One of ours with no job behind it (an undo brought it back, or the job died): remove it now.
      if (owner === me) {
        if (!session.isLocal(key)) stale.push(key);
        return false;
      }
      if (!present || present.has(owner)) {
        absentSince.delete(key);
        return false;
      }
      const since = absentSince.get(key) ?? now;
      absentSince.set(key, since);
      // Only the present client with the lowest id removes others' orphans, so they go once.
      if (now - since >= UploadLimits.orphanPlaceholderMs && me === lowest) stale.push(key);
      return false;
    });
    for (const key of absentSince.keys()) if (!seen.has(key)) absentSince.delete(key);
    if (stale.length === 0) return;
    const tr = editor.state.tr;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === MediaNodes.placeholder.node && stale.includes(String(node.attrs.key))) {
        tr.delete(tr.mapping.map(pos), tr.mapping.map(pos + node.nodeSize));
      }
      return node.type.name !== MediaNodes.placeholder.node;
    });
    editor.view.dispatch(tr.setMeta('addToHistory', false));
  };
  const timer = setInterval(tick, SWEEP_MS);
  return () => clearInterval(timer);
}
