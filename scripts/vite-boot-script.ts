import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** client/src/boot.ts: opens the document's socket before the app's code arrives. */
export const BOOT_ENTRY = fileURLToPath(new URL('../client/src/boot.ts', import.meta.url));

/**
 * Builds client/src/boot.ts as an entry of its own and puts its script first in the page. Scripts in
 * index.html would become one entry with the app, so the boot script would wait for the app's code.
 */
export function bootScript(): Plugin {
  let base = '/';
  return {
    name: 'tandem-boot-script',
    config(_config, { command }) {
      if (command !== 'build') return undefined;
      const index = fileURLToPath(new URL('../client/index.html', import.meta.url));
      return { build: { rolldownOptions: { input: { index, boot: BOOT_ENTRY } } } };
    },
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml(_html, ctx) {
      let src = `${base}src/boot.ts`;
      if (ctx.bundle) {
        const chunk = Object.values(ctx.bundle).find((c) => c.type === 'chunk' && c.facadeModuleId === BOOT_ENTRY);
        if (!chunk) throw new Error('the boot entry is missing from the bundle');
        src = `${base}${chunk.fileName}`;
      }
      return [{ tag: 'script', attrs: { type: 'module', crossorigin: true, src }, injectTo: 'head-prepend' }];
    },
  };
}
