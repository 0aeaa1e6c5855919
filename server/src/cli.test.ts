import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from './cli';

describe('tandem command line', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command line with its output captured. */
  async function tandem(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; output: string }> {
    let output = '';
    const capture = (chunk: string | Uint8Array): boolean => {
      output += chunk.toString();
      return true;
    };
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    const code = await run(argv, { INIT_CWD: os.tmpdir(), ...env });
    vi.restoreAllMocks();
    return { code, output };
  }

  it('takes a document id that starts with "-" as the id, not as an option', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-cli-'));
    dirs.push(dir);
    const id = '-Bz_gGZd2qNCvzDesU9Oxg';
    const { code, output } = await tandem(['export-document', id, path.join(dir, 'out.json.gz'), '--data-dir', dir]);
    // Past the parsing: the command runs and says what is wrong with the data directory (empty here).
    expect(output).not.toContain('Unknown option');
    expect(output).toContain('no Tandem database');
    expect(code).toBe(1);
  });

  it('still refuses an unknown option and shows the usage', async () => {
    const { code, output } = await tandem(['export-document', 'abc', 'out', '--colour']);
    expect(code).toBe(2);
    expect(output).toContain("Unknown option '--colour'");
    expect(output).toContain('Usage: tandem <command> [options]');
  });

  it('sends a PostgreSQL deployment to pg_dump for whole backups and restores', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tandem-cli-'));
    dirs.push(dir);
    const env = { DATABASE_URL: 'postgres://tandem@127.0.0.1:1/tandem' };
    for (const command of ['backup', 'restore']) {
      const { code, output } = await tandem([command, path.join(dir, 'b.tar.gz'), '--data-dir', dir], env);
      expect(code).toBe(1);
      expect(output).toContain('pg_dump');
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
