import type { Plugin } from 'vite';
import { BOOT_ENTRY } from './vite-boot-script.ts';

/** Every module `roots` import statically, the roots included. */
function staticGraph(roots: string[], importsOf: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...importsOf(id));
  }
  return seen;
}

/**
 * Keeps everything the page imports statically in one initial chunk. Without it, every module that
 * a lazily loaded part also imports becomes its own small shared chunk, so the first page load fetched
 * a dozen files that compress worse than one. Lazy parts still get their own chunks. What the boot
 * entry imports is a small chunk of its own, so that script runs without waiting for the app's code.
 */
export function initialChunk(): Plugin {
  let initial = new Set<string>();
  let boot = new Set<string>();
  return {
    name: 'tandem-initial-chunk',
    apply: 'build',
    buildEnd() {
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const importsOf = (id: string): readonly string[] => this.getModuleInfo(id)?.importedIds ?? [];
      initial = staticGraph(entries, importsOf);
      boot = staticGraph(
        entries.filter((id) => id === BOOT_ENTRY),
        importsOf,
      );
      for (const id of entries) {
        initial.delete(id);
        boot.delete(id);
      }
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'boot', test: (id: string) => boot.has(id), priority: 200 },
            { name: 'app', test: (id: string) => initial.has(id), priority: 100 },
          ],
        },
      };
    },
  };
}
