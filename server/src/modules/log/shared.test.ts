import type { LogLine, LogPage, LogQuery } from '@candy/contract/calls/log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, loginKey } from '../auth/testing.ts';

/** Issue 28: with `LOG_STORE=database` the log browser of any replica shows every replica's lines. */
describe('log browser on lines shipped to the database (LOG_STORE=database)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info', LOG_STDOUT: 'false', LOG_STORE: 'database' } });
    await createOwner(t);
    key = await loginKey(t);
  });
  afterAll(() => t.close());

  const logPage = async (query: LogQuery = {}): Promise<LogPage> => {
    const search = new URLSearchParams(
      Object.entries(query).map(([name, value]) => [name, String(value)] as [string, string]),
    );
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/log?${search}`,
      headers: { 'x-fingerprint': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as LogPage;
  };
  /** A line another replica shipped, as its shipper writes it. */
  const otherReplicaLogs = (msg: string) =>
    t.database.db
      .insertInto('log_line')
      .values({
        time: Date.now(),
        level: 40,
        replica: 'other-host · pid 1',
        line: JSON.stringify({ level: 40, time: Date.now(), msg }),
      })
      .execute();

  it("shows this replica's line of a request made just before and another replica's, each marked", async () => {
    await otherReplicaLogs('from the other replica');
    const res = await t.server.inject({ method: 'GET', url: '/api/system/version' });
    const requestId = String(res.headers['x-request-id']);
    const page = await logPage({ limit: 50 });
    expect(page.shared).toBe(true);
    expect(page.lines.find((line) => line.reqId === requestId)).toMatchObject({
      msg: 'request',
      path: '/api/system/version',
      replica: page.replica,
    });
    expect(page.lines.find((line) => line.msg === 'from the other replica')).toMatchObject({
      level: 'warn',
      replica: 'other-host · pid 1',
    });
    expect(page.lines[0]?.id).toMatch(/^\d+$/);
  });

  it('pages back without gaps or repeats, and follows new lines with `after`', async () => {
    for (let index = 0; index < 20; index += 1) await otherReplicaLogs(`line ${index}`);
    const seen: LogLine[] = [];
    let page = await logPage({ limit: 6, level: 'warn' });
    const newest = page.lines[0]?.id ?? '';
    while (page.lines.length > 0) {
      seen.push(...page.lines);
      if (!page.next) break;
      page = await logPage({ limit: 6, level: 'warn', continueUUID: page.next });
    }
    const ours = seen.filter((line) => line.msg.startsWith('line ')).map((line) => line.msg);
    expect(ours).toEqual(Array.from({ length: 20 }, (_, i) => `line ${19 - i}`));
    expect(new Set(seen.map((line) => line.id)).size).toBe(seen.length);

    await otherReplicaLogs('newer');
    const follow = await logPage({ after: newest, level: 'warn' });
    expect(follow.lines.map((line) => line.msg)).toEqual(['newer']);
    expect(follow.next).toBe(follow.lines[0]?.id);
  });
});
