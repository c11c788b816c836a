import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createAppLogger } from './createLogger.ts';
import { logDayOf, logFileOf } from './dailyFile.ts';

describe('fast-path access lines', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-logger-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const app = createAppLogger(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', LOG_STDOUT: 'false' }));
  // Read without flushing: a synchronous flush while an asynchronous write is in flight reorders lines.
  const lines = (): Record<string, unknown>[] => {
    const file = logFileOf(path.join(dataDir, 'logs'), logDayOf(Date.now()));
    if (!fs.existsSync(file)) return [];
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  /** The file's lines once it holds `count` (the writes are asynchronous). */
  const linesWhen = async (count: number) => {
    for (let i = 0; i < 200 && lines().length < count; i += 1) await new Promise((r) => setTimeout(r, 10));
    return lines();
  };

  it('writes nothing above info, then the line pino itself would write, at info', async () => {
    app.logger.warn('opened');
    await linesWhen(1);
    app.accessLine(
      '00000000-0000-4000-8000-000000000000',
      'GET',
      '/api/blog/link?fingerprint=[redacted]',
      304,
    );
    expect(lines().map((line) => line.msg)).toEqual(['opened']);

    app.logger.level = 'info';
    app.accessLine('11111111-1111-4111-8111-111111111111', 'GET', '/api/blog/"quoted"', 200);
    app.logger.child({ reqId: 'by-pino' }).info({ method: 'GET', url: '/x', status: 200, ms: 0 }, 'request');
    const written = await linesWhen(3);
    expect(written).toHaveLength(3);
    const ours = written.find((line) => line.reqId === '11111111-1111-4111-8111-111111111111');
    const pinos = written.find((line) => line.reqId === 'by-pino');
    expect(ours).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: '11111111-1111-4111-8111-111111111111',
      method: 'GET',
      url: '/api/blog/"quoted"',
      status: 200,
      ms: 0,
      msg: 'request',
    });
    // Same fields in the same order as pino's own line.
    expect(Object.keys(ours ?? {})).toEqual(Object.keys(pinos ?? {}));
  });

  it('writes a burst of access lines whole and in order, gathered into one write per turn', async () => {
    app.logger.level = 'info';
    const before = lines().length;
    const ids = Array.from(
      { length: 100 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const id of ids) app.accessLine(id, 'GET', '/api/blog/essay', 200);
    // Nothing is written before the turn ends: the lines go out together.
    expect(lines()).toHaveLength(before);
    await app.settled();
    const written = (await linesWhen(before + ids.length)).slice(before);
    expect(written.map((line) => line.reqId)).toEqual(ids);
  });
});
