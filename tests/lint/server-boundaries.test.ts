import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'tandem/server-boundaries';

const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ignore: false });

/** Lints a fixture of tests/lint-fixtures/server as if it were the file `as` (a path from the repo root). */
async function lintAs(fixture: string, as: string): Promise<{ ruleId: string | null; message: string }[]> {
  const text = fs.readFileSync(path.join(root, 'tests/lint-fixtures/server', fixture), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

// The first lint loads the whole config (typescript-eslint, plugins): seconds on a busy machine.
describe('server layer boundaries (eslint.config.js, tandem/server-plugins)', { timeout: 60_000 }, () => {
  it("refuses a plugin importing another plugin's file", async () => {
    const messages = await lintAs('plugin-imports-plugin.ts', 'server/src/plugins/uploads/index.ts');
    expect(messages).toEqual([expect.objectContaining({ ruleId: RULE })]);
    expect(messages[0]?.message).toContain("plugins/uploads may not import plugins/documents's files");
  });

  it('resolves relative paths from nested files, re-exports and dynamic imports included', async () => {
    const messages = await lintAs('nested-plugin-imports-plugin.ts', 'server/src/plugins/export/worker/pool.ts');
    expect(messages.map((m) => m.ruleId)).toEqual([RULE, RULE]);
    expect(messages.map((m) => m.message).join('\n')).toMatch(/plugins\/versions.*\n.*plugins\/snapshots/);
  });

  it('refuses infra importing domain or plugin code', async () => {
    const messages = await lintAs('infra-imports-upward.ts', 'server/src/infra/backup/backup.ts');
    expect(messages.map((m) => m.ruleId)).toEqual([RULE, RULE]);
    expect(messages[0]?.message).toContain('domain/archive/archive');
    expect(messages[1]?.message).toContain('plugins/documents/index');
  });

  it('accepts a plugin importing its own files, domain, infra and packages', async () => {
    expect(await lintAs('plugin-allowed-imports.ts', 'server/src/plugins/export/pdf/table.ts')).toEqual([]);
  });

  it('is not applied outside server/src', async () => {
    expect(await lintAs('plugin-imports-plugin.ts', 'scripts/some-tool.ts')).toEqual([]);
  });
});
