import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import { conflict, notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { type CommitInfo, type Entry, parseCommit, STATUS, type StagedChange, sorted } from './entries.ts';
import { createGit, EMPTY_TREE, GitError } from './git.ts';

/** The empty file that keeps a new folder in git (which tracks files only); never listed. */
export const FOLDER_KEEP = '.keep';

/**
 * The owner's files as a real git repository in `dir` (issue 14). Uploads are staged into the index
 * (the work tree follows it), a commit takes everything staged, and a configured remote receives
 * each commit. Every change goes through one queue: git allows one index writer at a time.
 */
export const createContentRepository = (deps: {
  dir: string;
  storage: BlobStorage;
  remote: string | undefined;
  logger: Logger;
}) => {
  const repo = createGit(deps.dir);
  const { git } = repo;
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(async () => {
      await repo.init();
      return work();
    });
    queue = next.catch(() => undefined);
    return next;
  };
  const head = () => repo.resolve('HEAD');
  const inTree = (relative: string) => path.join(deps.dir, relative);
  /** A git failure a caller caused (a path in the way, nothing to move) is theirs to fix: 4090. */
  const asConflict = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof GitError) throw conflict(said('error.files.git', { reason: error.message }));
      throw error;
    }
  };

  /** What kind of thing `relative` is at `commit`: a folder, a file, or nothing. */
  const kindAt = async (commit: string | null, relative: string): Promise<'dir' | 'file' | null> => {
    if (relative === '') return 'dir';
    if (!commit) return null;
    try {
      const type = (await git(['cat-file', '-t', `${commit}:${relative}`])).trim();
      return type === 'tree' ? 'dir' : type === 'blob' ? 'file' : null;
    } catch {
      return null;
    }
  };

  /** The last commit that touched each direct entry of a folder, in one walk of its history. */
  const lastCommits = async (commit: string, folder: string, names: Set<string>) => {
    const found = new Map<string, CommitInfo>();
    if (names.size === 0) return found;
    const log = await git(
      ['log', '--no-renames', '--format=%x1e%H%x1f%ct%x1f%s', '--name-only', commit, '--', folder || '.'],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    for (const block of log.split('\x1e')) {
      const [header = '', ...files] = block.split('\n');
      const info = parseCommit(header);
      if (!info) continue;
      for (const file of files) {
        if (!file) continue;
        const rest = folder ? file.slice(folder.length + 1) : file;
        const name = rest.split('/')[0] ?? '';
        if (names.has(name) && !found.has(name)) found.set(name, info);
      }
      if (found.size === names.size) break;
    }
    return found;
  };

  /**
   * The direct entries of `folder` that are in the index (staged) but not among `known` names: new
   * files and folders waiting for the next commit, so a folder made a moment ago can be opened.
   */
  const stagedEntries = async (folder: string, known: ReadonlySet<string>): Promise<Entry[]> => {
    const listed = await git(['ls-files', '-z', '--', folder ? `${folder}/` : '.']);
    const found = new Map<string, Entry>();
    for (const full of listed.split('\0').filter(Boolean)) {
      const rest = folder ? full.slice(folder.length + 1) : full;
      const [name = '', ...deeper] = rest.split('/');
      if (!name || name === FOLDER_KEEP || known.has(name) || found.has(name)) continue;
      const entryPath = folder ? `${folder}/${name}` : name;
      const isDir = deeper.length > 0;
      const size = isDir
        ? null
        : await fsp.stat(inTree(entryPath)).then(
            (st) => st.size,
            () => null,
          );
      found.set(name, {
        name,
        path: entryPath,
        type: isDir ? 'dir' : 'file',
        size,
        lastCommit: null,
        staged: true,
      });
    }
    return [...found.values()];
  };

  /** The staged changes at `relative` itself or anywhere below it (a folder's). */
  const changesUnder = (changes: StagedChange[], relative: string) =>
    changes.filter((c) =>
      [c.path, c.from].some((p) => p !== undefined && (p === relative || p.startsWith(`${relative}/`))),
    );

  const staged = async (): Promise<StagedChange[]> => {
    const base = (await head()) ?? EMPTY_TREE;
    const out = await git(['diff', '--cached', '--name-status', '-z', '-M', base]);
    const fields = out.split('\0').filter(Boolean);
    const changes: StagedChange[] = [];
    for (let i = 0; i < fields.length; ) {
      const code = fields[i++] ?? '';
      const status = STATUS[code[0] ?? ''] ?? 'modified';
      if (status === 'renamed') {
        const from = fields[i++] ?? '';
        changes.push({ status, from, path: fields[i++] ?? '' });
      } else changes.push({ status, path: fields[i++] ?? '' });
    }
    return changes;
  };

  return {
    dir: deps.dir,

    /** A folder's entries or a file's facts, at `ref` (default: the last commit). */
    async content(relative: string, ref = 'HEAD') {
      await repo.init();
      const commit = await repo.resolve(ref);
      if (!commit && ref !== 'HEAD') throw notFound(said('error.files.noVersion', { ref }));
      const kind = await kindAt(commit, relative);
      if (!kind) {
        // Not committed, but perhaps staged: a new folder shows what it holds so far.
        const pending = ref === 'HEAD' ? await stagedEntries(relative, new Set()) : [];
        if (pending.length === 0 && !(ref === 'HEAD' && (await hasStagedKeep(relative))))
          throw notFound(said('error.files.noPath', { path: relative || '/' }));
        return { kind: 'dir' as const, path: relative, ref: commit, entries: sorted(pending), staged: true };
      }
      if (kind === 'file') {
        const c = commit as string;
        const size = Number((await git(['cat-file', '-s', `${c}:${relative}`])).trim());
        const last = await git(['log', '-1', '--format=%H%x1f%ct%x1f%s', c, '--', relative]);
        return { kind: 'file' as const, path: relative, ref: c, size, lastCommit: parseCommit(last.trim()) };
      }
      if (!commit)
        return {
          kind: 'dir' as const,
          path: relative,
          ref: null,
          entries: ref === 'HEAD' ? sorted(await stagedEntries(relative, new Set())) : [],
        };
      const listing = await git(['ls-tree', '-z', '-l', commit, ...(relative ? ['--', `${relative}/`] : [])]);
      const entries: Entry[] = [];
      for (const line of listing.split('\0').filter(Boolean)) {
        const [meta = '', full = ''] = line.split('\t');
        const [, type, , size] = meta.split(/\s+/);
        const name = path.posix.basename(full);
        if (name === FOLDER_KEEP) continue;
        entries.push({
          name,
          path: full,
          type: type === 'tree' ? 'dir' : 'file',
          size: type === 'blob' ? Number(size) : null,
          lastCommit: null,
        });
      }
      const names = new Set(entries.map((e) => e.name));
      const last = await lastCommits(commit, relative, names);
      for (const entry of entries) entry.lastCommit = last.get(entry.name) ?? null;
      if (ref === 'HEAD') entries.push(...(await stagedEntries(relative, names)));
      return { kind: 'dir' as const, path: relative, ref: commit, entries: sorted(entries) };
    },

    staged: () => serial(staged),

    /** Moves an uploaded blob from storage into the work tree at `relative` and stages it. */
    stage: (blobKey: string, relative: string) =>
      serial(async () => {
        try {
          const source = await deps.storage.get(blobKey);
          if (!source) throw notFound(said('error.files.uploadGone'));
          const target = inTree(relative);
          if (fs.existsSync(target) && fs.statSync(target).isDirectory())
            throw conflict(said('error.files.folderExists', { path: relative }));
          await fsp.mkdir(path.dirname(target), { recursive: true });
          const partial = path.join(deps.dir, '.git', `upload-${process.pid}-${Date.now()}`);
          await pipeline(source, fs.createWriteStream(partial));
          await fsp.rename(partial, target);
          await asConflict(() => git(['add', '--', relative]));
          return (
            (await staged()).find((c) => c.path === relative) ?? {
              status: 'modified' as const,
              path: relative,
            }
          );
        } finally {
          await deps.storage.delete(blobKey).catch(() => undefined);
        }
      }),

    /** A new, empty folder (a `.keep` file inside it, staged). */
    mkdir: (relative: string) =>
      serial(async () => {
        if (await kindAt(await head(), relative))
          throw conflict(said('error.files.exists', { path: relative }));
        await fsp.mkdir(inTree(relative), { recursive: true });
        await fsp.writeFile(inTree(`${relative}/${FOLDER_KEEP}`), '');
        await asConflict(() => git(['add', '-f', '--', `${relative}/${FOLDER_KEEP}`]));
        return staged();
      }),

    /** Renames or moves a file or folder (staged). */
    move: (from: string, to: string) =>
      serial(async () => {
        if (fs.existsSync(inTree(to))) throw conflict(said('error.files.targetExists', { path: to }));
        await fsp.mkdir(path.dirname(inTree(to)), { recursive: true });
        await asConflict(() => git(['mv', '--', from, to]));
        return staged();
      }),

    /** Deletes a file or folder (staged). */
    remove: (relative: string) =>
      serial(async () => {
        // -f: a path whose staged content differs from the last commit (moved, re-uploaded) is
        // still the owner's to delete; without it git refuses and asks for --cached or -f.
        await asConflict(() => git(['rm', '-r', '-q', '-f', '--', relative]));
        return staged();
      }),

    /** Puts back the version of a file from `commit` (staged). */
    restore: (relative: string, commit: string) =>
      serial(async () => {
        if ((await kindAt(commit, relative)) !== 'file') throw notFound(said('error.files.notInVersion'));
        await asConflict(() => git(['checkout', commit, '--', relative]));
        return staged();
      }),

    /** Drops staged changes: one path (both sides of a rename) or everything. */
    discard: (relative?: string) =>
      serial(async () => {
        const current = await head();
        if (relative === undefined) {
          if (current) await git(['reset', '-q', '--hard']);
          else await git(['rm', '-r', '-q', '--cached', '--ignore-unmatch', '--', '.']);
          await git(['clean', '-f', '-d', '-q']);
          return staged();
        }
        // A folder's path takes back every change inside it (a new folder is its `.keep`).
        const changes = changesUnder(await staged(), relative);
        if (changes.length === 0) throw notFound(said('error.files.noChangesAtPath'));
        for (const change of changes) {
          for (const p of [change.path, change.from].filter((x): x is string => Boolean(x))) {
            if (await kindAt(current, p)) await git(['checkout', current as string, '--', p]);
            else {
              await git(['rm', '-r', '-q', '-f', '--cached', '--ignore-unmatch', '--', p]);
              await fsp.rm(inTree(p), { recursive: true, force: true });
              await removeEmptyParents(p, current);
            }
          }
        }
        return staged();
      }),

    /** Commits everything staged and pushes it; a failed push is reported, the commit kept. */
    commit: (message: string) =>
      serial(async () => {
        const changes = await staged();
        if (changes.length === 0) throw conflict(said('error.files.noChanges'));
        await git(['commit', '--quiet', '--no-verify', '--message', message]);
        return { ...(await commitInfo()), changes: changes.length, ...(await push()) };
      }),

    /** Removes a folder and commits just that (other staged changes stay staged). */
    deleteDir: (relative: string, message: string) =>
      serial(async () => {
        if ((await kindAt(await head(), relative)) !== 'dir')
          throw notFound(said('error.files.noFolder', { path: relative }));
        await git(['rm', '-r', '-q', '--', relative]);
        await git(['commit', '--quiet', '--no-verify', '--message', message, '--', relative]);
        return { ...(await commitInfo()), changes: 1, ...(await push()) };
      }),

    /** The commits that touched a path (a file's history), newest first, renames followed. */
    async history(relative: string) {
      await repo.init();
      const commit = await head();
      if (!commit) return [];
      // A file's history follows renames; without a path, the whole repository's.
      const log = await git([
        'log',
        ...(relative ? ['--follow'] : []),
        '--format=%H%x1f%ct%x1f%s',
        '-n',
        '200',
        commit,
        '--',
        relative || '.',
      ]);
      return log
        .split('\n')
        .map((line) => parseCommit(line))
        .filter((c): c is CommitInfo => c !== null);
    },

    /** A committed file's size and bytes (from `ref`, default the last commit); null when absent. */
    async open(relative: string, ref = 'HEAD') {
      await repo.init();
      const commit = await repo.resolve(ref);
      if (!commit || (await kindAt(commit, relative)) !== 'file') return null;
      const size = Number((await git(['cat-file', '-s', `${commit}:${relative}`])).trim());
      return { size, commit, read: () => repo.catFile(commit, relative) };
    },

    /** Pushes to the remote when there is one: after each commit, and from the clean-up job. */
    retryPush: () => serial(push),
  };

  /** Whether `folder/.keep` is staged: a new folder with nothing else in it yet. */
  async function hasStagedKeep(folder: string): Promise<boolean> {
    if (!folder) return false;
    return (await git(['ls-files', '-z', '--', `${folder}/${FOLDER_KEEP}`])).length > 0;
  }

  /** Folders left empty in the work tree by a discard, up to the first one the last commit has. */
  async function removeEmptyParents(relative: string, commit: string | null): Promise<void> {
    for (let dir = path.posix.dirname(relative); dir !== '.' && dir !== ''; dir = path.posix.dirname(dir)) {
      if (await kindAt(commit, dir)) return;
      const left = await fsp.readdir(inTree(dir)).catch(() => null);
      if (left === null || left.length > 0) return;
      await fsp.rmdir(inTree(dir));
    }
  }

  async function commitInfo(): Promise<CommitInfo> {
    const line = await git(['log', '-1', '--format=%H%x1f%ct%x1f%s']);
    return parseCommit(line.trim()) as CommitInfo;
  }

  async function push(): Promise<{ pushed: boolean; pushError: string | null }> {
    if (!deps.remote || !(await head())) return { pushed: false, pushError: null };
    try {
      await git(['push', '--quiet', deps.remote, 'HEAD:refs/heads/main']);
      return { pushed: true, pushError: null };
    } catch (error) {
      deps.logger.warn({ err: error }, 'content repository push failed');
      return { pushed: false, pushError: error instanceof Error ? error.message : String(error) };
    }
  }
};

export type ContentRepository = ReturnType<typeof createContentRepository>;
