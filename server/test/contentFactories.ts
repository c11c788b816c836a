import type { OwnerGuard } from '../src/http/guards.ts';
import type { TestApp } from './harness.ts';

/** The fingerprint the test owner guard accepts (the auth module's real guard is not involved). */
export const ownerKey = 'test-owner-key';

/** Treats a caller offering `ownerKey` as the owner, everyone else as a visitor. */
export const testOwnerGuard: OwnerGuard = {
  verify: async (caller) =>
    caller.fingerprint === ownerKey
      ? // A browser session that logs in on every call (whatever the test clock says): it passes even
        // the security settings' freshness guard.
        { kind: 'session', sessionId: 1, username: 'owner', authenticatedAt: Number.POSITIVE_INFINITY }
      : null,
  recordWrite: async () => {},
};

export const asOwner = { 'x-fingerprint': ownerKey } as const;

export interface EssayInput {
  content: string;
  hide?: boolean;
  reservation?: number | null;
  at?: number;
}

/** Inserts essays in order (ids ascending) and returns their ids. */
export const insertEssays = async (t: TestApp, essays: EssayInput[]): Promise<number[]> => {
  const ids: number[] = [];
  for (const e of essays) {
    const at = e.at ?? t.clock.now;
    const row = await t.database.db
      .insertInto('essay')
      .values({
        content: e.content,
        hide: e.hide ? 1 : 0,
        reservation: e.reservation ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
};

export interface MomentInput {
  content?: string;
  at: number;
  images?: number;
}

export const insertMoments = async (t: TestApp, moments: MomentInput[]): Promise<number[]> => {
  const ids: number[] = [];
  for (const m of moments) {
    const images = Array.from({ length: m.images ?? 0 }, (_, i) => ({
      url: `/files/m${i}.svg`,
      width: 100,
      height: 80,
    }));
    const row = await t.database.db
      .insertInto('moment')
      .values({
        content: m.content ?? '日常',
        images: JSON.stringify(images),
        created_at: m.at,
        updated_at: m.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
};

/** `?a=1&b=2` from an object of query values. */
export const queryString = (query: Record<string, string | number>): string =>
  new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]))).toString();

/**
 * The owner's email channel pointed at a fake SMTP server on 127.0.0.1 (`server/test/fakes`): how
 * reply mails and the newsletter find their SMTP settings. Throws unless the server took them.
 */
export const saveEmailChannel = async (t: TestApp, smtpPort: number): Promise<void> => {
  const answer = await t.server.inject({
    method: 'PUT',
    url: '/api/message/channel/email',
    headers: asOwner,
    payload: {
      enabled: true,
      settings: {
        host: '127.0.0.1',
        port: String(smtpPort),
        secure: 'false',
        user: '',
        pass: '',
        from: 'site@candy.example',
        to: 'me@candy.example',
      },
    },
  });
  if (answer.json().code !== 0) throw new Error(`the email channel was refused: ${answer.body}`);
};
