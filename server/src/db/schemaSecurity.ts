import type { Generated } from 'kysely';

/** One of the owner's passkeys (WebAuthn credentials), issue 26.1. */
export interface OwnerPasskeyTable {
  id: Generated<number>;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** The owner's TOTP secret (one row, id 1); `enabled` 0 while set-up waits for its first code. */
export interface OwnerTotpTable {
  id: number;
  secret: string;
  enabled: number;
  last_step: Generated<number>;
  updated_at: number;
}

export interface OwnerRecoveryCodeTable {
  id: Generated<number>;
  code_hash: string;
  used_at: number | null;
}

/** Single-use values with an expiry: WebAuthn challenges and second-factor login tickets. */
export interface OwnerChallengeTable {
  id: Generated<number>;
  value: string;
  purpose: 'register' | 'assert' | 'ticket';
  expires_at: number;
}

/** The security module's tables (issue 26.1–3), part of `Database`. */
export interface SecurityTables {
  owner_passkey: OwnerPasskeyTable;
  owner_totp: OwnerTotpTable;
  owner_recovery_code: OwnerRecoveryCodeTable;
  owner_challenge: OwnerChallengeTable;
}
