import type { Generated } from 'kysely';

/** A message push channel's settings (issue 12); `settings` is JSON, secrets included. */
export interface PushChannelTable {
  channel: string;
  enabled: number;
  settings: string;
  updated_at: number;
}

/** A browser the owner subscribed to Web Push notifications. */
export interface PushSubscriptionTable {
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string;
  created_at: number;
}

/** A message sent to the owner, with its result per channel (JSON); the last 100 are kept. */
export interface PushMessageTable {
  id: Generated<number>;
  kind: string;
  title: string;
  body: string;
  url: string | null;
  level: string;
  results: string;
  created_at: number;
}

/** A temporary blob (issue 14): its bytes in blob storage under `blob_key`, readable until `expires_at`. */
export interface BufferBlobTable {
  id: string;
  name: string;
  blob_key: string;
  size: number;
  content_type: string;
  expires_at: number;
  created_at: number;
}

/** The push channels’ tables and temporary blobs, part of `Database`. */
export interface PushTables {
  push_channel: PushChannelTable;
  push_subscription: PushSubscriptionTable;
  push_message: PushMessageTable;
  buffer_blob: BufferBlobTable;
}
