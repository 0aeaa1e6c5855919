import type { Editor } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { NodeView } from '@tiptap/pm/view';
import i18next from 'i18next';
import { MediaNodes } from '@shared/api/media-values';
import { readAttrs } from '@shared/document/model/attribute-model';
import { UploadPlaceholderModel } from '@shared/document/model/upload-placeholder-model';
import { UploadLimits } from '@shared/limits';
import { uploadSessionOf, UploadSession, type UploadPlaceholderStorage } from './upload-registry';
import { awarenessOf, clientIdOf } from './upload-session';
import './uploads.css';

const kindIcon: Record<string, string> = { image: '🖼', video: '🎞', file: '📄' };

/** How often the orphan sweep looks at the placeholders (ms). */
const SWEEP_MS = 2_000;

const clampProgress = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : 0;
};

/** The placeholder as every collaborator sees it: icon, name, progress bar; Cancel for the uploader. */
class PlaceholderView implements NodeView {
  readonly dom: HTMLElement;
  private readonly bar: HTMLElement;
  private readonly fill: HTMLElement;
  private readonly text: HTMLElement;
  private readonly nameEl: HTMLElement;
  private readonly cancel: HTMLButtonElement | null = null;
  private readonly onLanguage = (): void => this.render();

  constructor(
    private node: PmNode,
    editor: Editor,
  ) {
    const attrs = readAttrs(node);
    const key = String(attrs.key);
    const session = uploadSessionOf(editor);
    const local = session.isLocal(key) && attrs.clientId === clientIdOf(editor);
    this.dom = document.createElement('span');
    this.dom.className = 'upload-placeholder';
    this.dom.contentEditable = 'false';
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

/** Keys of placeholders → when this client first saw their uploader absent (ms). */
function orphanSweep(editor: Editor): () => void {
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

/**
 * The model's `uploadPlaceholder` with the view every collaborator sees (progress, Cancel for the uploader),
 * Escape cancelling the newest upload, the sweep that removes placeholders whose uploader left, and this
 * editor's upload session (made with the editor, destroyed with it).
 */
export const UploadPlaceholder = UploadPlaceholderModel.extend<Record<string, never>, UploadPlaceholderStorage>({
  addStorage() {
    return { session: new UploadSession() };
  },

  addNodeView() {
    return ({ node, editor }) => new PlaceholderView(node, editor);
  },

  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('uploadPlaceholder'),
        props: {
          handleKeyDown: (_view, event) => {
            if (event.key !== 'Escape' || event.defaultPrevented) return false;
            if (!this.storage.session.queue?.cancelNewest()) return false;
            event.preventDefault();
            return true;
          },
        },
        view: () => ({ destroy: orphanSweep(editor) }),
      }),
    ];
  },

  // With the editor, not with the plugin view: ProseMirror also destroys plugin views when a part
  // registers plugins late (table editing on an imported table), which used to abort running uploads.
  onDestroy() {
    this.storage.session.queue?.cancelAll();
  },
});
