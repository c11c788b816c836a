// Fills a folder of the tool cache (toolCache.mjs) once, safely when several processes ask at the
// same time (test layers run side by side, each in its own workers).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Makes `dir` exist, filled by `fill(tmp)` if it did not. `fill` writes into a fresh folder beside
 * `dir`, which is then renamed to `dir` (atomic: nobody sees a half-filled one). While one process
 * fills it, holding `dir.lock`, the others wait for it instead of filling it twice; a lock older
 * than `staleMs` is taken as left behind by a killed process.
 *
 * @param {string} dir
 * @param {(tmp: string) => void | Promise<void>} fill
 * @param {{ staleMs?: number, waitMs?: number }} [options]
 * @returns {Promise<string>} `dir`
 */
export const fillOnce = async (dir, fill, { staleMs = 10 * 60_000, waitMs = 15 * 60_000 } = {}) => {
  const lock = `${dir}.lock`;
  const until = Date.now() + waitMs;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  while (!fs.existsSync(dir)) {
    let mine = false;
    try {
      fs.mkdirSync(lock);
      mine = true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    }
    if (mine) {
      const tmp = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        if (!fs.existsSync(dir)) {
          fs.mkdirSync(tmp);
          await fill(tmp);
          fs.renameSync(tmp, dir);
        }
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
        fs.rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > staleMs) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      // The lock went away meanwhile: look again.
    }
    if (Date.now() > until) throw new Error(`${dir}: still being filled by another process (${lock})`);
    await sleep(250);
  }
  return dir;
};
