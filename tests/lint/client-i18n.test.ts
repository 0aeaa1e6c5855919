import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixtures = path.join(repo, 'tests/lint-fixtures');

/** The real eslint.config.js on a fixture with deliberate i18n bypasses (issue 26 point 8). */
describe('user-visible text goes through i18n (tandem-i18n/no-literal-ui-text)', () => {
  it('flags literal text in JSX, visible attributes and hand-built DOM; not symbols, URLs or hidden decoration', async () => {
    const eslint = new ESLint({ cwd: fixtures, overrideConfigFile: path.join(repo, 'eslint.config.js') });
    const [result] = await eslint.lintFiles(['client/src/features/a/literal-text.tsx']);
    const found = (result?.messages ?? [])
      .filter((m) => m.ruleId === 'tandem-i18n/no-literal-ui-text')
      .map((m) => `${m.line}:${/"(.*)"/.exec(m.message)?.[1] ?? ''}`);
    expect(found).toEqual(['6:Close', '7:Search', '7:Find', '8:Loading…', '8:Hello', '16:Remove', '17:Remove']);
  }, 60_000);
});
