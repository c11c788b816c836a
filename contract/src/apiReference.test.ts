import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderApiReference } from './apiReference.ts';
import { renderOpenApi } from './openapi.ts';

const file = path.resolve(import.meta.dirname, '../../docs/api.md');

it('docs/api.md matches the contract (regenerate with `npm run docs:api`)', () => {
  const expected = renderApiReference();
  if (process.env.UPDATE_API_DOCS === '1') fs.writeFileSync(file, expected);
  expect(fs.readFileSync(file, 'utf8')).toBe(expected);
});

const openapiFile = path.resolve(import.meta.dirname, '../../docs/openapi.json');

it('docs/openapi.json matches the contract (regenerate with `npm run docs:api`)', () => {
  const expected = `${JSON.stringify(renderOpenApi(), null, 2)}\n`;
  if (process.env.UPDATE_API_DOCS === '1') fs.writeFileSync(openapiFile, expected);
  expect(fs.readFileSync(openapiFile, 'utf8')).toBe(expected);
});

it('the OpenAPI document has an operation for every call, with the envelope and the owner key', () => {
  const doc = renderOpenApi() as {
    openapi: string;
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  expect(doc.openapi).toBe('3.1.0');
  const login = doc.paths['/api/user/login']?.post as {
    requestBody: unknown;
    responses: Record<string, unknown>;
  };
  expect(login.requestBody).toBeDefined();
  expect(Object.keys(login.responses)).toContain('200');
  const update = doc.paths['/api/blog/essay/{id}']?.put as {
    security: unknown;
    parameters: { name: string; in: string }[];
  };
  // The owner's key, or an API token (issue 26.4); a security setting takes only the key.
  expect(update.security).toEqual([{ accessKey: [] }, { apiToken: [] }]);
  const tokens = doc.paths['/api/user/token']?.post as { security: unknown };
  expect(tokens.security).toEqual([{ accessKey: [] }]);
  expect(update.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
  expect(operations.length).toBeGreaterThan(60);
});
