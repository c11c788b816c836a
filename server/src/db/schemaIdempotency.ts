/** An owner write's `Idempotency-Key` and its answer (server/src/http/idempotency.ts). */
export interface IdempotencyKeyTable {
  key: string;
  request: string;
  answer: string | null;
  created_at: number;
}

/** Part of `Database`. */
export interface IdempotencyTables {
  idempotency_key: IdempotencyKeyTable;
}
