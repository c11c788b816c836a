import type { Generated } from 'kysely';

/** An app registered through `POST /api/v1/apps` (issue 42); its secret is kept as a digest. */
export interface OauthAppTable {
  id: Generated<number>;
  client_id: string;
  secret_hash: string;
  name: string;
  website: string | null;
  /** JSON array of strings. */
  redirect_uris: string;
  /** Space-separated. */
  scopes: string;
  created_at: number;
}

/** An authorization code, alive for minutes and used once. */
export interface OauthCodeTable {
  code_hash: string;
  app_id: number;
  redirect_uri: string;
  scopes: string;
  code_challenge: string | null;
  expires_at: number;
}

/** An access token an app holds. */
export interface OauthTokenTable {
  id: Generated<number>;
  app_id: number;
  token_hash: string;
  scopes: string;
  kind: 'user' | 'app';
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The OAuth tables (issue 42), part of `Database`. */
export interface OauthTables {
  oauth_app: OauthAppTable;
  oauth_code: OauthCodeTable;
  oauth_token: OauthTokenTable;
}
