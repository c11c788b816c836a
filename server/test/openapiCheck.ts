import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components: Json;
}

/** One real answer: the request's method and URL, the status, the content type and the body bytes. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  contentType: string | undefined;
  body: Buffer;
}

export interface Verdict {
  /** The document's operation for the request, or null when no path and method match. */
  operationId: string | null;
  /** What the answer does that the document does not say; empty when it conforms. */
  problems: string[];
}

export const docsOpenApiFile = path.resolve(import.meta.dirname, '../../docs/openapi.json');

export const readOpenApiDoc = (file = docsOpenApiFile): OpenApiDoc =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as OpenApiDoc;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `/api/blog/essay/{id}` → a regular expression; a parameter never spans a `/`. */
const templateRegex = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split(/(\{[^}]+\})/)
      .map((part) => (part.startsWith('{') ? '[^/]+?' : escapeRegex(part)))
      .join('')}$`,
  );

/** Inlines `#/components/…` references so each response schema compiles on its own. */
const inlineRefs = (value: unknown, doc: OpenApiDoc): unknown => {
  if (Array.isArray(value)) return value.map((item) => inlineRefs(item, doc));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], doc);
    return inlineRefs(target, doc);
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inlineRefs(item, doc)]));
};

/** `image/*` covers `image/jpeg`; `*\/*` covers everything. */
const mediaMatches = (documented: string, actual: string): boolean => {
  if (documented === actual || documented === '*/*') return true;
  const [type, subtype] = documented.split('/');
  return subtype === '*' && actual.startsWith(`${type}/`);
};

/**
 * Checks real answers against the OpenAPI document: the request's path and method name an
 * operation, the status is one the operation lists, the content type one that status lists, and a
 * JSON body fits that status's schema (JSON Schema 2020-12, compiled by Ajv).
 */
export const createOpenApiChecker = (doc: OpenApiDoc = readOpenApiDoc()) => {
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateSchema: false });
  (addFormatsModule as unknown as (target: Ajv2020) => void)(ajv);
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();

  // Literal paths before templated ones, so `/blog/waifu/order` is not taken for `/blog/waifu/{id}`.
  const routes = Object.entries(doc.paths)
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        regex: templateRegex(template),
        params: (template.match(/\{/g) ?? []).length,
        operation,
      })),
    )
    .sort((a, b) => a.params - b.params);

  const operationOf = (method: string, url: string): Operation | null => {
    const pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
    return routes.find((r) => r.method === method && r.regex.test(pathname))?.operation ?? null;
  };

  const validatorFor = (operation: Operation, status: string, media: string, schema: Json) => {
    const key = `${operation.operationId} ${status} ${media}`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(inlineRefs(schema, doc) as Json);
      validators.set(key, validate);
    }
    return validate;
  };

  const check = (answer: Answer): Verdict => {
    const operation = operationOf(answer.method, answer.url);
    if (!operation) return { operationId: null, problems: [`${answer.method} ${answer.url}: no operation`] };
    const where = `${operation.operationId} (${answer.method} ${answer.url}) answered ${answer.status}`;
    const response = operation.responses[String(answer.status)];
    if (!response)
      return { operationId: operation.operationId, problems: [`${where}: status not documented`] };
    const media = (answer.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!response.content) {
      const problems = answer.body.length > 0 ? [`${where}: a body where the document says none`] : [];
      return { operationId: operation.operationId, problems };
    }
    const documented = Object.keys(response.content).find((candidate) => mediaMatches(candidate, media));
    if (documented === undefined) {
      return {
        operationId: operation.operationId,
        problems: [
          `${where}: content type "${media}" not documented (${Object.keys(response.content).join(', ')})`,
        ],
      };
    }
    const schema = response.content[documented]?.schema;
    if (media !== 'application/json' || !schema) return { operationId: operation.operationId, problems: [] };
    let body: unknown;
    try {
      body = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return { operationId: operation.operationId, problems: [`${where}: body is not JSON`] };
    }
    const validate = validatorFor(operation, String(answer.status), documented, schema);
    if (validate(body)) return { operationId: operation.operationId, problems: [] };
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    return {
      operationId: operation.operationId,
      problems: [`${where}: body does not fit the schema: ${errors.join('; ')}`],
    };
  };

  const operationIds = routes.map((r) => r.operation.operationId);
  return { check, operationOf, operationIds };
};

export type OpenApiChecker = ReturnType<typeof createOpenApiChecker>;
