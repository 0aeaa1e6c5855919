import { describe, expect, it } from 'vitest';
import { saveOrigins } from './index';

describe('saveOrigins', () => {
  it('lists the origin of a save URL on another server, and nothing for our own path or none', () => {
    expect(saveOrigins('https://cms.example.com:8443/save?x=1')).toEqual(['https://cms.example.com:8443']);
    expect(saveOrigins('/api/documents/{id}/snapshots')).toEqual([]);
    expect(saveOrigins(null)).toEqual([]);
  });

  it('never passes anything but an origin into the policy', () => {
    expect(saveOrigins("https://a.example/x; script-src 'unsafe-inline'")).toEqual(['https://a.example']);
    expect(saveOrigins('https://')).toEqual([]);
  });
});
