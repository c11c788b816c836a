import { execFileSync } from 'node:child_process';

/**
 * Build version as `YYYYMMDD-N`: the UTC date and how many commits that day has so far (at least 1).
 * @param {Date} [now]
 * @returns {string}
 */
export const buildStamp = (now = new Date()) => {
  const day = now.toISOString().slice(0, 10);
  let count = 1;
  try {
    const out = execFileSync('git', ['rev-list', '--count', `--since=${day}T00:00:00Z`, 'HEAD'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    count = Math.max(1, Number(out.toString().trim()) || 1);
  } catch {
    // Not a git checkout (a tarball install): the date alone is still a useful stamp.
  }
  return `${day.replaceAll('-', '')}-${count}`;
};
