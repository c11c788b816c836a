#!/usr/bin/env node
// The independent ActivityPub server of the federation test (issue 29): @evanp/activitypub-bot,
// installed from server/test/activitypubBot/package-lock.json into the tool cache (toolCache.mjs), and Node 24
// to run it. The test installs them on first use; `node scripts/activitypubBot.mjs` does it
// beforehand (.ci/run does, so that no test waits on the registry) and prints the bin script.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { fillOnce } from './cacheOnce.mjs';
import { node24Binary } from './node24Binary.mjs';
import { toolCache } from './toolCache.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** package.json, package-lock.json and the files the test runs the bot with. */
export const activitypubBotFiles = path.join(root, 'server/test/activitypubBot');

/** npm's own variables (`npm test` sets npm_config_local_prefix, ...) would point a nested npm at the repo. */
const envWithoutNpm = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/**
 * Installs the bot (once per lock file, however many test processes ask at the same time) and
 * answers its bin script. `--omit=optional` leaves out its optional database drivers: sqlite3 would
 * compile from source (its prebuilt binaries come from GitHub, which these machines cannot reach);
 * pg, the driver the test uses, is a dependency of the lock file's own.
 *
 * @returns {Promise<string>}
 */
export const installActivityPubBot = async () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(activitypubBotFiles, 'package.json'), 'utf8'));
  const version = manifest.dependencies['@evanp/activitypub-bot'];
  const lock = fs.readFileSync(path.join(activitypubBotFiles, 'package-lock.json'));
  const key = createHash('sha256').update(lock).digest('hex').slice(0, 10);
  const dir = path.join(toolCache, 'activitypub-bot', `${version}-${key}`);
  await fillOnce(dir, async (tmp) => {
    console.log(`activitypub-bot: installing ${version} into ${dir}`);
    for (const name of ['package.json', 'package-lock.json'])
      fs.copyFileSync(path.join(activitypubBotFiles, name), path.join(tmp, name));
    await promisify(execFile)(
      'npm',
      [
        'ci',
        '--prefix',
        tmp,
        '--omit=optional',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: tmp, env: envWithoutNpm() },
    );
  });
  return path.join(dir, 'node_modules/@evanp/activitypub-bot/bin/activitypub-bot.js');
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await node24Binary();
  console.log(await installActivityPubBot());
}
