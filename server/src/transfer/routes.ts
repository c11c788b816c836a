import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { calls } from '@candy/contract';
import type { ModuleContext } from '../modules/context.ts';
import { exportArchive } from './archive.ts';

/** The owner downloads the whole site as one archive from the back office (issue 17). */
export const transferRoutes = (ctx: ModuleContext): void => {
  ctx.router.route(calls.systemExport, async ({ reply }) => {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'candy-download-'));
    const file = path.join(dir, 'export.tar.gz');
    const cleanUp = () => void fsp.rm(dir, { recursive: true, force: true });
    try {
      await exportArchive({ db: ctx.db, dialect: ctx.dialect, storage: ctx.storage, now: ctx.now() }, file);
    } catch (error) {
      cleanUp();
      throw error;
    }
    const stamp = new Date(ctx.now()).toISOString().slice(0, 10);
    const stream = fs.createReadStream(file);
    stream.once('close', cleanUp);
    return reply
      .type('application/gzip')
      .header('content-disposition', `attachment; filename="candy-jar-${stamp}.tar.gz"`)
      .header('content-length', String((await fsp.stat(file)).size))
      .send(stream);
  });
};
