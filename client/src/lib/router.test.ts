import { describe, expect, it } from 'vitest';
import { matchRoute } from './router';

describe('matchRoute', () => {
  it('maps the two screens', () => {
    expect(matchRoute('/')).toEqual({ name: 'home' });
    expect(matchRoute('/d/abc_-1')).toEqual({ name: 'document', docId: 'abc_-1' });
    expect(matchRoute('/d/abc/')).toEqual({ name: 'document', docId: 'abc' });
    expect(matchRoute('/l/list_-1')).toEqual({ name: 'list', listId: 'list_-1' });
    expect(matchRoute('/x')).toEqual({ name: 'not-found' });
  });
});
