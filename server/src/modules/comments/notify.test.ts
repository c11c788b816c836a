import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Caller } from '../../http/context.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import { createAntiSpam } from './antiSpam.ts';
import { createCommentRepo } from './repo.ts';
import { type CommentService, createCommentService, type NewCommentNotice } from './service.ts';
import { serviceTargets } from './targets.ts';
import { insertEssay } from './testKit.ts';

const visitor = (uuid: string): Caller => ({
  uuid,
  fingerprint: undefined,
  darkKey: undefined,
  referrer: undefined,
  localTime: undefined,
  ip: '10.8.0.1',
  userAgent: 'test',
});

describe('owner notification of new comments', () => {
  let t: TestApp;
  let comments: CommentService;
  const notices: NewCommentNotice[] = [];
  let failNext = false;

  beforeAll(async () => {
    t = await createTestApp();
    const now = () => t.clock.now;
    const repo = createCommentRepo(t.database.db);
    const { meta, essays, articles } = t.modules;
    comments = createCommentService({
      repo,
      targets: serviceTargets(essays, articles),
      antiSpam: createAntiSpam({ repo, meta, rateLimiter: createRateLimiter(t.database.db, now), now }),
      meta,
      notifier: {
        notifyOwner: async (notice) => {
          if (failNext) {
            failNext = false;
            throw new Error('push service down');
          }
          notices.push(notice);
        },
      },
      logger: pino({ level: 'silent' }),
      now,
    });
  });
  afterAll(() => t.close());

  it('tells the owner what a visitor wrote and where', async () => {
    const essayId = await insertEssay(t);
    const created = await comments.create(
      { targetType: 'essay', targetId: essayId, content: '你好', guestName: '路人' },
      visitor('v1'),
      null,
    );
    expect(notices.at(-1)).toEqual({
      id: created.id,
      targetType: 'essay',
      targetId: essayId,
      name: '路人',
      content: '你好',
      createdAt: t.clock.now,
    });
  });

  it('does not tell the owner about the owner’s own comments', async () => {
    const before = notices.length;
    await comments.create(
      { targetType: 'essay', targetId: await insertEssay(t), content: 'mine' },
      visitor('owner-device'),
      { sessionId: 1, username: 'owner' },
    );
    expect(notices.length).toBe(before);
  });

  it('keeps the comment when the notification fails', async () => {
    failNext = true;
    t.clock.advance(10_001);
    const created = await comments.create(
      { targetType: 'essay', targetId: await insertEssay(t), content: 'still here' },
      visitor('v2'),
      null,
    );
    expect(created.content).toBe('still here');
  });
});
