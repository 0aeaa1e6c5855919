import { beforeEach, describe, expect, it } from 'vitest';
import { capabilityLink } from '@shared/api/links';
import { hideTokenFromAddressBar, peekTokenFromLocation, showTokenInAddressBar, tokenFromLocation } from './link-token';
import { rememberDocument } from './recent-documents';

describe('link tokens', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('reads the fragment token and remembers it for the bare path', () => {
    expect(tokenFromLocation('doc1', '#token=v1.doc1.e.sig')).toBe('v1.doc1.e.sig');
    expect(tokenFromLocation('doc1', '')).toBe('v1.doc1.e.sig');
    expect(tokenFromLocation('other', '')).toBeUndefined();
  });

  it('leaves the token in the address bar; the page shows or hides it, keeping path, query and other fragment parts', () => {
    window.history.replaceState({ kept: 1 }, '', '/d/doc2?lang=de#token=v1.doc2.e.sig&x=1');
    expect(tokenFromLocation('doc2')).toBe('v1.doc2.e.sig');
    expect(window.location.hash).toBe('#token=v1.doc2.e.sig&x=1');
    hideTokenFromAddressBar();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/d/doc2?lang=de#x=1');
    expect(window.history.state).toEqual({ kept: 1 });
    // Opened later as the bare path: the remembered token is used and put back, so the URL can be shared.
    window.history.replaceState(null, '', '/d/doc2');
    const token = tokenFromLocation('doc2');
    expect(token).toBe('v1.doc2.e.sig');
    showTokenInAddressBar(token ?? '');
    expect(window.location.href.endsWith('/d/doc2#token=v1.doc2.e.sig')).toBe(true);
  });

  it('keeps the token this tab was opened with over a remembered editor token', () => {
    rememberDocument('doc3', 'v1.doc3.e.sig');
    window.history.replaceState(null, '', '/d/doc3#token=v1.doc3.v.sig');
    expect(tokenFromLocation('doc3')).toBe('v1.doc3.v.sig');
    window.history.replaceState(null, '', '/d/doc3');
    expect(tokenFromLocation('doc3')).toBe('v1.doc3.v.sig');
  });

  it('peeks at the token the page will use without remembering it', () => {
    rememberDocument('doc4', 'v1.doc4.e.sig');
    window.history.replaceState(null, '', '/d/doc4#token=v1.doc4.v.sig');
    expect(peekTokenFromLocation('doc4')).toBe('v1.doc4.v.sig');
    expect(window.location.hash).toBe('#token=v1.doc4.v.sig');
    expect(sessionStorage.length).toBe(0);
    expect(tokenFromLocation('doc4')).toBe('v1.doc4.v.sig');
    expect(peekTokenFromLocation('doc4')).toBe('v1.doc4.v.sig');
    window.history.replaceState(null, '', '/d/unknown');
    expect(peekTokenFromLocation('unknown')).toBeUndefined();
  });

  it('builds a capability link with the token in the fragment', () => {
    expect(capabilityLink('https://x.test', 'a_b', 'v1.a_b.v.s')).toBe('https://x.test/d/a_b#token=v1.a_b.v.s');
  });
});
