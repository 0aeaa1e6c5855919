import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import errors from './errors/index';
import formBody, { MAX_FORM_FIELDS, parseFormBody } from './form-body';

describe('parseFormBody', () => {
  it('decodes percent escapes and plus signs', () => {
    const fields = parseFormBody('body=%3Cp%3EHi+there%20%C3%A4%3C%2Fp%3E&x=1');
    expect({ ...fields }).toEqual({ body: '<p>Hi there ä</p>', x: '1' });
  });

  it('keeps the last value of a duplicate key', () => {
    expect(parseFormBody('src=a&src=b&src=c').src).toBe('c');
  });

  it('returns data without a prototype, so __proto__ is an ordinary key', () => {
    const fields = parseFormBody('__proto__=polluted&constructor=x&toString=y');
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields.__proto__).toBe('polluted');
    expect(fields.toString).toBe('y');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('returns an empty object for an empty body', () => {
    expect(Object.keys(parseFormBody(''))).toEqual([]);
  });

  it('refuses more fields than the cap', () => {
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `k${i}=v`).join('&');
    expect(() => parseFormBody(many)).toThrow();
    const same = Array.from({ length: MAX_FORM_FIELDS + 5 }, () => 'k=v').join('&');
    expect(parseFormBody(same).k).toBe('v');
  });
});

describe('form-body plugin', () => {
  let app: FastifyInstance;

  beforeEach(async () => {
    app = Fastify({ bodyLimit: 1024 });
    await app.register(errors);
    await app.register(formBody);
    app.post('/echo', { schema: { body: Type.Object({ src: Type.String({ minLength: 1 }) }) } }, async (request) => ({
      ...(request.body as Record<string, string>),
    }));
    app.post('/big', { bodyLimit: 4096 }, async (request) => ({
      length: (request.body as Record<string, string>).body?.length ?? 0,
    }));
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
  });

  const post = (url: string, payload: string, type = 'application/x-www-form-urlencoded; charset=UTF-8') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });

  it('parses a form body for a route and validates it with the route schema', async () => {
    const ok = await post('/echo', 'src=http%3A%2F%2Fx%2Fuploads%2Fa.png&extra=1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ src: 'http://x/uploads/a.png', extra: '1' });
    const missing = await post('/echo', 'other=1');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers 413 TOO_LARGE beyond the body limit, and honours a route bodyLimit', async () => {
    const big = `body=${'a'.repeat(2000)}`;
    const refused = await post('/echo', big);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().code).toBe('TOO_LARGE');
    const accepted = await post('/big', big);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ length: 2000 });
  });

  it('answers 400 when there are too many fields', async () => {
    const many = Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `${i}=`).join('&');
    const res = await post('/big', many);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });
});
