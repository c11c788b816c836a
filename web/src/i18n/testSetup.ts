import { sourceLanguage } from '@candy/contract/languages';
import { needPart, switchTo } from './i18n.ts';

// Unit tests read the interface in the source language, as a page from the server starts
// (vitest.config.ts compiles the catalogues with web/catalogues.ts, as the build does), with the
// back office's and the tools' words too, as their pages have them once loaded.
await needPart('admin');
await needPart('tools');
await switchTo(sourceLanguage);
