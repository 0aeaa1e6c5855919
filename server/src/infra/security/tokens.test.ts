import { describe, expect, it } from 'vitest';
import { TokenSigner, secretsEqual } from './tokens';

describe('TokenSigner', () => {
  const signer = new TokenSigner('a-secret-of-enough-length');

  it('round-trips editor and viewer tokens', () => {
    expect(signer.verify(signer.sign('doc-1', 'editor'))).toEqual({ docId: 'doc-1', role: 'editor' });
    expect(signer.verify(signer.sign('doc-1', 'viewer'))).toEqual({ docId: 'doc-1', role: 'viewer' });
  });

  it('refuses a viewer token turned into an editor token', () => {
    const viewer = signer.sign('doc-1', 'viewer');
    expect(signer.verify(viewer.replace('.v.', '.e.'))).toBeNull();
  });

  it('refuses tokens of another secret, another document, or malformed ones', () => {
    const other = new TokenSigner('another-secret-value!!');
    expect(signer.verify(other.sign('doc-1', 'editor'))).toBeNull();
    const token = signer.sign('doc-1', 'editor');
    expect(signer.verify(token.replace('doc-1', 'doc-2'))).toBeNull();
    for (const bad of ['', 'v1', 'v1.a.b', 'v2.doc-1.e.x', `v1.bad id.e.${token.split('.')[3]}`, 'x'.repeat(1000)]) {
      expect(signer.verify(bad)).toBeNull();
    }
  });

  it('signs list tokens that no document check accepts, and the other way round', () => {
    const list = signer.signList('list-1');
    expect(list).toMatch(/^v1\.list-1\.l\./);
    expect(signer.verifyList(list)).toEqual({ listId: 'list-1' });
    expect(signer.verify(list)).toBeNull();
    expect(signer.verify(list.replace('.l.', '.e.'))).toBeNull();
    expect(signer.verifyList(signer.sign('list-1', 'editor'))).toBeNull();
    expect(signer.verifyList(signer.sign('list-1', 'editor').replace('.e.', '.l.'))).toBeNull();
    expect(signer.verifyList(list.replace('list-1', 'list-2'))).toBeNull();
    expect(new TokenSigner('another-secret-value!!').verifyList(list)).toBeNull();
  });

  it('compares secrets of different lengths without throwing', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abcd')).toBe(false);
  });
});
