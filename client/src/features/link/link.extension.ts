import { LinkModel } from '@shared/document/model/link-model';
import type { CapabilityContext } from '../../editor/core/capability';
import { addPasteStep } from '../../editor/core/paste-pipeline';
import { autolinkPlugin, linkPasteRule, pasteOnSelectionStep } from './link-autolink';
import { whenIdle } from '../../editor/core/lazy';
import { deferLinkForm, linkFormStorage, requestLinkForm } from './link-events';
import { loadLinkDetection } from './link-linkify';

/**
 * The model's `link` mark (scheme allow-list, `rel` for new tabs) with autolinking while typing and on
 * paste under the deployment's prefix, and Mod-K opening the form. The URL detection (linkify) is fetched
 * when the author first finishes a word or pastes, or when the page is idle.
 */
export function createLinkExtension(context: CapabilityContext) {
  const prefix = context.options.linkAutoPrefix;
  return LinkModel.extend({
    addStorage: linkFormStorage,

    addPasteRules() {
      return [linkPasteRule(this.type, prefix)];
    },

    onBeforeCreate() {
      // The links stage of the paste pipeline: a bare URL pasted over a selection links it.
      addPasteStep(this.editor, pasteOnSelectionStep(this.type, prefix));
    },

    onCreate() {
      this.editor.on(
        'destroy',
        whenIdle(() => void loadLinkDetection()),
      );
    },

    addProseMirrorPlugins() {
      // Our own autolink (the deployment's prefix, the allow-list); links open from the link popup, not on click.
      return [autolinkPlugin(this.type, prefix)];
    },

    addKeyboardShortcuts() {
      // Before the link popup's chunk is there, the request waits for it (the popup opens the form).
      return { 'Mod-k': () => requestLinkForm(this.editor) || deferLinkForm(this.editor) };
    },
  }).configure({ editorOptions: context.options });
}
