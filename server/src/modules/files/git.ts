import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Git's id of the empty tree: what "before the first commit" is compared with. */
export const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

const identity = {
  GIT_AUTHOR_NAME: 'Candy Jar',
  GIT_AUTHOR_EMAIL: 'owner@candy-jar.local',
  GIT_COMMITTER_NAME: 'Candy Jar',
  GIT_COMMITTER_EMAIL: 'owner@candy-jar.local',
};

export class GitError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/**
 * The `git` binary on one repository. Arguments are passed as an array (never through a shell), and
 * every path after `--`, so nothing a caller sends can become an option.
 */
export const createGit = (dir: string) => {
  const env = { ...process.env, ...identity, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

  const git = async (args: string[], options: { maxBuffer?: number } = {}): Promise<string> => {
    try {
      const { stdout } = await run('git', args, {
        cwd: dir,
        env,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
      });
      return stdout;
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? '');
      throw new GitError(stderr.trim().split('\n').at(-1) || (error as Error).message, stderr);
    }
  };

  return {
    dir,
    git,

    async init(): Promise<void> {
      if (fs.existsSync(`${dir}/.git`)) return;
      fs.mkdirSync(dir, { recursive: true });
      await git(['init', '--quiet', '--initial-branch=main']);
    },

    /** The commit a ref names, or null (no commits yet, or an unknown ref). */
    async resolve(ref: string): Promise<string | null> {
      try {
        return (await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim() || null;
      } catch {
        return null;
      }
    },

    /** A file's bytes at a commit, streamed from `git cat-file`. */
    catFile(commit: string, path: string): { stream: Readable; child: ChildProcess } {
      const child = spawn('git', ['cat-file', 'blob', `${commit}:${path}`], { cwd: dir, env });
      return { stream: child.stdout, child };
    },
  };
};

export type Git = ReturnType<typeof createGit>;
