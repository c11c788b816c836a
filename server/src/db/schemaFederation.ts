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

/** A delivery that failed after its retries, with the remote's answer (the back office's queue view). */
export interface FederationDeliveryTable {
  id: Generated<number>;
  activity_id: string;
  activity_type: string;
  inbox: string;
  status: string;
  error: string | null;
  created_at: number;
}

/** The federation module's tables, part of `Database`. */
export interface FederationTables {
  federation_kv: FederationKvTable;
  federation_queue: FederationQueueTable;
  federation_follower: FederationFollowerTable;
  federation_block: FederationBlockTable;
  federation_delivery: FederationDeliveryTable;
}
