import type { Plugin } from 'vite';

/**
 * Keeps everything the page imports statically in one initial chunk. Without it, every module that
 * a lazily loaded part also imports becomes its own small shared chunk, so the first page load fetched
 * a dozen files that compress worse than one. Lazy parts still get their own chunks.
 */
export function initialChunk(): Plugin {
  const initial = new Set<string>();
  return {
    name: 'tandem-initial-chunk',
    apply: 'build',
    buildEnd() {
      const stack = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const entries = new Set(stack);
      while (stack.length > 0) {
        const id = stack.pop() as string;
        if (initial.has(id)) continue;
        initial.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      for (const id of entries) initial.delete(id);
    },
    outputOptions(options) {
      return {
        ...options,
        codeSplitting: {
          groups: [{ name: 'app', test: (id: string) => initial.has(id), priority: 100 }],
        },
      };
    },
  };
}
