import Fastify from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { describe, expect, it } from 'vitest';

// The plugin relies on @fastify/rate-limit sizing each createRateLimit() store from a `cache` option
// (merged like a route's options, not in its types): beyond the library's default of 5000 keys, the
// first key must still be counted.
describe('@fastify/rate-limit as infra/rate-limit uses it', () => {
  it('keeps `cache` keys in a limiter made by createRateLimit', async () => {
    const app = Fastify();
    await app.register(fastifyRateLimit, { global: false });
    const options = { max: 1, timeWindow: 60_000, cache: 6_000 };
    const limit = app.createRateLimit({ ...options, keyGenerator: (request) => String(request.headers['x-key']) });
    app.get('/hit', async (request) => {
      const result = await limit(request);
      return { exceeded: !result.isAllowed && result.isExceeded };
    });
    const hit = async (key: string): Promise<unknown> =>
      (await app.inject({ url: '/hit', headers: { 'x-key': key } })).json();
    for (let i = 0; i < 5_500; i++) await hit(`k${i}`);
    expect(await hit('k0')).toEqual({ exceeded: true });
    expect(await hit('k5499')).toEqual({ exceeded: true });
    await app.close();
  });
});
