import { t } from '../../../i18n/i18n.ts';

/** The Mastodon scopes the back office explains (issue 42); others show as they are. */
const EXPLAINED = new Set([
  'read',
  'write',
  'write:statuses',
  'write:media',
  'read:statuses',
  'read:notifications',
  'read:accounts',
  'profile',
  'follow',
  'push',
]);

/** What a Mastodon scope lets an app do here, in the owner's words; translated when shown. */
export const scopeLabel = (scope: string): string =>
  EXPLAINED.has(scope) ? t(`admin.tokens.app.scope.${scope}`) : scope;
