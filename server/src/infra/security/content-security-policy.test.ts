import { describe, expect, it } from 'vitest';
import { VideoLimits } from '@shared/limits';
import { appContentSecurityPolicy } from './content-security-policy';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('appContentSecurityPolicy', () => {
  it('allows no inline or foreign script, no plugins, no base, and frames only ours and the video hosts', () => {
    const csp = directives(appContentSecurityPolicy({ frameAncestors: "'none'", host: 'docs.example.com' }));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('frame-src')).toEqual(["'self'", ...VideoLimits.embedHosts.map((h) => `https://${h}`)]);
    expect(csp.get('img-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'ws://docs.example.com', 'wss://docs.example.com']);
    for (const values of csp.values()) expect(values).not.toContain("'unsafe-eval'");
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('repeats only a well-formed host and takes the configured frame ancestors', () => {
    const odd = appContentSecurityPolicy({ frameAncestors: "'self' https://cms.example.com", host: 'x; script-src *' });
    expect(directives(odd).get('connect-src')).toEqual(["'self'"]);
    expect(directives(odd).get('frame-ancestors')).toEqual(["'self'", 'https://cms.example.com']);
    const v6 = appContentSecurityPolicy({ frameAncestors: "'none'", host: '[::1]:3000' });
    expect(directives(v6).get('connect-src')).toEqual(["'self'", 'ws://[::1]:3000', 'wss://[::1]:3000']);
    const bench = appContentSecurityPolicy({ frameAncestors: "'none'", connectExtra: ['http://127.0.0.1:8787'] });
    expect(directives(bench).get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:8787']);
  });
});
