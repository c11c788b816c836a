import fs from 'node:fs';
import { buildApp } from './app.ts';
import { startQuietCollection } from './boot/quietCollection.ts';
import { keepTickShape } from './boot/tickShape.ts';
import { type Config, ConfigError, defaultVideoSourceDir, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoIfEmpty } from './db/seed/index.ts';
import { writeDemoVideo } from './db/seed/video.ts';
import { ensureOwner } from './modules/auth/bootstrap.ts';
import { startShipper } from './modules/backups/shipper.ts';

const readConfig = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const line of error.problems) console.error(`config: ${line}`);
      process.exit(1);
    }
    throw error;
  }
};

const main = async (): Promise<void> => {
  keepTickShape();
  const config = readConfig();
  const database = openDb(config.database);
  await migrateToLatest(database.db);
  // A generated first password goes to stdout, never to the log.
  await ensureOwner(database.db, config.owner, Date.now(), (text) => console.log(text));
  const seeded = config.seedDemo && (await seedDemoIfEmpty(database.db, config));
  // The default source folder exists from the first start (the page then says to put videos there).
  const defaultSources = config.videoSourceDir === defaultVideoSourceDir(config.dataDir);
  if (defaultSources) fs.mkdirSync(config.videoSourceDir, { recursive: true });
  const { server, modules } = await buildApp({ config, database });
  const background = new AbortController();
  // Point-in-time shipments to the backup destination (issue 45.2), in a process of their own.
  const shipper = config.backups && config.backups.shipSeconds > 0 ? startShipper(config, server.log) : null;

  const shutdown = async (signal: string) => {
    server.log.info({ signal }, 'shutting down');
    background.abort();
    shipper?.stop();
    modules.reservations.stop();
    modules.scheduler.stop();
    modules.snapshotTrigger.stop();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await server.listen({ port: config.port, host: config.host });
  const shown =
    config.host === '0.0.0.0' || config.host === '::' ? `http://127.0.0.1:${config.port}` : address;
  console.log(`${config.siteTitle} is running at ${shown} (database: ${database.dialect})`);
  // Reservations that came due while the server was down are published (once) now.
  modules.reservations.start().catch((error: unknown) => server.log.error({ err: error }, 'reservations'));
  // Cron jobs (back office → 定时任务); missed runs of catch-up jobs happen once now.
  modules.scheduler.start().catch((error: unknown) => server.log.error({ err: error }, 'scheduler'));
  // A fresh install has offline data within seconds, not at the next hourly run (issue 23).
  modules.snapshotTrigger.start();
  // Pictures waiting for their copies (the demo's at first start, uploads from before a restart).
  modules.images.startIfPending();
  // What start-up and later bursts of work leave behind is collected once the server falls quiet.
  const quiet = startQuietCollection();
  background.signal.addEventListener('abort', () => quiet.stop());
  // Demo content includes a video to cut (about a second of ffmpeg, after the server is up).
  if (seeded && defaultSources)
    writeDemoVideo(config.videoSourceDir, background.signal).catch((error: unknown) => {
      if (!background.signal.aborted)
        server.log.warn({ err: error }, 'demo video not made (is ffmpeg installed?)');
    });
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
