import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PublishResult {
  committed: boolean;
  commit: string | null;
  pushed: boolean;
}

const git = async (cwd: string, args: string[]): Promise<string> => {
  const { stdout } = await run('git', args, {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Candy Jar',
      GIT_AUTHOR_EMAIL: 'snapshot@candy-jar.local',
      GIT_COMMITTER_NAME: 'Candy Jar',
      GIT_COMMITTER_EMAIL: 'snapshot@candy-jar.local',
    },
  });
  return stdout.trim();
};

/**
 * Commits the snapshot tree in `dir` (a git work tree, created on first use) with one commit per
 * export, nothing when nothing changed, and pushes to `remote` when one is configured.
 */
export const publishSnapshot = async (
  dir: string,
  message: string,
  remote?: string,
): Promise<PublishResult> => {
  if (!fs.existsSync(`${dir}/.git`)) {
    fs.mkdirSync(dir, { recursive: true });
    await git(dir, ['init', '--quiet', '--initial-branch=main']);
  }
  await git(dir, ['add', '--all']);
  const status = await git(dir, ['status', '--porcelain']);
  if (!status) return { committed: false, commit: null, pushed: false };
  await git(dir, ['commit', '--quiet', '--message', message]);
  const commit = await git(dir, ['rev-parse', 'HEAD']);
  if (!remote) return { committed: true, commit, pushed: false };
  await git(dir, ['push', '--quiet', remote, 'HEAD:main']);
  return { committed: true, commit, pushed: true };
};
