import path from 'node:path';
import * as z from 'zod';

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** The backup variables (issue 45), part of config.ts's schema. */
export const backupEnv = {
  BACKUP_KEEP_WEEKLY: z.coerce.number().int().min(0).max(1000).default(4),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1000).default(6),
  BACKUP_POINT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  BACKUP_DESTINATION: z.string().min(1).optional(),
  BACKUP_RECIPIENT: z
    .string()
    .regex(/^age1[0-9a-z]{58}$/, 'an age X25519 recipient (age1…), as age-keygen -y prints it')
    .optional(),
  BACKUP_IDENTITY_FILE: z.string().min(1).optional(),
  BACKUP_SHIP_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  BACKUP_S3_ENDPOINT: z.url().optional(),
  BACKUP_S3_REGION: z.string().min(1).default('us-east-1'),
  BACKUP_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BACKUP_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  BACKUP_S3_FORCE_PATH_STYLE: bool(true),
};

export interface BackupConfig {
  /** A folder, or `s3://bucket/prefix` with the `s3` credentials. */
  destination: string;
  s3: {
    endpoint: string | undefined;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** The owner's age recipient (public key) everything is sealed to. */
  recipient: string;
  /** The owner's identity (private key) file, for drills; null = no drill on this server. */
  identityFile: string | null;
  /** Seconds between point-in-time shipments; 0 = nightly points only. */
  shipSeconds: number;
  retention: { pointDays: number; daily: number; weekly: number; monthly: number };
}

const BackupEnvSchema = z.object(backupEnv);
type BackupEnv = z.infer<typeof BackupEnvSchema> & { BACKUP_KEEP: number };

/** The backup settings, or null without a destination; `fail` gets one line per problem. */
export const backupConfigOf = (e: BackupEnv, fail: (problems: string[]) => never): BackupConfig | null => {
  if (e.BACKUP_DESTINATION && !e.BACKUP_RECIPIENT)
    fail(['BACKUP_RECIPIENT: required when BACKUP_DESTINATION is set']);
  if (
    e.BACKUP_DESTINATION?.startsWith('s3://') &&
    (!e.BACKUP_S3_ACCESS_KEY_ID || !e.BACKUP_S3_SECRET_ACCESS_KEY)
  )
    fail(['BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY: required for an s3:// BACKUP_DESTINATION']);
  return e.BACKUP_DESTINATION && e.BACKUP_RECIPIENT
    ? {
        destination: e.BACKUP_DESTINATION,
        s3: {
          endpoint: e.BACKUP_S3_ENDPOINT,
          region: e.BACKUP_S3_REGION,
          accessKeyId: e.BACKUP_S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.BACKUP_S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.BACKUP_S3_FORCE_PATH_STYLE,
        },
        recipient: e.BACKUP_RECIPIENT,
        identityFile: e.BACKUP_IDENTITY_FILE ? path.resolve(e.BACKUP_IDENTITY_FILE) : null,
        shipSeconds: e.BACKUP_SHIP_SECONDS,
        retention: {
          pointDays: e.BACKUP_POINT_DAYS,
          daily: e.BACKUP_KEEP,
          weekly: e.BACKUP_KEEP_WEEKLY,
          monthly: e.BACKUP_KEEP_MONTHLY,
        },
      }
    : null;
};
