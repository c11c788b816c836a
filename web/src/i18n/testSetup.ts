import { sourceLanguage } from '@candy/contract/languages';
import { switchTo } from './i18n.ts';

// Unit tests read the interface in the source language, as a page from the server starts
// (vitest.config.ts compiles the catalogues with web/catalogues.ts, as the build does).
await switchTo(sourceLanguage);
