import type { z } from 'zod';
import { BufferFields, StageFields } from '../calls/files.ts';
import { ImportUploadFields } from '../calls/importers.ts';
import { VideoUploadFields } from '../calls/videos.ts';
import { WaifuUploadFields } from '../calls/waifu.ts';
import type { ErrorCodeValue } from '../codes.ts';
import type { RouteName } from '../routes.ts';
import { newsletterOperations } from './operationsNewsletter.ts';
import type { Tag } from './tags.ts';

/** An answer that is not the JSON envelope. */
export type RawAnswer =
  /** Bytes of these media types; `ranged` answers take `Range` (206, 416). */
  | { kind: 'bytes'; media: readonly string[]; ranged: boolean; description: string }
  /** A JSON document of its own (the OpenAPI document). */
  | { kind: 'document'; description: string };

/** A `multipart/form-data` upload: its file fields and the schema of its other fields. */
export interface Upload {
  files: readonly string[];
  /** Several files under the same name. */
  many?: boolean;
  fields?: z.ZodObject;
}

/**
 * What the OpenAPI document says about a call beyond its schemas. The statuses every call of its
 * kind can answer (400, 401, 403, 404, 413, 415, 500) are derived in `responses.ts`; `errors` adds
 * the codes only some calls answer (a conflict, a rate limit, an outside service failing).
 */
export interface OperationDoc {
  tag: Tag;
  summary: string;
  errors?: readonly ErrorCodeValue[];
  raw?: RawAnswer;
  /** Answered from the public cache: ETag, and 304 to a matching `If-None-Match`. */
  cached?: true;
  /** The owner's access key may also ride in the `fingerprint` query (an `<img>` or `<video>` sends no headers). */
  keyInQuery?: true;
  upload?: Upload;
  /** The body may also come form-encoded (`application/x-www-form-urlencoded`), as W3C Webmention sends it. */
  form?: true;
  /** Success is 202 Accepted (the work happens after the answer), still with the envelope. */
  accepted?: true;
}

const binary = (media: readonly string[], description: string): RawAnswer => ({
  kind: 'bytes',
  media,
  ranged: true,
  description,
});

const op = (tag: Tag, summary: string, extra: Omit<OperationDoc, 'tag' | 'summary'> = {}): OperationDoc => ({
  tag,
  summary,
  ...extra,
});

// Codes some calls answer (see codes.ts): conflict 4090, rate limit 4290, provider 5030, forbidden 4030,
// handshake expired 4032 (which travels as HTTP 200).
const conflict = 4090;
const limited = 4290;
const provider = 5030;
const forbidden = 4030;
const reknock = 4032;
// A second-factor step or passkey login that did not prove the owner (public calls otherwise never 401).
const notProven = 4010;
// A visitor's write without a good proof of work (issue 25): missing, wrong, expired, reused.
const proofRequired = 4033;
const proofInvalid = 4034;
const proofExpired = 4035;
const proofReused = 4036;
// A password login after repeated failures without a proof of work (issue 40.4).
const loginProofRequired = 4038;

/** Every call's page in the document. `Record<RouteName, …>`: a new call without one fails to compile. */
export const operationDocs: Record<RouteName, OperationDoc> = {
  knock: op('system', 'Start a handshake (RSA key for the password)', { errors: [limited] }),
  systemVersion: op('system', 'Server version', { cached: true }),
  systemInfo: op('system', 'Server state (memory, uptime, database)'),
  systemDebug: op('system', 'Raise the log level for a while'),

  login: op('auth', 'Log in as the owner', {
    errors: [limited, reknock, loginProofRequired, proofInvalid, proofExpired, proofReused],
  }),
  security: op('auth', 'Sessions and recent logins'),
  revokeSession: op('auth', 'Revoke a session'),
  logout: op('auth', 'Log out this session'),
  changePassword: op('auth', 'Change the owner password', { errors: [forbidden, limited, reknock] }),
  loginFailures: op('auth', 'Recent failed logins by address and method'),

  essayList: op('essays', 'List essays', { cached: true }),
  essayDetail: op('essays', 'One essay', { cached: true }),
  essayCreate: op('essays', 'Write an essay'),
  essayUpdate: op('essays', 'Edit an essay'),
  essayDelete: op('essays', 'Delete an essay'),
  reservationList: op('essays', 'Essays reserved for later'),
  reservationUpdate: op('essays', 'Set or clear an essay reservation'),

  articleDetail: op('articles', 'One article (1 is the about page)', { cached: true }),
  articleUpdate: op('articles', 'Edit an article'),

  revisionList: op('revisions', 'Saved versions of an essay or the about page'),
  revisionDetail: op('revisions', 'One saved version with its text'),
  revisionRestore: op('revisions', 'Restore a saved version (saved as a new one)'),
  draftDetail: op('revisions', 'The autosaved draft of an essay or the about page'),
  draftSave: op('revisions', 'Autosave a draft (one per essay)'),
  draftDelete: op('revisions', 'Drop a draft'),

  linkList: op('links', 'Friend links', { cached: true }),
  linkCreate: op('links', 'Add a friend link'),
  linkUpdate: op('links', 'Edit a friend link'),
  linkDelete: op('links', 'Delete a friend link'),

  hitokotoRandom: op('hitokoto', 'A random quote'),

  bangumiList: op('bangumi', 'The anime list', { cached: true }),
  bangumiBySubjectId: op('bangumi', 'Look a subject up on Bangumi', { errors: [provider] }),
  bangumiByKeyword: op('bangumi', 'Search Bangumi', { errors: [provider] }),
  bangumiByAirDate: op('bangumi', 'Bangumi subjects airing in a month', { errors: [provider] }),
  bangumiCreate: op('bangumi', 'Add an anime', { errors: [conflict, provider] }),
  bangumiUpdate: op('bangumi', 'Edit an anime', { errors: [provider] }),
  bangumiDelete: op('bangumi', 'Delete an anime'),

  waifuList: op('waifu', 'The waifu gallery', { cached: true }),
  waifuUpload: op('waifu', 'Upload pictures to the gallery', {
    upload: { files: ['file'], many: true, fields: WaifuUploadFields },
  }),
  waifuOrder: op('waifu', 'Reorder the gallery'),
  waifuUpdate: op('waifu', 'Edit a picture'),
  waifuDelete: op('waifu', 'Delete a picture'),

  momentList: op('moments', 'The moments feed', { cached: true }),
  momentStatistics: op('moments', 'Moments per day or hour', { cached: true }),
  momentWeekReport: op('moments', 'This week in moments', { cached: true }),
  momentCreate: op('moments', 'Post a moment'),
  momentUpdate: op('moments', 'Edit a moment'),
  momentDelete: op('moments', 'Delete a moment'),

  commentList: op('comments', 'Comments on an essay, the about page or a moment'),
  commentCounts: op('comments', 'How many comments, likes and reposts each of several moments has'),
  commentCreate: op('comments', 'Comment', {
    errors: [proofRequired, proofInvalid, proofExpired, proofReused, conflict, limited],
  }),
  commentUpdate: op('comments', 'Edit own comment', {
    errors: [forbidden, proofRequired, proofInvalid, proofExpired, proofReused, limited],
  }),
  commentDelete: op('comments', 'Delete own comment', { errors: [forbidden] }),
  commentRecent: op('comments', 'Newest comments everywhere, or the moderation queue'),
  commentChallenge: op('comments', 'A proof-of-work challenge to solve before commenting'),
  commentModerate: op('comments', 'Approve, reject or mark comments as spam'),
  commentSpamPreview: op('comments', 'How many comments of how many devices a spam mark would hide'),
  commentSpamUndo: op('comments', 'Undo a spam mark: what it hid comes back as it was'),
  commentSettings: op('comments', 'Moderation and proof-of-work settings'),
  commentSettingsUpdate: op('comments', 'Change the moderation and proof-of-work settings'),
  replyPushKey: op(
    'comments',
    'What reply notifications can reach a visitor: the VAPID key, and whether mail is set up',
  ),
  replyPushStatus: op('comments', 'Whether this browser gets replies to this device’s comments'),
  replyPushSubscribe: op('comments', 'Push replies to this device’s comments to this browser', {
    errors: [limited],
  }),
  replyPushUnsubscribe: op('comments', 'Stop pushing replies to this browser'),
  replyMailUnsubscribePage: op('comments', 'The reply mails’ unsubscribe page', {
    errors: [forbidden],
    raw: {
      kind: 'bytes',
      media: ['text/html'],
      ranged: false,
      description: 'A small page with a button that unsubscribes (a GET changes nothing).',
    },
  }),
  replyMailUnsubscribe: op('comments', 'Stop reply mails to an address (one-click)', { errors: [forbidden] }),

  ...newsletterOperations,

  musicSongDetail: op('music', 'Song details from the music API', { errors: [provider] }),
  musicSongUrl: op('music', 'A song stream URL from the music API', { errors: [provider] }),

  emoteList: op('emotes', 'Every emote comment codes resolve to'),
  emoteSelf: op('emotes', 'The owner emotes'),
  emoteRemote: op('emotes', 'Emotes of the remote index', { errors: [provider] }),
  emoteSelect: op('emotes', 'Add a remote emote', { errors: [provider] }),
  emoteBilibili: op('emotes', 'Import a Bilibili emote package', { errors: [provider] }),
  emoteDelete: op('emotes', 'Delete an owner emote'),

  videoSource: op('videos', 'Browse the source video folder'),
  videoSourceScreenshots: op('videos', 'A contact sheet of a source video', {
    raw: {
      kind: 'bytes',
      media: ['image/jpeg'],
      ranged: false,
      description: 'A JPEG contact sheet; `X-Frame-Times` and `X-Sheet-Columns` describe it.',
    },
  }),
  videoSourceFile: op('videos', 'A source video file', {
    keyInQuery: true,
    raw: binary(['video/*', 'application/octet-stream'], 'The source video, with ranges.'),
  }),
  videoMaterialCreate: op('videos', 'Cut a clip from a source'),
  videoMaterialList: op('videos', 'List clips'),
  videoMaterialPage: op('videos', 'A page of clips'),
  videoMaterialUpdate: op('videos', 'Edit a clip'),
  videoMaterialDelete: op('videos', 'Delete a clip', { errors: [conflict] }),
  videoCollectionSave: op('videos', 'Create or edit a collection'),
  videoCollectionPage: op('videos', 'A page of collections'),
  videoCollectionDelete: op('videos', 'Delete a collection'),
  videoPublishMaterial: op('videos', 'Publish a clip', { errors: [conflict] }),
  videoPublishCollection: op('videos', 'Publish a collection', { errors: [conflict] }),
  videoReupload: op('videos', 'Cut a clip again'),
  videoUpload: op('videos', 'Upload a clip', {
    upload: { files: ['file', 'thumbnail'], fields: VideoUploadFields },
  }),
  videoPublicMaterial: op('videos', 'A published clip', { cached: true }),
  videoPublicCollection: op('videos', 'A published collection', { cached: true }),
  videoMedia: op('videos', 'A clip video or poster', {
    keyInQuery: true,
    raw: binary(['video/mp4', 'image/*', 'application/octet-stream'], 'The clip bytes, with ranges.'),
  }),

  imageUpload: op('media', 'Upload an image', { upload: { files: ['file'] } }),
  imageVariantStatus: op('media', 'How far the image pipeline is'),
  imageVariantRetry: op('media', 'Retry the pictures whose resized copies failed'),
  imageVariantAdopt: op('media', 'Register the pictures stored before the image pipeline'),

  dashboard: op('dashboard', 'The back office home figures'),
  backupStatus: op('dashboard', 'The backups at the destination and the last restore drill'),
  systemExport: op('dashboard', 'Everything as one archive', {
    raw: {
      kind: 'bytes',
      media: ['application/gzip'],
      ranged: false,
      description: 'A gzipped tar: every table as JSON and every stored file (docs/data.md).',
    },
  }),

  healthLive: op('health', 'Liveness'),
  healthReady: op('health', 'Readiness', { errors: [provider] }),

  openapi: op('docs', 'This OpenAPI document', {
    raw: { kind: 'document', description: 'The OpenAPI 3.1 document (not wrapped in the envelope).' },
  }),

  jobList: op('jobs', 'Scheduled jobs'),
  jobFire: op('jobs', 'Run a job now', { errors: [conflict] }),
  jobUpdate: op('jobs', 'Change a job schedule'),

  todoList: op('todos', 'The to-do list'),
  todoPut: op('todos', 'Add a to-do or reorder the list'),
  todoDetail: op('todos', 'One to-do'),
  todoUpdate: op('todos', 'Edit a to-do'),
  todoDelete: op('todos', 'Delete a to-do'),
  todoClearDone: op('todos', 'Delete every finished to-do (answers them, for undo)'),
  todoRestore: op('todos', 'Put deleted to-dos back (undo)'),

  metaList: op('meta', 'Every meta string'),
  metaMap: op('meta', 'Meta strings by group and key'),
  metaGroup: op('meta', 'One group of meta strings'),
  metaCreate: op('meta', 'Add a meta string', { errors: [conflict, forbidden] }),
  metaUpdate: op('meta', 'Edit a meta string', { errors: [forbidden] }),
  metaDelete: op('meta', 'Delete a meta string', { errors: [forbidden] }),
  metaSite: op('meta', 'The public site settings', { cached: true }),

  analyticsClients: op('insight', 'Visitors'),
  analyticsClientUpdate: op('insight', 'Label or exclude a visitor'),
  analyticsSummary: op('insight', 'Visits over time'),
  onlineDevices: op('insight', 'Devices on the home network', { errors: [provider] }),
  onlineDeviceUpdate: op('insight', 'Label a device'),
  macInfo: op('insight', 'The vendor of a MAC address'),
  parkingByPosition: op('insight', 'Parking places near a point', { errors: [provider] }),
  parkingOrders: op('insight', 'Parking orders', { errors: [provider] }),
  mapConfig: op('insight', 'Map tiles and attribution'),
  parkingPlaceCreate: op('insight', 'Add a parking place'),
  parkingPlaceUpdate: op('insight', 'Edit a parking place'),
  parkingPlaceDelete: op('insight', 'Delete a parking place'),
  parkingOrderCreate: op('insight', 'Add a parking order'),
  parkingOrderUpdate: op('insight', 'Edit a parking order'),
  parkingOrderDelete: op('insight', 'Delete a parking order'),

  logList: op('log', 'The server log lines'),

  messageSend: op('push', 'Push a message to a channel'),
  pushChannels: op('push', 'Push channels and their settings'),
  pushChannelUpdate: op('push', 'Save a push channel'),
  pushHistory: op('push', 'The last pushed messages'),
  pushSubscriptions: op('push', 'List the browsers subscribed to Web Push'),
  pushSubscribe: op('push', 'Subscribe this browser to Web Push'),
  pushUnsubscribe: op('push', 'Unsubscribe a browser from Web Push'),

  filesContent: op('files', 'A folder listing or a file of the content repository'),
  filesStage: op('files', 'Upload a file, staged', {
    errors: [conflict],
    upload: { files: ['file'], fields: StageFields },
  }),
  filesCommit: op('files', 'Commit the staged changes', { errors: [conflict] }),
  filesDeleteDir: op('files', 'Delete a folder in its own commit'),
  filesStaged: op('files', 'The staged changes'),
  filesDiscard: op('files', 'Drop staged changes'),
  filesMkdir: op('files', 'Create a folder, staged', { errors: [conflict] }),
  filesMove: op('files', 'Move or rename, staged', { errors: [conflict] }),
  filesRemove: op('files', 'Delete a file or folder, staged', { errors: [conflict] }),
  filesHistory: op('files', 'Commits that touched a path'),
  filesRestore: op('files', 'Restore a file from a commit, staged', { errors: [conflict] }),
  protectedAsset: op('files', 'A protected asset of the content repository', {
    keyInQuery: true,
    raw: binary(['*/*'], 'The file, its type from its extension, with ranges.'),
  }),
  bufferBlob: op('files', 'Store a temporary blob', { upload: { files: ['file'], fields: BufferFields } }),
  bufferBlobRead: op('files', 'A temporary blob', {
    raw: binary(['*/*'], 'The blob, its type from its name, with ranges.'),
  }),

  webhookList: op('webhooks', 'The webhook endpoints, each with its last delivery'),
  webhookCreate: op('webhooks', 'Register a webhook endpoint (a secret is generated)'),
  webhookUpdate: op('webhooks', 'Change a webhook endpoint'),
  webhookDelete: op('webhooks', 'Delete a webhook endpoint and its deliveries'),
  webhookTest: op('webhooks', 'Queue a test event to one endpoint'),
  webhookSecret: op('webhooks', 'An endpoint’s signing secret (a fresh login within 10 minutes)'),
  webhookDeliveries: op('webhooks', 'An endpoint’s deliveries with their attempts'),
  webhookResend: op('webhooks', 'Queue a delivery’s message again'),

  webmentionReceive: op('webmention', 'Receive a Webmention (verified later; 202 Accepted)', {
    errors: [limited],
    form: true,
    accepted: true,
  }),
  federationSettings: op('federation', 'The fediverse account’s settings (handle, name, address, approval)'),
  federationSettingsUpdate: op('federation', 'Change the fediverse account’s settings'),
  federationOverview: op(
    'federation',
    'Followers, follow requests, blocks, counts of queued and failed deliveries',
  ),
  federationFollower: op('federation', 'Accept or reject a follow request, or remove a follower'),
  federationBlock: op('federation', 'Block an actor or a domain and remove their comments and reactions'),
  federationUnblock: op('federation', 'Lift a block'),
  federationDeliveries: op(
    'federation',
    'The delivery queue: deliveries waiting (with the last failed try’s answer) and those given up',
  ),
  federationDeliveryRetry: op('federation', 'Queue a failed delivery again from its first try'),
  federationDeliveryRemove: op('federation', 'Forget a failed delivery'),
  tokenList: op('tokens', 'The API tokens (never their secrets)'),
  tokenCreate: op('tokens', 'Create an API token; its secret is answered this once'),
  tokenRevoke: op('tokens', 'Revoke an API token'),
  oauthAppInfo: op('tokens', "The app asking for the owner's approval (Mastodon-compatible apps, issue 42)"),
  oauthDecide: op('tokens', 'Approve or refuse an app: the redirect carrying its code or the refusal'),
  oauthGrantList: op('tokens', 'The apps the owner approved, with their scopes and last use'),
  oauthGrantRevoke: op('tokens', 'Revoke every token an app holds'),
  importUpload: op('importers', 'Upload an export from another platform and preview it', {
    upload: { files: ['file'], fields: ImportUploadFields },
  }),
  importJobs: op('importers', 'The recent imports'),
  importJob: op('importers', 'One import: preview, progress and report'),
  importApply: op('importers', 'Apply a previewed import (queued for the job runner)', { errors: [4090] }),
  importRedirects: op('importers', 'The old addresses that answer 301 to imported items'),

  loginTotp: op('auth', 'Finish a password login with a TOTP or recovery code', {
    errors: [notProven, limited],
  }),
  // 4030: the page's origin is not one of SITE_DOMAINS.
  passkeyChallenge: op('auth', 'A single-use WebAuthn challenge for a passkey login or confirmation', {
    errors: [forbidden],
  }),
  passkeyLogin: op('auth', 'Log in as the owner with a passkey (no password, no TOTP)', {
    errors: [notProven, forbidden, limited],
  }),
  securityConfirm: op('auth', 'Confirm the owner again (password or passkey) for security settings', {
    errors: [forbidden, limited, reknock],
  }),
  revokeOtherSessions: op('auth', 'End every session but this one'),
  passkeyRegisterOptions: op('auth', 'WebAuthn options to register a passkey', { errors: [forbidden] }),
  passkeyRegister: op('auth', 'Register a passkey', { errors: [forbidden, conflict] }),
  passkeyDelete: op('auth', 'Delete a passkey'),
  totpSetup: op('auth', 'Start TOTP setup: a new secret and its QR code', { errors: [conflict] }),
  totpEnable: op('auth', 'Turn TOTP on with a first code; answers the recovery codes once', {
    errors: [forbidden, conflict],
  }),
  totpDisable: op('auth', 'Turn TOTP off with a current code or a passkey', {
    errors: [forbidden, conflict, limited],
  }),
};
