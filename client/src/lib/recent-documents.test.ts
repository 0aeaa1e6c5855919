import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DocumentLimits } from '@shared/limits';
import { forgetDocument, loadRecent, rememberDocument, restoreRecent, roleOfToken, tokenFor } from './recent-documents';

describe('recent documents', () => {
  beforeEach(() => localStorage.clear());

  it('remembers newest first, capped, without losing an editor token to a viewer one', () => {
    rememberDocument('a', 'v1.a.e.sig', 'A');
    rememberDocument('b', 'v1.b.v.sig', 'B');
    rememberDocument('a', 'v1.a.v.sig');
    expect(loadRecent().map((d) => d.id)).toEqual(['a', 'b']);
    expect(tokenFor('a')).toBe('v1.a.e.sig');
    expect(loadRecent()[0]?.title).toBe('A');
    for (let i = 0; i < DocumentLimits.recentDocumentsMax + 5; i++) rememberDocument(`d${i}`, `v1.d${i}.e.s`);
    expect(loadRecent()).toHaveLength(DocumentLimits.recentDocumentsMax);
  });

  it('keeps the viewer token of a created document across later visits', () => {
    rememberDocument('a', 'v1.a.e.sig', 'A', 'v1.a.v.sig');
    rememberDocument('a', 'v1.a.e.sig');
    expect(loadRecent()[0]?.viewerToken).toBe('v1.a.v.sig');
  });

  it('puts a forgotten document back where it was (undo of Remove)', () => {
    let now = 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1_000));
    for (const id of ['a', 'b', 'c']) rememberDocument(id, `v1.${id}.e.sig`, id.toUpperCase());
    clock.mockRestore();
    const entry = loadRecent().find((d) => d.id === 'b')!;
    forgetDocument('b');
    expect(loadRecent().map((d) => d.id)).toEqual(['c', 'a']);
    restoreRecent(entry);
    expect(loadRecent().map((d) => d.id)).toEqual(['c', 'b', 'a']);
    expect(loadRecent()[1]).toEqual(entry);
  });

  it('survives garbage in storage', () => {
    localStorage.setItem('tandem.recent', '{not json');
    expect(loadRecent()).toEqual([]);
  });

  it('reads the role from a token', () => {
    expect(roleOfToken('v1.x.e.s')).toBe('editor');
    expect(roleOfToken('v1.x.v.s')).toBe('viewer');
    expect(roleOfToken('junk')).toBe('unknown');
  });
});
