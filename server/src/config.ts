import fs from 'node:fs';
import path from 'node:path';
import { allLanguages, type Language } from '@candy/contract/languages';
import { type BackupConfig, backupConfigOf } from './configBackups.ts';
import { EnvSchema } from './configEnv.ts';
import type { OutboundPolicy } from './net/addressPolicy.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  apiBasePath: string;
  siteTitle: string;
  /** The interface language for visitors who name none (SITE_LANGUAGE), and those offered. */
  siteLanguage: Language;
  siteLanguages: Language[];
  /**
   * The site's public origin for links made off a request (Webmentions sent): SITE_URL, else
   * `https://` + the first own domain that is not a loopback name, else null (nothing is sent).
   */
  siteUrl: string | null;
  /** Own domains; `localhost` and `127.0.0.1` always count. */
  siteDomains: string[];
  corsOrigins: string[];
  owner: { username: string | undefined; password: string | undefined };
  darkKey: string | undefined;
  accessKeyTtlMs: number;
  logLevel: string;
  seedDemo: boolean;
  /** API hosts for the web client as `tier=url` (tier 0–2; a bare url is tier 0). */
  apiCandidates: { tier: number; url: string }[];
  devApiBase: string;
  offlineMirrors: string[];
  webDist: string;
  /** The offline snapshot's git work tree (served at /snapshot/ for testing). */
  snapshotDir: string;
  /** Where each snapshot commit is pushed (a URL or path git understands); unset = local only. */
  snapshotGitRemote: string | undefined;
  /** Quiet time after the last public write before the snapshot is re-exported; 0 = hourly only. */
  snapshotDebounceMs: number;
  bodyLimit: number;
  /** NetEase-compatible music API the server proxies; unset = music calls answer 5030. */
  musicApiBase: string | undefined;
  /** Public NetEase-compatible proxy the web client calls directly in offline mode. */
  musicProxyPublic: string;
  /** JSON index of a remote emote repository the owner picks from; unset = none. */
  emoteRemoteIndex: string | undefined;
  /** Bilibili API base for importing emote packages. */
  emoteBilibiliBase: string;
  /** Proxies trusted for the client IP (`X-Forwarded-For`): true, or addresses/CIDRs; false when exposed directly. */
  trustProxy: boolean | string;
  /** Database backups the backup job keeps (`DATA_DIR/backups`); with a destination, daily points. */
  backupKeep: number;
  /**
   * Encrypted, deduplicated backups to a destination of the owner's (issue 45); null = the old
   * local database copies only.
   */
  backups: BackupConfig | null;
  /** Days of log files (`DATA_DIR/logs`) the clean-up job keeps. */
  logRetentionDays: number;
  /** Blob storage: a directory under DATA_DIR, or an S3-compatible object store shared by replicas. */
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
  /** Where the content repository (`DATA_DIR/content`) pushes each commit, when set. */
  contentGitRemote: string | undefined;
  /** Largest file the file manager accepts. */
  fileUploadMax: number;
  /** Largest temporary blob. */
  bufferBlobMax: number;
  /** Log lines also go to daily files under `DATA_DIR/logs` (the log browser reads them). */
  logFiles: boolean;
  /** Log lines go to standard output. */
  logStdout: boolean;
  /**
   * Where the log browser reads: this replica's daily files, or the `log_line` table every replica
   * ships its lines to (several replicas on PostgreSQL: any replica shows them all).
   */
  logStore: 'files' | 'database';
  /** Largest image the owner may upload (essays, moments), in bytes. */
  imageMaxBytes: number;
  /** Pictures with more pixels are refused (4130) before they are decoded. */
  imageMaxPixels: number;
  /** Posts an import writes in one transaction (comments: five times as many). */
  importBatchSize: number;
  /** The owner's original videos clips are cut from (default `DATA_DIR/video-sources`). */
  videoSourceDir: string;
  /** How many clips ffmpeg processes at once (1–2). */
  videoWorkers: number;
  /** Largest accepted video upload in bytes. */
  videoUploadMax: number;
  /** Bangumi API (v0 and legacy search) behind `/api/bangumi/…`. */
  bangumiApiBase: string;
  /** Visitor analytics recording on (page views batched in memory, flushed every analyticsFlushMs). */
  analyticsRecording: boolean;
  analyticsFlushMs: number;
  /** Where online devices come from: `leases:<file>`, `arp[:<file>]`, `ip-neigh`, `ubus` (comma-separated). */
  deviceSource: string[];
  deviceUbus: { url: string | undefined; user: string; password: string };
  /** Parking provider (our JSON shape, docs/decisions.md); unset = the owner's own records. */
  parkingApiBase: string | undefined;
  mapTileUrl: string;
  mapTileAttribution: string;
  /**
   * Visitors' Web Push endpoints may be plain http on a loopback address (tests and a local push
   * service stand-in); otherwise only https endpoints are accepted.
   */
  pushAllowLoopback: boolean;
  /**
   * What the outbound-fetch module (webhooks …) may reach besides public addresses: every loopback,
   * private and link-local address, or the listed addresses and ranges (tests list 127.0.0.1).
   */
  outbound: OutboundPolicy;
  /**
   * DKIM keys for the mails to readers (issue 43): the selector, the PEM private key, and the
   * signing domain (null: the domain of the mails' From address).
   */
  dkim: { selector: string; privateKey: string; domain: string | null } | null;
}

export type { BackupConfig } from './configBackups.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.join('\n')}`);
  }
}

/** Reads the environment once; throws ConfigError with one line per bad variable. */
/** The names of every variable, for the test that keeps the README's table complete. */
export const configVariableNames = (): string[] => Object.keys(EnvSchema.shape);

/** Where source videos are looked for when VIDEO_SOURCE_DIR is unset (the demo video goes there). */
export const defaultVideoSourceDir = (dataDir: string): string => path.join(dataDir, 'video-sources');

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.STORAGE === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) throw new ConfigError(missing.map((name) => `${name}: required when STORAGE=s3`));
  }
  const backups = backupConfigOf(e, (problems) => {
    throw new ConfigError(problems);
  });
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'candy.sqlite') },
    apiBasePath: e.API_BASE_PATH,
    siteTitle: e.SITE_TITLE,
    siteLanguage: e.SITE_LANGUAGE,
    siteLanguages: e.SITE_LANGUAGES.length
      ? [...new Set([e.SITE_LANGUAGE, ...e.SITE_LANGUAGES])]
      : allLanguages,
    siteDomains: [...new Set([...e.SITE_DOMAINS, 'localhost', '127.0.0.1'])],
    siteUrl:
      e.SITE_URL ??
      ((own) => (own ? `https://${own}` : null))(
        e.SITE_DOMAINS.find((domain) => domain !== 'localhost' && domain !== '127.0.0.1'),
      ),
    corsOrigins: e.CORS_ORIGINS,
    owner: { username: e.OWNER_USERNAME, password: e.OWNER_PASSWORD },
    darkKey: e.DARK_KEY,
    accessKeyTtlMs: e.ACCESS_KEY_TTL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    apiCandidates: e.API_CANDIDATES,
    devApiBase: e.DEV_API_BASE,
    offlineMirrors: e.OFFLINE_MIRRORS,
    snapshotDir: path.resolve(e.SNAPSHOT_DIR ?? path.join(dataDir, 'snapshot')),
    snapshotGitRemote: e.SNAPSHOT_GIT_REMOTE,
    snapshotDebounceMs: e.SNAPSHOT_DEBOUNCE_MS,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    bodyLimit: e.BODY_LIMIT,
    musicApiBase: e.MUSIC_API_BASE,
    musicProxyPublic: e.MUSIC_PROXY_PUBLIC,
    emoteRemoteIndex: e.EMOTE_REMOTE_INDEX,
    emoteBilibiliBase: e.EMOTE_BILIBILI_BASE,
    trustProxy: e.TRUST_PROXY,
    imageMaxBytes: e.IMAGE_MAX_BYTES,
    imageMaxPixels: e.IMAGE_MAX_PIXELS,
    importBatchSize: e.IMPORT_BATCH_SIZE,
    backupKeep: e.BACKUP_KEEP,
    backups,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET ?? '',
            accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    contentGitRemote: e.CONTENT_GIT_REMOTE,
    fileUploadMax: e.FILE_UPLOAD_MAX,
    bufferBlobMax: e.BUFFER_BLOB_MAX,
    logFiles: e.LOG_FILES,
    logStdout: e.LOG_STDOUT,
    logStore: e.LOG_STORE,
    videoSourceDir: e.VIDEO_SOURCE_DIR ? path.resolve(e.VIDEO_SOURCE_DIR) : defaultVideoSourceDir(dataDir),
    videoWorkers: e.VIDEO_WORKERS,
    videoUploadMax: e.VIDEO_UPLOAD_MAX,
    bangumiApiBase: e.BANGUMI_API_BASE,
    analyticsRecording: e.ANALYTICS_RECORDING,
    analyticsFlushMs: e.ANALYTICS_FLUSH_MS,
    deviceSource: e.DEVICE_SOURCE,
    deviceUbus: { url: e.DEVICE_UBUS_URL, user: e.DEVICE_UBUS_USER, password: e.DEVICE_UBUS_PASSWORD },
    parkingApiBase: e.PARKING_API_BASE,
    mapTileUrl: e.MAP_TILE_URL,
    mapTileAttribution: e.MAP_TILE_ATTRIBUTION,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK,
    outbound: { allowPrivate: e.OUTBOUND_ALLOW_PRIVATE, allowed: e.OUTBOUND_ALLOWED_ADDRESSES },
    dkim: dkimOf(e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE, e.DKIM_DOMAIN),
  };
};

/** Both or neither: a selector without its key (or the reverse) is a mistake worth stopping for. */
const dkimOf = (selector?: string, keyFile?: string, domain?: string): Config['dkim'] => {
  if (!selector && !keyFile) return null;
  if (!selector || !keyFile)
    throw new ConfigError([
      `${selector ? 'DKIM_PRIVATE_KEY_FILE' : 'DKIM_SELECTOR'}: required with the other`,
    ]);
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(keyFile, 'utf8');
  } catch {
    throw new ConfigError([`DKIM_PRIVATE_KEY_FILE: cannot read ${keyFile}`]);
  }
  if (!privateKey.includes('PRIVATE KEY'))
    throw new ConfigError(['DKIM_PRIVATE_KEY_FILE: not a PEM private key']);
  return { selector, privateKey, domain: domain ?? null };
};
