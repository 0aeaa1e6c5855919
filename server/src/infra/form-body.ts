import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors/app-error';

/** Most fields one form body may carry (Froala sends one or two, plus its `*Params`). */
export const MAX_FORM_FIELDS = 100;

/** A parsed form: plain data without a prototype, so no key can reach Object.prototype. */
export type FormFields = Record<string, string>;

/**
 * Parses an urlencoded body. Duplicate keys: the last one wins. The result has a null prototype,
 * so `__proto__`/`constructor` are ordinary data keys and cannot poison anything.
 */
export function parseFormBody(text: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  let count = 0;
  for (const [key, value] of new URLSearchParams(text)) {
    if (!(key in fields)) {
      count += 1;
      if (count > MAX_FORM_FIELDS) throw new AppError('BAD_REQUEST', { reason: 'too many form fields' });
    }
    fields[key] = value;
  }
  return fields;
}

/**
 * Parses `application/x-www-form-urlencoded` bodies (Froala's AJAX calls) for every route. The size cap
 * is the server's bodyLimit unless a route sets its own (autosave does); beyond it: 413 TOO_LARGE.
 */
async function formBody(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(typeof body === 'string' ? body : body.toString('utf8')));
    } catch (error) {
      done(error instanceof Error ? error : new AppError('BAD_REQUEST'), undefined);
    }
  });
}

export default fp(formBody, { name: 'form-body' });
