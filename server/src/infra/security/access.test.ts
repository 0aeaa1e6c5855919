import { describe, expect, it } from 'vitest';
import { AccessControl } from './access';
import { TokenSigner } from './tokens';

const code = (fn: () => void): string | null => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'thrown';
  }
};

describe('AccessControl.requireAdmin', () => {
  const signer = new TokenSigner('secret-for-tests');
  const access = new AccessControl(signer, 'admin-token');

  it('admits the admin token only', () => {
    expect(code(() => access.requireAdmin('admin-token'))).toBeNull();
  });

  it('answers no token or no link with UNAUTHORIZED, a document link with FORBIDDEN', () => {
    expect(code(() => access.requireAdmin(undefined))).toBe('UNAUTHORIZED');
    expect(code(() => access.requireAdmin('garbage'))).toBe('UNAUTHORIZED');
    expect(code(() => access.requireAdmin(signer.sign('doc-1', 'editor')))).toBe('FORBIDDEN');
  });

  it('answers ADMIN_DISABLED when no admin token is configured', () => {
    const off = new AccessControl(signer, undefined);
    expect(code(() => off.requireAdmin('admin-token'))).toBe('ADMIN_DISABLED');
  });
});
