import type { CallDef } from '../call.ts';
import { ErrorCode, type ErrorCodeValue, httpStatusOf } from '../codes.ts';
import type { OperationDoc, RawAnswer } from './operations.ts';
import { type Json, toSchema } from './schemas.ts';

const envelopeRef = { $ref: '#/components/schemas/ErrorEnvelope' };

/** The error envelope whose `code` is one of `codes`. */
const errorSchema = (codes: readonly number[]): Json => ({
  allOf: [envelopeRef, { type: 'object', properties: { code: { enum: [...codes] } } }],
});

const hasInput = (call: CallDef, doc: OperationDoc): boolean =>
  Boolean(call.params || call.query || call.body || doc.upload);

/**
 * Every business code a call can answer besides success: what any call of its kind can answer (its
 * input refused, a request body of the wrong type or size, the owner's or the dark key missing,
 * something not found, our own failure) and the call's own (`doc.errors`).
 */
export const errorCodesOf = (call: CallDef, doc: OperationDoc): ErrorCodeValue[] => {
  const codes = new Set<ErrorCodeValue>([ErrorCode.notFound, ErrorCode.internal]);
  // Any method but GET parses a request body when one is sent: it can be bad JSON, too large or of a type we do not read.
  const takesBody = call.method !== 'GET';
  if (hasInput(call, doc) || takesBody) codes.add(ErrorCode.validation);
  if (takesBody) {
    codes.add(ErrorCode.payloadTooLarge);
    codes.add(ErrorCode.unsupportedMediaType);
  }
  if (call.access === 'owner') codes.add(ErrorCode.unauthorized);
  if (call.access === 'dark') codes.add(ErrorCode.darkKeyRequired);
  // Security settings refuse API tokens (4030) and, when `fresh`, an old login (4037); any other
  // owner write refuses a token whose scope does not reach it (4030).
  if (call.guard || (call.access === 'owner' && call.method !== 'GET')) codes.add(ErrorCode.forbidden);
  if (call.guard === 'fresh') codes.add(ErrorCode.freshLoginRequired);
  for (const code of doc.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => a - b);
};

const successOf = (call: CallDef, reknock: boolean): Json => {
  const ok: Json = {
    type: 'object',
    required: ['code', 'data'],
    properties: { code: { const: 0 }, data: toSchema(call.response, 'output') },
  };
  return {
    description: reknock
      ? 'The envelope with `code` 0 and the answer in `data`; or code 4032 (handshake unknown or expired: knock again and retry once).'
      : 'The envelope with `code` 0 and the answer in `data`.',
    content: {
      'application/json': {
        schema: reknock ? { anyOf: [ok, errorSchema([ErrorCode.handshakeExpired])] } : ok,
      },
    },
  };
};

const rawSuccessOf = (raw: RawAnswer): Record<string, Json> => {
  if (raw.kind === 'document') {
    return {
      200: {
        description: raw.description,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['openapi', 'info', 'paths'],
              properties: {
                openapi: { type: 'string' },
                info: { type: 'object' },
                paths: { type: 'object' },
              },
            },
          },
        },
      },
    };
  }
  const content = Object.fromEntries(
    raw.media.map((media) => [media, { schema: { type: 'string', format: 'binary' } }]),
  );
  if (!raw.ranged) return { 200: { description: raw.description, content } };
  return {
    200: { description: raw.description, content },
    206: { description: 'The requested byte range (`Content-Range`).', content },
    416: { description: 'The requested range is outside the file (`Content-Range: bytes */size`); no body.' },
  };
};

const describe = (status: number, codes: readonly number[]): string => {
  const what: Record<number, string> = {
    400: 'The input was refused (`errors[]` names each field).',
    401: 'The owner access key is missing, unknown or expired.',
    403: 'Forbidden.',
    404: 'Not found.',
    409: 'Conflict with the current state.',
    413: 'The request body is too large.',
    415: 'The request body has a type this call does not read.',
    429: 'Too many requests; `Retry-After` says when to try again.',
    500: 'Our failure (logged with the request id).',
    503: 'An outside service (provider) is unreachable or failed.',
  };
  return `${what[status] ?? 'Refused.'} Code ${codes.join(' / ')}.`;
};

/** The operation's `responses`: success, then every status its error codes travel with. */
export const responsesOf = (call: CallDef, doc: OperationDoc): Record<string, Json> => {
  const codes = errorCodesOf(call, doc);
  const byStatus = new Map<number, number[]>();
  for (const code of codes) {
    const status = httpStatusOf[code];
    if (status === 200) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, Json> = doc.raw
    ? rawSuccessOf(doc.raw)
    : { [doc.accepted ? 202 : 200]: successOf(call, codes.includes(ErrorCode.handshakeExpired)) };
  if (doc.cached) responses[304] = { description: 'Not modified: the `If-None-Match` ETag still holds.' };
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: describe(status, statusCodes),
      ...(status === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } } }
        : {}),
      content: { 'application/json': { schema: errorSchema(statusCodes) } },
    };
  }
  return responses;
};
