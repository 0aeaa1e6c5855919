import ajvCompiler from '@fastify/ajv-compiler';
import serializerCompiler from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/** What fastify calls: Ajv's compiled function (`errors` set after a failed check). */
export interface Validate {
  (data: unknown, context?: unknown): unknown;
  errors?: unknown;
}
export type Serialize = (data: unknown) => string;
/** A compiler factory as fastify uses it: built once per context, then called once per route and part. */
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: unknown) => F;

/**
 * A route's validator compiled when the route is first asked, not at start. Fastify's own compilers (Ajv,
 * fast-json-stringify, with the server's options) do the work; only the moment changes. Compiling every
 * route's schemas at start allocates ~20 MiB that the process keeps (the young generation grows and stays
 * grown), for routes an idle server may never serve (issue 29).
 */
export function lazyValidator(compile: () => Validate): Validate {
  let real: Validate | undefined;
  const validate: Validate = (data, context) => {
    real ??= compile();
    // Ajv's functions take the parent (to coerce a root value in place); fastify passes it, see below.
    const result = real(data, context);
    validate.errors = real.errors;
    return result;
  };
  // Fastify hands `{ parentData, parentDataProperty }` only to functions that carry Ajv's `schemaEnv`:
  // every function Ajv compiles does, so the wrapper says so too.
  return Object.assign(validate, { errors: null, schemaEnv: true });
}

/** A route's response serializer compiled at its first response. */
export function lazySerializer(compile: () => Serialize): Serialize {
  let real: Serialize | undefined;
  return (data) => (real ??= compile())(data);
}

// Fastify's defaults (schema-controller.js); their typings union Ajv's and JTD's modes, hence the casts.
const defaultValidators = ajvCompiler() as unknown as Factory<Validate>;
const defaultSerializers = serializerCompiler() as unknown as Factory<Serialize>;

const lazyValidators: Factory<Validate> = (externalSchemas, options) => {
  const compile = defaultValidators(externalSchemas, options);
  return (route) => lazyValidator(() => compile(route));
};

const lazySerializers: Factory<Serialize> = (externalSchemas, options) => {
  const compile = defaultSerializers(externalSchemas, options);
  return (route) => lazySerializer(() => compile(route));
};

/** Fastify's default compilers, each route's schemas compiled at its first request (`schemaController`). */
export const lazySchemaCompilers = {
  buildValidator: lazyValidators,
  buildSerializer: lazySerializers,
} as unknown as CompilersFactory;
