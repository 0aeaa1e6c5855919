import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

/** Parses `application/x-www-form-urlencoded` bodies (Froala's AJAX calls) for every route. (Being built.) */
async function formBody(app: FastifyInstance): Promise<void> {
  void app;
}

export default fp(formBody, { name: 'form-body' });
