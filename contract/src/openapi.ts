import type { z } from 'zod';
import type { CallDef } from './call.ts';
import { calls } from './calls/index.ts';
import { httpStatusOf } from './codes.ts';
import { ErrorEnvelopeSchema } from './envelope.ts';
import { Header } from './headers.ts';
import { type OperationDoc, operationDocs } from './openapi/operations.ts';
import { responsesOf } from './openapi/responses.ts';
import { type Json, toSchema } from './openapi/schemas.ts';
import { tags } from './openapi/tags.ts';
import type { RouteName } from './routes.ts';

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

const requestBodyOf = (call: CallDef, doc: OperationDoc): Json | null => {
  if (doc.upload) {
    const fields = doc.upload.fields
      ? (toSchema(doc.upload.fields, 'input') as { properties?: Json; required?: string[] })
      : {};
    const file = { type: 'string', format: 'binary' };
    const files = Object.fromEntries(
      doc.upload.files.map((name) => [name, doc.upload?.many ? { type: 'array', items: file } : file]),
    );
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...files, ...(fields.properties ?? {}) },
            // The first file field is the one every upload needs.
            required: [doc.upload.files[0], ...(fields.required ?? [])],
          },
        },
      },
    };
  }
  if (!call.body) return null;
  const schema = toSchema(call.body, 'input');
  return {
    required: true,
    content: {
      ...(doc.form ? { 'application/x-www-form-urlencoded': { schema } } : {}),
      'application/json': { schema },
    },
  };
};

const securityOf = (call: CallDef, doc: OperationDoc): Json[] => {
  const owner = [
    { accessKey: [] },
    // Security settings (a `guard`) never accept an API token.
    ...(call.guard ? [] : [{ apiToken: [] }]),
    ...(doc.keyInQuery ? [{ accessKeyQuery: [] }] : []),
  ];
  if (call.access === 'owner') return owner;
  if (call.access === 'dark') return [{ darkKey: [] }, ...owner];
  // Public; a call that also serves the owner's previews takes the key too.
  return doc.keyInQuery ? [{}, ...owner] : [];
};

const operation = (name: RouteName, call: CallDef): Json => {
  const doc = operationDocs[name];
  const body = requestBodyOf(call, doc);
  return {
    operationId: name,
    summary: doc.summary,
    tags: [doc.tag],
    security: securityOf(call, doc),
    parameters: [...parametersOf(call.params, 'path'), ...parametersOf(call.query, 'query')],
    ...(body ? { requestBody: body } : {}),
    responses: responsesOf(call, doc),
  };
};

/**
 * The OpenAPI 3.1 document of every call, generated from the contract's zod schemas and the
 * operation table in `openapi/operations.ts` (served at `GET /api/openapi.json`, kept in
 * docs/openapi.json; a test fails when that file is stale, another checks real answers against it).
 */
export const renderOpenApi = (apiBase = '/api'): Json => {
  const paths: Record<string, Record<string, Json>> = {};
  for (const [name, call] of Object.entries(calls) as [RouteName, CallDef][]) {
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
        'File downloads (protected assets, temporary blobs, clips, the export) answer bytes, not the envelope.',
      ].join(' '),
    },
    servers: [{ url: 'http://127.0.0.1:8080', description: 'A local `npm start` (`PORT`, `HOST`)' }],
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    components: {
      schemas: { ErrorEnvelope: toSchema(ErrorEnvelopeSchema, 'output') },
      securitySchemes: {
        accessKey: {
          type: 'apiKey',
          in: 'header',
          name: Header.fingerprint,
          description: 'The owner access key.',
        },
        apiToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'An API token (`cj_…`) acting for the owner within its scope: `read` (GET only), `write`, or writes limited to named modules (4030 outside it). Never accepted by security settings.',
        },
        accessKeyQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'fingerprint',
          description: 'The owner access key, for files an `<img>` or `<video>` loads.',
        },
        darkKey: {
          type: 'apiKey',
          in: 'header',
          name: Header.darkKey,
          description: 'The dark-mode decode key.',
        },
      },
    },
    paths,
  };
};
