import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazySchemaCompilers, lazyValidator } from './lazy-schemas';

const Query = Type.Object({ n: Type.Integer({ minimum: 1 }), tags: Type.Optional(Type.Array(Type.String())) });
const Body = Type.Object({ name: Type.String() }, { additionalProperties: false });
const Reply = Type.Object({ n: Type.Integer(), name: Type.String() });

/** The same route on a server with fastify's eager compilers and on one with the lazy ones. */
function serverWith(lazy: boolean): FastifyInstance {
  const app = Fastify({
    ajv: { customOptions: { removeAdditional: false } },
    ...(lazy ? { schemaController: { compilersFactory: lazySchemaCompilers } } : {}),
  });
  app.post('/r', { schema: { querystring: Query, body: Body, response: { 200: Reply } } }, async (request) => ({
    ...(request.query as object),
    ...(request.body as object),
    secret: 'never sent',
  }));
  return app;
}

describe('lazy schema compilers', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('answer every request exactly as fastify’s own compilers do', async () => {
    const eager = serverWith(false);
    const lazy = serverWith(true);
    apps.push(eager, lazy);
    const cases = [
      { url: '/r?n=5&tags=a', payload: { name: 'x' } },
      { url: '/r?n=0', payload: { name: 'x' } },
      { url: '/r?n=abc', payload: { name: 'x' } },
      { url: '/r?n=2', payload: { name: 'x', extra: 1 } },
      { url: '/r?n=2', payload: { name: 3 } },
    ];
    for (const c of cases) {
      const [a, b] = await Promise.all([eager.inject({ method: 'POST', ...c }), lazy.inject({ method: 'POST', ...c })]);
      expect(b.statusCode).toBe(a.statusCode);
      expect(b.json()).toEqual(a.json());
    }
    // Coerced (query string to integer and to array) and serialized by the schema (no `secret`).
    const ok = await lazy.inject({ method: 'POST', url: '/r?n=5', payload: { name: 'x' } });
    expect(ok.json()).toEqual({ n: 5, name: 'x' });
  });

  it('compiles a validator at its first use, once', () => {
    const real = Object.assign((data: unknown) => data === 1, { errors: null as unknown });
    const compile = vi.fn(() => real);
    const validate = lazyValidator(compile);
    expect(compile).not.toHaveBeenCalled();
    real.errors = ['bad'];
    expect(validate(2)).toBe(false);
    expect(validate.errors).toEqual(['bad']);
    expect(validate(1)).toBe(true);
    expect(compile).toHaveBeenCalledTimes(1);
  });
});
