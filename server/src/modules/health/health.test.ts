import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDb } from '../../db/index.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is alive and ready with the database up, migrated and storage writable', async () => {
    const live = await t.server.inject({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json().data.status).toBe('ok');
    const ready = await t.server.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('serves the OpenAPI 3.1 document of the contract', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health/ready'].get.operationId).toBe('healthReady');
  });

  it('is not ready (503, the failing checks named) when PostgreSQL cannot be reached, and keeps answering', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-health-'));
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database: { kind: 'postgres' as const, url: 'postgres://candy:candy@127.0.0.1:1/nothing' },
    };
    const database = openDb(config.database);
    const app = await buildApp({ config, database });
    try {
      const ready = await app.server.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      const body = ready.json();
      expect(body.code).toBe(5030);
      expect(body.errors.map((e: { property: string }) => e.property)).toEqual(['database', 'migrations']);
      const live = await app.server.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
    } finally {
      await app.server.close();
      await database.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
