import type { FastifyServerOptions } from 'fastify';

const refuse = (): never => {
  throw new Error(
    'a JSON schema on a Fastify route: routes validate with the contract’s zod schemas (http/validate.ts)',
  );
};

/**
 * Fastify's schema compilers, replaced by ones that refuse: every route validates its input with
 * the contract's zod schemas, so ajv and fast-json-stringify would only take memory. Given these,
 * Fastify never requires its own compilers, and the build leaves them out of the bundle (issue 39:
 * idle memory; scripts/build.mjs).
 */
export const noJsonSchemas: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: { buildValidator: refuse, buildSerializer: refuse },
};
