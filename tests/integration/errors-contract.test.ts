import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CloseCode } from '@shared/collab/close-codes';
import { ErrorCodes, Errors } from '@shared/errors';
import { toErrorCode } from '../../server/src/infra/errors/index';
import { AppError } from '../../server/src/infra/errors/app-error';

// The API reference (docs/api.md) lists every error code and close code.
const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');

describe('error contract', () => {
  it.each(ErrorCodes)('%s has a status, an English message, reaches the error handler and is documented', (code) => {
    const spec = Errors[code];
    expect(spec.status).toBeGreaterThanOrEqual(400);
    expect(spec.status).toBeLessThan(600);
    expect(spec.message.length).toBeGreaterThan(3);
    expect(toErrorCode(new AppError(code))).toBe(code);
    expect(readme).toContain(`\`${code}\``);
  });

  it('keeps the baseline numbers unique within each group', () => {
    const seen = new Set<string>();
    for (const code of ErrorCodes) {
      const baseline = (Errors[code] as { baseline?: { group: string; number: number } }).baseline;
      if (!baseline) continue;
      const key = `${baseline.group}:${baseline.number}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
    }
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(seen.has(`image:${n}`)).toBe(true);
    for (const n of [10, 11, 12, 13, 14, 15, 21, 22]) expect(seen.has(`imageManager:${n}`)).toBe(true);
    for (const n of [1, 2]) expect(seen.has(`save:${n}`)).toBe(true);
  });

  it('documents every WebSocket close code', () => {
    for (const { code } of Object.values(CloseCode)) expect(readme).toContain(String(code));
  });
});
