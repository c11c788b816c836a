import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { filesRoutes as routes } from '../routes/files.ts';

/**
 * A path in the owner's repository, as typed (`docs/a.md`; '' is the top folder). The server
 * normalises it and refuses `..`, absolute paths, dot segments and control characters with 4000.
 */
export const RepoPath = z.string().max(1024);
const NonRootPath = z.lazy(() => RepoPath.min(1, 'schema.files.path'));
/** A commit id or `HEAD`. */
export const GitRef = z.lazy(() => z.string().regex(/^(HEAD|[0-9a-f]{4,40})$/, 'schema.files.ref'));
const CommitMessage = z.lazy(() => z.string().trim().min(1, 'schema.files.commitMessage').max(500));

export const CommitInfo = z.object({ hash: z.string(), time: z.number(), message: z.string() });
export type CommitInfo = z.infer<typeof CommitInfo>;

export const RepoEntry = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    type: z.enum(['file', 'dir']),
    size: z.number().nullable(),
    lastCommit: CommitInfo.nullable(),
    /** Not in the last commit yet: a new file or folder waiting in the staged changes. */
    staged: z.boolean().optional(),
  }),
);
export type RepoEntry = z.infer<typeof RepoEntry>;

export const RepoContent = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('dir'),
      path: z.string(),
      ref: z.string().nullable(),
      entries: z.array(RepoEntry),
      /** A folder made (or filled) since the last commit: it exists only in the staged changes. */
      staged: z.boolean().optional(),
    }),
    z.object({
      kind: z.literal('file'),
      path: z.string(),
      ref: z.string(),
      size: z.number(),
      lastCommit: CommitInfo.nullable(),
    }),
  ]),
);
export type RepoContent = z.infer<typeof RepoContent>;

export const StagedChange = z.lazy(() =>
  z.object({
    status: z.enum(['added', 'modified', 'deleted', 'renamed']),
    path: z.string(),
    from: z.string().optional(),
  }),
);
export type StagedChange = z.infer<typeof StagedChange>;

export const CommitResult = z.lazy(() =>
  CommitInfo.extend({
    changes: z.number(),
    /** Pushed to CONTENT_GIT_REMOTE (false when none is set or the push failed). */
    pushed: z.boolean(),
    /** Why the push failed; the commit is kept and the clean-up job pushes again. */
    pushError: z.string().nullable(),
  }),
);

/** Multipart fields of `POST /api/github/blob` beside the file (`file`). */
export const StageFields = z.object({ path: NonRootPath });

/** Multipart fields of `POST /static/buffer/blob` beside the file (`file`). */
export const BufferFields = z.object({
  /** The file name the link ends with. */
  keyname: z
    .string()
    .trim()
    .min(1)
    .max(100)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^/\\\u0000-\u001f]+$/, 'schema.files.name.chars')
    .refine((name) => name !== '.' && name !== '..', 'schema.files.name.invalid'),
  /** Seconds the link works: one second to thirty days. */
  expiresIn: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 86_400),
});

export const BufferedBlob = z.lazy(() =>
  z.object({ url: z.string(), expiresAt: z.number(), size: z.number() }),
);

const staged = z.lazy(() => z.array(StagedChange));

export const filesCalls = {
  filesContent: defineCall(routes.filesContent, () => ({
    query: z.object({ path: RepoPath.default(''), ref: GitRef.optional() }),
    response: RepoContent,
  })),
  /** Multipart (`file`, `path`); answers the staged change. */
  filesStage: defineCall(routes.filesStage, () => ({ response: StagedChange })),
  filesCommit: defineCall(routes.filesCommit, () => ({
    body: z.strictObject({ message: CommitMessage }),
    response: CommitResult,
  })),
  filesDeleteDir: defineCall(routes.filesDeleteDir, () => ({
    body: z.strictObject({ path: NonRootPath, message: CommitMessage }),
    response: CommitResult,
  })),
  filesStaged: defineCall(routes.filesStaged, () => ({ response: staged })),
  filesDiscard: defineCall(routes.filesDiscard, () => ({
    body: z.strictObject({ path: NonRootPath.optional() }),
    response: staged,
  })),
  filesMkdir: defineCall(routes.filesMkdir, () => ({
    body: z.strictObject({ path: NonRootPath }),
    response: staged,
  })),
  filesMove: defineCall(routes.filesMove, () => ({
    body: z.strictObject({ from: NonRootPath, to: NonRootPath }),
    response: staged,
  })),
  filesRemove: defineCall(routes.filesRemove, () => ({
    body: z.strictObject({ path: NonRootPath }),
    response: staged,
  })),
  /** A path's commits; without one, the whole repository's. */
  filesHistory: defineCall(routes.filesHistory, () => ({
    query: z.object({ path: RepoPath.default('') }),
    response: z.array(CommitInfo),
  })),
  filesRestore: defineCall(routes.filesRestore, () => ({
    body: z.strictObject({ path: NonRootPath, commit: GitRef }),
    response: staged,
  })),
  /** The file's bytes (ranges, its content type, `Cache-Control: private`); no envelope on success. */
  protectedAsset: defineCall(routes.protectedAsset, () => ({
    query: z.object({ path: NonRootPath, ref: GitRef.optional() }),
    response: z.unknown(),
  })),
  /** Multipart (`file`, `keyname`, `expiresIn`). */
  bufferBlob: defineCall(routes.bufferBlob, () => ({ response: BufferedBlob })),
  /** The blob's bytes; 4040 once it expired. */
  bufferBlobRead: defineCall(routes.bufferBlobRead, () => ({
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16}$/), name: z.string().min(1).max(100) }),
    response: z.unknown(),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
