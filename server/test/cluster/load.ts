import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { proofFrom } from '../powSolver.ts';
import { type ClusterClient, clientOf, type Outcome } from './client.ts';

/** What the mixed load did: every answer, and the writes the cluster acknowledged. */
export interface LoadRecord {
  reads: Outcome[];
  writes: Outcome[];
  essays: { id: number; marker: string }[];
  moments: { id: number; marker: string }[];
  todos: { id: number; marker: string }[];
  comments: { id: number; marker: string }[];
  uploads: string[];
  /** Every visitor API call a replica answered, with the page the visitor said it was on. */
  pageCalls: { uuid: string; page: string; at: number }[];
}

export interface LoadOptions {
  baseUrl: string;
  ownerKey: string;
  /** A public essay visitors read and comment on. */
  essayId: number;
  durationMs: number;
  visitors: number;
  /** Marks this run's content so the checks find exactly it. */
  run: string;
}

const acknowledged = (outcome: Outcome): boolean => outcome.status === 200 && outcome.code === 0;
const idOf = (outcome: Outcome): number => (outcome.data as { id: number }).id;

/** A small photograph-like JPEG, different every time (so no upload is deduplicated). */
const picture = (seed: number): Promise<Buffer> =>
  sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: (seed * 7) % 256, b: 90 } },
  })
    .jpeg()
    .toBuffer();

/**
 * A visitor reading: every six calls are one page (four of them API calls, which analytics counts,
 * each naming that page in `X-Referrer` as the web app does), so one page's calls land on several
 * replicas and must still count as one view.
 */
const visitorLoop = async (uuid: string, options: LoadOptions, until: number, record: LoadRecord) => {
  const client = clientOf(options.baseUrl, { 'x-uuid': uuid, 'user-agent': 'cluster-reader' });
  const paths = [
    '/api/blog/essay',
    `/api/blog/essay/${options.essayId}`,
    '/api/health/ready',
    '/chaos',
    `/chaos/${options.essayId}`,
    '/api/blog/hitokoto/random',
  ];
  for (let i = 0; Date.now() < until; i += 1) {
    const page = `/cluster/${options.run}/${Math.floor(i / paths.length)}`;
    const path = paths[i % paths.length] ?? '/';
    const out = await client.call('GET', path, { headers: { 'x-referrer': page } });
    record.reads.push(out);
    if (out.status === 200 && path.startsWith('/api/')) record.pageCalls.push({ uuid, page, at: out.at });
  }
};

/**
 * The owner writes as the web app does, each with its own `Idempotency-Key`: nginx sends a PUT again
 * to the other replica when the first died mid-answer, and the key keeps that from writing twice.
 */
const ownerLoop = async (owner: ClusterClient, options: LoadOptions, until: number, record: LoadRecord) => {
  const client: ClusterClient = {
    call: (method, path, request = {}) =>
      owner.call(method, path, {
        ...request,
        headers: { ...request.headers, 'idempotency-key': randomUUID() },
      }),
  };
  for (let n = 0; Date.now() < until; n += 1) {
    const marker = `${options.run}-${n}`;
    const step = n % 4;
    if (step === 0) {
      const out = await client.call('POST', '/api/blog/essay', {
        body: { content: `# 集群 ${marker}\n\n正文 ${marker}` },
      });
      record.writes.push(out);
      if (acknowledged(out)) record.essays.push({ id: idOf(out), marker });
    } else if (step === 1) {
      const out = await client.call('POST', '/api/blog/moment', { body: { content: `动态 ${marker}` } });
      record.writes.push(out);
      if (acknowledged(out)) record.moments.push({ id: idOf(out), marker });
    } else if (step === 2) {
      const out = await client.call('PUT', '/api/todolist/realtodo', { body: { title: `待办 ${marker}` } });
      record.writes.push(out);
      const created = acknowledged(out)
        ? (out.data as { id: number; title: string }[]).find((t) => t.title === `待办 ${marker}`)
        : undefined;
      if (created) record.todos.push({ id: created.id, marker });
    } else {
      const form = new FormData();
      form.append(
        'file',
        new Blob([new Uint8Array(await picture(n))], { type: 'image/jpeg' }),
        `${marker}.jpg`,
      );
      const out = await client.call('POST', '/api/static/image', { body: form });
      record.writes.push(out);
      if (acknowledged(out)) record.uploads.push((out.data as { url: string }).url);
    }
  }
};

const commenterLoop = async (options: LoadOptions, until: number, record: LoadRecord) => {
  for (let n = 0; Date.now() < until; n += 1) {
    // A new visitor each time: the per-address comment limit stays out of the way.
    // nginx appends its own peer to X-Forwarded-For and the replicas trust only it, so this address
    // is the visitor's as the server sees it: many visitors, not one address over its comment limit.
    const client = clientOf(options.baseUrl, {
      'x-uuid': randomUUID(),
      'user-agent': 'cluster-visitor',
      'x-forwarded-for': `10.28.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    });
    const marker = `${options.run}-c${n}`;
    let proof: string;
    try {
      proof = await proofFrom(options.baseUrl);
    } catch {
      // The challenge read was cut by the kill; the next round asks again.
      continue;
    }
    const out = await client.call('POST', '/api/blog/comment', {
      body: {
        targetType: 'essay',
        targetId: options.essayId,
        content: `评论 ${marker}`,
        guestName: `访客${n}`,
        proof,
      },
    });
    record.writes.push(out);
    if (acknowledged(out)) record.comments.push({ id: idOf(out), marker });
  }
};

/** Visitors reading, one visitor commenting and the owner writing, all through nginx, for a while. */
export const runMixedLoad = async (options: LoadOptions): Promise<LoadRecord> => {
  const record: LoadRecord = {
    reads: [],
    writes: [],
    essays: [],
    moments: [],
    todos: [],
    comments: [],
    uploads: [],
    pageCalls: [],
  };
  const until = Date.now() + options.durationMs;
  const owner = clientOf(options.baseUrl, { 'x-fingerprint': options.ownerKey, 'x-uuid': 'cluster-owner' });
  await Promise.all([
    ...Array.from({ length: options.visitors }, () => visitorLoop(randomUUID(), options, until, record)),
    ownerLoop(owner, options, until, record),
    commenterLoop(options, until, record),
  ]);
  return record;
};
