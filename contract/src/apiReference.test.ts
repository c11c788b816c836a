import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { renderApiReference } from './apiReference.ts';

const file = path.resolve(import.meta.dirname, '../../docs/api.md');

it('docs/api.md matches the contract (regenerate with `npm run docs:api`)', () => {
  const expected = renderApiReference();
  if (process.env.UPDATE_API_DOCS === '1') fs.writeFileSync(file, expected);
  expect(fs.readFileSync(file, 'utf8')).toBe(expected);
});
