import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Caller } from '../../http/context.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import { createAntiSpam } from './antiSpam.ts';
import { createModerationSettings, moderationMeta } from './moderation.ts';
import { createProof, powMaxNumberMeta } from './proof.ts';
import { createProofRepo } from './proofRepo.ts';
import { createCommentRepo } from './repo.ts';
import { type CommentService, createCommentService, type NewCommentNotice } from './service.ts';
import { serviceTargets } from './targets.ts';
import { insertEssay, proofFor, testMaxNumber } from './testKit.ts';

const visitor = (uuid: string): Caller => ({
  uuid,
  fingerprint: undefined,
  bearer: undefined,
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
    const { meta, essays, articles, moments } = t.modules;
    comments = createCommentService({
      repo,
      targets: serviceTargets(essays, articles, moments),
      antiSpam: createAntiSpam({ repo, meta, rateLimiter: createRateLimiter(t.database.db, now), now }),
      proof: createProof({
        repo: createProofRepo(t.database.db),
        meta,
        rateLimiter: createRateLimiter(t.database.db, now),
        now,
      }),
      moderation: createModerationSettings(meta),
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
    await meta.set(powMaxNumberMeta.group, powMaxNumberMeta.key, String(testMaxNumber));
  });
  afterAll(() => t.close());

  it('tells the owner what a visitor wrote and where', async () => {
    const essayId = await insertEssay(t);
    const created = await comments.create(
      {
        targetType: 'essay',
        targetId: essayId,
        content: '你好',
        guestName: '路人',
        proof: await proofFor(t, '10.8.0.1'),
      },
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
      held: false,
    });
  });

  it('tells the owner a held comment is waiting for review, and says nothing of spam', async () => {
    await t.modules.meta.set(moderationMeta.group, moderationMeta.key, 'all');
    t.clock.advance(10_001);
    const essayId = await insertEssay(t);
    const created = await comments.create(
      { targetType: 'essay', targetId: essayId, content: '等审核', proof: await proofFor(t, '10.8.0.1') },
      visitor('v3'),
      null,
    );
    expect(created.held).toBe(true);
    expect(notices.at(-1)).toMatchObject({ id: created.id, held: true });
    await t.modules.meta.set(moderationMeta.group, moderationMeta.key, 'none');
  });

  it('does not tell the owner about the owner’s own comments', async () => {
    const before = notices.length;
    await comments.create(
      { targetType: 'essay', targetId: await insertEssay(t), content: 'mine' },
      visitor('owner-device'),
      { kind: 'session', sessionId: 1, username: 'owner', authenticatedAt: 0 },
    );
    expect(notices.length).toBe(before);
  });

  it('keeps the comment when the notification fails', async () => {
    failNext = true;
    t.clock.advance(10_001);
    const created = await comments.create(
      {
        targetType: 'essay',
        targetId: await insertEssay(t),
        content: 'still here',
        proof: await proofFor(t, '10.8.0.1'),
      },
      visitor('v2'),
      null,
    );
    expect(created.content).toBe('still here');
  });
});
