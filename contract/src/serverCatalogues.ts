import enAdmin from './i18n/en/admin.json' with { type: 'json' };
import enPublic from './i18n/en/public.json' with { type: 'json' };
import en from './i18n/en/server.json' with { type: 'json' };
import zhCNAdmin from './i18n/zh-CN/admin.json' with { type: 'json' };
import zhCNPublic from './i18n/zh-CN/public.json' with { type: 'json' };
import zhCN from './i18n/zh-CN/server.json' with { type: 'json' };
import type { Language } from './languages.ts';
import { isSchemaKey } from './schemaMessages.ts';

/** The contract's own words (`schema.*`, contract/src/schemaMessages.ts) of a web part. */
const schemaWords = (part: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(part).filter(([key]) => isSchemaKey(key)));

/**
 * The server's own words in each language (issue 44): error messages by code, share previews'
 * page titles; and the contract's (a zod rule's message, `schema.*`), which live with the web's
 * words in `public.json` or `admin.json` since the web shows them too. A language added to
 * languages.ts adds its catalogues here (one line).
 */
export const serverCatalogues: Record<Language, Record<string, string>> = {
  'zh-CN': { ...schemaWords(zhCNPublic), ...schemaWords(zhCNAdmin), ...zhCN },
  en: { ...schemaWords(enPublic), ...schemaWords(enAdmin), ...en },
};
