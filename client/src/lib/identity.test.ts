import { afterEach, describe, expect, it } from 'vitest';
import { isValidAwarenessUser } from '@shared/collab/awareness-state';
import { CollabLimits } from '@shared/limits';
import { loadIdentity, saveIdentity } from './identity';

describe('identity', () => {
  afterEach(() => localStorage.clear());

  it('creates, remembers and returns an identity the server accepts', () => {
    const first = loadIdentity();
    expect(isValidAwarenessUser(first)).toBe(true);
    expect(first.person).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(loadIdentity()).toEqual(first);
  });

  it.each([
    ['a named colour', { name: 'Ann', color: 'red' }],
    ['a name over the limit', { name: 'n'.repeat(CollabLimits.maxAwarenessNameChars + 1), color: '#e03131' }],
    ['an extra field', { name: 'Ann', color: '#e03131', avatar: 'x' }],
  ])('replaces a stored identity with %s instead of sending it', (_name, stored) => {
    localStorage.setItem('tandem.identity', JSON.stringify(stored));
    const identity = loadIdentity();
    expect(isValidAwarenessUser(identity)).toBe(true);
    expect(identity).not.toEqual(stored);
  });

  it('keeps a valid stored identity, giving one stored before person ids existed an id it then keeps', () => {
    saveIdentity({ name: 'Ann', color: '#E03131' });
    const identity = loadIdentity();
    expect(identity).toMatchObject({ name: 'Ann', color: '#E03131' });
    expect(identity.person).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(loadIdentity()).toEqual(identity);
  });
});
