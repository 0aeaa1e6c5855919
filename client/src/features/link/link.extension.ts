import { LinkModel } from '@shared/document/link-model';
import type { CapabilityContext } from '../../editor/capability';
import { addPasteStep } from '../../editor/paste-pipeline';
import { autolinkPlugin, linkPasteRule, pasteOnSelectionStep } from './link-autolink';
import { requestLinkForm } from './link-events';

/**
 * The model's `link` mark (scheme allow-list, `rel` for new tabs) with autolinking while typing and on
 * paste under the deployment's prefix, and Mod-K opening the form.
 */
export function createLinkExtension(context: CapabilityContext) {
  const prefix = context.options.linkAutoPrefix;
  return LinkModel.extend({
    addPasteRules() {
      return [linkPasteRule(this.type, prefix)];
    },

    onBeforeCreate() {
      // The links stage of the paste pipeline: a bare URL pasted over a selection links it.
      addPasteStep(this.editor, pasteOnSelectionStep(this.type, prefix));
    },

    addProseMirrorPlugins() {
      // Replaces the stock autolink, paste and click plugins (stock ones ignore the prefix and allowlist).
      return [autolinkPlugin(this.type, prefix)];
    },

    addKeyboardShortcuts() {
      return { 'Mod-k': () => requestLinkForm(this.editor) };
    },
  }).configure({ editorOptions: context.options });
}
