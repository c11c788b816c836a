import { SiteDefaults } from '@candy/contract';
import { allLanguages, type Language, sourceLanguage } from '@candy/contract/languages';
import * as z from 'zod';
import { backupEnv } from './configBackups.ts';
import { defaultDataDir } from './dataDir.ts';
import { isAddressOrRange } from './net/addressPolicy.ts';

const DAY_MS = 86_400_000;

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every environment variable the server reads, with its default and bounds (config.ts turns it into
 * the Config); the README's configuration table mirrors this.
 */
export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(defaultDataDir),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  API_BASE_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*[A-Za-z0-9_-]$/, 'must start with / and not end with /')
    .default('/api'),
  SITE_TITLE: z.string().min(1).default(SiteDefaults.title),
  SITE_DOMAINS: list,
  /** The interface's default language (issue 44): for a visitor whose browser names none. */
  SITE_LANGUAGE: z.enum(allLanguages as [Language, ...Language[]]).default(sourceLanguage),
  /** The languages offered to visitors; the default is always among them. */
  SITE_LANGUAGES: list.pipe(z.array(z.enum(allLanguages as [Language, ...Language[]]))),
  /** The site's public address (`https://example.com`): absolute links made off a request (Webmention). */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  CORS_ORIGINS: list.pipe(z.array(z.url())),
  OWNER_USERNAME: z.string().min(1).max(64).optional(),
  OWNER_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(256).optional(),
  DARK_KEY: z.string().min(1).optional(),
  ACCESS_KEY_TTL: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * DAY_MS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: bool(true),
  API_CANDIDATES: list.pipe(
    z.array(
      z
        .string()
        .regex(/^([0-2]=)?https?:\/\/\S+$/, 'entries are tier=url with tier 0, 1 or 2')
        .transform((entry) => {
          const match = /^([0-2])=(.*)$/.exec(entry);
          return match ? { tier: Number(match[1]), url: match[2] as string } : { tier: 0, url: entry };
        }),
    ),
  ),
  DEV_API_BASE: z.string().default(''),
  OFFLINE_MIRRORS: list,
  WEB_DIST: z.string().optional(),
  SNAPSHOT_DIR: z.string().optional(),
  SNAPSHOT_GIT_REMOTE: z.string().optional(),
  SNAPSHOT_DEBOUNCE_MS: z.coerce.number().int().min(0).default(15_000),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : value)),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  MUSIC_API_BASE: z.url().optional(),
  MUSIC_PROXY_PUBLIC: z.union([z.literal(''), z.url()]).default(''),
  EMOTE_REMOTE_INDEX: z.url().optional(),
  EMOTE_BILIBILI_BASE: z.url().default('https://api.bilibili.com'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  ...backupEnv,
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(14),
  CONTENT_GIT_REMOTE: z.string().min(1).optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool(true),
  FILE_UPLOAD_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(512 * 1024 * 1024),
  BUFFER_BLOB_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  LOG_FILES: bool(true),
  LOG_STDOUT: bool(true),
  LOG_STORE: z.enum(['files', 'database']).default('files'),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  // 100 megapixels: a 108 MP phone camera fits, a 20000×20000 decompression bomb does not.
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(100_000_000),
  IMPORT_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  VIDEO_SOURCE_DIR: z.string().min(1).optional(),
  VIDEO_WORKERS: z.coerce.number().int().min(1).max(2).default(1),
  VIDEO_UPLOAD_MAX: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  BANGUMI_API_BASE: z.url().default('https://api.bgm.tv'),
  ANALYTICS_RECORDING: bool(true),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  DEVICE_SOURCE: list,
  DEVICE_UBUS_URL: z.url().optional(),
  DEVICE_UBUS_USER: z.string().default('root'),
  DEVICE_UBUS_PASSWORD: z.string().default(''),
  PARKING_API_BASE: z.url().optional(),
  MAP_TILE_URL: z.string().min(1).default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  PUSH_ALLOW_LOOPBACK: bool(false),
  DKIM_SELECTOR: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/, 'a DNS label such as candy2026')
    .optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  DKIM_DOMAIN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/, 'a domain such as example.com')
    .optional(),
  OUTBOUND_ALLOW_PRIVATE: bool(false),
  OUTBOUND_ALLOWED_ADDRESSES: list.refine((entries) => entries.every(isAddressOrRange), {
    message: 'comma-separated IP addresses or CIDR ranges',
  }),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
});
