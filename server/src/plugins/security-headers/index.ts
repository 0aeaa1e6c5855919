// Not @fastify/helmet (issue 24, point 7): helmet writes its headers in `onRequest`, before the handler,
// so it cannot pick the policy by the answer's content type (the app policy on HTML, deny-all on the
// rest) nor leave a route's own policy alone (served uploads); with its other default headers switched
// off it would only add the three headers set here.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { API_CSP, appContentSecurityPolicy } from '../../infra/security/content-security-policy';

/** The origin of an operator's own save URL (`saveURL` on another server), which the page must be able to reach. */
export function saveOrigins(saveURL: string | null): string[] {
  if (saveURL === null || !/^https?:\/\//i.test(saveURL)) return [];
  try {
    return [new URL(saveURL).origin];
  } catch {
    return [];
  }
}

/**
 * Headers on every HTTP answer: `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer`
 * (capability tokens live in URLs), and a Content-Security-Policy: the app policy on HTML pages, a
 * deny-all one elsewhere. A route that sets its own policy (served uploads) keeps it.
 */
async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  const { frameAncestors, benchConnectSrc } = app.config.security;
  const connectExtra = [...benchConnectSrc, ...saveOrigins(app.config.editor.saveURL)];
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');
    if (reply.hasHeader('content-security-policy')) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.startsWith('text/html')) {
      void reply.header(
        'content-security-policy',
        appContentSecurityPolicy({ frameAncestors, host: request.host, connectExtra }),
      );
      // Older browsers only know X-Frame-Options; it can say "nowhere", not a list of origins.
      if (frameAncestors === "'none'") void reply.header('x-frame-options', 'DENY');
    } else {
      void reply.header('content-security-policy', API_CSP);
    }
    return payload;
  });
}

export default fp(securityHeadersPlugin, { name: 'security-headers', dependencies: ['context'] });
