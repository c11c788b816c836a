import fs from 'node:fs';
import path from 'node:path';
import { seal } from '../src/modules/auth/testing.ts';
import type { Probe } from './openapiProbe.ts';

/** The back office's calls (see openapiScenario.ts): videos, files, settings, insight, push, jobs. */

const upload = (name: string, data: Buffer | string, type: string, fields: Record<string, string> = {}) => {
  const body = new FormData();
  body.append(name, new Blob([data], { type }), fields.filename ?? 'file.bin');
  for (const [key, value] of Object.entries(fields)) if (key !== 'filename') body.append(key, value);
  return body;
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

export const videos = async (api: Probe, sourceDir: string) => {
  await api.ok('videoSource');
  await api.fails('videoSource', { query: { path: '../..' } }, 400);
  await api.call('videoSourceScreenshots', { query: { path: 'a.mp4', count: 2 } }, 200);
  await api.fails('videoSourceScreenshots', { query: { path: 'missing.mp4' } }, 400);
  await api.call('videoSourceFile', { query: { path: 'a.mp4' } }, 200);
  await api.call('videoSourceFile', { query: { path: 'a.mp4' }, headers: { range: 'bytes=0-99' } }, 206);
  await api.call(
    'videoSourceFile',
    { query: { path: 'a.mp4' }, headers: { range: 'bytes=999999999-' } },
    416,
  );

  const clip = await api.ok('videoMaterialCreate', {
    json: { title: '片段', sourcePath: 'a.mp4', start: 0, end: 2 },
  });
  await api.fails('videoPublishMaterial', { json: { id: clip.id } }, 409);
  const ready = await until(
    () => api.ok('videoMaterialList'),
    (list) => list.some((m) => m.id === clip.id && m.status === 'ready'),
  );
  const material = ready.find((m) => m.id === clip.id);
  await api.ok('videoMaterialPage', { json: {} });
  await api.ok('videoMaterialUpdate', { params: { id: clip.id }, json: { title: '片段二' } });
  await api.ok('videoPublishMaterial', { json: { id: clip.id } });
  await api.ok('videoPublicMaterial', { params: { id: clip.id } });
  await api.fails('videoPublicMaterial', { params: { id: 999_999 } }, 404);
  const media = material?.url?.split('/').pop() ?? 'missing0.mp4';
  await api.call('videoMedia', { params: { id: clip.id, name: media } }, 200);
  await api.fails('videoMedia', { params: { id: clip.id, name: 'nothing00.mp4' } }, 404);

  const collection = await api.ok('videoCollectionSave', { json: { title: '合集', materialIds: [clip.id] } });
  const empty = await api.ok('videoCollectionSave', { json: { title: '空合集' } });
  await api.fails('videoPublishCollection', { json: { id: empty.id } }, 409);
  await api.ok('videoPublishCollection', { json: { id: collection.id } });
  await api.ok('videoPublicCollection', { params: { id: collection.id } });
  await api.fails('videoPublicCollection', { params: { id: 999_999 } }, 404);
  await api.ok('videoCollectionPage', { json: {} });
  await api.fails('videoMaterialDelete', { params: { id: clip.id } }, 409);
  await api.ok('videoReupload', { json: { id: clip.id, sourcePath: 'a.mp4', start: 0, end: 1 } });
  await api.ok('videoCollectionDelete', { params: { id: empty.id } });
  await api.ok('videoMaterialDelete', { params: { id: clip.id }, query: { force: 'true' } });

  await api.ok('videoUpload', {
    form: upload('file', fs.readFileSync(path.join(sourceDir, 'a.mp4')), 'video/mp4', { filename: 'a.mp4' }),
  });
  await api.fails('videoUpload', { form: upload('file', 'text', 'video/mp4', { filename: 'x.mp4' }) }, 415);
};

export const files = async (api: Probe) => {
  await api.ok('filesContent');
  await api.fails('filesContent', { query: { path: '../etc' } }, 400);
  await api.ok('filesStage', {
    form: upload('file', 'hello', 'text/plain', { filename: 'hello.txt', path: 'frontend/hello.txt' }),
  });
  await api.ok('filesStaged');
  await api.ok('filesMkdir', { json: { path: 'docs' } });
  await api.ok('filesCommit', { json: { message: 'first' } });
  await api.fails('filesCommit', { json: { message: 'nothing' } }, 409);
  await api.fails('filesMkdir', { json: { path: 'docs' } }, 409);
  await api.call('protectedAsset', { query: { path: 'frontend/hello.txt' } }, 200);
  await api.call(
    'protectedAsset',
    { query: { path: 'frontend/hello.txt' }, headers: { range: 'bytes=0-1' } },
    206,
  );
  await api.call(
    'protectedAsset',
    { query: { path: 'frontend/hello.txt' }, headers: { range: 'bytes=50-' } },
    416,
  );
  await api.fails('protectedAsset', { query: { path: 'frontend/none.txt' } }, 404);
  const history = await api.ok('filesHistory', { query: { path: 'frontend/hello.txt' } });
  await api.ok('filesMove', { json: { from: 'frontend/hello.txt', to: 'frontend/hi.txt' } });
  await api.fails('filesMove', { json: { from: 'frontend/none.txt', to: 'frontend/x.txt' } }, 409);
  await api.ok('filesDiscard', { json: {} });
  await api.ok('filesRemove', { json: { path: 'frontend/hello.txt' } });
  await api.ok('filesRestore', { json: { path: 'frontend/hello.txt', commit: history[0]?.hash ?? 'HEAD' } });
  await api.ok('filesDiscard', { json: {} });
  await api.ok('filesDeleteDir', { json: { path: 'docs', message: 'drop docs' } });

  const blob = await api.ok('bufferBlob', {
    form: upload('file', 'temporary', 'text/plain', {
      filename: 'b.txt',
      keyname: 'b.txt',
      expiresIn: '60000',
    }),
  });
  const [, , , , id, name] = blob.url.split('/');
  await api.call('bufferBlobRead', { params: { id: id ?? '', name: decodeURIComponent(name ?? '') } }, 200);
  await api.call(
    'bufferBlobRead',
    { params: { id: id ?? '', name: decodeURIComponent(name ?? '') }, headers: { range: 'bytes=0-3' } },
    206,
  );
  await api.call(
    'bufferBlobRead',
    { params: { id: id ?? '', name: decodeURIComponent(name ?? '') }, headers: { range: 'bytes=99-' } },
    416,
  );
  await api.fails('bufferBlobRead', { params: { id: 'AAAAAAAAAAAAAAAA', name: 'x' } }, 404);
};

export const settings = async (api: Probe) => {
  await api.ok('dashboard');
  // No destination in the scenario's configuration: the answer says so (configured: false).
  await api.ok('backupStatus');
  await api.call('systemExport', {}, 200);
  await api.ok('healthLive');
  await api.ok('healthReady');
  await api.call('openapi', {}, 200);

  const jobs = await api.ok('jobList');
  const job = jobs[0]?.id ?? 'backup';
  await api.ok('jobUpdate', { params: { id: job }, json: { enabled: true } });
  await api.fails('jobUpdate', { params: { id: 'no-such-job' }, json: { enabled: true } }, 404);
  await api.ok('jobFire', { params: { id: job } });

  const todos = await api.ok('todoPut', { json: { title: '买牛奶' } });
  await api.ok('todoList');
  const todoId = todos.find((todo) => todo.title === '买牛奶')?.id ?? 1;
  await api.ok('todoDetail', { params: { id: todoId } });
  await api.ok('todoUpdate', { params: { id: todoId }, json: { done: true } });
  const cleared = await api.ok('todoClearDone');
  await api.ok('todoRestore', { json: { todos: cleared } });
  await api.fails('todoRestore', { json: { todos: [{ id: 0 }] } }, 400);
  await api.ok('todoDelete', { params: { id: todoId } });

  const meta = await api.ok('metaCreate', { json: { group: 'probe', key: 'k', value: 'v' } });
  await api.fails('metaCreate', { json: { group: 'probe', key: 'k', value: 'v' } }, 409);
  await api.ok('metaList');
  await api.ok('metaMap');
  await api.ok('metaGroup', { params: { id: 'probe' } });
  await api.ok('metaUpdate', { params: { id: meta.id }, json: { value: 'w' } });
  await api.ok('metaDelete', { params: { id: meta.id } });
  await api.ok('metaSite');
  await api.ok('logList');
  await api.fails('logList', { query: { limit: 0 } }, 400);
};

/** `hook`: where the webhook channel posts (a loopback fake). */
export const insight = async (api: Probe, hook: string) => {
  // A visitor's page view, so there is a client to label.
  await api.ok('linkList', { headers: { 'x-referrer': '/essay' } });
  const clients = await until(
    () => api.ok('analyticsClients'),
    (page) => page.list.length > 0,
  );
  await api.ok('analyticsClientUpdate', {
    params: { id: clients.list[0]?.id ?? 1 },
    json: { label: '访客' },
  });
  await api.ok('analyticsSummary');
  await api.fails('analyticsClientUpdate', { params: { id: 999_999 }, json: { label: 'x' } }, 404);
  await api.ok('onlineDevices');
  await api.ok('onlineDeviceUpdate', { params: { mac: '02:00:00:00:00:01' }, json: { label: '手机' } });
  await api.fails('onlineDeviceUpdate', { params: { mac: 'aa:bb:cc:dd:ee:ff' }, json: { label: 'x' } }, 404);
  await api.ok('macInfo', { query: { mac: 'aa:bb:cc:dd:ee:ff' } });
  await api.ok('mapConfig');
  const place = await api.ok('parkingPlaceCreate', { json: { name: '车位', lat: 31.2, lng: 121.5 } });
  await api.ok('parkingByPosition', { query: { lat: 31.2, lng: 121.5 } });
  await api.ok('parkingPlaceUpdate', {
    params: { id: place.id },
    json: { name: '车位二', lat: 31.2, lng: 121.5 },
  });
  const order = await api.ok('parkingOrderCreate', {
    json: { place: '车位', startAt: 1_700_000_000_000, fee: 5, status: 'ongoing' },
  });
  await api.ok('parkingOrders');
  await api.ok('parkingOrderUpdate', {
    params: { id: order.id },
    json: { place: '车位', startAt: 1_700_000_000_000, fee: 6, status: 'finished' },
  });
  await api.ok('parkingOrderDelete', { params: { id: order.id } });
  await api.ok('parkingPlaceDelete', { params: { id: place.id } });

  await api.ok('pushChannels');
  await api.ok('pushChannelUpdate', {
    params: { channel: 'webhook' },
    json: { enabled: true, settings: { url: `${hook}/hook` } },
  });
  await api.ok('messageSend', { params: { channel: 'webhook', action: 'send' }, json: { title: '你好' } });
  await api.ok('pushHistory');
  const endpoint = 'https://push.example.org/sub/1';
  await api.ok('pushSubscribe', { json: { endpoint, keys: { p256dh: 'BNc', auth: 'abc' } } });
  await api.ok('pushSubscriptions');
  await api.ok('pushUnsubscribe', { json: { endpoint } });
};

/** The sessions last: logging out or revoking ends the probe's own key. */
export const sessions = async (
  api: Probe,
  sessionIds: number[],
  owner: { username: string; password: string },
) => {
  for (const id of sessionIds) await api.ok('revokeSession', { params: { id } });
  await api.ok('revokeOtherSessions', { json: {} });
  const { publicKey } = await api.ok('knock', { json: {} });
  const wrong = {
    password: seal(publicKey, 'not the password'),
    newPassword: seal(publicKey, owner.password),
  };
  await api.fails('changePassword', { json: wrong }, 403);
  const same = { password: seal(publicKey, owner.password), newPassword: seal(publicKey, owner.password) };
  await api.ok('changePassword', { json: same });
  // The handshake is spent: 4032 travels as 200.
  await api.call('changePassword', { json: same }, 200);
  await api.ok('logout', { json: {} });
};
