import { serverI18n } from '@candy/contract/i18n/serverI18n';
import type { Language } from '@candy/contract/languages';

/** The server's message `key` in `language` (contract/src/i18n/<language>/server.json). */
export const serverText = (language: Language, key: string, values?: Record<string, unknown>): string =>
  serverI18n(language)._(key, values);
