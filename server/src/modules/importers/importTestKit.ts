import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { asOwner } from '../../../test/contentFactories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipartBody.ts';

/** The WordPress theme unit test data (see its README): the real export the tests import. */
export const wptest = fs.readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/import/wordpress/wptest.xml'),
);

export const uploadExport = async (
  t: TestApp,
  file: Buffer,
  fields: Record<string, string> = {},
  filename = 'export.xml',
) => {
  const body = multipartBody([
    { name: 'platform', value: fields.platform ?? 'wordpress' },
    ...Object.entries(fields)
      .filter(([name]) => name !== 'platform')
      .map(([name, value]) => ({ name, value })),
    { name: 'file', filename, data: file },
  ]);
  const res = await t.server.inject({
    method: 'POST',
    url: '/api/import/job',
    headers: { ...asOwner, ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, ...res.json() };
};

/** Applies an uploaded import and runs the job runner until it is finished. */
export const applyImport = async (t: TestApp, id: number) => {
  const res = await t.server.inject({ method: 'POST', url: `/api/import/job/${id}/apply`, headers: asOwner });
  expect(res.json().code).toBe(0);
  for (let round = 0; round < 100; round += 1) {
    await t.modules.scheduler.runNow('import-batches', 'change');
    await t.modules.scheduler.idle();
    const job = (
      await t.server.inject({ method: 'GET', url: `/api/import/job/${id}`, headers: asOwner })
    ).json();
    if (job.data.status === 'done' || job.data.status === 'failed') return job.data;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('import did not finish');
};

/** What an import made, in a form two databases can be compared by. */
export const importedState = async (t: TestApp) => {
  const db = t.database.db;
  const essays = await db
    .selectFrom('essay')
    .select(['content', 'hide', 'reservation', 'created_at'])
    .orderBy('created_at')
    .orderBy('content')
    .execute();
  const comments = await db
    .selectFrom('comment')
    .innerJoin('essay', 'essay.id', 'comment.target_id')
    .leftJoin('comment as parent', 'parent.id', 'comment.reply_to_id')
    .select([
      'comment.content',
      'comment.guest_name',
      'comment.status',
      'comment.created_at',
      'essay.created_at as essay_date',
      'parent.content as parent_content',
    ])
    .orderBy('comment.created_at')
    .orderBy('comment.content')
    .execute();
  const redirects = await db.selectFrom('import_redirect').select('old_path').orderBy('old_path').execute();
  return {
    essays: essays.map((e) => ({
      ...e,
      reservation: e.reservation === null ? null : Number(e.reservation),
      created_at: Number(e.created_at),
    })),
    comments: comments.map((c) => ({
      ...c,
      created_at: Number(c.created_at),
      essay_date: Number(c.essay_date),
    })),
    redirects: redirects.map((r) => r.old_path),
  };
};
