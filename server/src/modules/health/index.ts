import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { calls, ErrorCode } from '@candy/contract';
import { renderOpenApi } from '@candy/contract/openapi';
import { sql } from 'kysely';
import { appliedMigrations } from '../../db/migrate.ts';
import { migrations } from '../../db/migrations/index.ts';
import { AppError } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { ModuleContext } from '../context.ts';

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

/**
 * `GET /api/health` says the process answers; `GET /api/health/ready` that it can do its work: the
 * database answers, every migration is applied, blob storage takes a write. Not ready is 503 (5030)
 * with the failing checks in `errors[]` — never a crash, so a supervisor can wait for the database.
 */
export const healthModule = (ctx: ModuleContext) => {
  ctx.router.route(calls.healthLive, async ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) };
  });

  ctx.router.route(calls.healthReady, async ({ reply }) => {
    void reply.header('cache-control', 'no-store');
    const failures: { property: string; constraints: Record<string, string> }[] = [];
    const check = async (name: string, work: () => Promise<void>) => {
      try {
        await withTimeout(work(), 3000);
      } catch (error) {
        failures.push({
          property: name,
          constraints: { ready: error instanceof Error ? error.message : String(error) },
        });
      }
    };
    await check('database', async () => {
      await sql`SELECT 1`.execute(ctx.db);
    });
    await check('migrations', async () => {
      const applied = new Set(await appliedMigrations(ctx.db));
      const missing = Object.keys(migrations).filter((name) => !applied.has(name));
      if (missing.length > 0) throw new Error(`not applied: ${missing.join(', ')}`);
    });
    await check('storage', async () => {
      // Unique per probe: two probes in the same millisecond (a balancer and a supervisor) must not
      // write and delete one object between them.
      const key = `tmp/health-${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
      await ctx.storage.put(key, Readable.from([Buffer.from('ok')]));
      await ctx.storage.delete(key);
    });
    if (failures.length > 0) {
      ctx.logger.warn({ failures }, 'not ready');
      throw new AppError(
        ErrorCode.providerFailed,
        said('error.health.notReady', { checks: failures.map((f) => f.property).join(', ') }),
        failures,
      );
    }
    return { status: 'ready' as const, checks: { database: 'ok', migrations: 'ok', storage: 'ok' } as const };
  });
};

/** `GET /api/openapi.json`: the contract as OpenAPI 3.1, made once per process. */
export const docsModule = (ctx: ModuleContext) => {
  let body: string | null = null;
  ctx.router.route(calls.openapi, async ({ reply }) => {
    body ??= JSON.stringify(renderOpenApi(ctx.config.apiBasePath));
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });
};
