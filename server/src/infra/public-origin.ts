import type { FastifyRequest } from 'fastify';

/** Origin for absolute URLs: TANDEM_PUBLIC_URL when set, else the request's own origin. */
export function publicOrigin(request: FastifyRequest, configured: string | undefined): string {
  if (configured) return configured;
  return `${request.protocol}://${request.host}`;
}
