import { beforeEach, describe, expect, it } from 'vitest';
import { capabilityLink } from '@shared/api/links';
import { tokenFromLocation } from './link-token';

describe('link tokens', () => {
  beforeEach(() => localStorage.clear());

  it('reads the fragment token and remembers it for the bare path', () => {
    expect(tokenFromLocation('doc1', '#token=v1.doc1.e.sig')).toBe('v1.doc1.e.sig');
    expect(tokenFromLocation('doc1', '')).toBe('v1.doc1.e.sig');
    expect(tokenFromLocation('other', '')).toBeUndefined();
  });

  it('builds a capability link with the token in the fragment', () => {
    expect(capabilityLink('https://x.test', 'a_b', 'v1.a_b.v.s')).toBe('https://x.test/d/a_b#token=v1.a_b.v.s');
  });
});
