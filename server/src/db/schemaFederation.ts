import type { Generated } from 'kysely';

/** Fedify's key-value store (issue 29). */
export interface FederationKvTable {
  key: string;
  value: string;
  expires_at: number | null;
}

/** Fedify's message queue, shared by replicas: a row is claimed with a lease (issue 29). */
export interface FederationQueueTable {
  id: Generated<number>;
  message: string;
  run_at: number;
  lease_until: Generated<number>;
  lease_owner: string | null;
  created_at: number;
}

export interface FederationFollowerTable {
  actor_url: string;
  inbox: string;
  shared_inbox: string | null;
  handle: string;
  name: string;
  follow_id: string;
  status: 'accepted' | 'pending';
  created_at: number;
}

export interface FederationBlockTable {
  target: string;
  created_at: number;
}

/**
 * A delivery that failed (migration 0029): `retrying` while Fedify's queue holds its next try,
 * `failed` once it gave up; the back office lists them with the remote's answer and retries them.
 */
export interface FederationDeliveryTable {
  id: Generated<number>;
  message_id: string;
  activity_id: string;
  activity_type: string;
  inbox: string;
  state: 'retrying' | 'failed';
  attempts: number;
  status_code: number | null;
  answer: string;
  /** Fedify's outbox message as JSON, without its keys. */
  message: string;
  created_at: number;
  updated_at: number;
}

/** The federation module's tables, part of `Database`. */
export interface FederationTables {
  federation_kv: FederationKvTable;
  federation_queue: FederationQueueTable;
  federation_follower: FederationFollowerTable;
  federation_block: FederationBlockTable;
  federation_delivery: FederationDeliveryTable;
}
