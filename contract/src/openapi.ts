import * as z from 'zod';
import type { CallDef } from './call.ts';
import { calls } from './calls/index.ts';
import { ErrorCode, httpStatusOf } from './codes.ts';
import { ErrorEnvelopeSchema } from './envelope.ts';
import { Header } from './headers.ts';

type Json = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

/** The object schema's properties as OpenAPI parameters (`in: path` or `in: query`). */
const parametersOf = (schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] => {
  if (!schema) return [];
  const json = toSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
};

const errorCodesOf = (call: CallDef): number[] => {
  const codes: number[] = [ErrorCode.validation, ErrorCode.notFound, ErrorCode.internal];
  if (call.access === 'owner') codes.push(ErrorCode.unauthorized);
  if (call.access === 'dark') codes.push(ErrorCode.darkKeyRequired);
  return codes;
};

const operation = (name: string, call: CallDef): Json => {
  const errors = errorCodesOf(call);
  const byStatus = new Map<number, number[]>();
  for (const code of errors)
    byStatus.set(httpStatusOf[code as keyof typeof httpStatusOf], [
      ...(byStatus.get(httpStatusOf[code as keyof typeof httpStatusOf]) ?? []),
      code,
    ]);
  return {
    operationId: name,
    ...(call.access === 'owner'
      ? { security: [{ accessKey: [] }] }
      : call.access === 'dark'
        ? { security: [{ darkKey: [] }, { accessKey: [] }] }
        : {}),
    parameters: [...parametersOf(call.params, 'path'), ...parametersOf(call.query, 'query')],
    ...(call.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: toSchema(call.body, 'input') } },
          },
        }
      : {}),
    responses: {
      200: {
        description: 'The envelope with `code` 0 and the answer in `data`.',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['code', 'data'],
              properties: { code: { const: 0 }, data: toSchema(call.response, 'output') },
            },
          },
        },
      },
      ...Object.fromEntries(
        [...byStatus].map(([status, codes]) => [
          status,
          {
            description: `Business code ${codes.join(' / ')}.`,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
          },
        ]),
      ),
    },
  };
};

/**
 * The OpenAPI 3.1 document of every call, generated from the contract's zod schemas (served at
 * `GET /api/openapi.json`, kept in docs/openapi.json; a test fails when that file is stale).
 */
export const renderOpenApi = (apiBase = '/api'): Json => {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, call] of Object.entries(calls) as [string, CallDef][]) {
    const path = `${apiBase}${call.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;
    paths[path] ??= {};
    (paths[path] as Record<string, Json>)[call.method.toLowerCase()] = operation(name, call);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: '糖果罐 · Candy Jar API',
      version: '1',
      description: [
        'Every answer is an envelope: `{"code":0,"data":…}` on success, otherwise',
        '`{"code":N,"data":null,"errorMsg":"…","errors":[{"property":"…","constraints":{…}}]}`.',
        `Codes and HTTP statuses: ${Object.entries(httpStatusOf)
          .map(([code, status]) => `${code}→${status}`)
          .join(', ')} (4032: re-knock and retry once).`,
        `Every call may carry ${Object.values(Header).join(', ')}.`,
        'Multipart calls (uploads) take `multipart/form-data` bodies not described by a schema here.',
      ].join(' '),
    },
    components: {
      schemas: { ErrorEnvelope: toSchema(ErrorEnvelopeSchema, 'output') },
      securitySchemes: {
        accessKey: { type: 'apiKey', in: 'header', name: Header.fingerprint },
        darkKey: { type: 'apiKey', in: 'header', name: Header.darkKey },
      },
    },
    paths,
  };
};
