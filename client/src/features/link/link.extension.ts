import { mergeAttributes } from '@tiptap/core';
import Link from '@tiptap/extension-link';
import type { CapabilityContext } from '../../editor/capability';
import { autolinkPlugin, linkPasteRule, pasteOnSelectionPlugin } from './link-autolink';
import { requestLinkForm } from './link-events';
import { sanitizeHref } from './link-url';

/** `rel` tokens as given (letters and dashes only), or `null`. */
function cleanRel(rel: string | null): string | null {
  const tokens = (rel ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((t) => /^[a-z-]{1,30}$/.test(t));
  return tokens.length > 0 ? [...new Set(tokens)].slice(0, 8).join(' ') : null;
}

/** A new tab must never get a handle on the editor's window (reverse tabnabbing). */
function relForTarget(target: unknown, rel: unknown, fallbackRel: string): string | null {
  const own = typeof rel === 'string' ? cleanRel(rel) : null;
  if (target !== '_blank') return own;
  if (own?.split(' ').includes('noopener')) return own;
  return cleanRel(`${own ?? ''} ${fallbackRel} noopener`);
}

/**
 * The `link` mark (`<a href target rel title>`): only allowlisted schemes survive parsing, rendering
 * and commands; autolinking while typing and on paste uses the deployment's prefix; Mod-K opens the form.
 */
export function createLinkExtension(context: CapabilityContext) {
  const prefix = context.options.linkAutoPrefix;
  const linkRel = context.options.linkRel;
  return Link.extend({
    addAttributes() {
      return {
        href: { default: null, parseHTML: (el: HTMLElement) => sanitizeHref(el.getAttribute('href')) },
        target: {
          default: null,
          parseHTML: (el: HTMLElement) => (el.getAttribute('target') === '_blank' ? '_blank' : null),
        },
        rel: {
          default: null,
          parseHTML: (el: HTMLElement) => relForTarget(el.getAttribute('target'), el.getAttribute('rel'), linkRel),
        },
        title: { default: null },
      };
    },

    parseHTML() {
      // A link whose href is refused is dropped (its text stays).
      return [
        { tag: 'a[href]', getAttrs: (dom: HTMLElement) => (sanitizeHref(dom.getAttribute('href')) ? null : false) },
      ];
    },

    renderHTML({ HTMLAttributes }) {
      // Marks can also arrive through Yjs or JSON without parseHTML: check again on every render.
      const href = typeof HTMLAttributes.href === 'string' ? sanitizeHref(HTMLAttributes.href) : null;
      const target = HTMLAttributes.target === '_blank' ? '_blank' : null;
      const rel = relForTarget(target, HTMLAttributes.rel, linkRel);
      return ['a', mergeAttributes(HTMLAttributes, { href, target, rel }), 0];
    },

    addPasteRules() {
      return [linkPasteRule(this.type, prefix)];
    },

    addProseMirrorPlugins() {
      // Replaces the stock autolink, paste and click plugins (stock ones ignore the prefix and allowlist).
      return [autolinkPlugin(this.type, prefix), pasteOnSelectionPlugin(this.type, prefix)];
    },

    addKeyboardShortcuts() {
      return { 'Mod-k': () => requestLinkForm(this.editor) };
    },
  }).configure({
    autolink: false,
    linkOnPaste: false,
    openOnClick: false,
    enableClickSelection: false,
    protocols: [],
    defaultProtocol: 'https',
    HTMLAttributes: { target: null, rel: null, class: null },
    isAllowedUri: (url) => sanitizeHref(url) !== null,
  });
}
