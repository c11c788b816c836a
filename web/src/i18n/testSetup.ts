import { sourceLanguage } from '@candy/contract/languages';
import { needPart, switchTo } from './i18n.ts';

// Unit tests read the interface in the source language, as a page from the server starts
// (vitest.config.ts compiles the catalogues with web/catalogues.ts, as the build does), with the
// back office's words too, as an owner's page has them once the admin kit loaded.
await needPart('admin');
await switchTo(sourceLanguage);
