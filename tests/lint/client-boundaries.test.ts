import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(repo, 'tests/lint-fixtures');
const BOUNDARY_RULES = new Set(['no-restricted-imports', 'no-restricted-syntax', 'import-x/no-cycle']);

/**
 * The real eslint.config.js run from tests/lint-fixtures, so the fixtures' paths read `client/src/...` to
 * it: each boundary rule (STYLE.md §7.13) must fire on its deliberate violation and stay quiet otherwise.
 */
describe('client import boundaries (eslint.config.js)', () => {
  const found = new Map<string, { rule: string; line: number }[]>();

  beforeAll(async () => {
    const eslint = new ESLint({ cwd: fixtures, overrideConfigFile: path.join(repo, 'eslint.config.js') });
    for (const result of await eslint.lintFiles(['client'])) {
      const file = path.relative(fixtures, result.filePath).split(path.sep).join('/');
      found.set(
        file,
        result.messages
          .filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId))
          .map((m) => ({ rule: m.ruleId ?? '', line: m.line })),
      );
    }
  }, 60_000);

  const lines = (file: string, rule: string): number[] =>
    (found.get(file) ?? []).filter((m) => m.rule === rule).map((m) => m.line);

  it('lints every fixture', () => {
    expect(found.size).toBeGreaterThanOrEqual(10);
  });

  it('refuses a feature, the page and the composition root in the kernel (static and lazy)', () => {
    const file = 'client/src/editor/core/imports-feature.ts';
    expect(lines(file, 'no-restricted-imports')).toEqual([2, 3, 4]);
    expect(lines(file, 'no-restricted-syntax')).toEqual([5]);
    expect(found.get('client/src/editor/core/allowed.ts')).toEqual([]);
  });

  it("refuses another feature's file, but not its index.ts", () => {
    const file = 'client/src/features/a/reaches-into-b.ts';
    expect(lines(file, 'no-restricted-imports')).toEqual([2, 3]);
    expect(lines(file, 'no-restricted-syntax')).toEqual([4]);
    expect(found.get('client/src/features/a/allowed.ts')).toEqual([]);
  });

  it("refuses the lazy loader's internals and hand-registered strings outside the loader", () => {
    const file = 'client/src/features/a/bypasses-loader.ts';
    expect(lines(file, 'no-restricted-imports')).toEqual([2, 3]);
    expect(lines(file, 'no-restricted-syntax')).toEqual([4]);
    expect(found.get('client/src/editor/core/lazy/loader.ts')).toEqual([]);
  });

  it('refuses the page and the composition root in a feature', () => {
    expect(lines('client/src/features/a/imports-page.ts', 'no-restricted-imports')).toEqual([2, 3]);
  });

  it('refuses a feature and the composition root in the page', () => {
    expect(lines('client/src/document-page/imports-feature.ts', 'no-restricted-imports')).toEqual([2, 3]);
  });

  it('refuses a runtime import cycle, not a loop through type-only imports', () => {
    expect(lines('client/src/cycle/a.ts', 'import-x/no-cycle')).toEqual([2]);
    expect(lines('client/src/cycle/b.ts', 'import-x/no-cycle')).toEqual([1]);
    expect(found.get('client/src/cycle/type-only.ts')).toEqual([]);
    expect(found.get('client/src/cycle/type-only-peer.ts')).toEqual([]);
  });
});
