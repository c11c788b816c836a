import type { ColumnType, Generated } from 'kysely';
import type { AnalyticsTables } from './schemaAnalytics.ts';
import type { CommentProofSpentTable, CommentSpamMarkTable, CommentTable } from './schemaComments.ts';
import type { FederationTables } from './schemaFederation.ts';
import type { IdempotencyTables } from './schemaIdempotency.ts';
import type { ImportTables } from './schemaImports.ts';
import type { NewsletterTables } from './schemaNewsletter.ts';
import type { OauthTables } from './schemaOauth.ts';
import type { PushTables } from './schemaPush.ts';
import type { ReactionTables } from './schemaReactions.ts';
import type { ReplyTables } from './schemaReplies.ts';
import type { SecurityTables } from './schemaSecurity.ts';
import type { SharedTables } from './schemaShared.ts';
import type { TokenTables } from './schemaTokens.ts';
import type { VideoCollectionTable, VideoMaterialTable, VideoProbeTable } from './schemaVideos.ts';
import type { WebhookTables } from './schemaWebhooks.ts';
import type { WebmentionTables } from './schemaWebmentions.ts';

/**
 * The database as Kysely sees it. Times are ms epoch integers; booleans are 0/1 integers on both
 * dialects so that rows read the same everywhere; lists are JSON text.
 */
export interface Database
  extends SecurityTables,
    ImportTables,
    TokenTables,
    IdempotencyTables,
    WebhookTables,
    WebmentionTables,
    PushTables,
    ReactionTables,
    FederationTables,
    ReplyTables,
    NewsletterTables,
    OauthTables,
    AnalyticsTables,
    SharedTables {
  handshake: HandshakeTable;
  owner: OwnerTable;
  access_key: AccessKeyTable;
  login_attempt: LoginAttemptTable;
  audit_log: AuditLogTable;
  meta_string: MetaStringTable;
  essay: EssayTable;
  article: ArticleTable;
  link: LinkTable;
  job: JobTable;
  job_run: JobRunTable;
  hitokoto: HitokotoTable;
  bangumi: BangumiTable;
  moment: MomentTable;
  image: ImageTable;
  comment: CommentTable;
  comment_proof_spent: CommentProofSpentTable;
  comment_spam_mark: CommentSpamMarkTable;
  rate_limit: RateLimitTable;
  emote: EmoteTable;
  waifu: WaifuTable;
  handshake_spent: HandshakeSpentTable;
  video_material: VideoMaterialTable;
  video_collection: VideoCollectionTable;
  video_probe: VideoProbeTable;
  todo: TodoTable;
  net_device: NetDeviceTable;
  net_presence: NetPresenceTable;
  parking_place: ParkingPlaceTable;
  parking_order: ParkingOrderTable;
  revision: RevisionTable;
  draft: DraftTable;
}

export interface HandshakeTable {
  /** The caller's X-Uuid: one live handshake per device. */
  uuid: string;
  private_key: string;
  public_key: string;
  created_at: number;
  expires_at: number;
}

/** The one owner account (id is always 1). */
export interface OwnerTable {
  id: number;
  username: string;
  /** `scrypt$N$r$p$salt$hash`, salt and hash base64. */
  password_hash: string;
  created_at: number;
  updated_at: number;
}

/** An owner session: the sha256 of its access key and where it was issued. */
export interface AccessKeyTable {
  id: Generated<number>;
  owner_id: number;
  key_hash: string;
  created_at: number;
  expires_at: number;
  last_used_at: number;
  revoked_at: number | null;
  ip: string;
  user_agent: string;
  /** Last login or confirmation; null on sessions from before issue 26 (`created_at` then). */
  authenticated_at: number | null;
  method: Generated<'password' | 'password+totp' | 'passkey'>;
}

export interface LoginAttemptTable {
  id: Generated<number>;
  /** As typed by the caller; never the password. */
  username: string;
  ip: string;
  user_agent: string;
  /**
   * `success`, `failure` (wrong username, password, code or passkey), `limited` (refused with 4290),
   * `second-factor` (right password, waiting for the code) or `proof-required` (refused with 4038
   * or a bad proof of work before the password was checked).
   */
  outcome: string;
  created_at: number;
  /** `password`, `totp` or `passkey` (issue 40.4): what the attempt tried. */
  method: Generated<string>;
}

/** One owner write (a non-GET owner call), recorded by the router. */
export interface AuditLogTable {
  id: Generated<number>;
  username: string;
  method: string;
  /** Path without the query string. */
  path: string;
  status: number;
  ip: string;
  created_at: number;
}

export interface MetaStringTable {
  id: Generated<number>;
  group_name: string;
  key: string;
  value: string;
  created_at: number;
  updated_at: number;
}

export interface EssayTable {
  id: Generated<number>;
  content: string;
  hide: number;
  /** Publish time in ms; the essay is invisible to visitors until then. */
  reservation: number | null;
  created_at: number;
  updated_at: number;
  /** When a reserved essay's publication side effects ran (claimed once, by one replica). */
  announced_at: number | null;
}

/** One saved text of an essay or article (issue 24). */
export interface RevisionTable {
  id: Generated<number>;
  /** `essay` or `article`. */
  target_type: string;
  target_id: number;
  content: string;
  /** `owner` or `import`. */
  author: string;
  created_at: number;
}

/** The desk's unsaved state, one per target; `target_id` 0 is the essay not saved yet. */
export interface DraftTable {
  target_type: string;
  target_id: number;
  content: string;
  hide: number;
  reservation: number | null;
  updated_at: number;
}

export interface ArticleTable {
  id: number;
  content: string;
  updated_at: number;
}

export interface LinkTable {
  id: Generated<number>;
  name: string;
  url: string;
  avatar: string;
  description: string;
  /** 1 normal, 2 lost contact, 3 one-way. */
  state: number;
  sort_order: number;
  created_at: number;
  /** Failed health checks in a row (issue 12). */
  fail_count: Generated<number>;
  checked_at: number | null;
  check_result: string | null;
}

export interface HitokotoTable {
  id: Generated<number>;
  hitokoto: string;
  /** The sentences-bundle category letter (a anime, b comic, … l). */
  type: string;
  source: string;
  source_who: string | null;
  length: number;
  created_at: number;
}

export interface BangumiTable {
  id: Generated<number>;
  subject_id: number | null;
  title: string;
  title_cn: string;
  cover: string;
  air_date: string | null;
  episodes_watched: number;
  episodes_total: number | null;
  status: string;
  rating: number | null;
  review: string;
  /** JSON array of strings. */
  tags: string;
  created_at: number;
  updated_at: number;
}

export interface MomentTable {
  id: Generated<number>;
  content: string;
  /** JSON array of {url, width, height}. */
  images: string;
  created_at: number;
  updated_at: number;
}

/** Rate-limit counters shared by every replica (server/src/http/rateLimit.ts). */
export interface RateLimitTable {
  bucket: string;
  /** JSON list of hit times (ms) inside the longest window. */
  hits: string;
  version: number;
  /** When every hit has left its window: the row may be swept. */
  expires_at: number;
}

/** An emote the owner added: picked from the remote index or imported from a Bilibili package. */
export interface EmoteTable {
  id: Generated<number>;
  /** What comments type, e.g. `[doge]`; unique. */
  code: string;
  group_name: string;
  url: string;
  source: string;
  /** The id at the source (remote index entry or Bilibili emote id). */
  source_id: string;
  created_at: number;
}

export interface WaifuTable {
  id: Generated<number>;
  url: string;
  width: number;
  height: number;
  title: string;
  created_at: number;
  /** Migration 0007: the gallery's small version (or empty), JSON tags, the owner's order. */
  preview: Generated<string>;
  tags: Generated<string>;
  sort_order: Generated<number>;
}

/** Issue 16: ciphertexts a secret was already opened from (SHA-256, hex), refused a second time. */
export interface HandshakeSpentTable {
  digest: string;
  expires_at: number;
}

/** An image the owner uploaded (issue 10), stored under `key` in blob storage. */
export interface ImageTable {
  id: Generated<number>;
  key: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  created_at: number;
  /** Issue 30: `pending` until the `image-variants` job made its copies, then `ready`, `failed` or `skip`. */
  variant_state: ColumnType<VariantState, VariantState | undefined, VariantState>;
  variant_attempts: ColumnType<number, number | undefined, number>;
  variant_after: ColumnType<number, number | undefined, number>;
  variant_error: string | null;
  thumbhash: string | null;
  /** Issue 42: the description an app sent with the upload (Mastodon's alt text). */
  alt: Generated<string | null>;
  /** JSON of the widths made per format (`VariantWidths`). */
  variants: string | null;
  hash: string | null;
}

/** `skip`: animated pictures and SVG pass through untouched. */
export type VariantState = 'pending' | 'ready' | 'failed' | 'skip';

/** A scheduled job's schedule and lease (issue 12). */
export interface JobTable {
  id: string;
  cron: string;
  enabled: number;
  last_run_at: number | null;
  last_slot: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  updated_at: number;
}

export interface JobRunTable {
  id: Generated<number>;
  job_id: string;
  started_at: number;
  duration_ms: number;
  outcome: string;
  output: string;
  trigger: string;
}

/** One of the owner's to-dos (migration 0007). */
export interface TodoTable {
  id: Generated<number>;
  title: string;
  notes: string;
  done: number;
  due_at: number | null;
  /** 0 none … 3 high. */
  priority: number;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** A device seen on the owner's home network (issue 13). */
export interface NetDeviceTable {
  mac: string;
  ip: string;
  hostname: string;
  label: string;
  first_seen: number;
  last_seen: number;
}

export interface NetPresenceTable {
  id: Generated<number>;
  mac: string;
  start_at: number;
  end_at: number;
}

/** The owner's own parking places and orders (issue 13), used when no provider is configured. */
export interface ParkingPlaceTable {
  id: Generated<number>;
  name: string;
  address: string;
  lat: number;
  lng: number;
  capacity: number | null;
  free: number | null;
  price: string;
  created_at: number;
}

export interface ParkingOrderTable {
  id: Generated<number>;
  place: string;
  start_at: number;
  end_at: number | null;
  fee: number;
  status: string;
  created_at: number;
}
