import { seal } from '../src/modules/auth/testing.ts';
import { solveProof } from '../src/modules/comments/testKit.ts';
import { demoSubjects } from './fakes/bangumiUpstream.ts';
import type { Probe } from './openapiProbe.ts';

/**
 * Every operation called the way the web client calls it, in an order where each call finds what
 * it needs (an essay before its comments, a clip before its publishing), ending with the deletions.
 * Each answer is checked against the document as it arrives (see openapiProbe.ts).
 */

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const file = (data: Buffer | string, type: string) => new Blob([data], { type });

const form = (fields: Record<string, string>, files: Record<string, [Buffer | string, string, string]>) => {
  const body = new FormData();
  for (const [name, [data, filename, type]] of Object.entries(files))
    body.append(name, file(data, type), filename);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

/** A body type no call reads (text/plain is read, as a string, and then refused by the schema). */
const notJson = { type: 'application/xml', data: '<x/>' };

export const systemAndAuth = async (api: Probe, owner: { username: string; password: string }) => {
  const { publicKey } = await api.ok('knock', { json: {} });
  await api.fails('knock', { raw: notJson }, 415);
  await api.ok('systemVersion');
  await api.ok('systemInfo');
  await api.ok('systemDebug', { json: { logLevel: 'info', minutes: 1 } });
  await api.fails('systemDebug', { json: { minutes: 0 } }, 400);
  await api.ok('login', { json: { username: owner.username, password: seal(publicKey, owner.password) } });
  // The handshake is spent: 4032 travels as 200.
  await api.call(
    'login',
    { json: { username: owner.username, password: seal(publicKey, owner.password) } },
    200,
  );
  await api.fails('login', { json: { username: '' } }, 400);
  const security = await api.ok('security');
  await api.ok('loginFailures');
  await api.fails('loginFailures', { as: 'visitor' }, 401);
  await api.fails('revokeSession', { params: { id: 999_999 } }, 404);
  await api.fails('changePassword', { json: {} }, 400);
  return security;
};

export const writing = async (api: Probe) => {
  const essay = await api.ok('essayCreate', { json: { content: '# 一篇\n\n正文' } });
  await api.fails('essayCreate', { json: { content: 1 } }, 400);
  await api.ok('essayList');
  await api.fails('essayList', { query: { start: -1 } }, 400);
  await api.ok('essayDetail', { params: { id: essay.id } });
  await api.fails('essayDetail', { params: { id: 999_999 } }, 404);
  await api.ok('essayUpdate', { params: { id: essay.id }, json: { content: '改过' } });
  await api.ok('reservationList');
  await api.ok('reservationUpdate', { params: { id: essay.id }, json: { reservation: null } });
  await api.ok('articleDetail', { params: { id: 1 } });
  await api.fails('articleDetail', { params: { id: 999_999 } }, 404);
  await api.ok('articleUpdate', { params: { id: 1 }, json: { content: '关于' } });

  const target = { target: 'essay', targetId: essay.id };
  const [revision] = await api.ok('revisionList', { params: target });
  await api.fails('revisionList', { params: { target: 'nothing', targetId: 1 } }, 400);
  await api.ok('revisionDetail', { params: { id: revision?.id ?? 0 } });
  await api.fails('revisionDetail', { params: { id: 999_999 } }, 404);
  await api.ok('revisionRestore', { params: { id: revision?.id ?? 0 } });
  await api.fails('revisionRestore', { params: { id: 999_999 } }, 404);
  await api.ok('draftSave', { params: target, json: { content: '草稿' } });
  await api.fails('draftSave', { params: target, json: { content: 1 } }, 400);
  await api.ok('draftDetail', { params: target });
  await api.fails('draftDetail', { params: { target: 'essay', targetId: -1 } }, 400);
  await api.ok('draftDelete', { params: target });
  await api.fails('draftDelete', { params: { target: 'nothing', targetId: 1 } }, 400);

  const commentSettings = await api.ok('commentSettings');
  await api.ok('commentSettingsUpdate', { json: { ...commentSettings, powMaxNumber: 1000 } });
  await api.fails('commentSettingsUpdate', { json: { ...commentSettings, moderation: 'sometimes' } }, 400);
  // A visitor solves the server's challenge before each comment (issue 25).
  const proof = async () => solveProof(await api.ok('commentChallenge'));
  await api.fails(
    'commentCreate',
    { json: { targetType: 'essay', targetId: essay.id, content: '没有验证' } },
    403,
  );
  const comment = await api.ok('commentCreate', {
    json: {
      targetType: 'essay',
      targetId: essay.id,
      content: '好文',
      guestName: '路人',
      proof: await proof(),
    },
  });
  await api.fails(
    'commentCreate',
    {
      json: {
        targetType: 'essay',
        targetId: essay.id,
        content: '好文',
        guestName: '路人',
        proof: await proof(),
      },
    },
    409,
  );
  await api.ok('commentList', { query: { targetType: 'essay', targetId: essay.id } });
  await api.fails('commentList', { query: { targetType: 'nothing' } }, 400);
  // A visitor's edit needs a solved challenge too (issue 40.2).
  await api.fails('commentUpdate', { params: { id: comment.id }, json: { content: '没有验证' } }, 403);
  await api.ok('commentUpdate', {
    params: { id: comment.id },
    json: { content: '很好的文', proof: await proof() },
  });
  await api.fails(
    'commentUpdate',
    {
      params: { id: comment.id },
      json: { content: 'x', proof: await proof() },
      headers: { 'x-uuid': 'someone-else' },
    },
    403,
  );
  await api.ok('commentRecent');
  await api.ok('commentRecent', { query: { status: 'held', q: '好' } });
  await api.fails('commentRecent', { query: { status: 'maybe' } }, 400);
  await api.ok('commentModerate', { json: { ids: [comment.id], action: 'approve' } });
  await api.fails('commentModerate', { json: { ids: [], action: 'approve' } }, 400);
  await api.ok('commentSpamPreview', { json: { ids: [comment.id] } });
  await api.fails('commentSpamPreview', { json: { ids: [] } }, 400);
  const marked = await api.ok('commentModerate', { json: { ids: [comment.id], action: 'spam' } });
  await api.ok('commentSpamUndo', { json: { undo: marked.undo ?? '' } });
  await api.fails('commentSpamUndo', { json: { undo: 'no-such-mark' } }, 404);
  await api.fails(
    'commentDelete',
    { params: { id: comment.id }, headers: { 'x-uuid': 'someone-else' } },
    403,
  );
  await api.ok('commentDelete', { params: { id: comment.id } });
  await api.ok('essayDelete', { params: { id: essay.id } });
};

export const collections = async (api: Probe) => {
  const link = await api.ok('linkCreate', { json: { name: '友链', url: 'https://example.org' } });
  await api.ok('linkList');
  await api.ok('linkUpdate', {
    params: { id: link.id },
    json: { name: '友链二', url: 'https://example.org' },
  });
  await api.ok('linkDelete', { params: { id: link.id } });
  await api.ok('hitokotoRandom');
  await api.fails('hitokotoRandom', { query: { pc: 'maybe' } }, 400);

  await api.ok('bangumiList');
  await api.fails('bangumiList', { query: { keyword: 'x'.repeat(101) } }, 400);
  const subjectId = demoSubjects[0]?.id ?? 1;
  await api.ok('bangumiBySubjectId', { query: { subjectId } });
  await api.ok('bangumiByKeyword', { query: { keyword: 'a' } });
  await api.ok('bangumiByAirDate', { query: { airDate: '2022-10' } });
  const anime = await api.ok('bangumiCreate', { json: { title: '测试番', subjectId: 987_654 } });
  await api.fails('bangumiCreate', { json: { title: '测试番', subjectId: 987_654 } }, 409);
  await api.ok('bangumiUpdate', { params: { id: anime.id }, json: { title: '测试番二' } });
  await api.ok('bangumiDelete', { params: { id: anime.id } });

  const [picture] = await api.ok('waifuUpload', {
    form: form({ title: '图', tags: 'a,b' }, { file: [png, 'a.png', 'image/png'] }),
  });
  await api.fails('waifuUpload', { form: form({}, { file: ['text', 'a.txt', 'text/plain'] }) }, 415);
  await api.ok('waifuList');
  await api.ok('waifuOrder', { json: { ids: picture ? [picture.id] : [] } });
  await api.ok('waifuUpdate', { params: { id: picture?.id ?? 1 }, json: { title: '图二' } });
  await api.ok('waifuDelete', { params: { id: picture?.id ?? 1 } });

  const moment = await api.ok('momentCreate', { json: { content: '今天' } });
  await api.ok('momentList');
  await api.ok('momentStatistics', { query: { type: 'day' } });
  await api.fails('momentStatistics', { query: { type: 'week' } }, 400);
  await api.ok('momentWeekReport');
  await api.ok('commentCounts', { query: { targetType: 'moment', ids: String(moment.id) } });
  await api.fails('commentCounts', { query: { targetType: 'essay', ids: String(moment.id) } }, 400);
  await api.ok('momentUpdate', { params: { id: moment.id }, json: { content: '明天' } });
  await api.ok('momentDelete', { params: { id: moment.id } });

  await api.ok('musicSongDetail', { query: { ids: '1001' } });
  await api.ok('musicSongUrl', { query: { id: '1001' } });
  await api.fails('musicSongUrl', { query: { id: 'abc' } }, 400);

  await api.ok('emoteList');
  await api.ok('emoteRemote');
  const picked = await api.ok('emoteSelect', { params: { id: 'cat-1' } });
  await api.ok('emoteBilibili', { json: { id: 1 } });
  await api.ok('emoteSelf');
  await api.ok('emoteDelete', { params: { id: picked.id } });
  await api.fails('emoteDelete', { params: { id: 999_999 } }, 404);

  await api.ok('imageUpload', { form: form({}, { file: [png, 'a.png', 'image/png'] }) });
  await api.fails('imageUpload', { json: {} }, 415);
  await api.ok('imageVariantStatus');
  await api.ok('imageVariantRetry');
  await api.ok('imageVariantAdopt');
};
