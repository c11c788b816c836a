import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appState } from './appState.ts';
import { resetHandshake } from './handshake.ts';
import { type NoticeKind, setNotifier } from './notify.ts';
import { call, RequestError } from './request.ts';
import { storage } from './storage.ts';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** `meanwhile` runs while the request is on its way (the page acting before the answer). */
type Reply = { status?: number; type?: string; body: unknown; meanwhile?: () => void };

/** A real API on 127.0.0.1: knocks always succeed, everything else answers from `next`. */
let replies: Reply[] = [];
const seen: Seen[] = [];
let knocks = 0;
let server: http.Server;
let base = '';
const notices: { kind: NoticeKind; message: string }[] = [];

const send = (res: http.ServerResponse, reply: Reply) => {
  res.writeHead(reply.status ?? 200, { 'content-type': reply.type ?? 'application/json' });
  res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      if (req.url === '/api/user/knock') {
        knocks += 1;
        return send(res, { body: { code: 0, data: { publicKey: `pk-${knocks}`, dokkiri: true } } });
      }
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const reply = replies.shift() ?? { status: 500, type: 'text/plain', body: 'no reply queued' };
      reply.meanwhile?.();
      send(res, reply);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  setNotifier((kind, message) => notices.push({ kind, message }));
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  replies = [];
  seen.length = 0;
  notices.length = 0;
  knocks = 0;
  resetHandshake();
  storage.set({ offlineMode: false, accessKey: '', accessExp: 0, isExpiredGreatOldOne: false });
  appState.set({ onlineApiBaseURL: base, offlineModeOnly: false });
});

const failure = async (promise: Promise<unknown>): Promise<RequestError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

describe('the request client (spec §7, §8)', () => {
  it('answers the data of a code 0 envelope; a read never waits on the handshake (issue 16)', async () => {
    replies.push({ body: { code: 0, data: '20250916-1' } });
    expect(await call('systemVersion')).toBe('20250916-1');
    expect(knocks).toBe(0);
  });

  it('a write makes sure of a handshake first', async () => {
    replies.push({ body: { code: 0, data: null } });
    await call('systemDebug', { body: {} as never });
    expect(knocks).toBe(1);
    expect(appState.get().temporaryPublicKey).toBe('pk-1');
    expect(appState.get().dokkiri).toBe(true);
  });

  it('sends the uuid and local time headers, and strips empty query values', async () => {
    replies.push({ body: { code: 0, data: { list: [], hasMore: false } } });
    await call('essayList', { query: { start: undefined, keyword: '猫' } as never });
    const [req] = seen;
    expect(req?.url).toBe(`/api/blog/essay?keyword=${encodeURIComponent('猫')}`);
    expect(req?.headers['x-uuid']).toBe(storage.get().uuid);
    expect(Number(req?.headers['x-local-time'])).toBeGreaterThan(0);
    expect(req?.headers['x-fingerprint']).toBeUndefined();
  });

  it('fills path parameters', async () => {
    replies.push({ body: { code: 0, data: null } });
    await call('essayDetail', { params: { id: 42 } as never });
    expect(seen[0]?.url).toBe('/api/blog/essay/42');
  });

  it('raises a non-zero code with its errorMsg and toasts it', async () => {
    replies.push({ body: { code: 4090, data: null, errorMsg: '冲突了' } });
    const error = await failure(call('systemVersion'));
    expect(error.code).toBe(4090);
    expect(error.message).toBe('冲突了');
    expect(error.toasted).toBe(true);
    expect(notices).toEqual([{ kind: 'error', message: '冲突了' }]);
  });

  it('uses 业务出错 when the envelope has no errorMsg', async () => {
    replies.push({ body: { code: 4030, data: null } });
    expect((await failure(call('systemVersion'))).message).toBe('业务出错');
  });

  it('shows nothing for a silent call', async () => {
    replies.push({ body: { code: 4090, data: null, errorMsg: '冲突了' } });
    const error = await failure(call('systemVersion', { silent: true }));
    expect(error.toasted).toBe(false);
    expect(notices).toEqual([]);
  });

  it('on 4032 re-knocks and retries once, without a toast', async () => {
    await call('knock').catch(() => undefined);
    replies.push(
      { body: { code: 4032, data: null, errorMsg: '握手过期' } },
      { body: { code: 0, data: 'v' } },
    );
    knocks = 0;
    expect(await call('systemVersion')).toBe('v');
    expect(knocks).toBe(1);
    expect(seen).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('gives up after the one retry, still without a toast', async () => {
    replies.push(
      { body: { code: 4032, data: null, errorMsg: '握手过期' } },
      { body: { code: 4032, data: null, errorMsg: '握手过期' } },
    );
    const error = await failure(call('systemVersion'));
    expect(error.code).toBe(4032);
    expect(seen).toHaveLength(2);
    expect(notices).toEqual([]);
  });

  it('renders errors[] as [property]: constraint lines under an HTTP error', async () => {
    replies.push({
      status: 400,
      body: {
        code: 4000,
        data: null,
        errorMsg: '参数错误',
        errors: [
          { property: 'content', constraints: { too_small: '内容不能为空' } },
          { property: 'tags.0', constraints: { invalid_type: '应为字符串', too_big: '太长' } },
        ],
      },
    });
    const error = await failure(call('systemVersion'));
    expect(error.clientCode).toBe('ERR_BAD_REQUEST');
    expect(error.status).toBe(400);
    expect(notices[0]?.message).toBe(
      '参数错误\n[content]: 内容不能为空\n[tags.0]: 应为字符串\n[tags.0]: 太长',
    );
  });

  it('shows the error message of an HTTP error without an envelope', async () => {
    replies.push({ status: 502, type: 'text/html', body: '<h1>Bad Gateway</h1>' });
    const error = await failure(call('systemVersion'));
    expect(error.clientCode).toBe('ERR_BAD_RESPONSE');
    expect(notices[0]?.message).toBe('Request failed with status code 502');
  });

  it('answers a blob as it came', async () => {
    replies.push({ type: 'image/png', body: 'PNGDATA' });
    const blob = (await call('systemVersion', { as: 'blob' })) as unknown as Blob;
    expect(await blob.text()).toBe('PNGDATA');
  });

  it('parses a blob error body as JSON', async () => {
    replies.push({
      status: 404,
      type: 'application/octet-stream',
      body: { code: 4040, data: null, errorMsg: '没有截图' },
    });
    const error = await failure(call('systemVersion', { as: 'blob' }));
    expect(error.code).toBe(4040);
    expect(error.message).toBe('没有截图');
  });

  it("reports an unreachable host as ERR_NETWORK, saying 连不上服务器 rather than the browser's words", async () => {
    appState.set({ onlineApiBaseURL: 'http://127.0.0.1:1/api' });
    const error = await failure(call('systemVersion'));
    expect(error.clientCode).toBe('ERR_NETWORK');
    expect(error.toasted).toBe(true);
    expect(notices).toEqual([{ kind: 'error', message: '连不上服务器' }]);
  });

  it('refuses writes offline with 正在使用离线模式, sending nothing', async () => {
    storage.set({ offlineMode: true });
    const error = await failure(call('knock'));
    expect(error.message).toBe('正在使用离线模式');
    expect(notices).toEqual([{ kind: 'error', message: '正在使用离线模式' }]);
    expect(knocks + seen.length).toBe(0);
  });

  it('forgets a refused access key and marks the owner as expired', async () => {
    storage.set({ accessKey: 'old', accessExp: Date.now() + 60_000 });
    replies.push({ status: 401, body: { code: 4010, data: null, errorMsg: '需要登录' } });
    await failure(call('systemVersion'));
    expect(seen[0]?.headers['x-fingerprint']).toBe('old');
    expect(storage.get()).toMatchObject({ accessKey: '', isExpiredGreatOldOne: true });
  });

  describe('a 4010 after the owner left is not announced (issue 24)', () => {
    const refused = { status: 401, body: { code: 4010, data: null, errorMsg: '需要主人权限' } };

    it('tells a logged-in owner whose key the server refused', async () => {
      storage.set({ accessKey: 'live', accessExp: Date.now() + 60_000 });
      replies.push(refused);
      await failure(call('todoList', {}));
      expect(notices).toEqual([{ kind: 'error', message: '需要主人权限' }]);
    });

    it('keeps quiet about a request that was in flight when the owner logged out', async () => {
      storage.set({ accessKey: 'live', accessExp: Date.now() + 60_000 });
      replies.push({ ...refused, meanwhile: () => storage.set({ accessKey: '', accessExp: 0 }) });
      const error = await failure(call('todoList', {}));
      expect(error.code).toBe(4010);
      expect(notices).toEqual([]);
    });

    it('keeps quiet about a refetch sent with no key after logout', async () => {
      replies.push(refused);
      await failure(call('todoList', {}));
      expect(notices).toEqual([]);
    });
  });
});
