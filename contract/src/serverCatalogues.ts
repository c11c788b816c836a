import en from './i18n/en/server.json' with { type: 'json' };
import zhCN from './i18n/zh-CN/server.json' with { type: 'json' };
import type { Language } from './languages.ts';

/**
 * The server's own words in each language (issue 44): error messages by code, share previews'
 * page titles. A language added to languages.ts adds its `server.json` here (one line).
 */
export const serverCatalogues: Record<Language, Record<string, string>> = {
  'zh-CN': zhCN,
  en,
};
