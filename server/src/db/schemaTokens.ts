import type { Generated } from 'kysely';

/** An API token (issue 26.4); the secret itself is never stored. */
export interface ApiTokenTable {
  id: Generated<number>;
  name: string;
  token_hash: string;
  prefix: string;
  scope: 'read' | 'write' | 'modules';
  /** JSON array of route groups. */
  modules: string;
  created_at: number;
  expires_at: number | null;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The API tokens' table (issue 26), part of `Database`. */
export interface TokenTables {
  api_token: ApiTokenTable;
}
