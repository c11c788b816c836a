import path from 'node:path';
import { Transform } from 'node:stream';
import { BufferFields, filesCalls as calls, StageFields } from '@candy/contract/calls/files';
import { contentTypeOf } from '../../http/contentTypes.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { randomName, readMultipart } from '../../http/multipart.ts';
import { serveRanged } from '../../http/rangedReply.ts';
import { safeRelativePath } from '../../http/safePath.ts';
import { AnyType } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import type { ByteRange } from '../../storage/index.ts';
import type { ModuleContext } from '../context.ts';
import { createBufferBlobs } from './buffers.ts';
import { createContentRepository } from './repository.ts';

/** Only `start`…`end` (inclusive) of a stream: ranges of a file read from git. */
const byteSlice = ({ start, end }: ByteRange) => {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
};

/** Served files of the owner can hold active content (SVG, HTML): never run it on our origin. */
const INERT = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
};

/** The owner's files (issue 14): the content repository, protected assets and temporary blobs. */
export const filesModule = (ctx: ModuleContext) => {
  const repository = createContentRepository({
    dir: path.join(ctx.config.dataDir, 'content'),
    storage: ctx.storage,
    remote: ctx.config.contentGitRemote,
    logger: ctx.logger,
  });
  const buffers = createBufferBlobs({ db: ctx.db, storage: ctx.storage, now: ctx.now });
  const repoPath = (value: string, field = 'path') => safeRelativePath(value, field);
  const { router } = ctx;

  router.route(calls.filesContent, ({ query }) => repository.content(repoPath(query.path), query.ref));
  router.route(calls.filesStage, async ({ req }) => {
    const { files, fields } = await readMultipart(
      req,
      ctx.storage,
      {
        file: {
          allowed: AnyType,
          maxBytes: ctx.config.fileUploadMax,
          keyFor: () => `staging/${randomName()}`,
        },
      },
      StageFields,
    );
    const upload = files[0];
    if (!upload) throw invalidField('file', 'required', said('error.upload.missing'));
    let target: string;
    try {
      target = repoPath(fields.path);
    } catch (error) {
      await ctx.storage.delete(upload.key);
      throw error;
    }
    return repository.stage(upload.key, target);
  });
  router.route(calls.filesCommit, ({ body }) => repository.commit(body.message));
  router.route(calls.filesDeleteDir, ({ body }) => repository.deleteDir(repoPath(body.path), body.message));
  router.route(calls.filesStaged, () => repository.staged());
  router.route(calls.filesDiscard, ({ body }) =>
    repository.discard(body.path === undefined ? undefined : repoPath(body.path)),
  );
  router.route(calls.filesMkdir, ({ body }) => repository.mkdir(repoPath(body.path)));
  router.route(calls.filesMove, ({ body }) =>
    repository.move(repoPath(body.from, 'from'), repoPath(body.to, 'to')),
  );
  router.route(calls.filesRemove, ({ body }) => repository.remove(repoPath(body.path)));
  router.route(calls.filesHistory, ({ query }) => repository.history(repoPath(query.path)));
  router.route(calls.filesRestore, ({ body }) => repository.restore(repoPath(body.path), body.commit));

  // Spec §7 protected assets: the access key may come as `fingerprint` (an <img> sends no headers).
  router.route(
    calls.protectedAsset,
    async ({ query, req, reply }) => {
      const file = await repository.open(repoPath(query.path), query.ref);
      if (!file) throw notFound(said('error.files.noFile'));
      void reply.headers(INERT);
      await serveRanged(
        {
          size: file.size,
          type: contentTypeOf(query.path),
          open: async (range) => {
            const { stream } = file.read();
            return range ? stream.pipe(byteSlice(range)) : stream;
          },
        },
        'private, max-age=300',
        req,
        reply,
      );
      return null;
    },
    { keyFromQuery: true, cacheable: true },
  );

  router.route(calls.bufferBlob, async ({ req }) => {
    const id = buffers.newId();
    const { files, fields } = await readMultipart(
      req,
      ctx.storage,
      { file: { allowed: AnyType, maxBytes: ctx.config.bufferBlobMax, keyFor: () => `buffer/${id}` } },
      BufferFields,
    );
    const upload = files[0];
    if (!upload) throw invalidField('file', 'required', said('error.upload.missing'));
    const expiresAt = await buffers.record({
      id,
      name: fields.keyname,
      blobKey: upload.key,
      size: upload.size,
      contentType: contentTypeOf(fields.keyname),
      expiresIn: fields.expiresIn,
    });
    const url = `${ctx.config.apiBasePath}/static/buffer/${id}/${encodeURIComponent(fields.keyname)}`;
    return { url, expiresAt, size: upload.size };
  });
  router.route(calls.bufferBlobRead, async ({ params, req, reply }) => {
    const row = await buffers.find(params.id, params.name);
    if (!row) throw notFound(said('error.files.linkGone'));
    void reply.headers({
      ...INERT,
      'content-disposition': `inline; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    });
    await serveRanged(
      {
        size: Number(row.size),
        type: row.content_type,
        open: (range) => ctx.storage.get(row.blob_key, range),
      },
      'private, no-cache',
      req,
      reply,
    );
    return null;
  });

  return { repository, buffers };
};
