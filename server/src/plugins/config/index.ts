import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PublicConfig } from '@shared/api/config';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** `GET /api/config`: the limits this server enforces, so the client enforces the same. */
export default async function configPlugin(root: FastifyInstance): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { collab, counters, uploads, editor } = app.config;
  const body: PublicConfig = {
    collab: { maxMessageBytes: collab.maxMessageBytes, maxDocumentBytes: collab.maxDocumentBytes },
    counters,
    uploads,
    editor,
    version: VERSION,
  };
  app.get('/api/config', { schema: { response: { 200: PublicConfig } } }, async () => body);
}
