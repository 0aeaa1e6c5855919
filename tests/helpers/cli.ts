import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The real `tandem` command, as an operator runs it in a checkout: tsx on server/src/cli.ts. Without
 * `--data-dir` in `args` it falls back to ./data of the checkout, so tests always pass one (or expect a refusal).
 */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--tsconfig',
        'server/tsconfig.json',
        'server/src/cli.ts',
        ...args,
      ],
      {
        cwd: root,
        env: { ...process.env, TANDEM_DATA_DIR: '', INIT_CWD: root, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
