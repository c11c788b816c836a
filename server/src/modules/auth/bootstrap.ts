import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { SaidError, said } from '../../i18n/said.ts';
import { generatePassword, hashPassword, PASSWORD_MAX, PASSWORD_MIN } from './passwords.ts';
import { createOwnerRepo } from './repo.ts';

export const DEFAULT_OWNER_USERNAME = 'owner';

/** How a generated first password is announced: loud, and clear that it is never shown again. */
export const announceGeneratedPassword = (username: string, password: string): string =>
  [
    '',
    '================================================================',
    ' Owner account created.',
    `   username: ${username}`,
    `   password: ${password}`,
    ' This is the ONLY time this password is shown. Write it down now.',
    ' Change it later with: npm run owner -- reset-password',
    '================================================================',
    '',
  ].join('\n');

/**
 * Creates the owner on first start: from OWNER_USERNAME / OWNER_PASSWORD, else `owner` with a
 * generated password that `print` shows once. Later starts change nothing (the CLI resets the
 * password). Replicas starting together race safely: only the one that creates the row prints.
 */
export const ensureOwner = async (
  db: Db,
  owner: Config['owner'],
  now: number,
  print: (text: string) => void,
): Promise<'created' | 'exists'> => {
  const repo = createOwnerRepo(db);
  if (await repo.findOwner()) return 'exists';
  const username = owner.username ?? DEFAULT_OWNER_USERNAME;
  const password = owner.password ?? generatePassword();
  const created = await repo.createOwner(username, await hashPassword(password), now);
  if (!created) return 'exists';
  if (owner.password === undefined) print(announceGeneratedPassword(username, password));
  return 'created';
};

/** A new password the rules refuse: said in the operator's language by the command line. */
export class PasswordRuleError extends SaidError {}

/** Sets a new owner password and ends every session (the CLI's `reset-password`). */
export const resetOwnerPassword = async (
  db: Db,
  password: string,
  now: number,
): Promise<{ username: string; revokedSessions: number }> => {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    throw new PasswordRuleError(said('cli.owner.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }));
  }
  const repo = createOwnerRepo(db);
  const owner = await repo.findOwner();
  const hash = await hashPassword(password);
  if (!owner) {
    await repo.createOwner(DEFAULT_OWNER_USERNAME, hash, now);
    return { username: DEFAULT_OWNER_USERNAME, revokedSessions: 0 };
  }
  await repo.setPasswordHash(hash, now);
  return { username: owner.username, revokedSessions: await repo.revokeAllSessions(now) };
};
